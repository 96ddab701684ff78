// The output lines of `ulid scan`, written here from the scan kernels' matches (scan.ts) without leaving the
// module: the CLI's scanner (src/printer/wasm-scan-match-lines.ts) searches a window, then has this write the lines of its
// matches into an output region, which it copies out whole. Formatting in JavaScript cost more than the search
// itself, and most of a short scan's time went on warming that code up.
//
// A line is, for a match found at SCAN_TEXT[at] (the window's byte `at`, stream offset `base + at`):
//   text  START LINE KEY ID "\t" ISO "\n"          (KEY is "\t", or "\t<type>\t" when several types are scanned)
//   json  START LINE ',"offset":' OFFSET KEY ID '","time":' MS ',"iso":"' ISO '"}\n'
//                                                   (KEY is ',"type":"<type>","id":"')
// START (the file's name, and in JSON the object's start up to '"line":') and each type's KEY are bytes the caller
// puts in the LINE_PARTS region. A scan of several types has the caller put each match's type (its index) in
// SCAN_FORMATS. ID is the match as found, raised (ULID), lowered (UUID v7) or as it is (TypeID), as its type says.
// ISO is the Unix ms as `Date.toISOString` writes it. Matches whose time is outside [since, until) are left out.
//
// Lines are numbered from the window's first line, counting newlines up to each match (16 bytes a step in the SIMD
// build); `scanLinesAt` counts the rest of the window, so the caller can start the next window's count.

import { writeDecimal, writeIsoMillis, writeIsoSecond } from "./decimal-text";
import { CHUNK, RECORD, SCAN_FORMATS, SCAN_LENGTHS, SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES, TEXT } from "../layout";
import { newlinesIn } from "../scan-window";

/** Bytes of LINE_PARTS: START and then each type's KEY, all of them together at most this. */
export const LINE_PARTS_BYTES = 4096;
const LINE_PARTS = memory.data(LINE_PARTS_BYTES, 16);
/** The most types one scan prints. */
export const MAX_TYPES = 8;
/** Per type, i32 each: where its KEY starts in LINE_PARTS, its length, its letters, its ID's length (0: varies). */
const TYPE_KEY_AT = memory.data(4 * MAX_TYPES, 16);
const TYPE_KEY_LENGTH = memory.data(4 * MAX_TYPES, 16);
const TYPE_LETTERS = memory.data(4 * MAX_TYPES, 16);
const TYPE_CHARS = memory.data(4 * MAX_TYPES, 16);
/**
 * The output lines: TEXT, which no scan uses (scanning and the codecs' calls never interleave: every call runs to
 * its end before the next one starts).
 */
const OUT = TEXT;
export const OUT_BYTES = RECORD * CHUNK;
/**
 * Room a line needs besides START and KEY: a line number and an offset (16 digits each: below 2^53), an ID (at
 * most 90 bytes: a TypeID of the longest prefix), a Unix ms (15 digits), an ISO time (27) and the punctuation
 * (36), rounded up; a SIMD copy may also store 15 bytes past the ID.
 */
const LINE_ROOM = 256;

/** How an ID's letters are written: as found, raised (ULID) or lowered (UUID v7). */
const AS_FOUND = 0;
const UPPER = 1;
const LOWER = 2;
const NEWLINE: u8 = 0x0a;

let startLength = 0;
let typeCount = 1;
let json = false;
let since: f64 = 0;
let until: f64 = 0;
/** The line of byte `counted` of the window, and how far the window's newlines are counted. */
let line: f64 = 1;
let counted = 0;
let outLength = 0;
/** The Unix ms of the second whose ISO text (up to the seconds) is at ISO_SECOND, `isoLength` bytes. */
let isoSecondMs: i64 = -1000;
let isoLength = 0;
const ISO_SECOND = memory.data(32, 16);

/** The fixed texts of a line, each at a place of its own in TEXTS (copied 8 bytes a step: see `copyWords`). */
const TEXTS = memory.data(64, 16);
const OFFSET_KEY = TEXTS; // ,"offset":
const TIME_KEY = TEXTS + 16; // ","time":
const ISO_KEY = TEXTS + 32; // ,"iso":"
const JSON_END = TEXTS + 48; // "}\n
storeText(OFFSET_KEY, ',"offset":');
storeText(TIME_KEY, '","time":');
storeText(ISO_KEY, ',"iso":"');
storeText(JSON_END, '"}\n');

