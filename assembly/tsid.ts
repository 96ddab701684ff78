// TSID, one record at a time: a 64-bit value, big-endian in 8 bytes, as 13 Crockford chars (upper case out; lower
// case and the aliases I, L -> 1, O -> 0 in), most significant first.
//
//   bits 63-22: time, ms since the epoch (42) | bits 21-0: node (nodeBits bits), then counter (22 - nodeBits bits)
//
// 13 chars carry 65 bits: char 0 holds bits 64-60, so it must be 0-F (bit 64 clear). Any 8 bytes are a TSID.

import { isAlnum } from "./crockford";
import { CHARS_64, last64, pack64, read64, write64 } from "./crockford-64";

/** Largest value of char 0. */
const MAX_FIRST: u8 = 15;
const LOW_BITS: u64 = 22;
const LOW_MASK: u64 = 0x3F_FFFF;
/** Generation parameter (src/engine/js-tsid.ts): bits 0-19 node, bits 20-24 nodeBits, bit 25 node given, bit 26 generator. */
const NODE_GIVEN: i32 = 1 << 25;
const GENERATOR: i32 = 1 << 26;

/** Reads the 13 chars at `src`; true when they are a TSID (then `tsidPack` and `tsidTime` read it). */
// @ts-ignore: decorator
@inline export function tsidRead(src: usize): bool {
  return read64(src, MAX_FIRST);
}

// @ts-ignore: decorator
@inline export function tsidPack(dst: usize): void {
  pack64(dst);
}

/** The time field (ms since the epoch) of the last valid read. */
// @ts-ignore: decorator
@inline export function tsidTime(): f64 {
  return <f64>(last64() >> LOW_BITS);
}

/** The 8 bytes at `src` as 13 chars at `dst`. */
// @ts-ignore: decorator
@inline export function tsidWrite(src: usize, dst: usize): bool {
  write64(src, dst);
  return true;
}

/** The counter's width for a parameter: 22 - nodeBits. */
// @ts-ignore: decorator
@inline function counterBits(param: i32): u64 {
  return LOW_BITS - <u64>((param >> 20) & 31);
}

/**
 * A new TSID at `dst` of time field `time`: the node (given, or drawn) and the counter from 3 bytes at `random`; a
 * generator's counter start has its top bit cleared.
 */
// @ts-ignore: decorator
@inline export function tsidStamp(time: u64, param: i32, random: usize, dst: usize): void {
  const counter = counterBits(param);
  const counterMask: u64 = (<u64>1 << counter) - 1;
  const drawn = ((<u64>load<u8>(random) << 16) | (<u64>load<u8>(random, 1) << 8) | <u64>load<u8>(random, 2)) & LOW_MASK;
  const node = param & NODE_GIVEN ? <u64>(param & 0xF_FFFF) << counter : drawn & ~counterMask & LOW_MASK;
  const count = drawn & (param & GENERATOR ? counterMask >> 1 : counterMask);
  store<u64>(dst, bswap((time << LOW_BITS) | node | count));
}

/** The counter + 1 within the same millisecond; false, changing nothing, when it is all ones. */
// @ts-ignore: decorator
@inline export function tsidAdvance(seed: usize, param: i32): bool {
  const counterMask: u64 = (<u64>1 << counterBits(param)) - 1;
  const v = bswap(load<u64>(seed));
  if ((v & counterMask) == counterMask) return false;
  store<u64>(seed, bswap(v + 1));
  return true;
}

/** TSID's number in the format table (formats.ts; src/engine/js-tsid.ts, `wasmId`). */
export const TSID = 8;

/** TSID's entry in the format table (formats.ts): its widths, draws, separators and record codec. */
@final export class TsidCodec {
  @inline chars(): i32 { return CHARS_64; }
  @inline bytes(): i32 { return 8; }
  /** 3 bytes for the 22 bits of node and counter. */
  @inline stampRandom(param: i32): i32 { return 3; }
  /** Within a millisecond the counter counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  @inline isSeparator(c: u8): bool { return !isAlnum(c); }
  @inline read(src: usize): bool { return tsidRead(src); }
  @inline pack(dst: usize): void { tsidPack(dst); }
  @inline time(): f64 { return tsidTime(); }
  @inline write(src: usize, dst: usize): bool { return tsidWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { tsidStamp(time, param, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return tsidAdvance(seed, param); }
}
