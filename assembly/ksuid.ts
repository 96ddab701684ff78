// KSUID, one record at a time (the batch loops are in formats.ts): 160 bits, big-endian in 20 bytes, as 27 base62
// chars, most significant first. Base62 is no power of two: text and bytes meet by long multiplication (reading)
// and long division (writing).
//
//   bytes 0-3: time, u32 seconds since 1400000000 s | bytes 4-19: payload, 128 bits
//
// The value is 5 limbs of 32 bits, each held in a u64, least significant first: limb k = bytes 16-4k to 19-4k
// (big-endian), so limb 4 is bytes 0-3, the time field. The text is 2 chars, then 5 groups of 5 chars; a group is
// one digit of base 62^5 = 916132832 (< 2^30), so a limb times 62^5 plus a carry, and a remainder shifted up 32 bits
// plus a limb, stay below 2^62: every step is exact in a u64.

import { BASE62_ALPHABET, BASE62_DECODE } from "./base62";
import { isAlnum } from "./crockford";

/** 62^5: the base of a group of 5 chars. */
const GROUP_BASE: u64 = 916132832;
const GROUP_CHARS = 5;
/** Chars before the first group: 27 = 2 + 5 * 5. */
const LEAD_CHARS = 2;
const LOW_32: u64 = 0xFFFF_FFFF;

/** The limbs of the last valid `ksuidRead`. */
let l0: u64 = 0;
let l1: u64 = 0;
let l2: u64 = 0;
let l3: u64 = 0;
let l4: u64 = 0;

/** The OR of the table values read: bit 7 set when a char was no symbol (every value is below 62). */
let seen: u32 = 0;

/** The `n` chars at `src` as one number of base 62 (garbage, caught by `seen`, where a char is no symbol). */
// @ts-ignore: decorator
@inline function readGroup(src: usize, n: i32): u64 {
  let v: u32 = 0;
  let s: u32 = 0;
  for (let j = 0; j < n; j++) {
    const c = load<u8>(src + <usize>j);
    const value: u32 = c < 0x80 ? load<u8>(BASE62_DECODE + <usize>c) : 0xFF;
    s |= value;
    v = v * 62 + value;
  }
  seen |= s;
  return <u64>v;
}

/**
 * Reads the 27 chars at `src`; true when they are a KSUID (then `ksuidPack` and `ksuidTime` read it). Not inlined,
 * unlike the other formats' readers: the long multiplication is large, each batch loop of formats.ts would carry a
 * copy (about 4 KB more in each build), and a call costs little beside it.
 */
export function ksuidRead(src: usize): bool {
  seen = 0;
  let a = readGroup(src, LEAD_CHARS), b: u64 = 0, c: u64 = 0, d: u64 = 0, e: u64 = 0;
  // What leaves the top limb at any step is a value of 2^160 or more: later steps only make it larger.
  let overflow: u64 = 0;
  for (let g = 0; g < 5; g++) {
    let t = a * GROUP_BASE + readGroup(src + LEAD_CHARS + <usize>(GROUP_CHARS * g), GROUP_CHARS);
    a = t & LOW_32;
    t = b * GROUP_BASE + (t >> 32);
    b = t & LOW_32;
    t = c * GROUP_BASE + (t >> 32);
    c = t & LOW_32;
    t = d * GROUP_BASE + (t >> 32);
    d = t & LOW_32;
    t = e * GROUP_BASE + (t >> 32);
    e = t & LOW_32;
    overflow |= t >> 32;
  }
  l0 = a;
  l1 = b;
  l2 = c;
  l3 = d;
  l4 = e;
  return (seen & 0x80) == 0 && overflow == 0;
}

// @ts-ignore: decorator
@inline export function ksuidPack(dst: usize): void {
  store<u32>(dst, bswap(<u32>l4));
  store<u32>(dst, bswap(<u32>l3), 4);
  store<u32>(dst, bswap(<u32>l2), 8);
  store<u32>(dst, bswap(<u32>l1), 12);
  store<u32>(dst, bswap(<u32>l0), 16);
}

