// The character work of crockford.ts on 16 bytes at a time, for the SIMD build only: callers reach these through
// `if (ASC_FEATURE_SIMD)`, which the compiler resolves statically, so the scalar build contains no v128.

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
