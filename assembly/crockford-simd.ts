// The character work of crockford.ts on 16 bytes at a time, for the SIMD build only: callers reach these through
// `if (ASC_FEATURE_SIMD)`, which the compiler resolves statically, so the scalar build contains no v128.

import { DECODE } from "./crockford";

/**
 * 0xFF in each lane that holds a Crockford character (either case, aliases included), 0 elsewhere: exactly the
 * bytes DECODE maps to a value. That is the digits, and the letters except U/u.
 */
// @ts-ignore: decorator
@inline export function crockfordLanes(c: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x30)), i8x16.splat(10));
  // Setting bit 5 maps A-Z onto a-z; only A-Z and a-z land in a-z (0x61-0x7A).
  const folded = v128.or(c, i8x16.splat(0x20));
  const letter = i8x16.lt_u(i8x16.sub(folded, i8x16.splat(0x61)), i8x16.splat(26));
  const u = i8x16.eq(folded, i8x16.splat(0x75));
  return v128.or(digit, v128.andnot(letter, u));
}

/**
 * The ASCII characters of 16 values (0-31), from the alphabet's two 16-byte halves `low` and `high`. A swizzle
 * lane whose index is 16 or more reads 0, so for each lane exactly one of the two lookups contributes.
 */
// @ts-ignore: decorator
@inline export function alphabetLanes(values: v128, low: v128, high: v128): v128 {
  return v128.or(i8x16.swizzle(low, values), i8x16.swizzle(high, i8x16.sub(values, i8x16.splat(16))));
}

/**
 * The values (0-31) of 16 characters, 0xFF in each lane that holds no Crockford character: the DECODE table's
 * rows 3-7 (bytes 0x30-0x7F, where every character lies) as five 16-byte swizzle tables. A swizzle lane whose index
 * is 16 or more reads 0, so each lane takes its value from the one row it falls in; a byte outside those rows
 * reads 0 from all five and is marked 0xFF by the range test.
 */
// @ts-ignore: decorator
@inline export function symbolLanes(c: v128): v128 {
  const index = i8x16.sub(c, i8x16.splat(0x30));
  const row3 = i8x16.swizzle(v128.load(DECODE, 0x30), index);
  const row4 = i8x16.swizzle(v128.load(DECODE, 0x40), i8x16.sub(index, i8x16.splat(16)));
  const row5 = i8x16.swizzle(v128.load(DECODE, 0x50), i8x16.sub(index, i8x16.splat(32)));
  const row6 = i8x16.swizzle(v128.load(DECODE, 0x60), i8x16.sub(index, i8x16.splat(48)));
  const row7 = i8x16.swizzle(v128.load(DECODE, 0x70), i8x16.sub(index, i8x16.splat(64)));
  const outside = i8x16.ge_u(index, i8x16.splat(80));
  return v128.or(v128.or(v128.or(row3, row4), v128.or(row5, row6)), v128.or(row7, outside));
}

/**
 * 0xFF in each lane that holds a canonical char: a digit, or an upper-case letter but I, L, O, U (aliases and the
 * excluded U). The letters are checked through their offset from "A" (0-25) against the four excluded ones.
 */
// @ts-ignore: decorator
@inline export function canonicalLanes(c: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x30)), i8x16.splat(10));
  const upper = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x41)), i8x16.splat(26));
  const alias = v128.or(
    v128.or(i8x16.eq(c, i8x16.splat(0x49)), i8x16.eq(c, i8x16.splat(0x4C))),
    v128.or(i8x16.eq(c, i8x16.splat(0x4F)), i8x16.eq(c, i8x16.splat(0x55))),
  );
  return v128.or(digit, v128.andnot(upper, alias));
}
