// UUID version 7 (RFC 9562), one record at a time (the batch loops are in formats.ts): 16 bytes as 36 chars of
// 8-4-4-4-12 hex, lower case out, either case in.
//
//   bytes 0-5   unix_ts_ms, 48 bits                 chars  0-7, 9-12
//   byte 6      0111 (version) | counter 41-38      chars 14-15 (char 14 is the version: 7)
//   byte 7      counter 37-30                       chars 16-17
//   byte 8      10 (variant) | counter 29-24        chars 19-20 (char 19 is 8, 9, a or b)
//   bytes 9-11  counter 23-0                        chars 21-22, 24-27
//   bytes 12-15 random, 32 bits                     chars 28-35
//
// The counter is RFC 9562's method 1 (section 6.2): rand_a and the top 30 bits of rand_b, seeded at random with
// its top bit clear, + 1 per ID within one millisecond; bytes 12-15 are fresh for every ID. The value is handled
// as two big-endian words, hi = bytes 0-7 (chars 0-17 without hyphens) and lo = bytes 8-15 (chars 19-35).

import { isAlnum } from "./crockford";
import { allSymbols, readDigits, startReading, writeDigits } from "./digits";
import { HEX_ALPHABET, HEX_DECODE } from "./hex";
import { hexDecodeSimd, hexEncodeSimd, hexValid } from "./hex-simd";
import { scanUuidV7 } from "./scan-uuidv7";

const HYPHEN: u8 = 0x2D;
/** Version 7 in hi's bits 15-12, the RFC variant (binary 10) in lo's bits 63-62. */
const VERSION_MASK: u64 = 0xF000;
const VERSION_BITS: u64 = 0x7000;
const VARIANT_SHIFT: u64 = 62;
const VARIANT: u64 = 2;
/** The counter: hi's bits 11-0 (rand_a) and lo's bits 61-32. */
const RAND_A_MASK: u64 = 0xFFF;
const COUNTER_LOW_MASK: u64 = 0x3FFF_FFFF;

/** The words of the last valid `uuidRead`. */
let hi: u64 = 0;
let lo: u64 = 0;

/** `v` followed by the `n` hex chars at `src`. */
// @ts-ignore: decorator
@inline function readHex(v: u64, src: usize, n: i32): u64 {
  return readDigits(v, src, n, 4, HEX_DECODE);
}

/** Reads the 36 chars at `src`; true when they are a UUID v7 (then `uuidPack` and `uuidTime` read it). */
// @ts-ignore: decorator
@inline export function uuidRead(src: usize): bool {
  const hyphens =
    load<u8>(src, 8) == HYPHEN && load<u8>(src, 13) == HYPHEN && load<u8>(src, 18) == HYPHEN && load<u8>(src, 23) == HYPHEN;
  let digits: bool;
  if (ASC_FEATURE_SIMD) {
    const bytes = hexDecodeSimd(src);
    hi = bswap(i64x2.extract_lane(bytes, 0));
    lo = bswap(i64x2.extract_lane(bytes, 1));
    digits = hexValid;
  } else {
    startReading();
    hi = readHex(readHex(readHex(0, src, 8), src + 9, 4), src + 14, 4);
    lo = readHex(readHex(0, src + 19, 4), src + 24, 12);
    digits = allSymbols(16);
  }
  return hyphens && digits && (hi & VERSION_MASK) == VERSION_BITS && lo >> VARIANT_SHIFT == VARIANT;
}

// @ts-ignore: decorator
@inline export function uuidPack(dst: usize): void {
  store<u64>(dst, bswap(hi));
  store<u64>(dst, bswap(lo), 8);
}

/** unix_ts_ms of the last valid read. */
// @ts-ignore: decorator
@inline export function uuidTime(): f64 {
  return <f64>(hi >> 16);
}

