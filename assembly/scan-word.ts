// Finding IDs that are whole words of one alphabet: ObjectIds (24 hex digits, scan-objectid.ts) and XIDs (20
// characters of base32hex, scan-xid.ts). A match is a word of exactly `chars` symbols with no ASCII letter or digit
// directly before or after it, whose last symbol has no bit of `padMask` set (an XID's 4 padding bits); its time is its
// first `timeDigits` symbols, less their `timeDrop` low bits, in Unix seconds. The skip is scan-ulid.ts's: probe the
// last byte of a run starting at p; if it is no symbol, no run starting in [p, p + chars - 1] holds it and p moves
// `chars` on, else p moves past the last non-symbol before it.
//
// A word format W is a class of inlined methods, never allocated (as the codecs of formats.ts):
//   chars(), symbols()      the word's length, the alphabet's size (16, 32)
//   classes()               its class table (`fillClasses`)
//   padMask()               the bits of the last symbol that must be zero (an XID's padding: 15)
//   timeDigits(), timeDrop()   the symbols that hold the time, and the low bits of them that are no part of it

import { isAlnum } from "./crockford";
import { SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";

/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER: u8 = 0xff;
/** Class of an ASCII letter or digit outside the alphabet: glues, never matches. */
const GLUE: u8 = 0xfe;

/** Fills `table` (256 bytes): ASCII byte -> its value in `decode` below `symbols`, GLUE for the other letters and digits, BORDER for the rest. */
export function fillClasses(table: usize, decode: usize, symbols: u8): void {
  for (let c = 0; c < 256; c++) {
    const value: u8 = c < 0x80 ? load<u8>(decode + <usize>c) : 0xFF;
    store<u8>(table + <usize>c, value < symbols ? value : isAlnum(<u8>c) ? GLUE : BORDER);
  }
}

// @ts-ignore: decorator
@inline function wordOf<W>(): W {
  return changetype<W>(0);
}

// @ts-ignore: decorator
@inline function classAt<W>(i: i32): u8 {
  return load<u8>(wordOf<W>().classes() + <usize>load<u8>(SCAN_TEXT + <usize>i));
}

/** The first offset from `p` where `chars` symbols start; past `length - chars` when there is none. */
// @ts-ignore: decorator
@inline function nextRun<W>(p: i32, length: i32): i32 {
  const chars = wordOf<W>().chars();
  const symbols = wordOf<W>().symbols();
  while (p <= length - chars) {
    if (classAt<W>(p + chars - 1) >= symbols) {
      p += chars;
      continue;
    }
    let j = p + chars - 2;
    while (j >= p && classAt<W>(j) < symbols) j--;
    if (j < p) break;
    p = j + 1;
  }
  return p;
}

/** The first offset from `from` that is a border (or `length`). */
// @ts-ignore: decorator
@inline function runEnd<W>(from: i32, length: i32): i32 {
  while (from < length && classAt<W>(from) != BORDER) from++;
  return from;
}

/**
 * Finds the words of W in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS (u32) and its Unix ms to
 * SCAN_TIMES (f64); returns how many. `glued` and `atEnd` as for `scanUlid` (scan-ulid.ts).
 */
// @ts-ignore: decorator
@inline export function scanWords<W>(length: i32, glued: bool, atEnd: bool): i32 {
  const word = wordOf<W>();
  const chars = word.chars();
  const padMask = word.padMask();
  let count = 0;
  let p = glued ? runEnd<W>(0, length) + 1 : 0;
  for (;;) {
    p = nextRun<W>(p, length);
    if (p > length - chars) break;
    const end = p + chars;
    if (end == length && !atEnd) break;
    const bordered = (p == 0 || classAt<W>(p - 1) == BORDER) && (end == length || classAt<W>(end) == BORDER);
    if (bordered && (classAt<W>(end - 1) & padMask) == 0) {
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), p);
      store<f64>(SCAN_TIMES + (<usize>count << 3), wordTime<W>(p));
      count++;
    }
    p = runEnd<W>(end, length) + 1;
  }
  return count;
}

/** Unix ms of the word of W at offset `p` of SCAN_TEXT. */
// @ts-ignore: decorator
@inline export function wordTime<W>(p: i32): f64 {
  const word = wordOf<W>();
  const bits: u64 = word.symbols() == 16 ? 4 : 5;
  let head: u64 = 0;
  for (let j = 0; j < word.timeDigits(); j++) head = (head << bits) | <u64>classAt<W>(p + j);
  return <f64>(head >> <u64>word.timeDrop()) * 1000;
}
