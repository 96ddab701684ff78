// Finding ULIDs in arbitrary text (logs, JSON, CSV): the ULID kernel behind `scanText` and `ulid scan` (scan.ts).
//
// A match is a token of exactly 26 characters of the canonical alphabet in either case (no aliases I/L/O, no U:
// machines write IDs canonically, and aliases would turn words into matches), with no ASCII letter or digit
// directly before or after it, whose first character is 0-7 (a larger one overflows 128 bits).
//
// The skip (`nextDigitRun`) and the time read take a class table, so the TypeID kernel (scan-typeid.ts), whose
// suffix is the same 26 digits in lower case only, runs them over its own.

import { ALPHABET, charValue, isAlnum } from "./crockford";
import { ID_CHARS, SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";
import { nextRunCandidate } from "./scan-simd";

/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER: u8 = 0xff;
/** Class of an ASCII letter or digit outside the canonical alphabet (I L O U, either case): glues, never matches. */
const GLUE: u8 = 0xfe;

/**
 * ASCII byte -> class: the value (0-31) of a canonical character in either case, GLUE for the other letters
 * (I L O U i l o u), BORDER for everything else. Filled once, as the module is instantiated, from the codec's
 * tables: a byte is canonical when DECODE gives it a value whose ALPHABET character is that byte, raised.
 */
export const CLASS = memory.data(256);
for (let c = 0; c < 256; c++) {
  const value = charValue(<u8>c);
  const upper = <u8>c >= 0x61 && <u8>c <= 0x7a ? <u8>c - 0x20 : <u8>c;
  let kind = isAlnum(<u8>c) ? GLUE : BORDER;
  if (value < 32 && load<u8>(ALPHABET + <usize>value) == upper) kind = value;
  store<u8>(CLASS + <usize>c, kind);
}

/** The class of byte `i` of SCAN_TEXT in the table at `classes`. */
// @ts-ignore: decorator
@inline export function classIn(classes: usize, i: i32): u8 {
  return load<u8>(classes + <usize>load<u8>(SCAN_TEXT + <usize>i));
}

/**
 * The first offset from `p` where ID_CHARS bytes of digits (a class below 32 in `classes`) start, given that no
 * such run starts before `p` that the caller still wants; an offset past `length - ID_CHARS` when there is none.
 * The byte before the offset found is no digit, or is at `p`.
 *
 * The search skips: it probes byte p+25, the last of a run starting at p. If that byte is no digit, no run
 * starting in [p, p+25] can hold it, so p moves 26 on; otherwise a scan back from it finds the first non-digit
 * byte j, and p moves to j+1. Most log bytes are borders or glue (spaces, punctuation, i/l/o/u), so most probes
 * move 26 bytes at once. The SIMD build first skips, 16 bytes a step, to where a run of 26 canonical characters
 * might start (scan-simd.ts, `nextRunCandidate`: a group of 8 of them at an 8-aligned offset), so text without
 * long runs of the alphabet (most of a log: words hold i, l, o or u, numbers are short) costs a few vector
 * operations per 16 bytes; a skip that finds a candidate costs one vector step, so dense text loses little.
 */
// @ts-ignore: decorator
@inline export function nextDigitRun(classes: usize, p: i32, length: i32): i32 {
  while (p <= length - ID_CHARS) {
    if (ASC_FEATURE_SIMD) {
      p = nextRunCandidate(p, length);
      if (p > length - ID_CHARS) break;
    }
    if (classIn(classes, p + ID_CHARS - 1) > 31) {
      p += ID_CHARS;
      continue;
    }
    let j = p + ID_CHARS - 2;
    while (j >= p && classIn(classes, j) < 32) j--;
    if (j < p) break;
    p = j + 1;
  }
  return p;
}

/** Unix ms of the digits at offset `p`: the first 10 as a base-32 number (at most 48 bits when the first is 0-7). */
// @ts-ignore: decorator
@inline export function digitRunTime(classes: usize, p: i32): f64 {
  let time: u64 = 0;
  for (let j = 0; j < 10; j++) time = (time << 5) | <u64>classIn(classes, p + j);
  return <f64>time;
}

/**
 * Finds the matches in SCAN_TEXT[0, length) and writes, for each, its offset to SCAN_OFFSETS (u32) and its Unix ms
 * to SCAN_TIMES (f64); returns how many. `glued`: the byte before the text is a letter or digit, so a token at
 * offset 0 is glued to it. `atEnd`: the text ends the input; otherwise a token that reaches the end is left
 * undecided (the next byte might glue it) and the caller passes it again with what follows.
 */
export function scanUlid(length: i32, glued: bool, atEnd: bool): i32 {
  let count = 0;
  let p = 0;
  if (glued) p = runEnd(0, length) + 1;
  for (;;) {
    p = nextDigitRun(CLASS, p, length);
    if (p > length - ID_CHARS) break;
    // [p, end) is canonical; it is a match when it is the whole run of letters and digits and does not overflow.
    const end = p + ID_CHARS;
    if (end == length && !atEnd) break;
    const bordered = (p == 0 || classIn(CLASS, p - 1) == BORDER) && (end == length || classIn(CLASS, end) == BORDER);
    if (bordered && classIn(CLASS, p) < 8) {
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), p);
      store<f64>(SCAN_TIMES + (<usize>count << 3), digitRunTime(CLASS, p));
      count++;
    }
    p = runEnd(end, length) + 1;
  }
  return count;
}

/** The first offset from `from` that is a border (or `length`): where a run of letters and digits ends. */
// @ts-ignore: decorator
@inline function runEnd(from: i32, length: i32): i32 {
  while (from < length && classIn(CLASS, from) != BORDER) from++;
  return from;
}
