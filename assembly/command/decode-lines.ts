// `ulid decode`'s lines made whole, one pass over ULID text records (src/printer/decode-output.ts drives it through
// src/printer/wasm-decode-lines.ts): each record is checked, its canonical text and Unix ms read, and its finished output line
// written to LINES, in one read of its 26 chars. Records are read from TEXT at stride 27 as in ulid-decode.ts.
//
// A line is the start piece `lineStart` sets (PIECES, up to 16 bytes), the ID's 26 canonical chars, then its
// time's suffix: everything a line prints after its ID depends on its time alone (TSV "\t<ms>\t<ISO>\n", JSON
// '","time":<ms>,"iso":"<ISO>"}\n'). The caller makes each suffix, once per time (src/printer/byte-writer.ts's
// TimeSuffix: one ISO writer for every command): where a record's time has none yet, the kernel stops before it and
// names the time and the slot to fill (`lineNeedTime`, `lineNeedSlot`); the caller writes the bytes into the slot,
// says how many (`lineSuffixBuilt`) and calls again from that record. Suffixes are kept in SUFFIX_SLOTS slots
// chosen by the time's low bits, as TimeSuffix keeps its own: IDs come in runs of one millisecond (tens of thousands
// from `ulid generate`) or of nearby times (a log's minute), and a decoy's time of its own rarely pushes out the
// slots of the real ones around it.

import { alphabetLanes, canonicalLanes, symbolLanes } from "../crockford-simd";
import { ALPHABET, charValue } from "../crockford";
import { CHUNK, FLAGS, ID_CHARS, RECORD, TEXT } from "../layout";
import { pack40, separated } from "../ulid-decode";

// The regions of this kernel, in the command's module only (assembly/command/index.ts), which takes a page more memory for
// them:
//   lines region  bytes  contents (`ulid decode`'s output lines), for record i
//   LINES         32768  finished lines, one per valid record, back to back
//   LINE_ENDS     32768  u32 end of record i's line (counted from the caller's base) at 4i
//   PIECES           16  the start piece of every line (lineStart)
//   SUFFIXES       6144  SUFFIX_SLOTS suffixes (what a line prints after its ID), SUFFIX_SLOT bytes each

/** Bytes of PIECES: the longest start piece (a JSON key...) `lineStart` takes. */
export const LINE_PIECE = 16;
/**
 * Bytes of a suffix slot: the longest suffix the caller may write (src/engine/types.ts, MAX_SUFFIX_BYTES; JSON's
 * takes 64), in whole 16-byte steps, as the kernel copies it.
 */
export const SUFFIX_SLOT = 96;
/** Suffixes kept: 64, chosen by a time's low 6 bits (as src/printer/byte-writer.ts's TimeSuffix). */
export const SUFFIX_SLOTS = 64;
/**
 * Bytes one line may touch in LINES from its start: the start piece, the ID's 26 chars and a suffix slot copied
 * whole (16-byte stores may run past the line's end). `ulidLines` begins a line only where this much is left.
 */
export const MAX_LINE = LINE_PIECE + ID_CHARS + SUFFIX_SLOT;
/**
 * Bytes of LINES: ~2,000 TSV lines a call. `ulid decode` writes each call's lines out straight from here (one write
 * per call: src/engine/wasm-codec.ts, `direct`), so fewer, bigger calls save writes: 128 KiB chosen from
 * bench/cli.mjs --pipeline (`decode < ids.txt` and the pipeline from `ulid generate`, against 32 KiB). It takes
 * two pages of the command's memory (scripts/build-wasm.mjs), none of the library's.
 */
export const LINES_BYTES = 131072;

export const LINES = memory.data(LINES_BYTES, 16);
export const LINE_ENDS = memory.data(4 * CHUNK, 16);
export const PIECES = memory.data(LINE_PIECE, 16);
export const SUFFIXES = memory.data(SUFFIX_SLOT * SUFFIX_SLOTS, 16);

