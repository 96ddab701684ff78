/**
 * The binary ID of a match found in bytes, read straight from the window that holds it (columnar scan results:
 * no string per match). The scanner has already checked every character, so these readers only pack.
 *
 * ULID, and a TypeID's suffix (its last 26 bytes), 26 Crockford characters -> 16 bytes, big-endian:
 *   byte 0 = char 0 (3 bits) + char 1 (5 bits); then every 5 bytes are 8 chars (40 bits), from chars 2, 10, 18.
 * UUID v7, 8-4-4-4-12 hex digits -> 16 bytes: byte i from the two hex digits at CHAR_OF_BYTE[i].
 */
import { DECODE_TABLE } from "../alphabets/crockford.js";
import { HEX_DECODE } from "../engine/js-uuidv7.js";

/** Position of the first hex digit of each byte in a UUID's text. */
const CHAR_OF_BYTE = Uint8Array.of(0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34);

/**
 * Two ASCII characters (the first's code shifted up by 7, plus the second's) -> their 10 bits, the first
 * character's value above the second's: 13 lookups read 26 characters.
 */
const PAIR_VALUE = (() => {
  const table = new Uint16Array(1 << 14);
  for (let first = 0; first < 128; first++) {
    for (let second = 0; second < 128; second++) {
      table[(first << 7) | second] = ((DECODE_TABLE[first]! & 31) << 5) | (DECODE_TABLE[second]! & 31);
    }
  }
  return table;
})();

/**
 * 26 Crockford characters in either case at `src[at]` (checked by the scanner: ASCII, char 0 at most 7) as 16 bytes
 * at `dst[to]`: the first pair is byte 0 (3 + 5 bits), then every 4 pairs (40 bits) are 5 bytes.
 */
export function packDigitRun(src: Uint8Array, at: number, dst: Uint8Array, to: number): void {
  const P = PAIR_VALUE;
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
