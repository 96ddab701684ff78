/**
 * TSID on the TypeScript engine: 64 bits, big-endian in 8 bytes, as 13 Crockford characters (upper case out; lower
 * case and the aliases I, L -> 1 and O -> 0 in, as ULID reads them), through crockford-64.ts.
 *
 *   bits 63-22: time, ms since the epoch (42) | bits 21-0: node (nodeBits bits), then counter (22 - nodeBits bits)
 *
 * Char 0 holds bits 64-60, so it must be 0-F (bit 64 clear); any 8 bytes are a TSID.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { read64, read64Pieces, store64, write64 } from "./crockford-64.js";
import type { RecordCodec } from "./js-record-codec.js";
import type { FormatSpec } from "./specs.js";

/** Largest value of char 0: bit 64 must be clear. */
const MAX_FIRST_VALUE = 15;
/** The node and counter: 22 bits. */
const LOW_BITS = 22;
const LOW_MASK = 0x3f_ffff;
/** 2^18: the time field's weight in bits 63-40 (it starts at bit 22). */
const TWO_POW_18 = 0x4_0000;

/**
 * Generation parameter: bits 0-19 node (used when given), bits 20-24 nodeBits (0-20), bit 25 node given, bit 26 a
 * generator's new millisecond (its counter start has its top bit cleared).
 */
export const TSID_NODE_GIVEN = 1 << 25;
export const TSID_GENERATOR = 1 << 26;

/** The parameter for `nodeBits` and `node` (undefined: drawn), for a generator or for `generate`. */
export function tsidParam(nodeBits: number, node: number | undefined, generator: boolean): number {
  return (node ?? 0) | (nodeBits << 20) | (node === undefined ? 0 : TSID_NODE_GIVEN) | (generator ? TSID_GENERATOR : 0);
}

/** Random bytes a stamp takes: 3, for the 22 bits of node and counter (the node's part unused when it is given). */
export const TSID_STAMP_RANDOM = 3;

/** The counter's width for a parameter: 22 - nodeBits. */
const counterBits = (param: number): number => LOW_BITS - ((param >>> 20) & 31);

/**
 * A fresh TSID of time field `time` (< 2^42): the node (given, or drawn) and the counter drawn from the 3 bytes at
 * `random[from]`; a generator's counter start has its top bit cleared.
 */
function stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  const counter = counterBits(param);
  const counterMask = (1 << counter) - 1;
  const drawn = ((random[from]! << 16) | (random[from + 1]! << 8) | random[from + 2]!) & LOW_MASK;
  const node = param & TSID_NODE_GIVEN ? (param & 0xf_ffff) << counter : drawn & ~counterMask & LOW_MASK;
  const count = drawn & (param & TSID_GENERATOR ? counterMask >>> 1 : counterMask);
  // bits 63-40: time >> 18 | bits 39-32: the time's bits 17-10 | bits 31-22: its bits 9-0 | bits 21-0: node, counter
  const timeLow = time % TWO_POW_18;
  store64(dst, at, Math.floor(time / TWO_POW_18), timeLow >>> 10, (((timeLow & 0x3ff) << LOW_BITS) | node | count) >>> 0);
}

/** The counter + 1 within the same millisecond; false, changing nothing, when it is all ones. */
function advance(id: Uint8Array, at: number, param: number): boolean {
  const counterMask = (1 << counterBits(param)) - 1;
  const low = ((id[at + 5]! & 0x3f) << 16) | (id[at + 6]! << 8) | id[at + 7]!;
  if ((low & counterMask) === counterMask) return false;
  const next = low + 1;
  id[at + 5] = (id[at + 5]! & 0xc0) | (next >>> 16);
  id[at + 6] = next >>> 8;
  id[at + 7] = next;
  return true;
}

export const codecOfTsid: RecordCodec = {
  read: (text, at) => read64(text, at, MAX_FIRST_VALUE),
  pack: (dst, at) => store64(dst, at, read64Pieces[0]!, read64Pieces[1]!, read64Pieces[2]!),
  time: () => read64Pieces[0]! * TWO_POW_18 + read64Pieces[1]! * 1024 + (read64Pieces[2]! >>> LOW_BITS),
  write(src, from, dst, at) {
    write64(src, from, dst, at);
    // Every 64 bits are a TSID.
    return true;
  },
  stamp,
  advance,
};

/** TSID as the engines see it (listed in specs.ts): 8 bytes, 13 Crockford characters. Not scanned (bench/results/false-matches.md). */
export const TSID: FormatSpec = {
  name: "tsid",
  label: "TSID",
  looksLike: "a TSID (13 characters of letters and digits)",
  wasmId: 8,
  bytes: 8,
  chars: 13,
  // The time field is 42 bits of ms since the epoch.
  maxTime: 2 ** 42 - 1,
  // bits 63-22 time | bits 21-0 node and counter (the low 6 bits of byte 5, bytes 6-7)
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0x3f, 0xff, 0xff),
  stampRandom: () => TSID_STAMP_RANDOM,
  // Within a millisecond the counter counts up by one: nothing to draw.
  advanceRandom: () => 0,
  // Crockford base32: read in either case (and the aliases), written in upper case.
  caseInsensitive: true,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte),
};
