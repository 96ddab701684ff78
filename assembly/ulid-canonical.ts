// The one pass of `ulid decode` over ULID text records (src/cli/decoded-lines.ts drives it through the codecs'
// `canonicalMany`): each record checked, its Unix ms read, and its text made canonical where it is not already, in
// one read of its 26 chars, instead of decoding to binary and encoding back (two passes and two copies a record).
// Records are read from TEXT at stride 27 as in ulid-decode.ts; times go to TIME, flags to FLAGS.
//
// Canonical text is upper case without the aliases: 0-9 and the 22 letters A-Z less I, L, O and U. Text from
// `ulid generate` is canonical, so the common record is only read; lower case and aliases are rewritten in TEXT,
// and `canonicalRewritten` tells the caller to copy TEXT back.

import { ALPHABET, charValue } from "./crockford";
import { charsValid, separated } from "./ulid-decode";
import { FLAGS, ID_CHARS, RECORD, TEXT, TIME } from "./layout";

/** Whether a record was rewritten since `canonicalRewritten` last answered. */
let rewritten = false;

/** Whether any call rewrote a record's text in TEXT since the last call of this one (which clears it). */
export function canonicalRewritten(): bool {
  const was = rewritten;
  rewritten = false;
  return was;
}

/**
 * 0xFF in each lane that holds a canonical char: a digit, or an upper-case letter but I, L, O, U. The letters
 * are checked through their offset from "A" (0-25) against a mask of the four excluded ones.
 */
// @ts-ignore: decorator
@inline function canonicalLanes(c: v128): v128 {
  const digit = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x30)), i8x16.splat(10));
  const upper = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x41)), i8x16.splat(26));
  const alias = v128.or(
    v128.or(i8x16.eq(c, i8x16.splat(0x49)), i8x16.eq(c, i8x16.splat(0x4C))),
    v128.or(i8x16.eq(c, i8x16.splat(0x4F)), i8x16.eq(c, i8x16.splat(0x55))),
  );
  return v128.or(digit, v128.andnot(upper, alias));
}

/** Whether byte `c` is a canonical char (see `canonicalLanes`). */
// @ts-ignore: decorator
@inline function isCanonical(c: u8): bool {
  return <u8>(c - 0x30) < 10 || (<u8>(c - 0x41) < 26 && c != 0x49 && c != 0x4C && c != 0x4F && c != 0x55);
}

/** Whether the 26 chars at `src`, valid Crockford chars, are canonical already. */
// @ts-ignore: decorator
@inline function charsCanonical(src: usize): bool {
  if (ASC_FEATURE_SIMD) {
    return i8x16.all_true(v128.and(canonicalLanes(v128.load(src)), canonicalLanes(v128.load(src, 10))));
  }
  for (let j = 0; j < ID_CHARS; j++) if (!isCanonical(load<u8>(src + <usize>j))) return false;
  return true;
}

/** Rewrites the 26 valid chars at `src` canonically: each char becomes the alphabet's char of its value. */
// @ts-ignore: decorator
@inline function canonicalize(src: usize): void {
  for (let j = 0; j < ID_CHARS; j++) {
    const at = src + <usize>j;
    store<u8>(at, load<u8>(ALPHABET + <usize>charValue(load<u8>(at))));
  }
  rewritten = true;
}

/** The Unix ms of the 10 valid time chars at `src`: 48 bits (the first char is 0-7), 5 per char. */
// @ts-ignore: decorator
@inline function timeOf(src: usize): f64 {
  let time: i64 = 0;
  for (let j = 0; j < 10; j++) time = (time << 5) | <i64>charValue(load<u8>(src + <usize>j));
  return <f64>time;
}

/**
 * Text records `from` to `count` - 1: each valid one's Unix ms to TIME and its text made canonical in TEXT.
 * Unflagged, stops at the first invalid record; flagged, writes 1 (valid) or 0 per record to FLAGS and goes on, an
 * invalid record's time NaN and its text untouched. Returns the index of the first invalid record, or -1.
 */
export function ulidCanonical(count: i32, textLength: i32, flagged: bool, from: i32): i32 {
  let first = -1;
  for (let i = from; i < count; i++) {
    const src = TEXT + <usize>(RECORD * i);
    const valid = separated(src, i, textLength) && charsValid(src);
    if (flagged) store<u8>(FLAGS + <usize>i, <u8>valid);
    if (valid) {
      if (!charsCanonical(src)) canonicalize(src);
      store<f64>(TIME + <usize>(8 * i), timeOf(src));
      continue;
    }
    if (!flagged) return i;
    if (first < 0) first = i;
    store<f64>(TIME + <usize>(8 * i), NaN);
  }
  return first;
}
