/**
 * The pure TypeScript ULID scan kernel: the same search as assembly/scan-ulid.ts (see there for the skip), byte for byte,
 * for runtimes without WebAssembly. The skip (`nextDigitRun`) and the time read take a class table, so the TypeID
 * kernel (js-scan-typeid.ts), whose suffix is the same 26 digits in lower case only, runs them over its own.
 */
import { ALPHABET, isAsciiAlphanumeric } from "../alphabets/crockford.js";

/** Characters of a ULID, and of a TypeID's suffix. */
export const DIGIT_RUN = 26;

/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER = 0xff;
/** Class of an ASCII letter or digit outside the canonical alphabet (I L O U, either case). */
const GLUE = 0xfe;
/** Largest value of a token's first character: a larger one overflows 128 bits. */
export const MAX_FIRST_VALUE = 7;
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

/**
 * The first offset from `p` where DIGIT_RUN bytes of digits (a class below 32 in `classes`) start, as the skip of
 * assembly/scan-ulid.ts finds it, given that no such run starts before `p` that the caller still wants; an offset
 * past `text.length - DIGIT_RUN` when there is none. The byte before the offset found is no digit, or is at `p`.
 */
export function nextDigitRun(classes: Uint8Array, text: Uint8Array, p: number): number {
  const last = text.length - DIGIT_RUN;
  while (p <= last) {
    if (classes[text[p + DIGIT_RUN - 1]!]! > 31) {
      p += DIGIT_RUN;
      continue;
    }
    let j = p + DIGIT_RUN - 2;
    while (j >= p && classes[text[j]!]! < 32) j--;
    if (j < p) return p;
    p = j + 1;
  }
  return p;
}

/** Unix ms of the digits at `p`: the first 10 as base 32, in two 25-bit halves (at most 48 bits when the first is 0-7). */
export function digitRunTime(classes: Uint8Array, text: Uint8Array, p: number): number {
  let high = 0;
  let low = 0;
  for (let j = 0; j < 5; j++) high = high * 32 + classes[text[p + j]!]!;
  for (let j = 5; j < 10; j++) low = low * 32 + classes[text[p + j]!]!;
  return high * TWO_POW_25 + low;
}

export function scanUlidWindow(
  text: Uint8Array,
  glued: boolean,
  atEnd: boolean,
  offsets: Uint32Array,
  times: Float64Array,
): number {
  const length = text.length;
  let count = 0;
  let p = glued ? runEnd(text, 0) + 1 : 0;
  for (;;) {
    p = nextDigitRun(CLASS, text, p);
    if (p > length - DIGIT_RUN) break;
    const end = p + DIGIT_RUN;
    if (end === length && !atEnd) break;
    const bordered = (p === 0 || CLASS[text[p - 1]!] === BORDER) && (end === length || CLASS[text[end]!] === BORDER);
    if (bordered && CLASS[text[p]!]! <= MAX_FIRST_VALUE) {
      offsets[count] = p;
      times[count] = digitRunTime(CLASS, text, p);
      count++;
    }
    p = runEnd(text, end) + 1;
  }
  return count;
}

/** The first offset from `from` that is a border (or the end): where a run of letters and digits ends. */
function runEnd(text: Uint8Array, from: number): number {
  while (from < text.length && CLASS[text[from]!] !== BORDER) from++;
  return from;
}
