/**
 * Snowflake on the TypeScript engine: a 63-bit value, big-endian in 8 bytes (bit 63 zero), as its decimal text:
 * 1 to 19 digits, no sign, no leading zero ("0" alone is zero).
 *
 *   bit 63: 0 | bits 62-22: time, ms since the epoch (41) | bits 21-12: worker (10) | bits 11-0: sequence (12)
 *
 * The text varies in width, so `read` takes the record's length, and `write` returns how many characters it wrote;
 * `snowflakeRecords` reads and writes them as the machinery lays them out (right-aligned after PAD bytes in a record
 * of 19 characters, src/engine/specs.ts).
 * Numbers are exact to 2^53 and bitwise operators see 32 bits, so the value is held as two 32-bit halves, and the
 * decimal text is cut into a head of up to 10 digits and a tail of 9 (10^9 < 2^30): every step below is exact in a
 * double.
 */

import type { RecordCodec } from "./js-record-codec.js";
import type { FormatSpec } from "./specs.js";

/** The longest text: 9223372036854775807 (2^63 - 1) has 19 digits. */
export const SNOWFLAKE_MAX_CHARS = 19;
/** The largest Snowflake's text. */
export const LARGEST_SNOWFLAKE = "9223372036854775807";
const TAIL_DIGITS = 9;
const TEN_POW_9 = 1e9;
const TWO_POW_16 = 0x1_0000;
const TWO_POW_32 = 0x1_0000_0000;
const ZERO = 0x30;

/**
 * Generation parameter: bits 0-9 worker (used when given), bit 10 worker given, bit 11 a generator's new millisecond
 * (its sequence starts at 0, Twitter's rule; `generate` draws it).
 */
export const SNOWFLAKE_WORKER_GIVEN = 1 << 10;
export const SNOWFLAKE_GENERATOR = 1 << 11;

/** The parameter for `worker` (undefined: drawn), for a generator or for `generate`. */
export function snowflakeParam(worker: number | undefined, generator: boolean): number {
  return (worker ?? 0) | (worker === undefined ? 0 : SNOWFLAKE_WORKER_GIVEN) | (generator ? SNOWFLAKE_GENERATOR : 0);
}

/** Random bytes a stamp takes: 2 for the worker unless given, 2 for the sequence unless a generator starts it at 0. */
export function snowflakeStampRandom(param: number): number {
  return (param & SNOWFLAKE_WORKER_GIVEN ? 0 : 2) + (param & SNOWFLAKE_GENERATOR ? 0 : 2);
}

/** The last valid `read`: bits 63-32 and bits 31-0. */
let high = 0;
let low = 0;

/** The digits `text[from..end)` as a number, or -1 when one is no digit (end - from <= 10: exact). */
function digitsValue(text: string, from: number, end: number): number {
  let value = 0;
  for (let i = from; i < end; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Reads the `length` characters at `text[at]`; true when they are a Snowflake: 1-19 digits, no leading zero but
 * "0" itself, at most 2^63 - 1.
 */
function read(text: string, at: number, length: number): boolean {
  if (length < 1 || length > SNOWFLAKE_MAX_CHARS || (length > 1 && text.charCodeAt(at) === ZERO)) return false;
  const split = Math.max(at, at + length - TAIL_DIGITS);
  const head = digitsValue(text, at, split);
  const tail = digitsValue(text, split, at + length);
  if (head < 0 || tail < 0) return false;
  // value = head * 10^9 + tail, head < 10^10 < 2^34: head = h1 * 2^16 + h0, so each product is below 2^48.
  const h0 = head % TWO_POW_16;
  const h1 = (head - h0) / TWO_POW_16;
  const lowSum = h0 * TEN_POW_9 + tail; // < 2^47
  const shifted = h1 * TEN_POW_9; // < 2^48, to be shifted up 16 bits
  const shiftedLow = shifted % TWO_POW_16;
  const lowWord = (lowSum % TWO_POW_32) + shiftedLow * TWO_POW_16; // < 2^33
  low = lowWord % TWO_POW_32;
  high = Math.floor(lowSum / TWO_POW_32) + (shifted - shiftedLow) / TWO_POW_16 + Math.floor(lowWord / TWO_POW_32);
  // 19 digits reach 10^19 - 1 < 2^64: `high` is exact, and a value past 2^63 - 1 has bit 31 of it set.
  return high < 0x8000_0000;
}

/** Writes bits 63-32 and 31-0 as 8 big-endian bytes. */
function store(dst: Uint8Array, at: number, bits63to32: number, bits31to0: number): void {
  dst[at] = bits63to32 >>> 24;
  dst[at + 1] = bits63to32 >>> 16;
  dst[at + 2] = bits63to32 >>> 8;
  dst[at + 3] = bits63to32;
  dst[at + 4] = bits31to0 >>> 24;
  dst[at + 5] = bits31to0 >>> 16;
  dst[at + 6] = bits31to0 >>> 8;
  dst[at + 7] = bits31to0;
}

const pack = (dst: Uint8Array, at: number): void => store(dst, at, high, low);

/** The time field (bits 62-22) of the last valid `read`. */
const time = (): number => high * 1024 + (low >>> 22);

/** The u32 big-endian at `src[at]`. */
const word = (src: Uint8Array, at: number): number =>
  ((src[at]! << 24) | (src[at + 1]! << 16) | (src[at + 2]! << 8) | src[at + 3]!) >>> 0;

/**
 * The 8 bytes at `src[from]` as decimal text at `dst[at]`; returns how many characters, or -1 when the sign bit is
 * set (no Snowflake). The value is divided by 10^9 once, 16 bits at a time (a remainder times 2^16 plus 16 bits
 * stays below 2^46): the quotient is the head, the remainder the last 9 digits.
 */
function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): number {
  const hi = word(src, from);
  if (hi >= 0x8000_0000) return -1;
  const lo = word(src, from + 4);
  // The quotient's 16-bit pieces, most significant first; it is below 2^34, so `head` stays exact.
  const q3 = Math.floor((hi >>> 16) / TEN_POW_9);
  let rest = (hi >>> 16) - q3 * TEN_POW_9;
  let x = rest * TWO_POW_16 + (hi & 0xffff);
  const q2 = Math.floor(x / TEN_POW_9);
  rest = x - q2 * TEN_POW_9;
  x = rest * TWO_POW_16 + (lo >>> 16);
  const q1 = Math.floor(x / TEN_POW_9);
  rest = x - q1 * TEN_POW_9;
  x = rest * TWO_POW_16 + (lo & 0xffff);
  const q0 = Math.floor(x / TEN_POW_9);
  rest = x - q0 * TEN_POW_9;
  const head = ((q3 * TWO_POW_16 + q2) * TWO_POW_16 + q1) * TWO_POW_16 + q0;
  if (head === 0) return writeDigits(rest, dst, at, 1);
  const n = writeDigits(head, dst, at, 0);
  return n + writeDigits(rest, dst, at + n, TAIL_DIGITS);
}

/** `value`'s decimal digits at `dst[at]`, at least `width` of them (zero-padded); returns how many. */
function writeDigits(value: number, dst: Uint8Array, at: number, width: number): number {
  let n = 0;
  for (let v = value; v > 0 || n < width; v = Math.floor(v / 10)) n++;
  for (let i = n - 1; i >= 0; i--) {
    const q = Math.floor(value / 10);
    dst[at + i] = ZERO + value - q * 10;
    value = q;
  }
  return n;
}

/**
 * A fresh Snowflake of time field `time` (< 2^41): the worker (given, or 10 bits of 2 drawn bytes) and the sequence
 * (0 for a generator, else 12 bits of 2 drawn bytes), from `random[from]` in that order.
 */
function stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  let r = from;
  let worker = param & 0x3ff;
  if ((param & SNOWFLAKE_WORKER_GIVEN) === 0) {
    worker = ((random[r]! << 8) | random[r + 1]!) & 0x3ff;
    r += 2;
  }
  const sequence = param & SNOWFLAKE_GENERATOR ? 0 : ((random[r]! << 8) | random[r + 1]!) & 0xfff;
  // bits 62-32: time >> 10 | bits 31-22: the time's low 10 bits | bits 21-12 worker | bits 11-0 sequence
  const timeLow = time % 1024;
  const hi = (time - timeLow) / 1024;
  store(dst, at, hi, ((timeLow << 22) | (worker << 12) | sequence) >>> 0);
}

