/**
 * MongoDB ObjectId on the TypeScript engine: 12 bytes as 24 hex digits, most significant first (lower case out,
 * either case in).
 *
 *   bytes 0-3: time, u32 Unix seconds | bytes 4-8: random value (5 bytes) | bytes 9-11: counter, u24
 *
 * Any 12 bytes are an ObjectId. A generator keeps bytes 4-8 for its whole life and counts bytes 9-11 up by one per
 * ID; only a later second may wrap the counter from 0xFFFFFF to 0 (`renew`), within one second 0xFFFFFF is the last.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { HEX_DECODE } from "./js-uuidv7.js";
import { incrementBytes } from "./js-ulid-text.js";
import type { RecordCodec } from "./js-record-codec.js";
import { scanObjectIdWindow } from "./js-scan-objectid.js";
import type { FormatSpec } from "./specs.js";

const BYTES = 12;
const COUNTER_FROM = 9;
/** Random bytes a stamp takes: bytes 4-11 (the random value and the counter). */
export const OBJECTID_STAMP_RANDOM = 8;
/**
 * Generation parameter: bit 0 set for a generator's first ID, whose counter start has its top bit cleared (at least
 * 2^23 IDs before it wraps); `generate` draws the counter in full.
 */
export const OBJECTID_GENERATOR = 1;

const HEX_CODES = Uint8Array.from("0123456789abcdef", (char) => char.charCodeAt(0));

/** The 12 bytes of the last valid `read`. */
const last = new Uint8Array(BYTES);

/** Reads 24 hex digits at `text[at]`, either case; false for any other character. */
function read(text: string, at: number): boolean {
  let seen = 0;
  for (let i = 0; i < BYTES; i++) {
    const high = HEX_DECODE[text.charCodeAt(at + 2 * i)]!;
    const low = HEX_DECODE[text.charCodeAt(at + 2 * i + 1)]!;
    seen |= high | low;
    last[i] = (high << 4) | low;
  }
  // A character that is no digit is 0xFF in the table; every digit is below 16.
  return seen < 16;
}

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  for (let i = 0; i < BYTES; i++) {
    const byte = src[from + i]!;
    dst[at + 2 * i] = HEX_CODES[byte >>> 4]!;
    dst[at + 2 * i + 1] = HEX_CODES[byte & 15]!;
  }
  return true;
}

/** Writes the u32 `seconds` big-endian at `dst[at]`. */
export function storeSeconds(seconds: number, dst: Uint8Array, at: number): void {
  dst[at] = seconds >>> 24;
  dst[at + 1] = seconds >>> 16;
  dst[at + 2] = seconds >>> 8;
  dst[at + 3] = seconds;
}

/** The u32 big-endian at `src[at]`. */
export function loadSeconds(src: Uint8Array, at: number): number {
  return ((src[at]! << 24) | (src[at + 1]! << 16) | (src[at + 2]! << 8) | src[at + 3]!) >>> 0;
}

/** A fresh ObjectId of second `time`: bytes 4-11 from `random[from]` (8 bytes). */
function stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  storeSeconds(time, dst, at);
  for (let i = 0; i < OBJECTID_STAMP_RANDOM; i++) dst[at + 4 + i] = random[from + i]!;
  if ((param & OBJECTID_GENERATOR) !== 0) dst[at + COUNTER_FROM] &= 0x7f;
}

/** The counter + 1 within the same second; false, changing nothing, at 0xFFFFFF. */
function advance(id: Uint8Array, at: number): boolean {
  return incrementBytes(id, at + COUNTER_FROM, at + BYTES);
}

/**
 * A generator's ID for a later second `time`: the last ID with the new time and its counter + 1, wrapping from
 * 0xFFFFFF to 0 (the specification's wrap); bytes 4-8 kept. Shared with XID, whose bytes 4-8 are machine and pid.
 */
export function renewCounter(id: Uint8Array, at: number, time: number): void {
  storeSeconds(time, id, at);
  if (!incrementBytes(id, at + COUNTER_FROM, at + BYTES)) id.fill(0, at + COUNTER_FROM, at + BYTES);
}

export const codecOfObjectId: RecordCodec & { renew: typeof renewCounter } = {
  read,
  pack: (dst, at) => dst.set(last, at),
  time: () => loadSeconds(last, 0),
  write,
  stamp,
  advance,
  renew: renewCounter,
};

/** ObjectId as the engines see it (listed in specs.ts): 12 bytes, 24 hex digits. */
export const OBJECTID: FormatSpec = {
  name: "objectid",
  label: "ObjectId",
  wasmId: 6,
  bytes: BYTES,
  chars: 24,
  // The time field is a u32 of Unix seconds.
  maxTime: 2 ** 32 - 1,
  // bytes 0-3 time | bytes 4-8 random value | bytes 9-11 counter
  freeBits: Uint8Array.of(0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  stampRandom: () => OBJECTID_STAMP_RANDOM,
  // Within a second the counter counts up by one: nothing to draw.
  advanceRandom: () => 0,
  // Hex, read in either case; written in lower case already.
  caseInsensitive: true,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte),
  // A word of exactly 24 hex digits, not glued to an ASCII letter or digit.
  scan: {
    kernel: scanObjectIdWindow,
    maxBytes: 24,
    varies: false,
    glues: isAsciiAlphanumeric,
    letters: "lower",
    digits: { values: HEX_DECODE, bits: 4 },
  },
};
