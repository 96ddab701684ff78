/**
 * ULID's text codec on the TypeScript engine: table lookups and shifts on numbers, no BigInt, no allocation per ID.
 *
 * Bit layout (128 bits, big-endian):
 *   bytes  0..5   time, 48 bits            chars 0..9   (char 0 holds 3 bits, so it is 0..7)
 *   bytes  6..15  random, 80 bits          chars 10..25
 * Byte 0 is char 0 (3 bits) + char 1 (5 bits); after that, every 5 bytes are exactly 8 chars (40 bits), so
 * bytes 1-5, 6-10 and 11-15 are the groups starting at chars 2, 10 and 18.
 */
import { DECODE_TABLE, ENCODE_TABLE } from "../alphabets/crockford.js";

/** Largest value of char 0: 26 chars carry 130 bits, a ULID has 128, so its top 2 bits must be zero. */
const MAX_FIRST_VALUE = 7;
/** 2^32, to split the 48-bit time into words without BigInt. */
const TWO_POW_32 = 0x1_0000_0000;
/** 2^25: the weight of the upper 5 time symbols. */
const TWO_POW_25 = 0x200_0000;

/**
 * Reads a 26-character string (the caller has checked the length): the ULID's Unix ms, or -1 unless every
 * character is a symbol and the first does not overflow. Nothing else is kept: decodeTime, isValid and the
 * batches' time and validity flags.
 *
 * Tuned (bench/single.ts, decodeTime and isValid; bench/bulk.ts, decodeTimeMany and validateMany): the values are
 * read at constant positions, unrolled: a loop into a scratch array then packed from it measured slower, and so did
 * positions offset by a variable (to read IDs inside a longer string). It is a reader of its own, not `readId`
 * without a destination: each random value dies as soon as it is OR-ed in, where `readId` keeps all 26 live for its
 * bytes (faster). The reading is one function, `readTimeHigh`, too large for V8 to inline (its bytecode is above
 * the 460 bytes V8 inlines): every caller makes exactly one call, and gets small integers back. This function,
 * small enough to inline, joins them in the caller, so the time is not boxed on its way out of a call. Written as
 * two inlinable halves, the outcome depended on the release's inlining budget (920 bytes of bytecode inlined per
 * optimized function): Node 20 called this function, whose own code had both halves, and got its time boxed;
 * Node 24 and 26 inlined decodeTime's chain into the caller's loop up to the first half and called the second
 * (docs/performance.md, "decodeTime on Node 24 and 26").
 */
export function readIdTime(id: string): number {
  const high = readTimeHigh(id);
  return high < 0 ? -1 : high * TWO_POW_25 + lowTime;
}

/** The low 25 bits of the time `readTimeHigh` read last. */
let lowTime = 0;

/**
 * All 26 characters: the time's upper 23 bits (chars 0-4), its low 25 bits (chars 5-9) left in `lowTime`, or -1
 * unless each is a symbol and the first does not overflow. Two small integers rather than one number above 2^31:
 * a small integer is returned from a call as it is, a larger number is boxed, a heap allocation per ID.
 */
function readTimeHigh(id: string): number {
  const T = DECODE_TABLE;
  const c0 = T[id.charCodeAt(0)], c1 = T[id.charCodeAt(1)], c2 = T[id.charCodeAt(2)];
  const c3 = T[id.charCodeAt(3)], c4 = T[id.charCodeAt(4)], c5 = T[id.charCodeAt(5)];
  const c6 = T[id.charCodeAt(6)], c7 = T[id.charCodeAt(7)], c8 = T[id.charCodeAt(8)];
  const c9 = T[id.charCodeAt(9)];
  // The random characters are only checked: their values are OR-ed together as they are read.
  const random = T[id.charCodeAt(10)] | T[id.charCodeAt(11)] | T[id.charCodeAt(12)] | T[id.charCodeAt(13)] |
    T[id.charCodeAt(14)] | T[id.charCodeAt(15)] | T[id.charCodeAt(16)] | T[id.charCodeAt(17)] |
    T[id.charCodeAt(18)] | T[id.charCodeAt(19)] | T[id.charCodeAt(20)] | T[id.charCodeAt(21)] |
    T[id.charCodeAt(22)] | T[id.charCodeAt(23)] | T[id.charCodeAt(24)] | T[id.charCodeAt(25)];
  // Values are 0-31 and INVALID is 0xFF, so an OR of them stays below 32 exactly when all are symbols.
  if ((random | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9) > 31 || c0 > MAX_FIRST_VALUE) return -1;
  lowTime = (((c5 * 32 + c6) * 32 + c7) * 32 + c8) * 32 + c9;
  return (((c0 * 32 + c1) * 32 + c2) * 32 + c3) * 32 + c4;
}

