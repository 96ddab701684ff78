import { charValue, isAlnum } from "./crockford";
import { crockfordLanes } from "./crockford-simd";
import { BINARY, FLAGS, ID_BYTES, ID_CHARS, RECORD, TEXT, TIME } from "./layout";

// Text records are read from TEXT at stride 27 (RECORD): 26 chars, then a separator. `textLength` is how many
// bytes of TEXT hold input: a record's separator is checked only when it lies within them (the last record of a
// batch may lack one). Char groups as in ulid-encode.ts: chars 0-9 time, 10-17 random bits 79-40, 18-25 bits 39-0.

/**
 * Decodes `count` text records into BINARY. Returns -1 when all are valid, else the index of the first invalid
 * record (nothing is written from it on).
 */
export function decode(count: i32, textLength: i32): i32 {
  for (let i = 0; i < count; i++) {
    const src = TEXT + <usize>(RECORD * i);
    if (!recordValid(src, i, textLength)) return i;
    const time = readChars(src, 10);
    const high = readChars(src + 10, 8);
    const low = readChars(src + 18, 8);
    const dst = BINARY + <usize>(ID_BYTES * i);
    store<u64>(dst, bswap((time << 16) | (high >> 24)));
    store<u64>(dst, bswap((high << 40) | low), 8);
  }
  return -1;
}

/** Writes the Unix ms of `count` text records to TIME (as f64); the whole record is validated. Returns as `decode`. */
export function decodeTime(count: i32, textLength: i32): i32 {
  for (let i = 0; i < count; i++) {
    const src = TEXT + <usize>(RECORD * i);
    if (!recordValid(src, i, textLength)) return i;
    store<f64>(TIME + <usize>(8 * i), <f64>readChars(src, 10));
  }
  return -1;
}

/** Writes 1 (valid) or 0 per text record to FLAGS. */
export function validate(count: i32, textLength: i32): void {
  for (let i = 0; i < count; i++) {
    store<u8>(FLAGS + <usize>i, <u8>recordValid(TEXT + <usize>(RECORD * i), i, textLength));
  }
}

/** Whether record `i` at `src` is a ULID, and its separator (when within `textLength`) does not run it on. */
// @ts-ignore: decorator
@inline function recordValid(src: usize, i: i32, textLength: i32): bool {
  const end = RECORD * i + ID_CHARS;
  return charsValid(src) && (end >= textLength || !isAlnum(load<u8>(src, ID_CHARS)));
}

/** Whether the 26 chars at `src` are Crockford chars, the first one 0-7 (a larger one would overflow 128 bits). */
// @ts-ignore: decorator
@inline function charsValid(src: usize): bool {
  if (charValue(load<u8>(src)) > 7) return false;
  if (ASC_FEATURE_SIMD) {
    // Bytes 0-15 and 10-25: two overlapping vectors cover the 26 chars.
    return i8x16.all_true(v128.and(crockfordLanes(v128.load(src)), crockfordLanes(v128.load(src, 10))));
  }
  // Values are 0-31 and invalid bytes 0xFF, so the OR of all of them stays below 32 exactly when all are valid.
  let seen: u8 = 0;
  for (let j = 1; j < ID_CHARS; j++) seen |= charValue(load<u8>(src + <usize>j));
  return seen < 32;
}

/** The `n` (<= 12) valid chars at `src` as one big-endian base-32 number. */
// @ts-ignore: decorator
@inline function readChars(src: usize, n: i32): u64 {
  let v: u64 = 0;
  for (let j = 0; j < n; j++) v = (v << 5) | <u64>charValue(load<u8>(src + <usize>j));
  return v;
}
