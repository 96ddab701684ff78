/**
 * The binary ID of a match found in bytes, read straight from the window that holds it (columnar scan results:
 * no string per match). The scanner has already checked every character, so these readers only pack.
 *
 * ULID, and a TypeID's suffix (its last 26 bytes), 26 Crockford characters -> 16 bytes, big-endian:
 *   byte 0 = char 0 (3 bits) + char 1 (5 bits); then every 5 bytes are 8 chars (40 bits), from chars 2, 10, 18.
 * UUID v7, 8-4-4-4-12 hex digits -> 16 bytes: byte i from the two hex digits at CHAR_OF_BYTE[i].
 * Any other format, from its digits as its scan shape describes them (`packDigitText`): an ObjectId's 24 hex digits,
 * an XID's 20 base32hex digits (96 bits and 4 of padding).
 */
import { DECODE_TABLE } from "../alphabets/crockford.js";
import type { FormatSpec } from "../engine/specs.js";
import { HEX_DECODE } from "../engine/js-uuidv7.js";
import { scanShape } from "../engine/scan-shape.js";

/** Packs the match of `length` bytes at `src[at]` as its binary ID at `dst[to]`. */
export type MatchPacker = (src: Uint8Array, at: number, length: number, dst: Uint8Array, to: number) => void;

/**
 * How a match of scannable `format` packs: by the tuned readers where its digits are theirs (26 Crockford digits: a
 * ULID, a TypeID's suffix; a UUID's 36 characters), else by its digits one by one.
 */
export function matchPacker(format: FormatSpec): MatchPacker {
  const { values, bits, padBits = 0 } = scanShape(format).digits;
  const { chars, bytes } = format;
  if (values === DECODE_TABLE && chars === DIGIT_RUN) {
    const pairs = pairValues();
    return (src, at, length, dst, to) => packDigitRun(pairs, src, at + length - DIGIT_RUN, dst, to);
  }
  if (values === HEX_DECODE && chars === UUID_CHARS) return (src, at, _length, dst, to) => packUuid(src, at, dst, to);
  // Bits the digits carry above the ID's (zero, as a ULID's top 2) are dropped as they come; the padding at the end
  // is never written.
  const lead = chars * bits - 8 * bytes - padBits;
  return (src, at, length, dst, to) => {
    let acc = 0;
    let held = -lead;
    let o = to;
    for (let i = at + length - chars; i < at + length; i++) {
      const value = values[src[i]!]!;
      if (value === 0xff) continue;
      acc = ((acc << bits) | value) & 0xffff;
      held += bits;
      if (held >= 8) {
        held -= 8;
        dst[o++] = acc >>> held;
      }
    }
  };
}

/** The characters a ULID takes, and the suffix of a TypeID; a UUID's, with its hyphens. */
const DIGIT_RUN = 26;
const UUID_CHARS = 36;

/** Position of the first hex digit of each byte in a UUID's text. */
const CHAR_OF_BYTE = Uint8Array.of(0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34);

/**
 * Two ASCII characters (the first's code shifted up by 7, plus the second's) -> their 10 bits, the first
 * character's value above the second's: 13 lookups read 26 characters. Made on the first columnar scan that needs
 * it, not at import: its 16,384 entries take 1.5-4 ms to fill in a cold process, a fifth of what importing the
 * library costs an app that never scans (bench/import.mjs).
 */
let pairValueTable: Uint16Array | undefined;

function pairValues(): Uint16Array {
  if (pairValueTable !== undefined) return pairValueTable;
  const table = new Uint16Array(1 << 14);
  for (let first = 0; first < 128; first++) {
    for (let second = 0; second < 128; second++) {
      table[(first << 7) | second] = ((DECODE_TABLE[first]! & 31) << 5) | (DECODE_TABLE[second]! & 31);
    }
  }
  return (pairValueTable = table);
}

/**
 * 26 Crockford characters in either case at `src[at]` (checked by the scanner: ASCII, char 0 at most 7) as 16 bytes
 * at `dst[to]`, read a pair at a time through `P` (`pairValues`): the first pair is byte 0 (3 + 5 bits), then every
 * 4 pairs (40 bits) are 5 bytes.
 */
function packDigitRun(P: Uint16Array, src: Uint8Array, at: number, dst: Uint8Array, to: number): void {
  dst[to] = P[(src[at]! << 7) | src[at + 1]!]!;
  for (let group = 0; group < 3; group++) {
    const c = at + 2 + 8 * group;
    const o = to + 1 + 5 * group;
    const a = P[(src[c]! << 7) | src[c + 1]!]!;
    const b = P[(src[c + 2]! << 7) | src[c + 3]!]!;
    const d = P[(src[c + 4]! << 7) | src[c + 5]!]!;
    const e = P[(src[c + 6]! << 7) | src[c + 7]!]!;
    dst[o] = a >> 2;
    dst[o + 1] = (a << 6) | (b >> 4);
    dst[o + 2] = (b << 4) | (d >> 6);
    dst[o + 3] = (d << 2) | (e >> 8);
    dst[o + 4] = e;
  }
}

/** The 8-4-4-4-12 hex digits of a UUID in either case at `src[at]` (checked by the scanner) as 16 bytes at `dst[to]`. */
export function packUuid(src: Uint8Array, at: number, dst: Uint8Array, to: number): void {
  for (let i = 0; i < 16; i++) {
    const c = at + CHAR_OF_BYTE[i]!;
    dst[to + i] = (HEX_DECODE[src[c]!]! << 4) | HEX_DECODE[src[c + 1]!]!;
  }
}
