// MongoDB ObjectId, one record at a time: 96 bits, big-endian in 12 bytes, as 24 hex digits (lower case out,
// either case in), most significant first.
//
//   bytes 0-3: time, u32 Unix seconds | bytes 4-8: random value (5 bytes) | bytes 9-11: counter, u24
//
// The value is held as bytes 0-7 (a u64: chars 0-15) and bytes 8-11 (a u32: chars 16-23). Any 12 bytes are an
// ObjectId. A generator keeps bytes 4-8 and counts the counter up by one per ID; only a later second may wrap it
// from 0xFFFFFF to 0 (`counterRenew`: the generators do it on their own seed, src/formats/objectid.ts, with the
// TypeScript twin; this one is checked against it).

import { isAlnum } from "./crockford";
import { allSymbols, readDigits, startReading, writeDigits } from "./digits";
import { HEX_ALPHABET, HEX_DECODE } from "./hex";
import { scanObjectId } from "./scan-objectid";

/** Generation parameter bit (src/engine/js-objectid.ts): a generator's first ID clears the counter's top bit. */
const GENERATOR: i32 = 1;
const COUNTER_MAX: u32 = 0xFF_FFFF;

/** The last valid `objectIdRead`: bytes 0-7 and bytes 8-11. */
let high: u64 = 0;
let low: u64 = 0;

/** Reads the 24 chars at `src`; true when they are hex digits (then `objectIdPack` and `objectIdTime` read them). */
// @ts-ignore: decorator
@inline export function objectIdRead(src: usize): bool {
  startReading();
  high = readDigits(0, src, 16, 4, HEX_DECODE);
  low = readDigits(0, src + 16, 8, 4, HEX_DECODE);
  return allSymbols(16);
}

// @ts-ignore: decorator
@inline export function objectIdPack(dst: usize): void {
  store<u64>(dst, bswap(high));
  store<u32>(dst, bswap(<u32>low), 8);
}

/** The time field (Unix seconds) of the last valid read. */
// @ts-ignore: decorator
@inline export function objectIdTime(): f64 {
  return <f64>(high >> 32);
}

/** The 12 bytes at `src` as 24 lower-case hex digits at `dst`. */
// @ts-ignore: decorator
@inline export function objectIdWrite(src: usize, dst: usize): bool {
  writeDigits(bswap(load<u64>(src)), 16, 4, HEX_ALPHABET, dst);
  writeDigits(<u64>bswap(load<u32>(src, 8)), 8, 4, HEX_ALPHABET, dst + 16);
  return true;
}

/** A new ObjectId at `dst`: `time` in bytes 0-3, then the 8 bytes at `random` (the counter's top bit cleared for a generator). */
// @ts-ignore: decorator
@inline export function objectIdStamp(time: u64, param: i32, random: usize, dst: usize): void {
  store<u32>(dst, bswap(<u32>time));
  store<u64>(dst, load<u64>(random), 4);
  if (param & GENERATOR) store<u8>(dst, load<u8>(dst, 9) & 0x7F, 9);
}

/** The counter (bytes 9-11) of the ID at `id`. */
// @ts-ignore: decorator
@inline function counterOf(id: usize): u32 {
  return (<u32>load<u8>(id, 9) << 16) | (<u32>load<u8>(id, 10) << 8) | <u32>load<u8>(id, 11);
}

// @ts-ignore: decorator
@inline function storeCounter(id: usize, counter: u32): void {
  store<u8>(id, <u8>(counter >> 16), 9);
  store<u8>(id, <u8>(counter >> 8), 10);
  store<u8>(id, <u8>counter, 11);
}

/** The counter + 1 within the same second; false, changing nothing, at 0xFFFFFF. Shared with XID. */
// @ts-ignore: decorator
@inline export function counterAdvance(seed: usize): bool {
  const counter = counterOf(seed);
  if (counter == COUNTER_MAX) return false;
  storeCounter(seed, counter + 1);
  return true;
}

/** A generator's ID for a later second: `time` in bytes 0-3, the counter + 1, wrapping to 0. Shared with XID. */
// @ts-ignore: decorator
@inline export function counterRenew(seed: usize, time: u64): void {
  store<u32>(seed, bswap(<u32>time));
  storeCounter(seed, (counterOf(seed) + 1) & COUNTER_MAX);
}

/** ObjectId's number in the format table (formats.ts; src/engine/js-objectid.ts, `wasmId`). */
export const OBJECTID = 6;

/** ObjectId's entry in the format table (formats.ts): its widths, draws, separators, record codec and scan kernel. */
@final export class ObjectIdCodec {
  @inline chars(): i32 { return 24; }
  @inline bytes(): i32 { return 12; }
  /** Bytes 4-11: the random value and the counter. */
  @inline stampRandom(param: i32): i32 { return 8; }
  /** Within a second the counter counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  @inline isSeparator(c: u8): bool { return !isAlnum(c); }
  @inline read(src: usize): bool { return objectIdRead(src); }
  @inline pack(dst: usize): void { objectIdPack(dst); }
  @inline time(): f64 { return objectIdTime(); }
  @inline write(src: usize, dst: usize): bool { return objectIdWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { objectIdStamp(time, param, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return counterAdvance(seed); }
  @inline scan(length: i32, glued: bool, atEnd: bool): i32 { return scanObjectId(length, glued, atEnd); }
  @inline scanPack(src: usize, length: i32, dst: usize): void {
    objectIdRead(src);
    objectIdPack(dst);
  }
}
