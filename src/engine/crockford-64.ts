/**
 * 64-bit values as 13 Crockford characters, most significant first, big-endian in 8 bytes: the text of TSID and
 * Ulid-Flake. 13 chars carry 65 bits, so char 0 holds bits 64-60 and the caller bounds it. Numbers hold at most 32
 * bits in bitwise operations, so the value is handled in pieces cut where chars and bytes both align:
 *
 *   high = bits 63-40 (bytes 0-2) = chars 0-4      byte3 = bits 39-32      word = bits 31-0
 *   (byte3 is char 5 and the top 3 bits of char 6; word the low 2 bits of char 6 and chars 7-12)
 */
import { DECODE_TABLE, ENCODE_TABLE } from "../alphabets/crockford.js";

/** The pieces of the last valid `read64`: [high, byte3, word]. */
export const read64Pieces = new Uint32Array(3);
const values = new Uint8Array(13);

/** Reads 13 chars at `text[at]`; true when each is a symbol (or alias) and char 0's value is at most `maxFirst`. */
export function read64(text: string, at: number, maxFirst: number): boolean {
  let seen = 0;
  for (let i = 0; i < 13; i++) {
    const value = DECODE_TABLE[text.charCodeAt(at + i)]!;
    values[i] = value;
    seen |= value;
  }
  if (seen > 31 || values[0]! > maxFirst) return false;
  const v = values;
  read64Pieces[0] = (v[0]! << 20) | (v[1]! << 15) | (v[2]! << 10) | (v[3]! << 5) | v[4]!;
  read64Pieces[1] = (v[5]! << 3) | (v[6]! >> 2);
  read64Pieces[2] = ((v[6]! & 3) << 30) | (v[7]! << 25) | (v[8]! << 20) | (v[9]! << 15) | (v[10]! << 10) | (v[11]! << 5) | v[12]!;
  return true;
}

/** Writes bits 63-40, 39-32 and 31-0 as 8 big-endian bytes. */
export function store64(dst: Uint8Array, at: number, bits63to40: number, bits39to32: number, bits31to0: number): void {
  dst[at] = bits63to40 >>> 16;
  dst[at + 1] = bits63to40 >>> 8;
  dst[at + 2] = bits63to40;
  dst[at + 3] = bits39to32;
  dst[at + 4] = bits31to0 >>> 24;
  dst[at + 5] = bits31to0 >>> 16;
  dst[at + 6] = bits31to0 >>> 8;
  dst[at + 7] = bits31to0;
}

/** The 8 bytes at `src[from]` as 13 upper-case chars at `dst[at]`. */
export function write64(src: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  const h = (src[from]! << 16) | (src[from + 1]! << 8) | src[from + 2]!;
  const b3 = src[from + 3]!;
  const w = ((src[from + 4]! << 24) | (src[from + 5]! << 16) | (src[from + 6]! << 8) | src[from + 7]!) >>> 0;
  const e = ENCODE_TABLE;
  dst[at] = e[h >>> 20]!;
  dst[at + 1] = e[(h >>> 15) & 31]!;
  dst[at + 2] = e[(h >>> 10) & 31]!;
  dst[at + 3] = e[(h >>> 5) & 31]!;
  dst[at + 4] = e[h & 31]!;
  dst[at + 5] = e[b3 >>> 3]!;
  dst[at + 6] = e[((b3 & 7) << 2) | (w >>> 30)]!;
  dst[at + 7] = e[(w >>> 25) & 31]!;
  dst[at + 8] = e[(w >>> 20) & 31]!;
  dst[at + 9] = e[(w >>> 15) & 31]!;
  dst[at + 10] = e[(w >>> 10) & 31]!;
  dst[at + 11] = e[(w >>> 5) & 31]!;
  dst[at + 12] = e[w & 31]!;
}
