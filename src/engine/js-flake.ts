/**
 * Ulid-Flake on the TypeScript engine: 64 bits, big-endian in 8 bytes, as 13 Crockford characters.
 *
 *   bit 63: sign, 0 | bits 62-20: time, ms since the epoch (43) | bits 19-0: random (20)
 *                                         scalable layout:        | bits 19-5: random (15) | bits 4-0: sid (5)
 *
 * 13 chars carry 65 bits, so char 0 holds bits 64-60 and must be 0-7 (bits 64, 63 clear). Numbers hold at most
 * 32 bits in bitwise operations, so the value is handled in two pieces, cut where chars and bytes both align:
 *
 *   high = bits 63-40 (bytes 0-2) = chars 0-4      low = bits 39-0 (bytes 3-7) = chars 5-12
 *   low is split again into byte 3 (bits 39-32: char 5 and the top 3 bits of char 6) and a 32-bit word.
 */
import { DECODE_TABLE, ENCODE_TABLE } from "../alphabets/crockford.js";
import { flakeScalable } from "./specs.js";
import type { RecordCodec } from "./js-record-codec.js";

/** Largest value of char 0: bits 64 and 63 (the sign) must be clear. */
const MAX_FIRST_VALUE = 7;
/** 2^20: the weight of the time field (bits 62-20), and the size of the standalone random field. */
const TWO_POW_20 = 0x10_0000;
/** Mask of the standalone random field (20 bits), and of the scalable one (15 bits, above the 5-bit sid). */
const RANDOM_MASK = 0xf_ffff;
const SCALABLE_RANDOM_MASK = 0x7fff;
const SID_BITS = 5;

const values = new Uint8Array(13);
/** The last valid `read`: bits 63-40, bits 39-32, bits 31-0. */
let high = 0;
let byte3 = 0;
let word = 0;

function read(text: string, at: number): boolean {
  let seen = 0;
  for (let i = 0; i < 13; i++) {
    const value = DECODE_TABLE[text.charCodeAt(at + i)]!;
    values[i] = value;
    seen |= value;
  }
  if (seen > 31 || values[0]! > MAX_FIRST_VALUE) return false;
  const v = values;
  high = (v[0]! << 20) | (v[1]! << 15) | (v[2]! << 10) | (v[3]! << 5) | v[4]!;
  byte3 = (v[5]! << 3) | (v[6]! >> 2);
  word = (((v[6]! & 3) << 30) | (v[7]! << 25) | (v[8]! << 20) | (v[9]! << 15) | (v[10]! << 10) | (v[11]! << 5) | v[12]!) >>> 0;
  return true;
}

/** Writes bits 63-40, 39-32 and 31-0 as 8 big-endian bytes. */
function store(dst: Uint8Array, at: number, bits63to40: number, bits39to32: number, bits31to0: number): void {
  dst[at] = bits63to40 >>> 16;
  dst[at + 1] = bits63to40 >>> 8;
  dst[at + 2] = bits63to40;
  dst[at + 3] = bits39to32;
  dst[at + 4] = bits31to0 >>> 24;
  dst[at + 5] = bits31to0 >>> 16;
  dst[at + 6] = bits31to0 >>> 8;
  dst[at + 7] = bits31to0;
}

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  const b0 = src[from]!;
  if (b0 & 0x80) return false;
  const h = (b0 << 16) | (src[from + 1]! << 8) | src[from + 2]!;
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
  return true;
}

/** Bits 19-0 of a new ID: 20 random bits, or 15 random bits above the sid. */
function freshLow(param: number, random: Uint8Array, from: number): number {
  if (flakeScalable(param)) {
    return ((((random[from]! << 8) | random[from + 1]!) & SCALABLE_RANDOM_MASK) << SID_BITS) | (param & 31);
  }
  return ((random[from]! << 16) | (random[from + 1]! << 8) | random[from + 2]!) & RANDOM_MASK;
}

function stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  // time < 2^43: bits 62-40 are time >> 20, bits 39-20 its low 20 bits.
  const timeLow = time % TWO_POW_20;
  const low = freshLow(param, random, from);
  store(dst, at, Math.floor(time / TWO_POW_20), timeLow >>> 12, (((timeLow & 0xfff) << 20) | low) >>> 0);
}

/**
 * Adds the `entropySize` random bytes (big-endian) to the random field: a step of 1..2^(8n)-1, never zero. The
 * reference draws again on a zero draw; here a zero draw steps by 1, so every ID takes exactly `entropySize` bytes
 * on both engines (and from a caller's `random`), at the cost of 1 being twice as likely as any other step.
 */
function advance(id: Uint8Array, at: number, param: number, random: Uint8Array, from: number): boolean {
  let drawn = 0;
  for (let i = 0; i < param >> 6; i++) drawn = drawn * 256 + random[from + i]!;
  const increment = drawn === 0 ? 1 : drawn;
  const low = ((id[at + 5]! & 0x0f) << 16) | (id[at + 6]! << 8) | id[at + 7]!;
  const scalable = flakeScalable(param);
  const field = (scalable ? low >>> SID_BITS : low) + increment;
  if (field > (scalable ? SCALABLE_RANDOM_MASK : RANDOM_MASK)) return false;
  const next = scalable ? (field << SID_BITS) | (low & 31) : field;
  id[at + 5] = (id[at + 5]! & 0xf0) | (next >>> 16);
  id[at + 6] = next >>> 8;
  id[at + 7] = next;
  return true;
}

export const codecOfFlake: RecordCodec = {
  read,
  pack: (dst, at) => store(dst, at, high, byte3, word),
  time: () => high * TWO_POW_20 + byte3 * 4096 + (word >>> 20),
  write,
  stamp,
  advance,
};
