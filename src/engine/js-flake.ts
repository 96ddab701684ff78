/**
 * Ulid-Flake on the TypeScript engine: 64 bits, big-endian in 8 bytes, as 13 Crockford characters.
 *
 *   bit 63: sign, 0 | bits 62-20: time, ms since the epoch (43) | bits 19-0: random (20)
 *                                         scalable layout:        | bits 19-5: random (15) | bits 4-0: sid (5)
 *
 * The 64-bit text is TSID's too (crockford-64.ts): 13 chars carry 65 bits, so char 0 holds bits 64-60 and must be
 * 0-7 here (bits 64, 63 clear), and bytes whose sign bit is set are no Ulid-Flake.
 */
import { read64, read64Pieces, store64, write64 } from "./crockford-64.js";
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

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  if (src[from]! & 0x80) return false;
  write64(src, from, dst, at);
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
  store64(dst, at, Math.floor(time / TWO_POW_20), timeLow >>> 12, (((timeLow & 0xfff) << 20) | low) >>> 0);
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
  read: (text, at) => read64(text, at, MAX_FIRST_VALUE),
  pack: (dst, at) => store64(dst, at, read64Pieces[0]!, read64Pieces[1]!, read64Pieces[2]!),
  time: () => read64Pieces[0]! * TWO_POW_20 + read64Pieces[1]! * 4096 + (read64Pieces[2]! >>> 20),
  write,
  stamp,
  advance,
};
