// Finding MongoDB ObjectIds in arbitrary text: a match is a word of exactly 24 hex digits in either case (every such
// word is an ObjectId), with no ASCII letter or digit directly before or after it. Its time is its first 8 digits,
// Unix seconds. The skip is scan-ulid.ts's: probe the last byte of a run starting at p; if it is no hex digit, no run
// starting in [p, p+23] holds it and p moves 24 on, else p moves past the last non-digit before it.

import { isAlnum } from "./crockford";
import { HEX_DECODE } from "./hex";
import { SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";

const CHARS = 24;
/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER: u8 = 0xff;
/** Class of an ASCII letter that is no hex digit: glues, never matches. */
const GLUE: u8 = 0xfe;

/** ASCII byte -> its hex value (0-15) in either case, GLUE for the other letters, BORDER for the rest. */
export const CLASS = memory.data(256);
for (let c = 0; c < 256; c++) {
  const value: u8 = c < 0x80 ? load<u8>(HEX_DECODE + <usize>c) : 0xFF;
  store<u8>(CLASS + <usize>c, value < 16 ? value : isAlnum(<u8>c) ? GLUE : BORDER);
}

// @ts-ignore: decorator
@inline function classAt(i: i32): u8 {
  return load<u8>(CLASS + <usize>load<u8>(SCAN_TEXT + <usize>i));
}

/** The first offset from `p` where 24 hex digits start; past `length - 24` when there is none. */
// @ts-ignore: decorator
@inline function nextHexRun(p: i32, length: i32): i32 {
  while (p <= length - CHARS) {
    if (classAt(p + CHARS - 1) > 15) {
      p += CHARS;
      continue;
    }
    let j = p + CHARS - 2;
    while (j >= p && classAt(j) < 16) j--;
    if (j < p) break;
    p = j + 1;
  }
  return p;
}

/** The first offset from `from` that is a border (or `length`). */
// @ts-ignore: decorator
@inline function runEnd(from: i32, length: i32): i32 {
  while (from < length && classAt(from) != BORDER) from++;
  return from;
}

/**
 * Finds the ObjectIds in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS (u32) and its Unix ms to
 * SCAN_TIMES (f64); returns how many. `glued` and `atEnd` as for `scanUlid` (scan-ulid.ts).
 */
export function scanObjectId(length: i32, glued: bool, atEnd: bool): i32 {
  let count = 0;
  let p = glued ? runEnd(0, length) + 1 : 0;
  for (;;) {
    p = nextHexRun(p, length);
    if (p > length - CHARS) break;
    const end = p + CHARS;
    if (end == length && !atEnd) break;
    if ((p == 0 || classAt(p - 1) == BORDER) && (end == length || classAt(end) == BORDER)) {
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), p);
      store<f64>(SCAN_TIMES + (<usize>count << 3), objectIdTime(p));
      count++;
    }
    p = runEnd(end, length) + 1;
  }
  return count;
}

/** Unix ms of the ObjectId at offset `p`: its first 8 digits, Unix seconds. */
// @ts-ignore: decorator
@inline export function objectIdTime(p: i32): f64 {
  let seconds: u32 = 0;
  for (let j = 0; j < 8; j++) seconds = (seconds << 4) | <u32>classAt(p + j);
  return <f64>seconds * 1000;
}