// @ts-ignore: decorator
@inline function writeHex(v: u64, n: i32, dst: usize): void {
  writeDigits(v, n, 4, HEX_ALPHABET, dst);
}

/** The 16 bytes at `src` as 36 chars at `dst`; false when they lack version 7 or the RFC variant. */
// @ts-ignore: decorator
@inline export function uuidWrite(src: usize, dst: usize): bool {
  const h = bswap(load<u64>(src));
  const l = bswap(load<u64>(src, 8));
  const versioned = (h & VERSION_MASK) == VERSION_BITS && l >> VARIANT_SHIFT == VARIANT;
  if (ASC_FEATURE_SIMD) {
    hexEncodeSimd(src, dst);
    return versioned;
  }
  writeHex(h >> 32, 8, dst);
  store<u8>(dst, HYPHEN, 8);
  writeHex(h >> 16, 4, dst + 9);
  store<u8>(dst, HYPHEN, 13);
  writeHex(h, 4, dst + 14);
  store<u8>(dst, HYPHEN, 18);
  writeHex(l >> 48, 4, dst + 19);
  store<u8>(dst, HYPHEN, 23);
  writeHex(l, 12, dst + 24);
  return versioned;
}

/** A new ID at `dst`: `time`, then the 10 bytes at `random` under the version and variant, the counter's top bit clear. */
// @ts-ignore: decorator
@inline export function uuidStamp(time: u64, random: usize, dst: usize): void {
  const randA = (<u64>load<u8>(random) << 8 | <u64>load<u8>(random, 1)) & (RAND_A_MASK >> 1);
  store<u64>(dst, bswap((time << 16) | VERSION_BITS | randA));
  const randB = bswap(load<u64>(random, 2)) & ~(<u64>3 << VARIANT_SHIFT);
  store<u64>(dst, bswap((VARIANT << VARIANT_SHIFT) | randB), 8);
}

/** Counter + 1 and 4 fresh bytes from `random` at `seed`; false, changing nothing, when the counter is all ones. */
// @ts-ignore: decorator
@inline export function uuidAdvance(seed: usize, random: usize): bool {
  const h = bswap(load<u64>(seed));
  const l = bswap(load<u64>(seed, 8));
  // The 42-bit counter, rand_a above the 30 bits from lo.
  const counter = ((h & RAND_A_MASK) << 30) | ((l >> 32) & COUNTER_LOW_MASK);
  if (counter == (<u64>1 << 42) - 1) return false;
  const next = counter + 1;
  store<u64>(seed, bswap((h & ~RAND_A_MASK) | (next >> 30)));
  const fresh = <u64>bswap(load<u32>(random));
  store<u64>(seed, bswap((VARIANT << VARIANT_SHIFT) | ((next & COUNTER_LOW_MASK) << 32) | fresh), 8);
  return true;
}

/** UUID v7's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const UUIDV7 = 3;

/** UUID v7's entry in the format table (formats.ts): its widths, draws, separators and record codec. */
@final export class UuidV7Codec {
  @inline chars(): i32 { return 36; }
  @inline bytes(): i32 { return 16; }
  /** rand_a and rand_b: 74 bits from 10 bytes. */
  @inline stampRandom(param: i32): i32 { return 10; }
  /** Each successor keeps the counter + 1 and draws its last 32 bits afresh. */
  @inline advanceRandom(param: i32): i32 { return 4; }
  /** Its text holds "-". */
  @inline isSeparator(c: u8): bool { return !isAlnum(c) && c != HYPHEN; }
  @inline read(src: usize): bool { return uuidRead(src); }
  @inline pack(dst: usize): void { uuidPack(dst); }
  @inline time(): f64 { return uuidTime(); }
  @inline write(src: usize, dst: usize): bool { return uuidWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { uuidStamp(time, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return uuidAdvance(seed, random); }
  @inline scan(length: i32, glued: bool, atEnd: bool): i32 { return scanUuidV7(length, glued, atEnd); }
}
