// BaseUID, one record at a time (the batch loops are in formats.ts): 120 bits, big-endian in 15 bytes, as 20
// chars of 6 bits, most significant first.
//
//   bytes 0-5: time, 48 bits (ticks of 2^15 ns) | bytes 6-14: random, 72 bits
//   chars 0-7: time                             | chars 8-19: random
//
// The value is handled as two 60-bit halves, 10 chars each: high = bits 119-60, low = bits 59-0. In bytes:
// bytes 0-7 = high << 4 | low >> 56, and bytes 7-14 = the low byte of that word, then low's bits 55-0; the two
// 8-byte words overlap in byte 7, so two loads or stores cover the 15 bytes.

import { BASE64_ALPHABET, BASE64_DECODE } from "./base64";
import { allSymbols, readDigits, startReading, writeDigits } from "./digits";
import { isAlnum } from "./crockford";

const HALF_CHARS = 10;
const LOW_56: u64 = 0xFF_FFFF_FFFF_FFFF;

/** The halves of the last valid `baseUidRead`. */
let high: u64 = 0;
let low: u64 = 0;

/** Reads the 20 chars at `src`; true when they are a BaseUID (then `baseUidPack` and `baseUidTime` read it). */
// @ts-ignore: decorator
@inline export function baseUidRead(src: usize): bool {
  startReading();
  high = readDigits(0, src, HALF_CHARS, 6, BASE64_DECODE);
  low = readDigits(0, src + HALF_CHARS, HALF_CHARS, 6, BASE64_DECODE);
  return allSymbols(64);
}

// @ts-ignore: decorator
@inline export function baseUidPack(dst: usize): void {
  const first = (high << 4) | (low >> 56);
  store<u64>(dst, bswap(first));
  store<u64>(dst, bswap((first << 56) | (low & LOW_56)), 7);
}

/** The time field (ticks) of the last valid read: chars 0-7, the top 48 of the high half's 60 bits. */
// @ts-ignore: decorator
@inline export function baseUidTime(): f64 {
  return <f64>(high >> 12);
}

/** The 15 bytes at `src` as 20 chars at `dst`. Every 15 bytes are a BaseUID. */
// @ts-ignore: decorator
@inline export function baseUidWrite(src: usize, dst: usize): bool {
  const first = bswap(load<u64>(src));
  writeDigits(first >> 4, HALF_CHARS, 6, BASE64_ALPHABET, dst);
  writeDigits(((first & 0xF) << 56) | (bswap(load<u64>(src, 7)) & LOW_56), HALF_CHARS, 6, BASE64_ALPHABET, dst + HALF_CHARS);
  return true;
}

/** A new ID at `dst`: `time` in bytes 0-5, then the 9 bytes at `random`. */
// @ts-ignore: decorator
@inline export function baseUidStamp(time: u64, random: usize, dst: usize): void {
  // As in ulid-generate.ts: bswap(time << 16) puts the time big-endian in bytes 0-5, a u16 of random in 6-7.
  store<u64>(dst, bswap(time << 16) | (<u64>load<u16>(random) << 48));
  store<u64>(dst, load<u64>(random, 1), 7);
}

/** Adds 1 to the 72-bit random part at `seed` (byte 6, then bytes 7-14), with carry; false when it is all ones. */
// @ts-ignore: decorator
@inline export function baseUidAdvance(seed: usize): bool {
  const top = load<u8>(seed, 6);
  const rest = bswap(load<u64>(seed, 7));
  if (rest == u64.MAX_VALUE) {
    if (top == 0xFF) return false;
    store<u8>(seed, top + 1, 6);
  }
  store<u64>(seed, bswap(rest + 1), 7);
  return true;
}

/** BaseUID's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const BASEUID = 2;

/** BaseUID's entry in the format table (formats.ts): its widths, draws, separators and record codec. */
@final export class BaseUidCodec {
  @inline chars(): i32 { return 2 * HALF_CHARS; }
  @inline bytes(): i32 { return 15; }
  @inline stampRandom(param: i32): i32 { return 9; }
  /** Within a tick the random part counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  /** Its alphabet holds "-" and "_". */
  @inline isSeparator(c: u8): bool { return !isAlnum(c) && c != 0x2D && c != 0x5F; }
  @inline read(src: usize): bool { return baseUidRead(src); }
  @inline pack(dst: usize): void { baseUidPack(dst); }
  @inline time(): f64 { return baseUidTime(); }
  @inline write(src: usize, dst: usize): bool { return baseUidWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { baseUidStamp(time, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return baseUidAdvance(seed); }
}
