// Finding the IDs of several formats in one pass over a scan window (`scanText(text, { format: "all" })`, or a list):
// one classification of the window finds the places where a match of any of them can be, and each format's check
// runs only there. Running each format's kernel over the window and merging their matches read the window once per
// format; here it is read once, and the merge (src/scan/match-finder.ts, whose rules this follows) is done here too.
//
// Where matches can be: a ULID, ObjectId, XID or TypeID suffix is a whole run of ASCII letters and digits of 26, 24,
// 20 or 26 bytes (each kernel's border is any byte that is no letter or digit; a TypeID's suffix follows "_" or a
// border), so each is a run of at least 20 of them; a UUID is groups of 8, 4, 4, 4 and 12 letters and digits, one
// hyphen between two. The window is read 64 bytes at a time into a bit mask of its letters and digits (16 bytes a
// vector step on the SIMD build; 8 a step in a u64 on the scalar one, with SWAR range tests). Shifted ANDs over the
// mask, carried from one block to the next, mark the 20th byte of every run of letters and digits (one bit per run)
// and every byte that ends a UUID's shape up to its last hyphen; each mark is a candidate, visited in text order.
// Most of a log holds neither (words and numbers are short), so most blocks cost the classification and a few dozen
// scalar operations.
//
// At a run: its end is found byte by byte, and by its length only the formats of that length are checked, their
// alphabets at once through one table of bits (RUN_CLASS). Of the run's matches, the longest span wins (a TypeID
// with its prefix over the ULID its suffix also is), and of one span (a TypeID without a prefix is a lower-case
// ULID) the format listed first; a TypeID's prefix may cover a match of an earlier run (24 hex letters and "_"),
// which it then replaces. Runs and UUIDs never overlap (a UUID's longest run is 12).

