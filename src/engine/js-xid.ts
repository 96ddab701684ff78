/**
 * XID on the TypeScript engine: 12 bytes as 20 characters of base32hex in lower case (0-9a-v), most significant
 * first.
 *
 *   bytes 0-3: time, u32 Unix seconds | bytes 4-6: machine | bytes 7-8: pid, u16 | bytes 9-11: counter, u24
 *
 * 20 characters carry 100 bits: the 96 of the ID, then 4 zero bits, so the last character holds bit 0 of byte 11
 * and must be `0` or `g`. Characters and bytes align every 40 bits, so the text is read and written in three pieces,
 * each exact in a double:
 *
 *   chars 0-7 = bytes 0-4      chars 8-15 = bytes 5-9      chars 16-19 = bytes 10-11 and the 4 zero bits
 *
 * Generation is ObjectId's (binary compatible): a generator keeps machine and pid and counts bytes 9-11 up by one.
 */
import { XID_ALPHABET, XID_DECODE, XID_ENCODE } from "../alphabets/base32hex.js";
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import type { RecordCodec } from "./js-record-codec.js";
import { loadSeconds, renewCounter, storeSeconds } from "./js-objectid.js";
import { scanXidWindow } from "./js-scan-xid.js";
import { incrementBytes } from "./js-ulid-text.js";
import type { FormatSpec } from "./specs.js";

const BYTES = 12;
const COUNTER_FROM = 9;
const TWO_POW_32 = 0x1_0000_0000;

export { XID_ALPHABET, XID_DECODE };

/**
 * Generation parameter. Bits 0-23 machine and bits 24-39 pid (used when given), bit 40 machine given, bit 41 pid
 * given, bit 42 a generator's first ID (its counter start has its top bit cleared). 43 bits: a number, not an int32.
 */
export const XID_MACHINE_GIVEN = 2 ** 40;
export const XID_PID_GIVEN = 2 ** 41;
export const XID_GENERATOR = 2 ** 42;
const MACHINE_BITS = 2 ** 24;
const PID_BITS = 2 ** 16;

/** The parameter for `machine` and `pid` (undefined: drawn), for a generator's first ID or for `generate`. */
export function xidParam(machine: number | undefined, pid: number | undefined, generator: boolean): number {
  return (
    (machine ?? 0) +
    (pid ?? 0) * MACHINE_BITS +
    (machine === undefined ? 0 : XID_MACHINE_GIVEN) +
    (pid === undefined ? 0 : XID_PID_GIVEN) +
    (generator ? XID_GENERATOR : 0)
  );
}

/** Bits 40-42 of a parameter (above what bitwise operators see). */
const flagsOf = (param: number): number => Math.floor(param / 2 ** 40);

/** Random bytes a stamp takes: machine (3) and pid (2) unless given, and the counter (3). */
export function xidStampRandom(param: number): number {
  const flags = flagsOf(param);
  return 3 + (flags & 1 ? 0 : 3) + (flags & 2 ? 0 : 2);
}

/** The 12 bytes of the last valid `read`. */
const last = new Uint8Array(BYTES);

/** The `n` characters at `text[at]` as one number (exact: n <= 8); -1 when one is no symbol. */
function readGroup(text: string, at: number, n: number): number {
  let value = 0;
  let seen = 0;
  for (let i = 0; i < n; i++) {
    const digit = XID_DECODE[text.charCodeAt(at + i)]!;
    seen |= digit;
    value = value * 32 + digit;
  }
  return seen < 32 ? value : -1;
}

/** Writes the 40-bit `value` as 5 big-endian bytes at `dst[at]`. */
function store40(value: number, dst: Uint8Array, at: number): void {
  const low = value % TWO_POW_32;
  dst[at] = (value - low) / TWO_POW_32;
  dst[at + 1] = low >>> 24;
  dst[at + 2] = low >>> 16;
  dst[at + 3] = low >>> 8;
  dst[at + 4] = low;
}