function storeText(dst: usize, text: string): void {
  for (let j = 0; j < text.length; j++) store<u8>(dst + <usize>j, <u8>text.charCodeAt(j));
}

/**
 * Sets the lines of the next windows: START is the first `start` bytes of LINE_PARTS, `types` types are printed
 * (each set with `scanLinesType`; with more than one, SCAN_FORMATS gives each match's), as JSON or text, the times
 * [from, to). False when START does not fit LINE_PARTS or the types are not 1 to MAX_TYPES.
 */
export function scanLinesSetup(start: i32, types: i32, asJson: bool, from: f64, to: f64): bool {
  if (start < 0 || start > LINE_PARTS_BYTES || types < 1 || types > MAX_TYPES) return false;
  startLength = start;
  typeCount = types;
  json = asJson;
  since = from;
  until = to;
  return true;
}

/**
 * Sets type `type`: its KEY is the `key` bytes of LINE_PARTS from `keyAt`; `letters` AS_FOUND, UPPER or LOWER;
 * `chars` its IDs' length (0: each match's own, from SCAN_LENGTHS). False when the KEY is not within LINE_PARTS.
 */
export function scanLinesType(type: i32, keyAt: i32, key: i32, letters: i32, chars: i32): bool {
  if (type < 0 || type >= MAX_TYPES || keyAt < 0 || key < 0 || keyAt + key > LINE_PARTS_BYTES) return false;
  store<i32>(TYPE_KEY_AT + (<usize>type << 2), keyAt);
  store<i32>(TYPE_KEY_LENGTH + (<usize>type << 2), key);
  store<i32>(TYPE_LETTERS + (<usize>type << 2), letters);
  store<i32>(TYPE_CHARS + (<usize>type << 2), chars);
  return true;
}

/** Starts a window whose first byte is on line `first`. */
export function scanLinesWindow(first: f64): void {
  line = first;
  counted = 0;
}

/** The newlines in the first `length` bytes of the scan text region (`ulid scan --jobs` counts a range's so). */
export function scanNewlines(length: i32): i32 {
  return newlinesIn(0, length);
}

/** Counts the window's newlines from `counted` up to byte `end` (which never moves back within a window). */
// @ts-ignore: decorator
@inline function countTo(end: i32): void {
  line += <f64>newlinesIn(counted, end);
  counted = end;
}

/** The line of the window's byte `end`: its newlines counted up to there. */
export function scanLinesAt(end: i32): f64 {
  if (end > counted) countTo(end);
  return line;
}

/** The bytes `scanLines` wrote to the output region since its last call began. */
export function scanLinesLength(): i32 {
  return outLength;
}

/**
 * Writes the lines of matches `from` to `count` - 1 that start before byte `limit` of the window to the output
 * region (from its start), the window's first byte being stream offset `base`. Returns `count` when those are all
 * done, or the match to go on from when the region filled first (the caller copies the lines out and calls again).
 */
export function scanLines(from: i32, count: i32, limit: i32, base: f64): i32 {
  let out = OUT;
  // Room for the longest line: START, a KEY (at most LINE_PARTS_BYTES with START) and the rest.
  const end = OUT + <usize>OUT_BYTES - <usize>(LINE_PARTS_BYTES + LINE_ROOM);
  let i = from;
  for (; i < count; i++) {
    const at = load<u32>(SCAN_OFFSETS + (<usize>i << 2));
    if (at >= <u32>limit) {
      i = count;
      break;
    }
    if (out > end) break;
    const time = load<f64>(SCAN_TIMES + (<usize>i << 3));
    countTo(at);
    if (time < since || time >= until) continue;
    out = json ? jsonLine(out, <i32>at, i, base, time) : textLine(out, <i32>at, i, time);
  }
  outLength = <i32>(out - OUT);
  return i;
}

/** The text line of match `i` at `out`: START LINE KEY ID "\t" ISO "\n"; returns the end of what it wrote. */
// @ts-ignore: decorator
@inline function textLine(out: usize, at: i32, i: i32, time: f64): usize {
  out = writeKeyAndId(writeStartAndLine(out), at, i);
  store<u8>(out, 0x09); // "\t"
  out = writeIso(out + 1, <i64>time);
  store<u8>(out, NEWLINE);
  return out + 1;
}

/**
 * The JSON line of match `i` at `out`; returns the end of what it wrote. Out of line (scripts/build-wasm.mjs): V8's
 * optimising compile of `scanLines`, which a small scan waits for, then holds the text line alone.
 */
