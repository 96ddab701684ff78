/**
 * The pure TypeScript ULID scan kernel: the same search as assembly/scan-ulid.ts (see there for the skip), byte for byte,
 * for runtimes without WebAssembly.
 */
import { ALPHABET, isAsciiAlphanumeric } from "../crockford.js";
import { ULID } from "./specs.js";

const ULID_CHARS = ULID.chars;

/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER = 0xff;
/** Class of an ASCII letter or digit outside the canonical alphabet (I L O U, either case). */
const GLUE = 0xfe;
/** Largest value of a token's first character: a larger one overflows 128 bits. */
const MAX_FIRST_VALUE = 7;
/** 2^25: the weight of the upper 5 time characters (the time is read in two halves to stay exact). */
const TWO_POW_25 = 0x200_0000;

/** Byte -> the value (0-31) of a canonical character in either case, GLUE for other letters, BORDER otherwise. */
const CLASS = buildClassTable();

function buildClassTable(): Uint8Array {
  const table = new Uint8Array(256);
  for (let byte = 0; byte < 256; byte++) table[byte] = isAsciiAlphanumeric(byte) ? GLUE : BORDER;
  for (let value = 0; value < ALPHABET.length; value++) {
    table[ALPHABET.charCodeAt(value)] = value;
    table[ALPHABET.toLowerCase().charCodeAt(value)] = value;
  }
  return table;
}

export function scanUlidWindow(
  text: Uint8Array,
  afterAlnum: boolean,
  atEnd: boolean,
  offsets: Uint32Array,
  times: Float64Array,
): number {
  const length = text.length;
  let count = 0;
  let p = afterAlnum ? runEnd(text, 0) + 1 : 0;
  while (p <= length - ULID_CHARS) {
    if (CLASS[text[p + ULID_CHARS - 1]] > 31) {
      p += ULID_CHARS;
      continue;
    }
    let j = p + ULID_CHARS - 2;
    while (j >= p && CLASS[text[j]] < 32) j--;
    if (j >= p) {
      p = j + 1;
      continue;
    }
    const end = p + ULID_CHARS;
    if (end === length && !atEnd) break;
    const bordered =
      (p === 0 || CLASS[text[p - 1]] === BORDER) && (end === length || CLASS[text[end]] === BORDER);
    if (bordered && CLASS[text[p]] <= MAX_FIRST_VALUE) {
      offsets[count] = p;
      times[count] = timeAt(text, p);
      count++;
    }
    p = runEnd(text, end) + 1;
  }
  return count;
}

/** The first offset from `from` that is a border (or the end): where a run of letters and digits ends. */
function runEnd(text: Uint8Array, from: number): number {
  while (from < text.length && CLASS[text[from]] !== BORDER) from++;
  return from;
}

/** Unix ms of the canonical token at `p`: its first 10 characters as base 32, in two 25-bit halves. */
function timeAt(text: Uint8Array, p: number): number {
  let high = 0;
  let low = 0;
  for (let j = 0; j < 5; j++) high = high * 32 + CLASS[text[p + j]];
  for (let j = 5; j < 10; j++) low = low * 32 + CLASS[text[p + j]];
  return high * TWO_POW_25 + low;
}
