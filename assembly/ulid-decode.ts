import { charValue, isAlnum } from "./crockford";
import { crockfordLanes, symbolLanes } from "./crockford-simd";
import { LOW_BYTES, LOW_WORDS, PAIR_WEIGHTS, SPLAT_E0, lanes } from "./lanes";
import { BINARY, ID_BYTES, ID_CHARS, RECORD, TEXT } from "./layout";

// Text records are read from TEXT at stride 27 (RECORD): 26 chars, then a separator. `textLength` is how many
// bytes of TEXT hold input: a record's separator is checked only when it lies within them (the last record of a
// batch may lack one). Char groups as in ulid-encode.ts: chars 0-9 time, 10-17 random bits 79-40, 18-25 bits 39-0.
// The batch loops over these records, shared with the other formats, are in formats.ts.

/** Decodes text record `i` into BINARY record `i`; false, writing nothing, when it is invalid. */
// @ts-ignore: decorator
@inline export function ulidDecodeRecord(i: i32, textLength: i32): bool {
  const src = TEXT + <usize>(RECORD * i);
  return separated(src, i, textLength) && decodeId(src, BINARY + <usize>(ID_BYTES * i));
}

/**
 * The Unix ms of text record `i`, as f64; -1 when the record is invalid. The SIMD build checks all 26 chars but packs
 * only the time's (chars 0-9), and takes the time from a vector lane: nothing goes through BINARY. The scalar build
 * decodes the whole ID there and reads its time back.
 */
// @ts-ignore: decorator
@inline export function ulidRecordTime(i: i32, textLength: i32): f64 {
  const src = TEXT + <usize>(RECORD * i);
  if (!separated(src, i, textLength)) return -1;
  if (ASC_FEATURE_SIMD) return timeSimd(src);
  const dst = BINARY + <usize>(ID_BYTES * i);
  // As a signed integer (the time has 48 bits): an unsigned conversion to f64 costs more on x86.
  return decodeId(src, dst) ? <f64><i64>(bswap(load<u64>(dst)) >> 16) : -1;
}

/** Whether text record `i` is a valid ULID: its chars checked without decoding them. */
// @ts-ignore: decorator
@inline export function ulidRecordValid(i: i32, textLength: i32): bool {
  const src = TEXT + <usize>(RECORD * i);
  return separated(src, i, textLength) && charsValid(src);
}

/** Whether record `i` at `src` ends where it should: its separator (when within `textLength`) does not run it on. */
// @ts-ignore: decorator
@inline export function separated(src: usize, i: i32, textLength: i32): bool {
  return RECORD * i + ID_CHARS >= textLength || !isAlnum(load<u8>(src, ID_CHARS));
}