/**
 * Reads a 26-character string as `readIdTime` does, every character a symbol of `table` (TypeID's suffix:
 * LOWER_DECODE_TABLE), and writes a valid ID's 16 bytes at `dst[offset]` (nothing for an invalid one): decode,
 * decodeInto and decodeMany. Returns 0, or -1 for an invalid ID: a small integer, as it is too large for V8 to
 * inline, and a time above 2^31 returned from a call would be boxed, a heap allocation per ID (bench/single.ts,
 * decode).
 */
export function readId(id: string, dst: Uint8Array, offset: number, table = DECODE_TABLE): number {
  const T = table;
  const c0 = T[id.charCodeAt(0)], c1 = T[id.charCodeAt(1)], c2 = T[id.charCodeAt(2)];
  const c3 = T[id.charCodeAt(3)], c4 = T[id.charCodeAt(4)], c5 = T[id.charCodeAt(5)];
  const c6 = T[id.charCodeAt(6)], c7 = T[id.charCodeAt(7)], c8 = T[id.charCodeAt(8)];
  const c9 = T[id.charCodeAt(9)], c10 = T[id.charCodeAt(10)], c11 = T[id.charCodeAt(11)];
  const c12 = T[id.charCodeAt(12)], c13 = T[id.charCodeAt(13)], c14 = T[id.charCodeAt(14)];
  const c15 = T[id.charCodeAt(15)], c16 = T[id.charCodeAt(16)], c17 = T[id.charCodeAt(17)];
  const c18 = T[id.charCodeAt(18)], c19 = T[id.charCodeAt(19)], c20 = T[id.charCodeAt(20)];
  const c21 = T[id.charCodeAt(21)], c22 = T[id.charCodeAt(22)], c23 = T[id.charCodeAt(23)];
  const c24 = T[id.charCodeAt(24)], c25 = T[id.charCodeAt(25)];
  // As in readTimeHigh: the OR of all values stays below 32 exactly when all are symbols.
  const seen = c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11 | c12 | c13 | c14 | c15 | c16 | c17;
  if ((seen | c18 | c19 | c20 | c21 | c22 | c23 | c24 | c25) > 31 || c0 > MAX_FIRST_VALUE) return -1;
  // Written out, not through a helper per 8-char group: V8 did not inline one (bench/single.ts, decode).
  dst[offset] = (c0 << 5) | c1;
  dst[offset + 1] = (c2 << 3) | (c3 >> 2);
  dst[offset + 2] = (c3 << 6) | (c4 << 1) | (c5 >> 4);
  dst[offset + 3] = (c5 << 4) | (c6 >> 1);
  dst[offset + 4] = (c6 << 7) | (c7 << 2) | (c8 >> 3);
  dst[offset + 5] = (c8 << 5) | c9;
  dst[offset + 6] = (c10 << 3) | (c11 >> 2);
  dst[offset + 7] = (c11 << 6) | (c12 << 1) | (c13 >> 4);
  dst[offset + 8] = (c13 << 4) | (c14 >> 1);
  dst[offset + 9] = (c14 << 7) | (c15 << 2) | (c16 >> 3);
  dst[offset + 10] = (c16 << 5) | c17;
  dst[offset + 11] = (c18 << 3) | (c19 >> 2);
  dst[offset + 12] = (c19 << 6) | (c20 << 1) | (c21 >> 4);
  dst[offset + 13] = (c21 << 4) | (c22 >> 1);
  dst[offset + 14] = (c22 << 7) | (c23 << 2) | (c24 >> 3);
  dst[offset + 15] = (c24 << 5) | c25;
  return 0;
}

/**
 * The ASCII codes of two chars for each 10-bit value: the first in the high byte. Encoding 26 chars takes 13 lookups
 * here rather than 26 in ENCODE_TABLE (chosen from bench/single.ts, encode). Filled by a loop: `Uint16Array.from`
 * with a callback took 0.1 ms of every start.
 */
const PAIRS = new Uint16Array(1024);
for (let pair = 0; pair < 1024; pair++) PAIRS[pair] = (ENCODE_TABLE[pair >> 5]! << 8) | ENCODE_TABLE[pair & 31]!;

/**
 * The 16 bytes at `src[from]` as a 26-character string: 13 pairs of chars, 10 bits each (byte 0 is exactly chars
 * 0-1; then every 5 bytes are 4 pairs), each char computed straight into an argument of `String.fromCharCode`, which
 * builds a flat string in one step.
 *
 * Tuned (bench/single.ts, encode/ulid()/monotonic): faster than `encodeChars` into a scratch array read back as
 * the arguments, than `.apply` on an array and than TextDecoder; concatenating two halves makes a V8 cons string
 * (26 >= 13 chars), flattened again by whoever reads it. The pair indexes are cut from the bytes directly: going
 * through the time as a number measured slower, with shifts on a double or with int32 halves. A per-millisecond
 * cache of the time chars measured slower whenever the time changes and no faster when it does not.
 * `String.fromCharCode` itself is most of the time.
 */