/** The time field (seconds since the KSUID epoch) of the last valid read: limb 4, bytes 0-3. */
// @ts-ignore: decorator
@inline export function ksuidTime(): f64 {
  return <f64>l4;
}

/** `v` (below 62^5) as 5 chars at `dst`, most significant first. */
// @ts-ignore: decorator
@inline function writeGroup(v: u32, dst: usize): void {
  for (let j = GROUP_CHARS - 1; j >= 0; j--) {
    const q = v / 62;
    store<u8>(dst + <usize>j, load<u8>(BASE62_ALPHABET + <usize>(v - q * 62)));
    v = q;
  }
}

/** The 20 bytes at `src` as 27 chars at `dst`. Every 20 bytes are a KSUID (62^27 > 2^160). Not inlined, as `ksuidRead`. */
export function ksuidWrite(src: usize, dst: usize): bool {
  let e = <u64>bswap(load<u32>(src)), d = <u64>bswap(load<u32>(src, 4)), c = <u64>bswap(load<u32>(src, 8));
  let b = <u64>bswap(load<u32>(src, 12)), a = <u64>bswap(load<u32>(src, 16));
  // The last group first: each long division by 62^5 leaves the next 5 chars as its remainder.
  for (let g = 4; g >= 0; g--) {
    let q = e / GROUP_BASE;
    let x = ((e - q * GROUP_BASE) << 32) | d;
    e = q;
    q = x / GROUP_BASE;
    d = q;
    x = ((x - q * GROUP_BASE) << 32) | c;
    q = x / GROUP_BASE;
    c = q;
    x = ((x - q * GROUP_BASE) << 32) | b;
    q = x / GROUP_BASE;
    b = q;
    x = ((x - q * GROUP_BASE) << 32) | a;
    q = x / GROUP_BASE;
    a = q;
    writeGroup(<u32>(x - q * GROUP_BASE), dst + LEAD_CHARS + <usize>(GROUP_CHARS * g));
  }
  // What is left is below 62^2: the first 2 chars.
  const lead = <u32>a;
  store<u8>(dst, load<u8>(BASE62_ALPHABET + <usize>(lead / 62)));
  store<u8>(dst, load<u8>(BASE62_ALPHABET + <usize>(lead % 62)), 1);
  return true;
}

/** A new ID at `dst`: `time` big-endian in bytes 0-3, then the 16 bytes at `random`. */
// @ts-ignore: decorator
@inline export function ksuidStamp(time: u64, random: usize, dst: usize): void {
  store<u32>(dst, bswap(<u32>time));
  store<u64>(dst, load<u64>(random), 4);
  store<u64>(dst, load<u64>(random, 8), 12);
}

/** Adds 1 to the 128-bit payload at `seed` (bytes 4-11, then 12-19), with carry; false when it is all ones. */
// @ts-ignore: decorator
@inline export function ksuidAdvance(seed: usize): bool {
  const high = bswap(load<u64>(seed, 4));
  const low = bswap(load<u64>(seed, 12));
  if (low == u64.MAX_VALUE) {
    if (high == u64.MAX_VALUE) return false;
    store<u64>(seed, bswap(high + 1), 4);
  }
  store<u64>(seed, bswap(low + 1), 12);
  return true;
}

/** KSUID's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const KSUID = 4;

/** KSUID's entry in the format table (formats.ts): its widths, draws, separators and record codec. */
@final export class KsuidCodec {
  @inline chars(): i32 { return 27; }
  @inline bytes(): i32 { return 20; }
  /** A new second fills the 128-bit payload. */
  @inline stampRandom(param: i32): i32 { return 16; }
  /** Within a second the payload counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  @inline isSeparator(c: u8): bool { return !isAlnum(c); }
  @inline read(src: usize): bool { return ksuidRead(src); }
  @inline pack(dst: usize): void { ksuidPack(dst); }
  @inline time(): f64 { return ksuidTime(); }
  @inline write(src: usize, dst: usize): bool { return ksuidWrite(src, dst); }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { ksuidStamp(time, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return ksuidAdvance(seed); }
}