import { isAlnum } from "./crockford";
import { ID_CHARS, MAX_SCAN_FORMATS, SCAN_FORMATS, SCAN_LENGTHS, SCAN_LIST, SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "./layout";
import { symbolLanes } from "./crockford-simd";
import { SPLAT_1F, SPLAT_20, SPLAT_3F, SPLAT_50, SPLAT_69, SPLAT_6C, SPLAT_6F, SPLAT_75, SPLAT_8A, SPLAT_9A, lanes } from "./lanes";
import { OBJECTID } from "./objectid";
import { CLASS as HEX_CLASS, objectIdTime } from "./scan-objectid";
import { BORDER as TYPEID_BORDER, CLASS as TYPEID_CLASS, typeIdStart } from "./scan-typeid";
import { CLASS as ULID_CLASS, digitRunTime } from "./scan-ulid";
import { UUID_CHARS, uuidV7At } from "./scan-uuidv7";
import { CLASS as XID_CLASS, xidTime } from "./scan-xid";
import { TYPEID } from "./typeid";
import { ULID } from "./ulid";
import { pack40 } from "./ulid-decode";
import { UUIDV7, uuidTime } from "./uuidv7";
import { XID } from "./xid";

/** Bytes of the shortest run a match can be (an XID), of an ObjectId, and of a UUID's offset to its last hyphen. */
const SHORTEST_RUN = 20;
const OBJECTID_CHARS = 24;
const XID_CHARS = 20;
const LAST_HYPHEN = 23;
/** Offset of a UUID's version digit, "7" for a v7. */
const VERSION_AT = 14;

// Bits of RUN_CLASS: the alphabets a byte is in.
const IN_ULID: u8 = 1;
const IN_TYPEID: u8 = 2;
const IN_HEX: u8 = 4;
const IN_XID: u8 = 8;

/** ASCII byte -> the alphabets it is in (each kernel's class table, below 32 or 16: one of its digits). */
const RUN_CLASS = memory.data(256);
for (let c = 0; c < 256; c++) {
  let bits: u8 = 0;
  if (load<u8>(ULID_CLASS + <usize>c) < 32) bits |= IN_ULID;
  if (load<u8>(TYPEID_CLASS + <usize>c) < 32) bits |= IN_TYPEID;
  if (load<u8>(HEX_CLASS + <usize>c) < 16) bits |= IN_HEX;
  if (load<u8>(XID_CLASS + <usize>c) < 32) bits |= IN_XID;
  store<u8>(RUN_CLASS + <usize>c, bits);
}

// Each format's index in the scan's list (SCAN_LIST), or -1 when the scan leaves it out: set by `setUp`.
let ulidAt = -1;
let uuidAt = -1;
let typeIdAt = -1;
let objectIdAt = -1;
let xidAt = -1;

/** Reads SCAN_LIST's first `formats` entries; false if one is a format this pass does not know. */
function setUp(formats: i32): bool {
  ulidAt = uuidAt = typeIdAt = objectIdAt = xidAt = -1;
  if (formats < 1 || formats > MAX_SCAN_FORMATS) return false;
  for (let i = formats - 1; i >= 0; i--) {
    const format = <i32>load<u8>(SCAN_LIST + <usize>i);
    // Listed last to first: a format listed twice takes its first place.
    if (format == ULID) ulidAt = i;
    else if (format == UUIDV7) uuidAt = i;
    else if (format == TYPEID) typeIdAt = i;
    else if (format == OBJECTID) objectIdAt = i;
    else if (format == XID) xidAt = i;
    else return false;
  }
  return true;
}

/**
 * Whether this pass is the one to take for the formats of SCAN_LIST's first `formats`: it finds every one, and for a
 * single format, it outruns the format's own kernel. That holds on the SIMD build but for UUID v7, whose kernel
 * visits only hyphens 5 bytes apart (four compares per 16 offsets, scan-simd.ts) where the pass classifies every
 * byte; on the scalar build a kernel for one format probes one byte in 20 to 26 of a sparse log (bench:scan-limit,
 * docs/performance.md).
 */
export function scanMergedKnows(formats: i32): bool {
  return setUp(formats) && (formats > 1 || (ASC_FEATURE_SIMD && uuidAt < 0));
}

// The state of one `scanMerged` call.
let textLength = 0;
let final = false;
let skipBefore = 0;
let alnumGlued = false;
let wordGlued = false;
let kept = 0;

/**
 * Finds the IDs of the formats of SCAN_LIST's first `formats` entries (format numbers, formats.ts) in
 * SCAN_TEXT[0, length), of every format at once, and leaves them merged in text order: each one's offset in
 * SCAN_OFFSETS, Unix ms in SCAN_TIMES, length in SCAN_LENGTHS and index in the list in SCAN_FORMATS; returns how
 * many, or -1 when the list holds a format this pass does not know. `before`: the byte before the text (-1 at the
 * input's start), which may glue to a match at offset 0. `atEnd` as for `scanUlid` (scan-ulid.ts). Matches that
 * start before `skip` are left out (they overlap a match the caller already took from the window before).
 */
export function scanMerged(formats: i32, length: i32, before: i32, atEnd: bool, skip: i32): i32 {
  if (!setUp(formats)) return -1;
  textLength = length;
  final = atEnd;
  skipBefore = skip;
  alnumGlued = before >= 0 && isAlnum(<u8>before);
  wordGlued = alnumGlued || before == 0x5F;
  kept = 0;
  const runs = ulidAt >= 0 || typeIdAt >= 0 || objectIdAt >= 0 || xidAt >= 0;
  const uuids = uuidAt >= 0;
  // The masks of the block before (bit 63 is the byte before this block's first); the text starts after a border.
  let lastAlnum: u64 = 0;
  let lastRun2: u64 = 0;
  let lastRun4: u64 = 0;
  let lastRun8: u64 = 0;
  let lastRun20: u64 = 0;
  let lastOther: u64 = ~0;
  for (let block = 0; block < length; block += 64) {
    let alnum: u64 = 0;
    if (ASC_FEATURE_SIMD) {
      const at = SCAN_TEXT + <usize>block;
      const c0 = v128.load(at);
      const c1 = v128.load(at, 16);
      const c2 = v128.load(at, 32);
      const c3 = v128.load(at, 48);
      alnum = <u64>alnumLanes(c0) | (<u64>alnumLanes(c1) << 16) | (<u64>alnumLanes(c2) << 32) | (<u64>alnumLanes(c3) << 48);
    } else {
      for (let part = 0; part < 64; part += 8) alnum |= alnumBytes(load<u64>(SCAN_TEXT + <usize>(block + part))) << part;
    }
    // Bytes past the text are none (reading them is safe: the scan regions follow SCAN_TEXT, layout.ts).
    if (length - block < 64) alnum &= (<u64>1 << <u64>(length - block)) - 1;
    const other = ~alnum;
    // runK: bit i set when bytes i-K+1 to i are all letters or digits (counting into the block before).
    const run2 = alnum & ((alnum << 1) | (lastAlnum >> 63));
    const run4 = run2 & ((run2 << 2) | (lastRun2 >> 62));
    const run8 = run4 & ((run4 << 4) | (lastRun4 >> 60));
    const run16 = run8 & ((run8 << 8) | (lastRun8 >> 56));
    const run20 = run16 & ((run4 << 16) | (lastRun4 >> 48));
    // The 20th byte of each run: where run20 starts.
    const runMarks = runs ? run20 & ~((run20 << 1) | (lastRun20 >> 63)) : 0;
    // A UUID's shape up to its last hyphen (bit i: byte i): bytes that are no letter or digit at i, i - 5, i - 10
    // and i - 15, each after a group of letters and digits, of 4 but the first, of 8.
    let quads: u64 = 0;
    if (uuids) {
      quads = other & ((other << 5) | (lastOther >> 59)) & ((other << 10) | (lastOther >> 54)) & ((other << 15) | (lastOther >> 49));
      quads &= ((run4 << 1) | (lastRun4 >> 63)) & ((run4 << 6) | (lastRun4 >> 58)) & ((run4 << 11) | (lastRun4 >> 53)) & ((run8 << 16) | (lastRun8 >> 48));
    }
    let marks = runMarks | quads;
    while (marks != 0) {
      const bit = ctz(marks);
      marks &= marks - 1;
      const at = block + <i32>bit;
      if (((runMarks >> bit) & 1) != 0) {
        // Where the run ends, when it does within the block; else it is walked from the next block on.
        const rest = bit < 63 ? other >> (bit + 1) : 0;
        run(at - (SHORTEST_RUN - 1), rest != 0 ? at + 1 + <i32>ctz(rest) : -(block + 64));
      } else uuid(at - LAST_HYPHEN);
    }
    lastAlnum = alnum;
    lastRun2 = run2;
    lastRun4 = run4;
    lastRun8 = run8;
    lastRun20 = run20;
    lastOther = other;
  }
  return kept;
}

/**
 * The letters and digits of 16 bytes, as a 16-bit mask: each range test is signed, x + (0x80 - lo) < -128 + n (an
 * add and one compare), where an unsigned one takes V8 three instructions.
 */
// @ts-ignore: decorator
@inline function alnumLanes(chars: v128): i32 {
  const digit = i8x16.lt_s(i8x16.add(chars, lanes(SPLAT_50)), lanes(SPLAT_8A));
  const letter = i8x16.lt_s(i8x16.add(v128.or(chars, lanes(SPLAT_20)), lanes(SPLAT_1F)), lanes(SPLAT_9A));
  return i8x16.bitmask(v128.or(digit, letter));
}

const LOW_7: u64 = 0x7F7F7F7F7F7F7F7F;
const HIGH_BIT: u64 = 0x8080808080808080;
/** Byte k's bit 0 -> bit 56 + k of the product (the bits do not collide: no carries reach past bit 63). */
const GATHER: u64 = 0x0102040810204080;

/** The high bit of each byte of `marks` (0x80 or 0) as an 8-bit mask, byte k at bit k. */
// @ts-ignore: decorator
@inline function byteMask(marks: u64): u64 {
  return ((marks >> 7) * GATHER) >> 56;
}

/**
 * The letters and digits of 8 bytes (little-endian in `chars`), as an 8-bit mask: per byte, x + (0x80 - lo) sets
 * the high bit when x >= lo, done on the low 7 bits so no sum carries into the next byte; bytes of 0x80 and up are
 * none.
 */
// @ts-ignore: decorator
@inline function alnumBytes(chars: u64): u64 {
  const low = chars & LOW_7;
  const digit = (low + 0x5050505050505050) & ~(low + 0x4646464646464646);
  const lower = low | 0x2020202020202020;
  const letter = (lower + 0x1F1F1F1F1F1F1F1F) & ~(lower + 0x0505050505050505);
  return byteMask((digit | letter) & ~chars & HIGH_BIT);
}

/** The byte at `at` of the window, as a letter or digit or not. */
// @ts-ignore: decorator
@inline function alnumAt(at: i32): bool {
  return isAlnum(load<u8>(SCAN_TEXT + <usize>at));
}

/** The alphabets (RUN_CLASS bits) every byte of SCAN_TEXT[from, from + count) is in. */
// @ts-ignore: decorator
@inline function alphabetsOf(from: i32, count: i32): u8 {
  let bits: u8 = 0xFF;
  for (let i = from; i < from + count; i++) bits &= load<u8>(RUN_CLASS + <usize>load<u8>(SCAN_TEXT + <usize>i));
  return bits;
}

/**
 * The alphabets (IN_ULID, IN_TYPEID) of the 26 letters and digits at `start`: canonical Crockford in either case
 * (no I, L, O or U), and of those, lower case only. The SIMD build tests the 26 bytes as two vectors (bytes 0-15 and
 * 10-25): on a dense log this check ran once per match and cost more than the search.
 */
// @ts-ignore: decorator
@inline function crockfordAlphabets(start: i32): u8 {
  if (!ASC_FEATURE_SIMD) return alphabetsOf(start, ID_CHARS);
  const at = SCAN_TEXT + <usize>start;
  const head = v128.load(at);
  const tail = v128.load(at, ID_CHARS - 16);
  if (v128.any_true(v128.or(aliasLanes(head), aliasLanes(tail)))) return 0;
  return v128.any_true(v128.or(upperLanes(head), upperLanes(tail))) ? IN_ULID : IN_ULID | IN_TYPEID;
}

/** Lanes of letters or digits that are I, L, O or U in either case. */
// @ts-ignore: decorator
@inline function aliasLanes(chars: v128): v128 {
  const lower = v128.or(chars, lanes(SPLAT_20));
  return v128.or(v128.or(i8x16.eq(lower, lanes(SPLAT_69)), i8x16.eq(lower, lanes(SPLAT_6C))), v128.or(i8x16.eq(lower, lanes(SPLAT_6F)), i8x16.eq(lower, lanes(SPLAT_75))));
}

/** Lanes of upper-case letters. */
// @ts-ignore: decorator
@inline function upperLanes(chars: v128): v128 {
  return i8x16.lt_s(i8x16.add(chars, lanes(SPLAT_3F)), lanes(SPLAT_9A));
}

/**
 * Unix ms of the 26 canonical characters at `start` (either case): the first 10 as a base-32 number. The SIMD build
 * reads the values of characters 2-9 as a vector and packs them into 40 bits as the ULID decoder does.
 */
// @ts-ignore: decorator
@inline function crockfordTime(start: i32): f64 {
  if (!ASC_FEATURE_SIMD) return digitRunTime(ULID_CLASS, start);
  const at = SCAN_TEXT + <usize>start;
  const top = (<u64>load<u8>(ULID_CLASS + <usize>load<u8>(at)) << 5) | <u64>load<u8>(ULID_CLASS + <usize>load<u8>(at, 1));
  return <f64>((top << 40) | <u64>i64x2.extract_lane(pack40(symbolLanes(v128.load(at, 2))), 0));
}

/**
 * The run of letters and digits that starts at `start` (at least 20 long): its match, if any, settled and kept.
 * `ends`: where the run ends, or minus the offset from which to look for its end.
 */
function run(start: i32, ends: i32): void {
  const length = textLength;
  let end = ends;
  if (end < 0) {
    end = min(-end, length);
    while (end < length && alnumAt(end)) end++;
  }
  // A run that reaches the end of a text that goes on is undecided; one glued to the byte before the text is none.
  if ((end == length && !final) || (start == 0 && alnumGlued)) return;
  const chars = end - start;
  if (chars == ID_CHARS) {
    if (ulidAt >= 0 || typeIdAt >= 0) crockfordRun(start, end);
  } else if ((chars == OBJECTID_CHARS && objectIdAt >= 0) || (chars == XID_CHARS && xidAt >= 0)) wordRun(start, end);
}

/** The run of 26 letters and digits [start, end): a ULID, a TypeID's suffix (with its prefix), or neither. */
// @ts-ignore: decorator
@inline function crockfordRun(start: i32, end: i32): void {
  const bits = crockfordAlphabets(start);
  let format = -1;
  let from = start;
  if ((bits & IN_ULID) != 0 && ulidAt >= 0 && load<u8>(ULID_CLASS + <usize>load<u8>(SCAN_TEXT + <usize>start)) < 8) format = ulidAt;
  if ((bits & IN_TYPEID) != 0 && typeIdAt >= 0) {
    const typeIdFrom = typeIdSpan(start, end, format);
    if (typeIdFrom >= 0) {
      format = typeIdAt;
      from = typeIdFrom;
    }
  }
  // A TypeID's time is its suffix's, as a ULID's.
  if (format >= 0) keep(from, end - from, crockfordTime(start), format);
}

/**
 * Where the TypeID whose suffix is the lower-case run [start, end) starts, when it is one and wins over the match
 * `format` of the same run (-1: none): longer (with a prefix), or the same span listed first; else -1. Out of line,
 * as `wordRun`: most logs hold no TypeID.
 */
function typeIdSpan(start: i32, end: i32, format: i32): i32 {
  const word = end == textLength || load<u8>(TYPEID_CLASS + <usize>load<u8>(SCAN_TEXT + <usize>end)) == TYPEID_BORDER;
  if (!word || load<u8>(TYPEID_CLASS + <usize>load<u8>(SCAN_TEXT + <usize>start)) >= 8) return -1;
  const typeIdFrom = typeIdStart(start, wordGlued);
  return typeIdFrom >= 0 && (format < 0 || typeIdFrom < start || typeIdAt < format) ? typeIdFrom : -1;
}

/**
 * The run of 24 or 20 letters and digits [start, end), the length of a format the scan finds: an ObjectId, an XID,
 * or neither. Out of line (scripts/build-wasm.mjs): most logs hold neither, and V8 optimises `run`, hot in every
 * scan, with all the code in it, a compile a small scan waits for.
 */
function wordRun(start: i32, end: i32): void {
  const chars = end - start;
  if (chars == OBJECTID_CHARS) {
    if ((alphabetsOf(start, OBJECTID_CHARS) & IN_HEX) != 0) keep(start, chars, objectIdTime(start), objectIdAt);
    return;
  }
  // An XID's last character is 0 or g: its low 4 bits pad the 96 bits.
  if ((alphabetsOf(start, XID_CHARS) & IN_XID) != 0 && (load<u8>(XID_CLASS + <usize>load<u8>(SCAN_TEXT + <usize>(end - 1))) & 15) == 0) {
    keep(start, chars, xidTime(start), xidAt);
  }
}

/** The UUID v7 candidate at `start` (its shape is in place), kept if it is one. */
function uuid(start: i32): void {
  const length = textLength;
  // Its version digit first: a log's other UUIDs (v4 most often) have the same shape.
  if (start < 0 || start + UUID_CHARS > length || load<u8>(SCAN_TEXT + <usize>(start + VERSION_AT)) != 0x37) return;
  if (!uuidV7At(start, length, alnumGlued)) return;
  if (start + UUID_CHARS == length && !final) return;
  keep(start, UUID_CHARS, uuidTime(), uuidAt);
}

/**
 * Keeps a match after the matches kept so far, unless it starts before the skip: of matches that overlap, the longer
 * (only the last few kept can reach it; a TypeID's prefix can cover one of an earlier run, which ends before it).
 */
function keep(at: i32, length: i32, time: f64, format: i32): void {
  if (at < skipBefore) return;
  while (kept > 0) {
    const last = <usize>(kept - 1);
    const lastLength = <i32>load<u8>(SCAN_LENGTHS + last);
    if (<i32>load<u32>(SCAN_OFFSETS + (last << 2)) + lastLength <= at) break;
    if (length <= lastLength) return;
    kept--;
  }
  store<u32>(SCAN_OFFSETS + (<usize>kept << 2), at);
  store<f64>(SCAN_TIMES + (<usize>kept << 3), time);
  store<u8>(SCAN_LENGTHS + <usize>kept, length);
  store<u8>(SCAN_FORMATS + <usize>kept, format);
  kept++;
}