/** Whether the 26 chars at `src` are Crockford chars, the first one 0-7 (a larger one would overflow 128 bits). */
// @ts-ignore: decorator
@inline export function charsValid(src: usize): bool {
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

/** Decodes the 26 chars at `src` into 16 bytes at `dst`; false when `charsValid` would be. */
// @ts-ignore: decorator
@inline export function decodeId(src: usize, dst: usize): bool {
  if (ASC_FEATURE_SIMD) return decodeIdSimd(src, dst);
  seen = charValue(load<u8>(src)) > 7 ? 0xFF : 0;
  const time = readChars(src, 10);
  const high = readChars(src + 10, 8);
  const low = readChars(src + 18, 8);
  if (seen > 31) return false;
  store<u64>(dst, bswap((time << 16) | (high >> 24)));
  store<u64>(dst, bswap((high << 40) | low), 8);
  return true;
}

/** The OR of the values `readChars` has read since it was reset: above 31 when one was no Crockford char. */
let seen: u32 = 0;

/** The `n` (<= 12) chars at `src` as one big-endian base-32 number (garbage when one is invalid: see `seen`). */
// @ts-ignore: decorator
@inline function readChars(src: usize, n: i32): u64 {
  let v: u64 = 0;
  for (let j = 0; j < n; j++) {
    const value = charValue(load<u8>(src + <usize>j));
    seen |= value;
    v = (v << 5) | <u64>value;
  }
  return v;
}

// The SIMD decoder looks up the values of chars 2-17 and 10-25 as two vectors and packs them with shifts within
// lanes: the values of 8 chars, one a byte, become 40 bits in an i64 lane in three steps (pairs of 5-bit values
// into 10 bits per i16 lane, pairs of those into 20 bits per i32 lane, then 40 bits per i64 lane). That gives chars
// 2-9 | 10-17 and (junk) | 18-25; one shuffle writes their bytes big-endian, behind byte 0 (chars 0-1) made in
// scalar code. Loading at src + 2 rather than shuffling chars 0-15 into place measured faster, and the whole
// kernel several times faster than the scalar lookups with a SIMD validity check it replaces (npm run bench:kernels).

/** `decodeId` with v128 lanes. */
// @ts-ignore: decorator
@inline function decodeIdSimd(src: usize, dst: usize): bool {
  const c0 = charValue(load<u8>(src));
  const c1 = charValue(load<u8>(src, 1));
  const middle = symbolLanes(v128.load(src, 2)); // chars 2-17
  const last = symbolLanes(v128.load(src, 10)); // chars 10-25
  if (!valuesValid(c0, c1, middle, last)) return false;
  const groups = pack40(middle);
  // Each 40-bit group is little-endian in its lane: its bytes 4, 3, 2, 1, 0 are the big-endian output.
  const bytes = i8x16.shuffle(groups, pack40(last), 0, 4, 3, 2, 1, 0, 12, 11, 10, 9, 8, 28, 27, 26, 25, 24);
  v128.store(dst, i8x16.replace_lane(bytes, 0, <i8>((c0 << 5) | c1)));
  return true;
}

/** `ulidRecordTime`'s SIMD decoder for the 26 chars at `src`: chars 2-9 packed as `decodeIdSimd` does, chars 0-1 on top. */
// @ts-ignore: decorator
@inline function timeSimd(src: usize): f64 {
  const c0 = charValue(load<u8>(src));
  const c1 = charValue(load<u8>(src, 1));
  const middle = symbolLanes(v128.load(src, 2)); // chars 2-17
  if (!valuesValid(c0, c1, middle, symbolLanes(v128.load(src, 10)))) return -1;
  // Lane 0 of the packed groups is chars 2-9, the time's low 40 bits.
  return <f64>((<i64>((c0 << 5) | c1) << 40) | i64x2.extract_lane(pack40(middle), 0));
}

/** Whether the values of chars 0 and 1 and two vectors of values are all a valid ULID's. */
// @ts-ignore: decorator
@inline function valuesValid(c0: u8, c1: u8, middle: v128, last: v128): bool {
  // Every value is at most 31 (invalid lanes are 0xFF, with bits 5-7 set), and char 0 at most 7.
  return !v128.any_true(v128.and(v128.or(middle, last), lanes(SPLAT_E0))) && c0 <= 7 && c1 <= 31;
}

/** Two groups of 8 values (one a byte, the first most significant) as two 40-bit numbers in i64 lanes. */
// @ts-ignore: decorator
@inline export function pack40(values: v128): v128 {
  // i16 lane = (earlier << 5) | later: the earlier value is the lane's low byte.
  const pairs = v128.or(i16x8.shl(v128.and(values, lanes(LOW_BYTES)), 5), i16x8.shr_u(values, 8));
  // i32 lane = (earlier pair << 10) | later pair.
  const quads = i32x4.dot_i16x8_s(pairs, lanes(PAIR_WEIGHTS));
  // i64 lane = (earlier quad << 20) | later quad.
  return v128.or(i64x2.shl(v128.and(quads, lanes(LOW_WORDS)), 20), i64x2.shr_u(quads, 32));
}
