/**
 * The pure TypeScript ObjectId scan kernel: the same search as assembly/scan-objectid.ts, byte for byte, for runtimes
 * without WebAssembly. A match is a word of exactly 24 hex digits in either case (every such word is an ObjectId),
 * with no ASCII letter or digit directly before or after it; its time is its first 8 digits, Unix seconds.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { HEX_DECODE } from "./js-uuidv7.js";

const CHARS = 24;
/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER = 0xff;
/** Class of an ASCII letter that is no hex digit: it glues, never matches. */
const GLUE = 0xfe;
const MS_PER_S = 1000;

/** Byte -> its hex value (0-15) in either case, GLUE for the other letters, BORDER otherwise. */
const CLASS = Uint8Array.from({ length: 256 }, (_, byte) => (HEX_DECODE[byte]! < 16 ? HEX_DECODE[byte]! : isAsciiAlphanumeric(byte) ? GLUE : BORDER));

/**
 * The first offset from `p` where 24 hex digits start, as the skip of assembly/scan-objectid.ts finds it: it probes
 * the last byte of a run starting at `p`, moves 24 on when that is no digit, else back to the first non-digit before
 * it. An offset past `text.length - 24` when there is none.
 */
function nextHexRun(text: Uint8Array, p: number): number {
  const last = text.length - CHARS;
  while (p <= last) {
    if (CLASS[text[p + CHARS - 1]!]! > 15) {
      p += CHARS;
      continue;
    }
    let j = p + CHARS - 2;
    while (j >= p && CLASS[text[j]!]! < 16) j--;
    if (j < p) return p;
    p = j + 1;
  }
  return p;
}

/** The first offset from `from` that is a border (or the end): where a run of letters and digits ends. */
function runEnd(text: Uint8Array, from: number): number {
  while (from < text.length && CLASS[text[from]!] !== BORDER) from++;
  return from;
}

export function scanObjectIdWindow(
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
    p = nextHexRun(text, p);
    if (p > length - CHARS) break;
    const end = p + CHARS;
    if (end === length && !atEnd) break;
    if ((p === 0 || CLASS[text[p - 1]!] === BORDER) && (end === length || CLASS[text[end]!] === BORDER)) {
      let seconds = 0;
      for (let j = 0; j < 8; j++) seconds = seconds * 16 + CLASS[text[p + j]!]!;
      offsets[count] = p;
      times[count] = seconds * MS_PER_S;
      count++;
    }
    p = runEnd(text, end) + 1;
  }
  return count;
}
