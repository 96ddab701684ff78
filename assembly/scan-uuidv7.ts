// Finding UUID v7s in arbitrary text: the UUID kernel behind `scanText(text, { format: "uuidv7" })` and
// `ulid scan --type uuidv7` (scan.ts).
//
// A match is 8-4-4-4-12 hex digits in either case with version 7 and the RFC variant (what uuidRead accepts), with
// no ASCII letter or digit directly before or after it. A hyphen is no glue: `req-<uuid>` and `<uuid>-retry` hold one.
//
// The search goes hyphen to hyphen: every UUID has one 8 bytes after its start, so each hyphen names the one
// candidate start that puts it there. Bytes that are no hyphen cost one compare; text without hyphens none else.
// The SIMD build visits only the hyphens followed by three more 5 bytes apart, as a UUID's are, 16 offsets a step.

import { isAlnum } from "./crockford";
import { SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";
import { nextHyphenQuad } from "./scan-simd";
import { uuidRead, uuidTime } from "./uuidv7";

export const UUID_CHARS = 36;
const HYPHEN: u8 = 0x2D;
/** Offset of a UUID's first hyphen from its start. */
const FIRST_HYPHEN = 8;

/**
 * Finds the UUID v7s in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS (u32) and its Unix ms to
 * SCAN_TIMES (f64); returns how many. `glued` (the byte before the text is a letter or digit) and `atEnd` as for
 * `scanUlid` (scan-ulid.ts).
 */
export function scanUuidV7(length: i32, glued: bool, atEnd: bool): i32 {
  let count = 0;
  let h = FIRST_HYPHEN;
  while (h - FIRST_HYPHEN + UUID_CHARS <= length) {
    if (ASC_FEATURE_SIMD) {
      // Only where the other three hyphens are in place too (scan-simd.ts).
      h = nextHyphenQuad(h, length - UUID_CHARS + FIRST_HYPHEN);
      if (h - FIRST_HYPHEN + UUID_CHARS > length) break;
    }
    if (load<u8>(SCAN_TEXT + <usize>h) != HYPHEN) {
      h++;
      continue;
    }
    const p = h - FIRST_HYPHEN;
    const end = p + UUID_CHARS;
    if (uuidV7At(p, length, glued)) {
      if (end == length && !atEnd) break;
      store<u32>(SCAN_OFFSETS + (<usize>count << 2), p);
      store<f64>(SCAN_TIMES + (<usize>count << 3), uuidTime());
      count++;
      // The next match starts after this one ends.
      h = end + FIRST_HYPHEN;
      continue;
    }
    h++;
  }
  return count;
}

/**
 * Whether SCAN_TEXT[p, p + 36) (within [0, length)) is a UUID v7 that no letter or digit touches (`glued`: the byte
 * before the text is one), for this kernel and the one of several formats (scan-merged.ts). `uuidTime()` then gives
 * its time.
 */
// @ts-ignore: decorator
@inline export function uuidV7At(p: i32, length: i32, glued: bool): bool {
  const src = SCAN_TEXT + <usize>p;
  const end = p + UUID_CHARS;
  const gluedBefore = p > 0 ? isAlnum(load<u8>(src - 1)) : glued;
  return !gluedBefore && uuidRead(src) && (end == length || !isAlnum(load<u8>(SCAN_TEXT + <usize>end)));
}
