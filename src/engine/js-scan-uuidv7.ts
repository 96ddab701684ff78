/**
 * The pure TypeScript UUID v7 scan kernel: the same search as assembly/scan-uuidv7.ts (see there for the rules and
 * the hyphen-to-hyphen skip), byte for byte, for runtimes without WebAssembly.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { HEX_DECODE } from "./js-uuidv7.js";

const UUID_CHARS = 36;
const HYPHEN = 0x2d;
/** Offset of a UUID's first hyphen from its start. */
const FIRST_HYPHEN = 8;
/** Positions of the other hyphens, the version digit and the variant digit. */
const HYPHENS = [13, 18, 23] as const;
const VERSION_AT = 14;
const VARIANT_AT = 19;
/** 2^32, to put the time's upper 16 bits above its lower 32 without BigInt. */
const TWO_POW_32 = 0x1_0000_0000;

/** Whether the 36 bytes at `text[p]` are a UUID v7 in either case (the caller has checked the first hyphen). */
function isUuidV7At(text: Uint8Array, p: number): boolean {
  for (const at of HYPHENS) if (text[p + at] !== HYPHEN) return false;
  if (HEX_DECODE[text[p + VERSION_AT]!] !== 7 || (HEX_DECODE[text[p + VARIANT_AT]!]! & 0xc) !== 0x8) return false;
  let seen = 0;
  for (let i = 0; i < UUID_CHARS; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue;
    seen |= HEX_DECODE[text[p + i]!]!;
  }
  return seen < 16;
}

/** Unix ms of the UUID at `text[p]`: hex digits 0-7 and 9-12, 48 bits. */
function timeAt(text: Uint8Array, p: number): number {
  let high = 0;
  for (let i = 0; i < 4; i++) high = high * 16 + HEX_DECODE[text[p + i]!]!;
  let low = 0;
  for (let i = 4; i < 8; i++) low = low * 16 + HEX_DECODE[text[p + i]!]!;
  for (let i = 9; i < 13; i++) low = low * 16 + HEX_DECODE[text[p + i]!]!;
  return high * TWO_POW_32 + low;
}

export function scanUuidV7Window(
  text: Uint8Array,
  glued: boolean,
  atEnd: boolean,
  offsets: Uint32Array,
  times: Float64Array,
): number {
  const length = text.length;
  let count = 0;
  // indexOf runs natively (SIMD in V8): text without hyphens costs one pass.
  for (let h = text.indexOf(HYPHEN, FIRST_HYPHEN); h >= 0 && h - FIRST_HYPHEN + UUID_CHARS <= length; ) {
    const p = h - FIRST_HYPHEN;
    const end = p + UUID_CHARS;
    const gluedBefore = p > 0 ? isAsciiAlphanumeric(text[p - 1]!) : glued;
    if (!gluedBefore && isUuidV7At(text, p)) {
      if (end === length && !atEnd) break;
      if (end === length || !isAsciiAlphanumeric(text[end]!)) {
        offsets[count] = p;
        times[count] = timeAt(text, p);
        count++;
        h = text.indexOf(HYPHEN, end + FIRST_HYPHEN);
        continue;
      }
    }
    h = text.indexOf(HYPHEN, h + 1);
  }
  return count;
}