/** The length of the start piece, set by `lineStart`. */
let startLength: i32 = 0;
/** The time each suffix slot holds (i64; -1: none, times are 0 to 2^48 - 1), and the slot's length in bytes (i32). */
const SLOT_TIMES = memory.data(8 * SUFFIX_SLOTS, 16);
const SLOT_LENGTHS = memory.data(4 * SUFFIX_SLOTS, 16);
/** The time whose suffix the last `ulidLines` call stopped for, and its slot (-1: it did not stop for one). */
let needTime: i64 = -1;
let needSlot: i32 = -1;
/** The first invalid record of the last `ulidLines` call, or -1. */
let firstInvalid: i32 = -1;

/**
 * Takes the start piece of the next calls' lines from PIECES (`length` bytes) and forgets every suffix: the caller
 * calls it when its suffixes change too. False, changing nothing, when the piece is longer than LINE_PIECE.
 */
export function lineStart(length: i32): bool {
  if (<u32>length > <u32>LINE_PIECE) return false;
  startLength = length;
  for (let slot = 0; slot < SUFFIX_SLOTS; slot++) store<i64>(SLOT_TIMES + (<usize>slot << 3), -1);
  return true;
}

/** The Unix ms whose suffix the last `ulidLines` call stopped for (as f64), when `lineNeedSlot` is not -1. */
export function lineNeedTime(): f64 {
  return <f64>needTime;
}

/** The slot (its bytes at SUFFIXES + SUFFIX_SLOT * slot) to write that suffix into, or -1 when the call did not stop for one. */
export function lineNeedSlot(): i32 {
  return needSlot;
}

/** The suffix the last call stopped for is written in its slot, `length` bytes (at most SUFFIX_SLOT). */
export function lineSuffixBuilt(length: i32): void {
  store<i64>(SLOT_TIMES + (<usize>needSlot << 3), needTime);
  store<i32>(SLOT_LENGTHS + (<usize>needSlot << 2), length);
}

/** The first invalid record of the last `ulidLines` call, or -1. */
export function lineFirstInvalid(): i32 {
  return firstInvalid;
}

/**
 * Text records `from` to `count` - 1, while LINES has room for a whole line more and the suffix of each record's
 * time is there: 1 (valid) or 0 per record to FLAGS, each valid record's line to LINES (from its start), and after
 * each record `base` plus the bytes of LINES written so far to LINE_ENDS (an invalid record writes no line).
 * Returns the index of the record it stopped before: `count` when it read them all, else the next call's `from`
 * (after the suffix `lineNeedSlot` names, when it names one, is built).
 */
export function ulidLines(count: i32, textLength: i32, from: i32, base: u32): i32 {
  firstInvalid = -1;
  needSlot = -1;
  let out = LINES;
  let i = from;
  // The time of the last valid record, its suffix, and its first 10 chars as read (`head`: chars 0-7 and 8-9, the
  // time chars; `known` once there is one). A record whose time chars are those same bytes has the same time and the
  // same canonical chars 0-9 (HEAD_TEXT, SIMD): only its other 16 chars are checked (`ulid generate` writes runs
  // of thousands of IDs of one millisecond).
  let lastTime: i64 = -1;
  let suffix: usize = 0;
  let suffixLength: i32 = 0;
  let known = false;
  let head: u64 = 0;
  let headEnd: u16 = 0;
  for (; i < count && out + <usize>MAX_LINE <= LINES + <usize>LINES_BYTES; i++) {
    const src = TEXT + <usize>(RECORD * i);
    const dst = out + <usize>startLength;
    // The start piece first: the ID's text goes after it (a store of 16 bytes, of which `startLength` count).
    copy16(out, PIECES);
    let time: i64 = -1;
    if (separated(src, i, textLength)) {
      const word = load<u64>(src);
      const wordEnd = load<u16>(src, 8);
      if (ASC_FEATURE_SIMD && known && word == head && wordEnd == headEnd) {
        const tail = v128.load(src, 10); // chars 10-25
        if (i8x16.all_true(canonicalLanes(tail))) {
          v128.store(dst, v128.load(HEAD_TEXT));
          v128.store(dst, tail, 10);
          time = lastTime;
        }
      }
      if (time < 0) {
        time = writeId(src, dst);
        known = time >= 0;
        head = word;
        headEnd = wordEnd;
      }
    }
    const valid = time >= 0;
    if (valid) {
      if (time != lastTime) {
        const slot = <usize>(time & (SUFFIX_SLOTS - 1));
        if (load<i64>(SLOT_TIMES + (slot << 3)) != time) {
          // Record i is read again on the next call: nothing of it is kept (its flag and end come then).
          needTime = time;
          needSlot = <i32>slot;
          break;
        }
        lastTime = time;
        suffix = SUFFIXES + <usize>SUFFIX_SLOT * slot;
        suffixLength = load<i32>(SLOT_LENGTHS + (slot << 2));
      }
      const at = dst + <usize>ID_CHARS;
      // Three steps unrolled cover a TSV suffix (~40 bytes); the loop, the longer ones (JSON: ~62).
      copy16(at, suffix);
      copy16(at + 16, suffix + 16);
      copy16(at + 32, suffix + 32);
      for (let k = 48; k < suffixLength; k += 16) copy16(at + <usize>k, suffix + <usize>k);
      out = at + <usize>suffixLength;
    } else if (firstInvalid < 0) {
      firstInvalid = i;
    }
    store<u8>(FLAGS + <usize>i, <u8>valid);
    store<u32>(LINE_ENDS + (<usize>i << 2), base + <u32>(out - LINES));
  }
  return i;
}

