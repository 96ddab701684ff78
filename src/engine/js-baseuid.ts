/**
 * BaseUID on the TypeScript engine: 120 bits, big-endian in 15 bytes, as 20 characters of 6 bits each.
 *
 *   bytes 0-5: time, 48 bits (ticks of 2^15 ns)       bytes 6-14: random, 72 bits
 *   chars 0-7: time                                   chars 8-19: random
 *
 * Every 3 bytes are exactly 4 chars (24 bits), so the codec works on 5 such groups.
 */
import { BASE64_DECODE, BASE64_ENCODE } from "../alphabets/base64.js";
import { incrementBytes, writeTime } from "./js-ulid-text.js";
import type { RecordCodec } from "./js-record-codec.js";

const BYTES = 15;
const RANDOM_FROM = 6;
/** 2^24: the weight of the upper 4 time chars. */
const TWO_POW_24 = 0x100_0000;

/** The 5 groups of 24 bits of the last valid `read`. */
const groups = new Int32Array(5);

function read(text: string, at: number): boolean {
  let seen = 0;
  for (let g = 0; g < 5; g++) {
    const c = at + 4 * g;
    const v0 = BASE64_DECODE[text.charCodeAt(c)]!, v1 = BASE64_DECODE[text.charCodeAt(c + 1)]!;
    const v2 = BASE64_DECODE[text.charCodeAt(c + 2)]!, v3 = BASE64_DECODE[text.charCodeAt(c + 3)]!;
    seen |= v0 | v1 | v2 | v3;
    groups[g] = (v0 << 18) | (v1 << 12) | (v2 << 6) | v3;
  }
  return seen < 64;
}

function pack(dst: Uint8Array, at: number): void {
  for (let g = 0; g < 5; g++) {
    const group = groups[g]!;
    dst[at + 3 * g] = group >>> 16;
    dst[at + 3 * g + 1] = group >>> 8;
    dst[at + 3 * g + 2] = group;
  }
}

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  for (let g = 0; g < 5; g++) {
    const b = from + 3 * g;
    const group = (src[b]! << 16) | (src[b + 1]! << 8) | src[b + 2]!;
    const c = at + 4 * g;
    dst[c] = BASE64_ENCODE[group >>> 18]!;
    dst[c + 1] = BASE64_ENCODE[(group >>> 12) & 63]!;
    dst[c + 2] = BASE64_ENCODE[(group >>> 6) & 63]!;
    dst[c + 3] = BASE64_ENCODE[group & 63]!;
  }
  return true;
}

function stamp(time: number, _param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  writeTime(time, dst, at);
  for (let i = 0; i < BYTES - RANDOM_FROM; i++) dst[at + RANDOM_FROM + i] = random[from + i]!;
}

/** Adds 1 to the 72-bit random part, with carry; all ones is an overflow. */
function advance(id: Uint8Array, at: number): boolean {
  return incrementBytes(id, at + RANDOM_FROM, at + BYTES);
}

export const codecOfBaseUid: RecordCodec = {
  read,
  pack,
  time: () => groups[0]! * TWO_POW_24 + groups[1]!,
  write,
  stamp,
  advance,
};