function read(text: string, at: number): boolean {
  const first = readGroup(text, at, 8);
  const second = readGroup(text, at + 8, 8);
  const third = readGroup(text, at + 16, 4);
  // The last character's low 4 bits are the padding: they must be zero (rs/xid checks it by re-encoding).
  if (first < 0 || second < 0 || third < 0 || (third & 15) !== 0) return false;
  store40(first, last, 0);
  store40(second, last, 5);
  last[10] = third >>> 12;
  last[11] = third >>> 4;
  return true;
}

/**
 * The 40 bits of the 5 bytes at `src[from]` as 8 characters at `dst[at]`, 5 bits each, most significant first: the
 * first byte's 8 bits and the next four's 32, in integers (a 40-bit number's `% 32` and `/ 32` are float division).
 */
function write40(src: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  const high = src[from]!;
  const low = loadSeconds(src, from + 1);
  dst[at] = XID_ENCODE[high >>> 3]!;
  dst[at + 1] = XID_ENCODE[((high & 7) << 2) | (low >>> 30)]!;
  for (let i = 2; i < 8; i++) dst[at + i] = XID_ENCODE[(low >>> (35 - 5 * i)) & 31]!;
}

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  write40(src, from, dst, at);
  write40(src, from + 5, dst, at + 8);
  // The last 16 bits and the 4 padding bits (zero): 4 characters.
  const tail = ((src[from + 10]! << 8) | src[from + 11]!) << 4;
  for (let i = 0; i < 4; i++) dst[at + 16 + i] = XID_ENCODE[(tail >>> (15 - 5 * i)) & 31]!;
  return true;
}

/** A fresh XID of second `time`: machine, pid (each unless given) and counter from `random[from]`, in that order. */
function stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  const flags = flagsOf(param);
  storeSeconds(time, dst, at);
  let r = from;
  if (flags & 1) {
    const machine = param % MACHINE_BITS;
    dst[at + 4] = machine >>> 16;
    dst[at + 5] = machine >>> 8;
    dst[at + 6] = machine;
  } else {
    dst[at + 4] = random[r++]!;
    dst[at + 5] = random[r++]!;
    dst[at + 6] = random[r++]!;
  }
  if (flags & 2) {
    const pid = Math.floor(param / MACHINE_BITS) % PID_BITS;
    dst[at + 7] = pid >>> 8;
    dst[at + 8] = pid;
  } else {
    dst[at + 7] = random[r++]!;
    dst[at + 8] = random[r++]!;
  }
  dst[at + 9] = flags & 4 ? random[r]! & 0x7f : random[r]!;
  dst[at + 10] = random[r + 1]!;
  dst[at + 11] = random[r + 2]!;
}

export const codecOfXid: RecordCodec & { renew: typeof renewCounter } = {
  read,
  pack: (dst, at) => dst.set(last, at),
  time: () => loadSeconds(last, 0),
  write,
  stamp,
  /** The counter + 1 within the same second; false, changing nothing, at 0xFFFFFF. */
  advance: (id, at) => incrementBytes(id, at + COUNTER_FROM, at + BYTES),
  renew: renewCounter,
};

/** XID as the engines see it (listed in specs.ts): 12 bytes, 20 lower-case base32hex characters. */
export const XID: FormatSpec = {
  name: "xid",
  label: "XID",
  wasmId: 7,
  bytes: BYTES,
  chars: 20,
  // The time field is a u32 of Unix seconds.
  maxTime: 2 ** 32 - 1,
  // bytes 0-3 time | bytes 4-6 machine | bytes 7-8 pid | bytes 9-11 counter
  freeBits: Uint8Array.of(0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  stampRandom: xidStampRandom,
  // Within a second the counter counts up by one: nothing to draw.
  advanceRandom: () => 0,
  // Lower case only: "A" is no XID character. Text is written in lower case already.
  caseInsensitive: false,
  lowerCaseOnly: true,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte),
  // A word of exactly 20 lower-case base32hex characters ending in 0 or g (bench/results/false-matches.md).
  scan: {
    kernel: scanXidWindow,
    maxBytes: 20,
    varies: false,
    glues: isAsciiAlphanumeric,
    letters: "lower",
    digits: { values: XID_DECODE, bits: 5, padBits: 4 },
  },
};