/** The canonical chars 0-15 of the last ID `writeId` wrote (SIMD: its chars 0-9 are reused by the next IDs). */
const HEAD_TEXT = memory.data(16, 16);

/**
 * Writes the 26 chars at `src` canonically at `dst` (up to 16 bytes past them may be overwritten) and returns their
 * Unix ms; -1 when they are no ULID (what was written is then garbage).
 */
// @ts-ignore: decorator
@inline function writeId(src: usize, dst: usize): i64 {
  if (ASC_FEATURE_SIMD) {
    const values = symbolLanes(v128.load(src)); // chars 0-15
    const tail = symbolLanes(v128.load(src, 10)); // chars 10-25
    // Every value is at most 31 (a non-char's lane is 0xFF, bits 5-7 set), and char 0 at most 7 (128 bits).
    if (v128.any_true(v128.and(v128.or(values, tail), i8x16.splat(<i8>0xE0))) || i8x16.extract_lane_u(values, 0) > 7) return -1;
    const low = v128.load(ALPHABET);
    const high = v128.load(ALPHABET, 16);
    const headText = alphabetLanes(values, low, high);
    v128.store(HEAD_TEXT, headText);
    v128.store(dst, headText);
    v128.store(dst, alphabetLanes(tail, low, high), 10);
    // Chars 0-7 and 8-15 as two 40-bit numbers; the time is chars 0-9: the first and the top 10 bits of the second.
    const groups = pack40(values);
    return (i64x2.extract_lane(groups, 0) << 10) | (i64x2.extract_lane(groups, 1) >>> 30);
  }
  // Values are 0-31 and a non-char's 0xFF, so the OR of them all stays below 32 exactly when all are chars.
  const first = charValue(load<u8>(src));
  let seen: u32 = first;
  let time: i64 = 0;
  for (let j = 0; j < ID_CHARS; j++) {
    const value = charValue(load<u8>(src + <usize>j));
    seen |= value;
    store<u8>(dst + <usize>j, load<u8>(ALPHABET + <usize>(value & 31)));
    if (j < 10) time = (time << 5) | <i64>value;
  }
  return seen > 31 || first > 7 ? -1 : time;
}

/** Copies 16 bytes. */
// @ts-ignore: decorator
@inline function copy16(dst: usize, src: usize): void {
  if (ASC_FEATURE_SIMD) {
    v128.store(dst, v128.load(src));
  } else {
    store<u64>(dst, load<u64>(src));
    store<u64>(dst, load<u64>(src, 8), 8);
  }
}