/** The sequence + 1 within the same millisecond; false, changing nothing, at 4095. */
function advance(id: Uint8Array, at: number): boolean {
  const sequence = ((id[at + 6]! & 0x0f) << 8) | id[at + 7]!;
  if (sequence === 0xfff) return false;
  const next = sequence + 1;
  id[at + 6] = (id[at + 6]! & 0xf0) | (next >>> 8);
  id[at + 7] = next;
  return true;
}

/** Snowflake's per-record codec: `RecordCodec`'s members, with the record's length to `read` and written to `write`. */
export const codecOfSnowflake = { read, pack, time, write, stamp, advance };

/**
 * Snowflake's codec as the machinery drives it (`RecordCodec`): a text of 19 characters, a shorter one right-aligned
 * after `pad` characters, which are skipped when reading and written when encoding. `pad` is specs.ts's PAD, passed
 * in (src/formats/snowflake.ts): specs.ts lists this file's spec, so this file imports nothing but types from it.
 */
export function snowflakeRecords(pad: number): RecordCodec {
  return {
    read(text, at) {
      const end = at + SNOWFLAKE_MAX_CHARS;
      let start = at;
      while (start < end && text.charCodeAt(start) === pad) start++;
      return read(text, start, end - start);
    },
    pack,
    time,
    write(src, from, dst, at) {
      const length = write(src, from, dst, at);
      if (length < 0) return false;
      const lead = SNOWFLAKE_MAX_CHARS - length;
      dst.copyWithin(at + lead, at, at + length);
      dst.fill(pad, at, at + lead);
      return true;
    },
    stamp,
    advance,
  };
}

/** Snowflake as the engines see it (listed in specs.ts): 8 bytes, 1 to 19 decimal digits. Not scanned (bench/results/false-matches.md). */
export const SNOWFLAKE: FormatSpec = {
  name: "snowflake",
  label: "Snowflake",
  looksLike: "a Snowflake (a decimal number of 1 to 19 digits)",
  wasmId: 9,
  bytes: 8,
  chars: SNOWFLAKE_MAX_CHARS,
  minChars: 1,
  // The time field is 41 bits of ms since the epoch (bit 63 stays zero).
  maxTime: 2 ** 41 - 1,
  // bit 63: 0 | bits 62-22 time | bits 21-0 worker and sequence (the low 6 bits of byte 5, bytes 6-7)
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0x3f, 0xff, 0xff),
  stampRandom: snowflakeStampRandom,
  // Within a millisecond the sequence counts up by one: nothing to draw.
  advanceRandom: () => 0,
  // Digits have no case: the text is what `lowercase` asks for already.
  caseInsensitive: false,
  lowerCaseOnly: true,
  // Any byte but a digit ends a record.
  isSeparator: (byte) => byte < ZERO || byte > ZERO + 9,
};