function jsonLine(out: usize, at: i32, i: i32, base: f64, time: f64): usize {
  out = copyWords(writeStartAndLine(out), OFFSET_KEY, 10);
  out += <usize>writeDecimal(<u64>(base + <f64>at), out);
  out = writeKeyAndId(out, at, i);
  const ms = <i64>time;
  out = copyWords(out, TIME_KEY, 9);
  out += <usize>writeDecimal(<u64>ms, out);
  out = copyWords(out, ISO_KEY, 8);
  out = writeIso(out, ms);
  return copyWords(out, JSON_END, 3);
}

/** A line's START and then its LINE (the match's line number) at `out`; returns the end of what it wrote. */
// @ts-ignore: decorator
@inline function writeStartAndLine(out: usize): usize {
  out = copyWords(out, LINE_PARTS, startLength);
  return out + <usize>writeDecimal(<u64>line, out);
}

/** Match `i`'s KEY (its type's) and then its ID, in its type's case, at `out`; returns the end of what it wrote. */
// @ts-ignore: decorator
@inline function writeKeyAndId(out: usize, at: i32, i: i32): usize {
  const type = typeCount > 1 ? <usize>load<u8>(SCAN_FORMATS + <usize>i) << 2 : 0;
  out = copyWords(out, LINE_PARTS + <usize>load<i32>(TYPE_KEY_AT + type), load<i32>(TYPE_KEY_LENGTH + type));
  const fixed = load<i32>(TYPE_CHARS + type);
  const chars = fixed > 0 ? fixed : <i32>load<u8>(SCAN_LENGTHS + <usize>i);
  copyId(out, SCAN_TEXT + <usize>at, chars, load<i32>(TYPE_LETTERS + type));
  return out + <usize>chars;
}

/**
 * `count` bytes from `src` to `dst`, 8 a step; returns `dst + count`. The last step may store up to 7 bytes past
 * them, which the next field overwrites (LINE_ROOM leaves room at the region's end): for the few bytes of a
 * line's fields, a call of `memory.copy` costs more than the copy.
 */
// @ts-ignore: decorator
@inline function copyWords(dst: usize, src: usize, count: i32): usize {
  for (let j = 0; j < count; j += 8) store<u64>(dst + <usize>j, load<u64>(src + <usize>j));
  return dst + <usize>count;
}

/** Unix ms `ms` as ISO-8601 at `out`; the text up to its second is made once per second and kept. */
// @ts-ignore: decorator
@inline function writeIso(out: usize, ms: i64): usize {
  let millis = ms - isoSecondMs;
  if (<u64>millis >= 1000) {
    const second = ms / 1000;
    isoSecondMs = second * 1000;
    millis = ms - isoSecondMs;
    isoLength = writeIsoSecond(second, ISO_SECOND);
  }
  // Its 19 or 22 bytes as three words, no loop: ISO_SECOND holds 32, and what the third stores past them is
  // overwritten.
  store<u64>(out, load<u64>(ISO_SECOND));
  store<u64>(out, load<u64>(ISO_SECOND, 8), 8);
  store<u64>(out, load<u64>(ISO_SECOND, 16), 16);
  out += <usize>isoLength;
  writeIsoMillis(<u32>millis, out);
  return out + 5;
}

/**
 * The `chars` bytes of an ID at `src` to `dst` in its case: letters raised or lowered, or as they are. The scan
 * kernels only match ASCII letters, digits and hyphens, which lowering leaves alone but for the letters.
 */
// @ts-ignore: decorator
@inline function copyId(dst: usize, src: usize, chars: i32, letterCase: i32): void {
  if (ASC_FEATURE_SIMD) {
    for (let j = 0; j < chars; j += 16) {
      const c = v128.load(src + <usize>j);
      let cased = c;
      if (letterCase == UPPER) cased = i8x16.sub(c, v128.and(i8x16.gt_u(c, i8x16.splat(0x60)), i8x16.splat(0x20)));
      else if (letterCase == LOWER) cased = v128.or(c, i8x16.splat(0x20));
      v128.store(dst + <usize>j, cased);
    }
    return;
  }
  for (let j = 0; j < chars; j++) {
    const c = load<u8>(src + <usize>j);
    let cased = c;
    if (letterCase == UPPER) cased = c > 0x60 ? c - 0x20 : c;
    else if (letterCase == LOWER) cased = c | 0x20;
    store<u8>(dst + <usize>j, cased);
  }
}

export function linePartsRegion(): usize {
  return LINE_PARTS;
}

export function lineOutRegion(): usize {
  return OUT;
}
