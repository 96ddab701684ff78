// The scan kernels' prefilters on 16 bytes at a time, for the SIMD build only: scan-ulid.ts and scan-uuidv7.ts reach
// these through `if (ASC_FEATURE_SIMD)`, which the compiler resolves statically, so the scalar build contains no
// v128. Each skips the text where no match can be and hands the exact matcher only the places where one might:
// most of a log holds no ID, and there the kernels run at a few vector operations per 16 bytes.
//
// Reading up to 16 bytes past `length` is safe: SCAN_TEXT is followed by the other scan regions (layout.ts), and
// what those bytes hold only makes a candidate the exact matcher then turns down.

import { SCAN_TEXT } from "./layout";
import { SPLAT_1A, SPLAT_20, SPLAT_2D, SPLAT_30, SPLAT_0A, SPLAT_61, SPLAT_69, SPLAT_6C, SPLAT_6F, SPLAT_75, lanes } from "./lanes";

/** Lanes of `chars` that are canonical Crockford characters in either case (0-9, a-z, A-Z but I L O U): all ones. */
// @ts-ignore: decorator
@inline function canonicalLanes(chars: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(chars, lanes(SPLAT_30)), lanes(SPLAT_0A));
  const lower = v128.or(chars, lanes(SPLAT_20));
  const letter = i8x16.lt_u(i8x16.sub(lower, lanes(SPLAT_61)), lanes(SPLAT_1A));
  const alias = v128.or(v128.or(i8x16.eq(lower, lanes(SPLAT_69)), i8x16.eq(lower, lanes(SPLAT_6C))), v128.or(i8x16.eq(lower, lanes(SPLAT_6F)), i8x16.eq(lower, lanes(SPLAT_75))));
  return v128.or(digit, v128.andnot(letter, alias));
}

/**
 * The first offset from `p` where a run of 26 canonical characters (a ULID, or a TypeID's suffix) might start, or
 * where the exact matcher should take over near `length`: never past the first such run starting at or after `p`.
 *
 * Why it is safe: a run [s, s + 26) holds a whole 8-aligned group of 8 bytes [8k, 8k + 8) with 8k in [s, s + 18]
 * (19 consecutive offsets hold a multiple of 8). The search reads 16 bytes (two groups) a step from the first
 * group at or after `p` and stops at the first group G of 8 canonical bytes: every group of a run starting at or
 * after `p` is at or after `p`, so at or after G, so the run starts at or after G - 18.
 */
// @ts-ignore: decorator
@inline export function nextRunCandidate(p: i32, length: i32): i32 {
  let group = (p + 7) & ~7;
  while (group + 16 <= length) {
    const mask = i8x16.bitmask(canonicalLanes(v128.load(SCAN_TEXT + <usize>group)));
    if ((mask & 0xFF) == 0xFF) break;
    if ((mask >> 8) == 0xFF) {
      group += 8;
      break;
    }
    group += 16;
  }
  return max(p, group - 18);
}

/**
 * The first offset `h` from `h` up to `last` where a UUID's hyphens might be, its first at `h`: bytes h, h + 5,
 * h + 10 and h + 15 all "-". Past `last` (or at most 15 bytes beyond it) when there is none.
 */
// @ts-ignore: decorator
@inline export function nextHyphenQuad(h: i32, last: i32): i32 {
  const hyphen = lanes(SPLAT_2D);
  while (h <= last) {
    const at = SCAN_TEXT + <usize>h;
    const first = v128.and(i8x16.eq(v128.load(at), hyphen), i8x16.eq(v128.load(at, 5), hyphen));
    const second = v128.and(i8x16.eq(v128.load(at, 10), hyphen), i8x16.eq(v128.load(at, 15), hyphen));
    const mask = i8x16.bitmask(v128.and(first, second));
    if (mask != 0) return h + ctz(mask);
    h += 16;
  }
  return h;
}