export function encodeString(src: Uint8Array, from: number): string {
  const P = PAIRS;
  const b0 = src[from], b1 = src[from + 1], b2 = src[from + 2], b3 = src[from + 3], b4 = src[from + 4];
  const b5 = src[from + 5], b6 = src[from + 6], b7 = src[from + 7], b8 = src[from + 8], b9 = src[from + 9];
  const b10 = src[from + 10], b11 = src[from + 11], b12 = src[from + 12], b13 = src[from + 13];
  const b14 = src[from + 14], b15 = src[from + 15];
  const t0 = P[b0], t1 = P[(b1 << 2) | (b2 >> 6)], t2 = P[((b2 & 63) << 4) | (b3 >> 4)];
  const t3 = P[((b3 & 15) << 6) | (b4 >> 2)], t4 = P[((b4 & 3) << 8) | b5];
  const u0 = P[(b6 << 2) | (b7 >> 6)], u1 = P[((b7 & 63) << 4) | (b8 >> 4)];
  const u2 = P[((b8 & 15) << 6) | (b9 >> 2)], u3 = P[((b9 & 3) << 8) | b10];
  const v0 = P[(b11 << 2) | (b12 >> 6)], v1 = P[((b12 & 63) << 4) | (b13 >> 4)];
  const v2 = P[((b13 & 15) << 6) | (b14 >> 2)], v3 = P[((b14 & 3) << 8) | b15];
  return String.fromCharCode(
    t0 >> 8, t0 & 255, t1 >> 8, t1 & 255, t2 >> 8, t2 & 255, t3 >> 8, t3 & 255, t4 >> 8, t4 & 255,
    u0 >> 8, u0 & 255, u1 >> 8, u1 & 255, u2 >> 8, u2 & 255, u3 >> 8, u3 & 255,
    v0 >> 8, v0 & 255, v1 >> 8, v1 & 255, v2 >> 8, v2 & 255, v3 >> 8, v3 & 255,
  );
}

/** The 16 bytes at `src[from]` as 26 ASCII codes at `dst[at]`, in `table`'s alphabet (TypeID's: LOWER_ENCODE_TABLE). */
export function encodeChars(src: Uint8Array, from: number, dst: Uint8Array, at: number, table = ENCODE_TABLE): void {
  const b0 = src[from];
  dst[at] = table[b0 >> 5];
  dst[at + 1] = table[b0 & 31];
  encodeGroup(src, from + 1, dst, at + 2, table);
  encodeGroup(src, from + 6, dst, at + 10, table);
  encodeGroup(src, from + 11, dst, at + 18, table);
}

/** 5 bytes (40 bits) into 8 ASCII codes. */
function encodeGroup(src: Uint8Array, from: number, dst: Uint8Array, at: number, table: Uint8Array): void {
  const b0 = src[from], b1 = src[from + 1], b2 = src[from + 2], b3 = src[from + 3], b4 = src[from + 4];
  dst[at] = table[b0 >> 3];
  dst[at + 1] = table[((b0 & 7) << 2) | (b1 >> 6)];
  dst[at + 2] = table[(b1 >> 1) & 31];
  dst[at + 3] = table[((b1 & 1) << 4) | (b2 >> 4)];
  dst[at + 4] = table[((b2 & 15) << 1) | (b3 >> 7)];
  dst[at + 5] = table[(b3 >> 2) & 31];
  dst[at + 6] = table[((b3 & 3) << 3) | (b4 >> 5)];
  dst[at + 7] = table[b4 & 31];
}

/** Writes a valid Unix ms time as bytes 0..5 at `dst[at]`. */
export function writeTime(time: number, dst: Uint8Array, at: number): void {
  const high = Math.floor(time / TWO_POW_32);
  const low = time >>> 0;
  dst[at] = high >>> 8;
  dst[at + 1] = high;
  dst[at + 2] = low >>> 24;
  dst[at + 3] = low >>> 16;
  dst[at + 4] = low >>> 8;
  dst[at + 5] = low;
}

/** Unix ms from bytes 0..5 at `src[at]`. */
export function readTime(src: Uint8Array, at: number): number {
  const high = (src[at] << 8) | src[at + 1];
  const low = ((src[at + 2] << 24) | (src[at + 3] << 16) | (src[at + 4] << 8) | src[at + 5]) >>> 0;
  return high * TWO_POW_32 + low;
}

/**
 * Adds 1 to the big-endian integer in `id[from..end)`, with carry. Returns false, changing nothing, when it is all
 * ones. The successor step of every format whose monotonic part counts up by one (ULID, BaseUID, KSUID).
 */
export function incrementBytes(id: Uint8Array, from: number, end: number): boolean {
  let i = end - 1;
  while (i >= from && id[i] === 0xff) i--;
  if (i < from) return false;
  id[i]++;
  // A loop, not `fill`: usually no byte follows, and a builtin call costs more than the whole increment.
  while (++i < end) id[i] = 0;
  return true;
}

/** Adds 1 to the 80-bit random part (bytes 6..15) of the ULID at `id[at]`, as `incrementBytes`. */
export function incrementRandom(id: Uint8Array, at: number): boolean {
  return incrementBytes(id, at + 6, at + 16);
}
