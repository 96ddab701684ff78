// Finding XIDs in arbitrary text: a match is a word of exactly 20 characters of lower-case base32hex (0-9a-v) whose
// last one is 0 or g (what xidRead accepts), with no ASCII letter or digit directly before or after it. Its time is
// its first 32 bits, Unix seconds: the first 7 characters (35 bits) shifted down 3. The skip is scan-objectid.ts's.

import { isAlnum } from "./crockford";
import { SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";
import { XID_DECODE } from "./xid";

const CHARS = 20;
/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER: u8 = 0xff;
/** Class of an ASCII letter or digit outside the alphabet (upper case, w-z): glues, never matches. */
const GLUE: u8 = 0xfe;

/** ASCII byte -> its value (0-31), GLUE for the other letters and digits, BORDER for the rest. */
export const CLASS = memory.data(256);
for (let c = 0; c < 256; c++) {
  const value: u8 = c < 0x80 ? load<u8>(XID_DECODE + <usize>c) : 0xFF;
  store<u8>(CLASS + <usize>c, value < 32 ? value : isAlnum(<u8>c) ? GLUE : BORDER);
}

// @ts-ignore: decorator
@inline function classAt(i: i32): u8 {
  return load<u8>(CLASS + <usize>load<u8>(SCAN_TEXT + <usize>i));
}

/** The first offset from `p` where 20 symbols start; past `length - 20` when there is none. */
// @ts-ignore: decorator
@inline function nextRun(p: i32, length: i32): i32 {
  while (p <= length - CHARS) {
    if (classAt(p + CHARS - 1) > 31) {
      p += CHARS;
      continue;
    }
    let j = p + CHARS - 2;
    while (j >= p && classAt(j) < 32) j--;
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
 * Finds the XIDs in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS (u32) and its Unix ms to SCAN_TIMES
 * (f64); returns how many. `glued` and `atEnd` as for `scanUlid` (scan-ulid.ts).
 */
export function scanXid(length: i32, glued: bool, atEnd: bool): i32 {
  let count = 0;
  let p = glued ? runEnd(0, length) + 1 : 0;
  for (;;) {
    p = nextRun(p, length);
    if (p > length - CHARS) break;
    const end = p + CHARS;
    if (end == length && !atEnd) break;
    const bordered = (p == 0 || classAt(p - 1) == BORDER) && (end == length || classAt(end) == BORDER);
    if (bordered && (classAt(end - 1) & 15) == 0) {
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), p);
      store<f64>(SCAN_TIMES + (<usize>count << 3), xidTime(p));
      count++;
    }
    p = runEnd(end, length) + 1;
  }
  return count;
}

/** Unix ms of the XID at offset `p`: its first 32 bits, Unix seconds (the first 7 characters' 35 bits shifted down 3). */
// @ts-ignore: decorator
@inline export function xidTime(p: i32): f64 {
  let head: u64 = 0;
  for (let j = 0; j < 7; j++) head = (head << 5) | <u64>classAt(p + j);
  return <f64>(head >> 3) * 1000;
}
