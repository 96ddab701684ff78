/**
 * The pure TypeScript TypeID scan kernel: the same search as assembly/scan-typeid.ts (see there for what a match
 * is), byte for byte, for runtimes without WebAssembly. The suffixes are found with the ULID kernel's skip
 * (js-scan-ulid.ts) over a lower-case-only class table.
 */
/** The longest TypeID prefix (spec v0.3; MAX_PREFIX of specs.ts, which holds this kernel). */
const MAX_PREFIX = 63;
import { DIGIT_RUN, MAX_FIRST_VALUE, digitRunTime, nextDigitRun } from "./js-scan-ulid.js";

/** Class of a lower-case letter outside the suffix alphabet (i l o u): a prefix may hold it, a suffix not. */
const PREFIX_LETTER = 32;
/** Class of "_": between prefix and suffix, and inside a prefix. */
const UNDERSCORE = 33;
/** Class of an upper-case letter: part of a word, so it glues, but in no TypeID. */
const GLUE = 34;
/** Class of every byte that is no ASCII letter, digit or underscore: it may border a match. */
const BORDER = 0xff;
/** Classes from here to UNDERSCORE may be in a prefix: the suffix alphabet's letters (10-31), i l o u and "_". */
const FIRST_LETTER = 10;

/** The suffix alphabet (TypeID specification v0.3): Crockford base32 in lower case. */
const SUFFIX_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * Byte -> the value (0-31) of a suffix character (lower case only), PREFIX_LETTER, UNDERSCORE, GLUE for upper-case
 * letters, BORDER otherwise.
 */
const CLASS = buildClassTable();

function buildClassTable(): Uint8Array {
  const table = new Uint8Array(256).fill(BORDER);
  for (let byte = 0x61; byte <= 0x7a; byte++) table[byte] = PREFIX_LETTER;
  for (let byte = 0x41; byte <= 0x5a; byte++) table[byte] = GLUE;
  table[0x5f] = UNDERSCORE;
  for (let value = 0; value < SUFFIX_ALPHABET.length; value++) table[SUFFIX_ALPHABET.charCodeAt(value)] = value;
  return table;
}

const isPrefixByte = (kind: number): boolean => kind >= FIRST_LETTER && kind <= UNDERSCORE;

export function scanTypeIdWindow(
  text: Uint8Array,
  glued: boolean,
  atEnd: boolean,
  offsets: Uint32Array,
  times: Float64Array,
  lengths: Uint8Array,
): number {
  const length = text.length;
  let count = 0;
  let p = 0;
  for (;;) {
    const suffix = nextDigitRun(CLASS, text, p);
    if (suffix > length - DIGIT_RUN) break;
    const end = suffix + DIGIT_RUN;
    if (end === length && !atEnd) break;
    if (end < length && CLASS[text[end]!] !== BORDER) {
      // The word goes on: no suffix ends here, and none can start before `end`.
      p = end;
      continue;
    }
    const start = CLASS[text[suffix]!]! <= MAX_FIRST_VALUE ? typeIdStart(text, suffix, glued) : -1;
    if (start >= 0) {
      offsets[count] = start;
      times[count] = digitRunTime(CLASS, text, suffix);
      lengths[count] = end - start;
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
function typeIdStart(text: Uint8Array, suffix: number, glued: boolean): number {
  const before = classBefore(text, suffix, glued);
  if (before === BORDER) return suffix;
  if (before !== UNDERSCORE) return -1;
  const underscore = suffix - 1;
  // Walk back over the prefix, one byte further than the longest: a longer run is no prefix.
  let start = underscore;
  while (start > 0 && underscore - start <= MAX_PREFIX && isPrefixByte(CLASS[text[start - 1]!]!)) start--;
  const prefixLength = underscore - start;
  if (prefixLength === 0 || prefixLength > MAX_PREFIX) return -1;
  if (CLASS[text[start]!] === UNDERSCORE || CLASS[text[underscore - 1]!] === UNDERSCORE) return -1;
  return classBefore(text, start, glued) === BORDER ? start : -1;
}

/** The class of the byte before `text[at]`; before the window, GLUE when `glued` (what it is does not matter). */
function classBefore(text: Uint8Array, at: number, glued: boolean): number {
  if (at > 0) return CLASS[text[at - 1]!]!;
  return glued ? GLUE : BORDER;
}
