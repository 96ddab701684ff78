/**
 * KSUID on the TypeScript engine: 160 bits, big-endian in 20 bytes, as 27 base62 characters (most significant
 * first). Base62 is no power of two, so text and bytes are converted by long multiplication and division.
 *
 *   bytes 0-3: time, u32 seconds since 1400000000 s     bytes 4-19: payload, 128 bits
 *
 * The value is held as 5 limbs of 32 bits, least significant first: limb k = bytes 16-4k to 19-4k, so limb 4 is
 * bytes 0-3, the time field. The text is 9 groups of 3 characters, each a digit of base 62^3 = 238328 (< 2^18): a
 * limb times 62^3 plus a carry stays below 2^50, so every step is exact in a double.
 */
import { BASE62_DECODE, BASE62_ENCODE } from "../alphabets/base62.js";
import type { RecordCodec } from "./js-record-codec.js";
import { incrementBytes } from "./js-ulid-text.js";

const BYTES = 20;
const CHARS = 27;
const PAYLOAD_FROM = 4;
const LIMBS = 5;
const GROUPS = 9;
/** 62^3: the base of a group of 3 characters. */
const GROUP_BASE = 238328;
const TWO_POW_32 = 0x1_0000_0000;

/**
 * The largest KSUID's text: 2^160 - 1. Base62 is in ASCII order and texts have one length, so text order is value
 * order: a text above this one is above 2^160 - 1.
 */
export const LARGEST_KSUID = "aWgEPTl1tmebfsQzFP4bxwgy80V";

/** The limbs of the last valid `read`. */
const limbs = new Uint32Array(LIMBS);

/** Reads 27 characters at `text[at]`; false for a character that is no symbol or a value of 2^160 or more. */
function read(text: string, at: number): boolean {
  limbs.fill(0);
  let seen = 0;
  let overflow = 0;
  for (let g = 0; g < GROUPS; g++) {
    const c = at + 3 * g;
    const d0 = BASE62_DECODE[text.charCodeAt(c)]!, d1 = BASE62_DECODE[text.charCodeAt(c + 1)]!;
    const d2 = BASE62_DECODE[text.charCodeAt(c + 2)]!;
    seen |= d0 | d1 | d2;
    // limbs = limbs * 62^3 + group, the carry rippling up; what leaves limb 4 is beyond 160 bits.
    let carry = d0 * 3844 + d1 * 62 + d2;
    for (let k = 0; k < LIMBS; k++) {
      const t = limbs[k]! * GROUP_BASE + carry;
      const low = t >>> 0;
      limbs[k] = low;
      carry = (t - low) / TWO_POW_32;
    }
    overflow |= carry;
  }
  // An invalid character's table value has bit 7 set (base62.ts); valid values are below 62.
  return (seen & 0x80) === 0 && overflow === 0;
}

/**
 * Whether 27 characters at `text[at]` are a KSUID, as `read` says, by comparing rather than dividing, which is
 * several times faster (bench/formats.ts, KSUID isValid).
 */
function check(text: string, at: number): boolean {
  let seen = 0;
  for (let i = 0; i < CHARS; i++) seen |= BASE62_DECODE[text.charCodeAt(at + i)]!;
  if ((seen & 0x80) !== 0) return false;
  for (let i = 0; i < CHARS; i++) {
    const step = text.charCodeAt(at + i) - LARGEST_KSUID.charCodeAt(i);
    if (step !== 0) return step < 0;
  }
  return true;
}

function pack(dst: Uint8Array, at: number): void {
  for (let k = 0; k < LIMBS; k++) {
    const limb = limbs[k]!;
    const b = at + BYTES - 4 - 4 * k;
    dst[b] = limb >>> 24;
    dst[b + 1] = limb >>> 16;
    dst[b + 2] = limb >>> 8;
    dst[b + 3] = limb;
  }
}

/** Limbs of the ID being written, divided down group by group. */
const quotient = new Float64Array(LIMBS);

function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
  for (let k = 0; k < LIMBS; k++) {
    const b = from + BYTES - 4 - 4 * k;
    quotient[k] = src[b]! * 0x100_0000 + ((src[b + 1]! << 16) | (src[b + 2]! << 8) | src[b + 3]!);
  }
  // The last group first: each long division by 62^3 leaves the next 3 characters as its remainder. The remainder
  // times 2^32 plus a limb is below 2^50, so the quotient's floor is exact. Limbs above `top` are zero: the value
  // loses about 18 bits a round, so the divisions skip them.
  let top = LIMBS - 1;
  for (let g = GROUPS - 1; g >= 0; g--) {
    while (top > 0 && quotient[top] === 0) top--;
    let rest = 0;
    for (let k = top; k >= 0; k--) {
      const x = rest * TWO_POW_32 + quotient[k]!;
      const q = Math.floor(x / GROUP_BASE);
      rest = x - q * GROUP_BASE;
      quotient[k] = q;
    }
    const c = at + 3 * g;
    const d0 = Math.floor(rest / 3844);
    const r = rest - d0 * 3844;
    const d1 = Math.floor(r / 62);
    dst[c] = BASE62_ENCODE[d0]!;
    dst[c + 1] = BASE62_ENCODE[d1]!;
    dst[c + 2] = BASE62_ENCODE[r - d1 * 62]!;
  }
  // 62^27 > 2^160: every 20 bytes are a KSUID.
  return true;
}

function stamp(time: number, _param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void {
  dst[at] = time >>> 24;
  dst[at + 1] = time >>> 16;
  dst[at + 2] = time >>> 8;
  dst[at + 3] = time;
  for (let i = 0; i < BYTES - PAYLOAD_FROM; i++) dst[at + PAYLOAD_FROM + i] = random[from + i]!;
}

/** Adds 1 to the 128-bit payload, with carry; all ones is an overflow. */
function advance(id: Uint8Array, at: number): boolean {
  return incrementBytes(id, at + PAYLOAD_FROM, at + BYTES);
}

export const codecOfKsuid: RecordCodec = {
  read,
  check,
  pack,
  time: () => limbs[LIMBS - 1]!,
  write,
  stamp,
  advance,
};
