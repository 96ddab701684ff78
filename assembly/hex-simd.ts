// UUID hex on 16 bytes at a time, for the SIMD build only: uuidv7.ts reaches these through `if (ASC_FEATURE_SIMD)`,
// which the compiler resolves statically, so the scalar build contains no v128.
//
// Text positions of the 32 hex digits: digits 0-7 at chars 0-7, 8-11 at 9-12, 12-15 at 14-17, 16-19 at 19-22,
// 20-31 at 24-35 (hyphens at 8, 13, 18, 23). Digit 2k is byte k's high nibble, digit 2k + 1 its low one.

import { HEX_ALPHABET } from "./hex";

const HYPHEN: u8 = 0x2D;

/** Whether the last `hexDecodeSimd` read only hex digits. */
export let hexValid = false;

/** Writes the 36 chars of the 16 bytes at `src` at `dst`: two v128 stores and a u32 store. */
// @ts-ignore: decorator
@inline export function hexEncodeSimd(src: usize, dst: usize): void {
  const bytes = v128.load(src);
  const table = v128.load(HEX_ALPHABET);
  const high = i8x16.shr_u(bytes, 4);
  const low = v128.and(bytes, i8x16.splat(0x0F));
  // Digits 0-15 (bytes 0-7) and 16-31 (bytes 8-15): nibbles interleaved high-low, then looked up.
  const first = i8x16.swizzle(table, i8x16.shuffle(high, low, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23));
  const second = i8x16.swizzle(table, i8x16.shuffle(high, low, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31));
  // chars 0-15: digits 0-7, -, 8-11, -, 12-13 (lane 16 of the shuffle is the hyphen vector's).
  v128.store(dst, i8x16.shuffle(first, i8x16.splat(HYPHEN), 0, 1, 2, 3, 4, 5, 6, 7, 16, 8, 9, 10, 11, 16, 12, 13));
  // chars 16-31: digits 14-15, -, 16-19, -, 20-27 (lanes 2 and 7 placeholders, then hyphens).
  const middle = i8x16.shuffle(first, second, 14, 15, 0, 16, 17, 18, 19, 0, 20, 21, 22, 23, 24, 25, 26, 27);
  v128.store(dst, i8x16.replace_lane(i8x16.replace_lane(middle, 2, HYPHEN), 7, HYPHEN), 16);
  // chars 32-35: digits 28-31.
  store<u32>(dst, i32x4.extract_lane(second, 3), 32);
}

/** Hex values (0-15) of 16 chars, or 0xFF-ish garbage where `hexValidSimd` is false. */
// @ts-ignore: decorator
@inline function nibbles(chars: v128): v128 {
  const digit = i8x16.sub(chars, i8x16.splat(0x30));
  const letter = i8x16.add(i8x16.sub(v128.or(chars, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(10));
  return v128.bitselect(digit, letter, i8x16.lt_u(digit, i8x16.splat(10)));
}

/** 0xFF in each lane holding a hex digit of either case. */
// @ts-ignore: decorator
@inline function hexLanes(chars: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(chars, i8x16.splat(0x30)), i8x16.splat(10));
  const letter = i8x16.lt_u(i8x16.sub(v128.or(chars, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(6));
  return v128.or(digit, letter);
}

/** 16 bytes from 16 nibbles in each of two vectors: (nibble 2k << 4) | nibble 2k + 1, via i16 lanes. */
// @ts-ignore: decorator
@inline function pairs(values: v128): v128 {
  // A little-endian i16 lane holds nibble 2k in its low byte and 2k + 1 in its high byte.
  return v128.or(i16x8.shl(v128.and(values, i16x8.splat(0xFF)), 4), i16x8.shr_u(values, 8));
}

/**
 * The 16 bytes of the 36 chars at `src`, hyphens aside; sets `hexValid`. The caller checks the hyphens and the
 * version and variant.
 */
// @ts-ignore: decorator
@inline export function hexDecodeSimd(src: usize): v128 {
  const chars0 = v128.load(src);
  const chars16 = v128.load(src, 16);
  const chars20 = v128.load(src, 20);
  // Digits 0-15: chars 0-7, 9-12, 14-17; digits 16-31: chars 19-22, 24-35 (lanes 4-15 of chars20).
  const a = i8x16.shuffle(chars0, chars16, 0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17);
  const b = i8x16.shuffle(chars16, chars20, 3, 4, 5, 6, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  hexValid = i8x16.all_true(v128.and(hexLanes(a), hexLanes(b)));
  return i8x16.narrow_i16x8_u(pairs(nibbles(a)), pairs(nibbles(b)));
}
