// Ulid-Flake, one record at a time (the batch loops are in formats.ts): a 64-bit value, big-endian in 8 bytes, as
// 13 Crockford chars, most significant first.
//
//   bit 63: sign, 0 | bits 62-20: time, ms since the epoch (43) | bits 19-0: random (20)
//                                          scalable layout:       | bits 19-5: random (15) | bits 4-0: sid (5)
//
// 13 chars carry 65 bits: char 0 holds bits 64-60, so it must be 0-7 (bit 64 and the sign clear).

import { isAlnum } from "./crockford";
import { CHARS_64, last64, pack64, read64, write64 } from "./crockford-64";

/** Largest value of char 0. */
const MAX_FIRST: u8 = 7;
/** The random field: 20 bits, or 15 bits above the 5-bit sid in the scalable layout. */
const RANDOM_MASK: u64 = 0xF_FFFF;
const SCALABLE_MASK: u64 = 0x7FFF;
const SID_BITS: u64 = 5;
/** Generation parameter bits (src/engine/specs.ts, flakeParam): bit 5 scalable, bits 0-4 sid, bits 6-7 entropy. */
const SCALABLE: i32 = 0x20;

/** Reads the 13 chars at `src`; true when they are a Ulid-Flake (then `flakePack` and `flakeTime` read it). */
// @ts-ignore: decorator
@inline export function flakeRead(src: usize): bool {
  return read64(src, MAX_FIRST);
}

// @ts-ignore: decorator
@inline export function flakePack(dst: usize): void {
  pack64(dst);
}

/** The time field (ms since the epoch) of the last valid read. */
// @ts-ignore: decorator
@inline export function flakeTime(): f64 {
  return <f64>(last64() >> 20);
}

/** The 8 bytes at `src` as 13 chars at `dst`; false when the sign bit is set (the text would overflow). */
// @ts-ignore: decorator
@inline export function flakeWrite(src: usize, dst: usize): bool {
  return (write64(src, dst) >> 63) == 0;
}

/** A new ID of time field `time` at `dst`: random bits from 3 bytes at `random` (2, scalable), then the sid. */
// @ts-ignore: decorator
@inline export function flakeStamp(time: u64, param: i32, random: usize, dst: usize): void {
  const r0 = <u64>load<u8>(random), r1 = <u64>load<u8>(random, 1);
  const low = param & SCALABLE
    ? ((((r0 << 8) | r1) & SCALABLE_MASK) << SID_BITS) | <u64>(param & 31)
    : ((r0 << 16) | (r1 << 8) | <u64>load<u8>(random, 2)) & RANDOM_MASK;
  store<u64>(dst, bswap((time << 20) | low));
}

/**
 * Replaces the ID at `seed` by its successor: the random field plus the `entropySize` bytes at `random`
 * (big-endian), a step of 1..2^(8n)-1; a zero draw steps by 1 (as src/engine/js-flake.ts says why). False,
 * changing nothing, when the field would exceed its maximum.
 */
// @ts-ignore: decorator
@inline export function flakeAdvance(seed: usize, param: i32, random: usize): bool {
  let drawn: u64 = 0;
  for (let i = 0; i < param >> 6; i++) drawn = (drawn << 8) | <u64>load<u8>(random + <usize>i);
  const step: u64 = drawn == 0 ? 1 : drawn;
  const v = bswap(load<u64>(seed));
  const shift: u64 = param & SCALABLE ? SID_BITS : 0;
  const mask: u64 = param & SCALABLE ? SCALABLE_MASK : RANDOM_MASK;
  if (((v >> shift) & mask) + step > mask) return false;
  store<u64>(seed, bswap(v + (step << shift)));
  return true;
}

/** Ulid-Flake's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const FLAKE = 1;

/** Ulid-Flake's entry in the format table (formats.ts): its widths, draws, separators and record codec. */
@final export class FlakeCodec {
  @inline chars(): i32 { return CHARS_64; }
  @inline bytes(): i32 { return 8; }
  /** Random bytes a stamped ID takes: 3 (2 when scalable). */
  @inline stampRandom(param: i32): i32 { return param & SCALABLE ? 2 : 3; }
  /** Random bytes a successor takes: its entropy size. */
  @inline advanceRandom(param: i32): i32 { return param >> 6; }
  @inline isSeparator(c: u8): bool { return !isAlnum(c); }
  @inline read(src: usize): bool { return flakeRead(src); }
  @inline pack(dst: usize): void { flakePack(dst); }
  @inline time(): f64 { return flakeTime(); }
  @inline write(src: usize, dst: usize): bool { return flakeWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { flakeStamp(time, param, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return flakeAdvance(seed, param, random); }
}
