// The character work of crockford.ts on 16 bytes at a time, for the SIMD build only: callers reach these through
// `if (ASC_FEATURE_SIMD)`, which the compiler resolves statically, so the scalar build contains no v128.

import { DECODE } from "./crockford";
import { SPLAT_0A, SPLAT_10, SPLAT_1A, SPLAT_20, SPLAT_30, SPLAT_50, SPLAT_61, SPLAT_75, lanes } from "./lanes";

/**
 * 0xFF in each lane that holds a Crockford character (either case, aliases included), 0 elsewhere: exactly the
 * bytes DECODE maps to a value. That is the digits, and the letters except U/u.
 */
// @ts-ignore: decorator
@inline export function crockfordLanes(c: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(c, lanes(SPLAT_30)), lanes(SPLAT_0A));
  // Setting bit 5 maps A-Z onto a-z; only A-Z and a-z land in a-z (0x61-0x7A).
  const folded = v128.or(c, lanes(SPLAT_20));
  const letter = i8x16.lt_u(i8x16.sub(folded, lanes(SPLAT_61)), lanes(SPLAT_1A));
  const u = i8x16.eq(folded, lanes(SPLAT_75));
  return v128.or(digit, v128.andnot(letter, u));
}

/**
 * The ASCII characters of 16 values (0-31), from the alphabet's two 16-byte halves `low` and `high`. A swizzle
 * lane whose index is 16 or more reads 0, so for each lane exactly one of the two lookups contributes.
 */
// @ts-ignore: decorator
@inline export function alphabetLanes(values: v128, low: v128, high: v128): v128 {
  return v128.or(i8x16.swizzle(low, values), i8x16.swizzle(high, i8x16.sub(values, lanes(SPLAT_10))));
}

/**
 * The values (0-31) of 16 characters, 0xFF in each lane that holds no Crockford character: what the DECODE table
 * gives, from three of its rows as 16-byte swizzle tables. Letters are folded to lower case first, but only bytes
 * 0x40-0x7F (bit 6 set: adding bit 5 never makes a control character a digit), so every character lies in rows 3
 * (0x30-0x3F) and 6-7 (0x60-0x7F). A swizzle lane whose index is 16 or more reads 0, so each lane takes its value
 * from the one row it falls in; a byte outside those rows (below 0x30 or from 0x80 after folding) reads 0 from all
 * three and is marked 0xFF by the range test. Three lookups where the unfolded bytes took five.
 */
// @ts-ignore: decorator
@inline export function symbolLanes(c: v128): v128 {
  // Bit 6 of each byte moved to bit 5 (a 16-bit shift carries bit 8 into bit 7, which the mask drops).
  const folded = v128.or(c, v128.and(i16x8.shr_u(c, 1), lanes(SPLAT_20)));
  const index = i8x16.sub(folded, lanes(SPLAT_30));
  const row6Index = i8x16.sub(index, lanes(SPLAT_30));
  const row3 = i8x16.swizzle(v128.load(DECODE, 0x30), index);
  const row6 = i8x16.swizzle(v128.load(DECODE, 0x60), row6Index);
  const row7 = i8x16.swizzle(v128.load(DECODE, 0x70), i8x16.sub(row6Index, lanes(SPLAT_10)));
  const outside = i8x16.ge_u(index, lanes(SPLAT_50));
  return v128.or(v128.or(row3, row6), v128.or(row7, outside));
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
