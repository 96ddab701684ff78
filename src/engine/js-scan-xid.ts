/**
 * The pure TypeScript XID scan kernel: the same search as assembly/scan-xid.ts, byte for byte, for runtimes without
 * WebAssembly. A match is a word of exactly 20 characters of lower-case base32hex (0-9a-v) whose last one is 0 or g
 * (what the codec reads), with no ASCII letter or digit directly before or after it; its time is its first 32 bits,
 * Unix seconds (the first 7 characters, 35 bits, shifted down 3).
 *
 * It is js-scan-objectid.ts's search with other constants, kept as a kernel of its own where the WebAssembly kernels
 * share one (assembly/scan-word.ts, specialised per format by the compiler): one TypeScript kernel taking the width
 * and alphabet as arguments measured 1.2x slower on both formats (1.6x with them read from a closure), as V8 no
 * longer folds the constants into the loops (20,000 log lines of both, Node 20, 2026-11-26).
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { XID_DECODE } from "../alphabets/base32hex.js";

const CHARS = 20;
/** Class of a byte that is no ASCII letter or digit: it may border a match. */
const BORDER = 0xff;
/** Class of an ASCII letter or digit outside the alphabet (upper case, w-z): it glues, never matches. */
const GLUE = 0xfe;
const MS_PER_S = 1000;

/** Byte -> its value (0-31), GLUE for the other letters, BORDER otherwise. */
const CLASS = Uint8Array.from({ length: 256 }, (_, byte) => (XID_DECODE[byte]! < 32 ? XID_DECODE[byte]! : isAsciiAlphanumeric(byte) ? GLUE : BORDER));

/** The first offset from `p` where 20 symbols start (the skip of scan-objectid.ts); past `length - 20` when none. */
function nextRun(text: Uint8Array, p: number): number {
  const last = text.length - CHARS;
  while (p <= last) {
    if (CLASS[text[p + CHARS - 1]!]! > 31) {
      p += CHARS;
      continue;
    }
    let j = p + CHARS - 2;
    while (j >= p && CLASS[text[j]!]! < 32) j--;
    if (j < p) return p;
    p = j + 1;
  }
  return p;
}

/** The first offset from `from` that is a border (or the end). */
function runEnd(text: Uint8Array, from: number): number {
  while (from < text.length && CLASS[text[from]!] !== BORDER) from++;
  return from;
}

export function scanXidWindow(text: Uint8Array, glued: boolean, atEnd: boolean, offsets: Uint32Array, times: Float64Array): number {
  const length = text.length;
  let count = 0;
  let p = glued ? runEnd(text, 0) + 1 : 0;
  for (;;) {
    p = nextRun(text, p);
    if (p > length - CHARS) break;
    const end = p + CHARS;
    if (end === length && !atEnd) break;
    const bordered = (p === 0 || CLASS[text[p - 1]!] === BORDER) && (end === length || CLASS[text[end]!] === BORDER);
    // The last character holds one bit and the four zero bits of padding: 0 or g.
    if (bordered && (CLASS[text[end - 1]!]! & 15) === 0) {
      let head = 0;
      for (let j = 0; j < 7; j++) head = head * 32 + CLASS[text[p + j]!]!;
      offsets[count] = p;
      times[count] = Math.floor(head / 8) * MS_PER_S;
      count++;
    }
    p = runEnd(text, end) + 1;
  }
  return count;
}
