// A 64-bit value, big-endian in 8 bytes, as 13 Crockford chars, most significant first: the text of Ulid-Flake
// (flake.ts) and of TSID (tsid.ts), as src/engine/crockford-64.ts is on the TypeScript side. 13 chars carry 65 bits:
// char 0 holds bits 64-60, so each format bounds it (`maxFirst`: 7 for Ulid-Flake, whose sign bit is clear; 15 for
// TSID, any 8 bytes).

import { ALPHABET, DECODE, charValue } from "./crockford";
import { allSymbols, readDigits, startReading, writeDigits } from "./digits";

export const CHARS_64 = 13;

/** The value of the last valid `read64`. */
let value: u64 = 0;

/** Reads the 13 chars at `src`; true when they are symbols and char 0 is at most `maxFirst` (then `last64` is their value). */
// @ts-ignore: decorator
@inline export function read64(src: usize, maxFirst: u8): bool {
  startReading();
  value = readDigits(0, src, CHARS_64, 5, DECODE); // char 0's bit 4 falls off the top: it is checked here
  return allSymbols(32) && charValue(load<u8>(src)) <= maxFirst;
}

/** The value of the last valid `read64`. */
// @ts-ignore: decorator
@inline export function last64(): u64 {
  return value;
}

/** Writes the value of the last valid `read64` as 8 bytes at `dst`. */
// @ts-ignore: decorator
@inline export function pack64(dst: usize): void {
  store<u64>(dst, bswap(value));
}

/** The 8 bytes at `src` as 13 chars at `dst`; returns their value. */
// @ts-ignore: decorator
@inline export function write64(src: usize, dst: usize): u64 {
  const v = bswap(load<u64>(src));
  writeDigits(v, CHARS_64, 5, ALPHABET, dst);
  return v;
}
