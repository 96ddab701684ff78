/**
 * UUID version 7 (RFC 9562) on the TypeScript engine: 16 bytes as 36 characters of 8-4-4-4-12 hex.
 *
 *   bytes 0-5   unix_ts_ms, 48 bits
 *   byte 6      0111 (version 7) | counter bits 41-38      \
 *   byte 7      counter bits 37-30                          |  rand_a (12 bits) and the top 30 bits of rand_b:
 *   byte 8      10 (RFC variant) | counter bits 29-24       |  the 42-bit counter of RFC 9562 section 6.2,
 *   bytes 9-11  counter bits 23-0                          /   method 1
 *   bytes 12-15 random, 32 bits, drawn afresh for every ID
 *
 * The counter's top bit is 0 in every ID made here (the RFC's guard against rollover): a monotonic run can count
 * at least 2^41 IDs within one millisecond. Text is lower case out, either case in; the version and variant are
 * checked (char 14 is `7`, char 19 is one of `89ab`).
 */
import { readTime, writeTime } from "./js-ulid-text.js";
import type { RecordCodec } from "./js-record-codec.js";

/** Position of the first hex char of each byte in the text. */
const CHAR_OF_BYTE = Uint8Array.of(0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34);
const HYPHEN = 0x2d;
const HEX_CODES = Uint8Array.from("0123456789abcdef", (char) => char.charCodeAt(0));
/** Hex value (0-15) of every UTF-16 code unit, either case; 0xFF for anything else. */
export const HEX_DECODE = new Uint8Array(0x10000).fill(0xff);
for (let value = 0; value < 16; value++) {
  HEX_DECODE[HEX_CODES[value]!] = value;
  HEX_DECODE[String.fromCharCode(HEX_CODES[value]!).toUpperCase().charCodeAt(0)] = value;
}
/** The version nibble (high half of byte 6) and the variant's two bits (top of byte 8). */
const VERSION = 7;
const VARIANT = 2;
/** The counter as a high part of 18 bits (bytes 6-8 without the version and variant) and a low one of 24 bits. */
const TWO_POW_18 = 0x4_0000;
const TWO_POW_24 = 0x100_0000;

/** The 16 bytes of the last valid `read`. */
const last = new Uint8Array(16);

function read(text: string, at: number): boolean {
  if (
    text.charCodeAt(at + 8) !== HYPHEN ||
    text.charCodeAt(at + 13) !== HYPHEN ||
    text.charCodeAt(at + 18) !== HYPHEN ||
    text.charCodeAt(at + 23) !== HYPHEN
  ) {
    return false;
  }
  let seen = 0;
  for (let i = 0; i < 16; i++) {
    const c = at + CHAR_OF_BYTE[i]!;
    const high = HEX_DECODE[text.charCodeAt(c)]!;
    const low = HEX_DECODE[text.charCodeAt(c + 1)]!;
    seen |= high | low;
    last[i] = (high << 4) | low;
  }
  return seen < 16 && hasVersionAndVariant(last, 0);
}

function hasVersionAndVariant(bytes: Uint8Array, at: number): boolean {
  return bytes[at + 6]! >>> 4 === VERSION && bytes[at + 8]! >>> 6 === VARIANT;
}

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  if (!hasVersionAndVariant(src, from)) return false;
  for (let i = 0; i < 16; i++) {
    const byte = src[from + i]!;
    dst[at + CHAR_OF_BYTE[i]!] = HEX_CODES[byte >>> 4]!;
    dst[at + CHAR_OF_BYTE[i]! + 1] = HEX_CODES[byte & 15]!;
  }
  dst[at + 8] = dst[at + 13] = dst[at + 18] = dst[at + 23] = HYPHEN;
  return true;
}

function stamp(time: number, _param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  writeTime(time, dst, at);
  for (let i = 1; i < 10; i++) dst[at + 6 + i] = random[from + i]!;
  dst[at + 6] = (VERSION << 4) | (random[from]! & 0x07); // counter bit 41 (the guard) clear
  dst[at + 8] = (VARIANT << 6) | (random[from + 2]! & 0x3f);
}

/** Counter + 1 and 4 fresh random bytes; the counter all ones is an overflow. */
function advance(id: Uint8Array, at: number, _param: number, random: Uint8Array, from: number): boolean {
  let high = ((id[at + 6]! & 0x0f) << 14) | (id[at + 7]! << 6) | (id[at + 8]! & 0x3f);
  let low = ((id[at + 9]! << 16) | (id[at + 10]! << 8) | id[at + 11]!) + 1;
  if (low === TWO_POW_24) {
    if (high === TWO_POW_18 - 1) return false;
    high++;
    low = 0;
  }
  id[at + 6] = (VERSION << 4) | (high >>> 14);
  id[at + 7] = high >>> 6;
  id[at + 8] = (VARIANT << 6) | (high & 0x3f);
  id[at + 9] = low >>> 16;
  id[at + 10] = low >>> 8;
  id[at + 11] = low;
  for (let i = 0; i < 4; i++) id[at + 12 + i] = random[from + i]!;
  return true;
}

export const codecOfUuidV7: RecordCodec = {
  read,
  pack: (dst, at) => dst.set(last, at),
  time: () => readTime(last, 0),
  write,
  stamp,
  advance,
};
