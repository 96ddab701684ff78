// Passes over a whole scan window where it already sits (SCAN_TEXT), for the TypeScript side's scanner
// (src/scan/scanner.ts): the search for terminal escapes it makes of every window, and line counting. The window is
// copied into the module once and every format's kernel, these passes and the column writer (scan-columns.ts) read
// that one copy; a second pass over the window in JavaScript (`indexOf`) cost as much as a kernel's search.

import { SCAN_TEXT } from "./layout";

/** The byte that opens a terminal escape sequence (src/scan/terminal-escapes.ts). */
const ESC: u8 = 0x1B;
const NEWLINE: u8 = 0x0A;
/** A u64 of 8 bytes each `ESC`, and the masks of SWAR's "has a zero byte" test. */
const ESC_BYTES: u64 = 0x1B1B1B1B1B1B1B1B;
const LOW_BITS: u64 = 0x0101010101010101;
const HIGH_BITS: u64 = 0x8080808080808080;

/**
 * The offset of the first ESC in SCAN_TEXT[0, length), or -1: whether the window needs its escapes blanked. 16
 * bytes a step on the SIMD build, 8 (a word with no zero byte after XOR with ESC has no ESC) on the scalar one.
 */
export function scanEscape(length: i32): i32 {
  let p = 0;
  if (ASC_FEATURE_SIMD) {
    const esc = i8x16.splat(ESC);
    for (; p + 16 <= length; p += 16) {
      const mask = i8x16.bitmask(i8x16.eq(v128.load(SCAN_TEXT + <usize>p), esc));
      if (mask != 0) return p + ctz(mask);
    }
  } else {
    for (; p + 8 <= length; p += 8) {
      const x = load<u64>(SCAN_TEXT + <usize>p) ^ ESC_BYTES;
      if (((x - LOW_BITS) & ~x & HIGH_BITS) != 0) break;
    }
  }
  for (; p < length; p++) {
    if (load<u8>(SCAN_TEXT + <usize>p) == ESC) return p;
  }
  return -1;
}

/**
 * The newlines in SCAN_TEXT[from, to). The SIMD build reads 16 bytes a step, the last step masked to what is left
 * (reading up to 15 bytes past `to` is safe: the scan regions follow SCAN_TEXT, layout.ts): the column writer counts
 * from one match to the next, spans of a few dozen bytes, where a byte loop for the rest cost as much as the search.
 */
// @ts-ignore: decorator
@inline export function newlinesIn(from: i32, to: i32): i32 {
  let newlines = 0;
  if (ASC_FEATURE_SIMD) {
    const newline = i8x16.splat(NEWLINE);
    for (let p = from; p < to; p += 16) {
      let mask = i8x16.bitmask(i8x16.eq(v128.load(SCAN_TEXT + <usize>p), newline));
      if (to - p < 16) mask &= (1 << (to - p)) - 1;
      newlines += popcnt<i32>(mask);
    }
    return newlines;
  }
  for (let p = from; p < to; p++) newlines += <i32>(load<u8>(SCAN_TEXT + <usize>p) == NEWLINE);
  return newlines;
}
