// Finding TypeIDs in arbitrary text: the TypeID kernel behind `scanText(text, { format: "typeid" })` and
// `ulid scan --type typeid` (scan.ts).
//
// A match is a whole word (a maximal run of ASCII letters, digits and underscores) that is a valid TypeID as
// written (TypeID specification v0.3): a suffix of 26 lower-case Crockford characters (no upper case, no aliases),
// the first 0-7, alone or after a prefix of 1-63 bytes of a-z and "_", not starting or ending with "_", and "_".
// So `User_01h...`, `x9_01h...`, `__01h...`, `_01h...`, a 64-byte prefix and `user_01h..._v2` hold no match (the
// word is no TypeID: a parser splitting `user_01h..._v2` at its last underscore would see the suffix `v2`), while
// `id=user_01h...`, `"user_01h..."` and `/users/user_01h...?x=1` hold one, the prefix included.
//
// The suffixes are found with the ULID kernel's skip (scan-ulid.ts) over a class table of the lower-case digits
// only; for each run of 26 that ends its word, a walk back of at most 64 bytes reads the prefix.

import { ALPHABET } from "./crockford";
import { ID_CHARS, MAX_PREFIX, SCAN_LENGTHS, SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";
import { classIn, digitRunTime, nextDigitRun } from "./scan-ulid";
/** Class of a lower-case letter outside the suffix alphabet (i l o u): a prefix may hold it, a suffix not. */
const PREFIX_LETTER: u8 = 32;
/** Class of "_": between prefix and suffix, and inside a prefix. */
const UNDERSCORE: u8 = 33;
/** Class of an upper-case letter: part of a word, so it glues, but in no TypeID. */
const GLUE: u8 = 34;
/** Class of every byte that is no ASCII letter, digit or underscore: it may border a match. */
export const BORDER: u8 = 0xff;
/** Classes from here to UNDERSCORE may be in a prefix: the suffix alphabet's letters (10-31), i l o u and "_". */
const FIRST_LETTER: u8 = 10;

/**
 * ASCII byte -> class: the value (0-31) of a suffix character (the canonical alphabet lowered; digits have the
 * 0x20 bit already), PREFIX_LETTER, UNDERSCORE, GLUE for upper-case letters, BORDER otherwise. Filled once, as
 * the module is instantiated.
 */
export const CLASS = memory.data(256);
for (let c = 0; c < 256; c++) {
  let kind = BORDER;
  if (c >= 0x61 && c <= 0x7a) kind = PREFIX_LETTER;
  else if (c >= 0x41 && c <= 0x5a) kind = GLUE;
  else if (c == 0x5f) kind = UNDERSCORE;
  store<u8>(CLASS + <usize>c, kind);
}
for (let value = 0; value < 32; value++) {
  store<u8>(CLASS + <usize>(load<u8>(ALPHABET + <usize>value) | 0x20), <u8>value);
}

/**
 * Finds the TypeIDs in SCAN_TEXT[0, length) and writes, for each, its offset (its prefix's first byte) to
 * SCAN_OFFSETS (u32), its Unix ms (the UUID v7 time field, the suffix's first 48 bits) to SCAN_TIMES (f64) and its
 * length to SCAN_LENGTHS (u8); returns how many. `glued`: the byte before the text is a letter, digit or
 * underscore. `atEnd` as for `scanUlid` (scan-ulid.ts).
 */
export function scanTypeId(length: i32, glued: bool, atEnd: bool): i32 {
  let count = 0;
  let p = 0;
  for (;;) {
    const suffix = nextDigitRun(CLASS, p, length);
    if (suffix > length - ID_CHARS) break;
    const end = suffix + ID_CHARS;
    if (end == length && !atEnd) break;
    if (end < length && classIn(CLASS, end) != BORDER) {
      // The word goes on: no suffix ends here, and none can start before `end`.
      p = end;
      continue;
    }
    const start = classIn(CLASS, suffix) < 8 ? typeIdStart(suffix, glued) : -1;
    if (start >= 0) {
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), start);
      store<f64>(SCAN_TIMES + (<usize>count << 3), digitRunTime(CLASS, suffix));
      store<u8>(SCAN_LENGTHS + <usize>count, end - start);
      count++;
    }
    p = end + 1;
  }
  return count;
}

/**
 * The first byte of the TypeID whose suffix starts at `suffix` and ends its word: `suffix` itself when a border
 * precedes it, the prefix's first byte when "_" and a valid prefix starting at a border do, else -1.
 */
export function typeIdStart(suffix: i32, glued: bool): i32 {
  const before = classBefore(suffix, glued);
  if (before == BORDER) return suffix;
  if (before != UNDERSCORE) return -1;
  const underscore = suffix - 1;
  // Walk back over the prefix, one byte further than the longest: a longer run is no prefix.
  let start = underscore;
  while (start > 0 && underscore - start <= MAX_PREFIX && isPrefixClass(classIn(CLASS, start - 1))) start--;
  const prefixLength = underscore - start;
  if (prefixLength == 0 || prefixLength > MAX_PREFIX) return -1;
  if (classIn(CLASS, start) == UNDERSCORE || classIn(CLASS, underscore - 1) == UNDERSCORE) return -1;
  return classBefore(start, glued) == BORDER ? start : -1;
}

// @ts-ignore: decorator
@inline function isPrefixClass(kind: u8): bool {
  return kind >= FIRST_LETTER && kind <= UNDERSCORE;
}

/** The class of the byte before offset `at`; before the text, GLUE when `glued` (what it is does not matter). */
// @ts-ignore: decorator
@inline function classBefore(at: i32, glued: bool): u8 {
  if (at > 0) return classIn(CLASS, at - 1);
  return glued ? GLUE : BORDER;
}
