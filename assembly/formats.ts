// The one batch ABI of every format, driven by src/engine/wasm-codec.ts. Each export takes the format's number
// (src/engine/specs.ts, `wasmId`) and finds the format's codec in the table (`run`, one line per format), where each
// loop is specialised for that codec: the loops are inlined with the codec as a type, so nothing is dispatched per
// record. A codec is a class of inlined methods in the format's own file (FlakeCodec in flake.ts, ...):
//
//   chars(), bytes()                 its text and binary widths (TypeID: of the current prefix, typeid.ts)
//   stampRandom(param), advanceRandom(param)   random bytes a fresh ID and a successor take (src/engine/specs.ts)
//   isSeparator(c)                   whether byte c may end a text record
//   read(src), pack(dst), time()     reads a text record; packs its bytes, gives its raw time field
//   write(src, dst)                  binary -> text; false for bytes that are no ID of the format
//   stamp(time, param, random, dst), advance(seed, param, random)   a fresh ID; SEED's successor in place
//   scan(length, glued, atEnd)       optional: its scan kernel (scan-*.ts), for a format scanning can find
//   scanPack(src, length, dst)       with scan: packs a match of length bytes at src (as the kernel found it) to dst
//   wideParam()                      optional: its generation parameter needs more than 32 bits (XID's machine and
//                                    pid), so stampRandom, stamp, advanceRandom and advance take it whole, as an f64
//
// ULID (format 0) instead has whole-batch kernels of its own (UlidCodec in ulid.ts: validRecord, decodeRecord,
// recordTime, encodeAll, stampAll, advanceAll), which the loops take where a codec has them. Every format uses the
// scratch regions of layout.ts (binary IDs in BINARY, text records in TEXT, times, flags, random bytes, the seed),
// which are free between calls.
//
// Text records are `chars` characters and one separator byte; `textLength` is how many bytes of TEXT hold input,
// so the last record's separator is checked only when it is there. Binary records are `bytes` long. A format whose
// texts vary in width (src/engine/specs.ts, `minChars`) has `chars` its widest: its codec reads a shorter text
// right-aligned after PAD bytes (0xFE) and writes it so; the TypeScript side lays records out and takes them back.

import { BASEUID, BaseUidCodec } from "./baseuid";
import { FLAKE, FlakeCodec } from "./flake";
import { KSUID, KsuidCodec } from "./ksuid";
import { BINARY, CHUNK, FLAGS, RANDOM, RECORD, SCAN_TEXT, SEED, TEXT, TIME } from "./layout";
import { OBJECTID, ObjectIdCodec } from "./objectid";
import { SNOWFLAKE, SnowflakeCodec } from "./snowflake";
import { TSID, TsidCodec } from "./tsid";
import { TYPEID, TypeIdCodec } from "./typeid";
import { UlidCodec } from "./ulid";
import { UUIDV7, UuidV7Codec } from "./uuidv7";
import { XID, XidCodec } from "./xid";

/** Formats this build knows: the loader checks its own specs against `formatCount`/`formatChars`/`formatBytes`. */
const FORMATS = 10;

// What a call asks of a format's codec.
const CHARS = 0;
const BYTES = 1;
const CHUNK_OF = 2;
const DECODE = 3;
const TIME_OF = 4;
const VALIDATE = 5;
const ENCODE = 6;
const GENERATOR = 7;
const STAMP = 8;
const ADVANCE = 9;
const SCAN = 10;
const SCAN_PACK = 11;

/**
 * The format table: format number -> codec. Each export inlines it with its `op` a constant, so a call costs one
 * comparison per format and one call before its loop. The loops are functions of their own, one per codec and
 * operation (`validateAll<F>`, ...), and are inlined nowhere: binaryen then optimises each once and on its own. Had
 * they been inlined into the exports (9 formats x 11 exports, each a copy of every loop), one target took 102 s to
 * compile instead of 3.5 s, for a binary 10% smaller. ULID's loops come last, as before they shared this table:
 * with them first, the ULID validate kernel measured slower (npm run bench:kernels, SIMD build, the same
 * instructions: where V8 lays out the loop), and decode no faster.
 */
// @ts-ignore: decorator
@inline function run(format: i32, op: i32, a: i32, b: i32, c: i32, d: i32, time: f64 = 0, param: f64 = 0): i32 {
  if (format == FLAKE) return on<FlakeCodec>(format, op, a, b, c, d, time, param);
  if (format == BASEUID) return on<BaseUidCodec>(format, op, a, b, c, d, time, param);
  if (format == UUIDV7) return on<UuidV7Codec>(format, op, a, b, c, d, time, param);
  if (format == KSUID) return on<KsuidCodec>(format, op, a, b, c, d, time, param);
  if (format == TYPEID) return on<TypeIdCodec>(format, op, a, b, c, d, time, param);
  if (format == OBJECTID) return on<ObjectIdCodec>(format, op, a, b, c, d, time, param);
  if (format == XID) return on<XidCodec>(format, op, a, b, c, d, time, param);
  if (format == TSID) return on<TsidCodec>(format, op, a, b, c, d, time, param);
  if (format == SNOWFLAKE) return on<SnowflakeCodec>(format, op, a, b, c, d, time, param);
  return on<UlidCodec>(format, op, a, b, c, d, time, param);
}

/** A codec's methods take no state of their own: its instance is a type, never allocated. */
// @ts-ignore: decorator
@inline function codecOf<F>(): F {
  return changetype<F>(0);
}

/** What `op` asks of codec F; the arguments as each export passes them. */
// @ts-ignore: decorator
@inline function on<F>(format: i32, op: i32, a: i32, b: i32, c: i32, d: i32, time: f64, param: f64): i32 {
  const codec = codecOf<F>();
  if (op == CHARS) return codec.chars();
  if (op == BYTES) return codec.bytes();
  if (op == CHUNK_OF) return min(CHUNK, (RECORD * CHUNK) / (codec.chars() + 1));
  // a: count, b: textLength, c: flagged, d: from
  if (op == VALIDATE) return validateAll<F>(a, b);
  if (op == DECODE) return decodeAll<F>(c != 0, d, a, b);
  if (op == TIME_OF) return timeAll<F>(c != 0, d, a, b);
  // a: count, b: separator
  if (op == ENCODE) return encodeAll<F>(a, b);
  // Generation. The format whose codec makes the format's IDs: its own, or the one it names (TypeID: UUID v7).
  if (op == GENERATOR) {
    if (isDefined(codec.generatesAs)) return codec.generatesAs();
    return format;
  }
  // a: count; `param` the format's generation parameter (src/engine/specs.ts)
  if (op == STAMP) {
    stampAll<F>(a, time, param);
    return 0;
  }
  if (op == ADVANCE) return advanceAll<F>(a, param);
  // a: length, b: glued, c: atEnd
  if (op == SCAN) {
    if (isDefined(codec.scan)) return codec.scan(a, b != 0, c != 0);
    return 0;
  }
  // a: the match's offset in SCAN_TEXT, b: its length, c: where its bytes go in BINARY; returns their count. Once per
  // match of a columnar scan, so inlined here.
  if (op == SCAN_PACK) {
    if (!isDefined(codec.scanPack)) return 0;
    codec.scanPack(SCAN_TEXT + <usize>a, b, BINARY + <usize>c);
    return codec.bytes();
  }
  return 0;
}

/** How many formats this build implements (numbers 0 to this - 1). */
export function formatCount(): i32 {
  return FORMATS;
}

/** Characters of a text ID of the format. */
export function formatChars(format: i32): i32 {
  return run(format, CHARS, 0, 0, 0, 0, 0);
}

/** Bytes of a binary ID of the format. */
export function formatBytes(format: i32): i32 {
  return run(format, BYTES, 0, 0, 0, 0, 0);
}

/** Records the TEXT region holds for the format, at most CHUNK (the other regions' size). */
export function formatChunk(format: i32): i32 {
  return run(format, CHUNK_OF, 0, 0, 0, 0, 0);
}

/** Whether text record `i` is a valid ID whose separator (when within `textLength`) may separate. */
// @ts-ignore: decorator
@inline function readRecord<F>(i: i32, textLength: i32): bool {
  const codec = codecOf<F>();
  const record = codec.chars() + 1;
  const end = record * i + codec.chars();
  const src = TEXT + <usize>(record * i);
  return codec.read(src) && (end >= textLength || codec.isSeparator(load<u8>(TEXT + <usize>end)));
}

/**
 * Whether text record `i` is valid; when it is, DECODE has packed it into BINARY and TIME_OF written its time field
 * to TIME (VALIDATE writes nothing).
 */
// @ts-ignore: decorator
@inline function take<F>(what: i32, i: i32, textLength: i32): bool {
  const codec = codecOf<F>();
  if (isDefined(codec.decodeRecord)) {
    // ULID's tuned readers: validation without decoding, a decoder that packs as it reads, and a time reader that
    // packs only the time (ulid-decode.ts).
    if (what == VALIDATE) return codec.validRecord(i, textLength);
    if (what == DECODE) return codec.decodeRecord(i, textLength);
    const time = codec.recordTime(i, textLength);
    if (time < 0) return false;
    store<f64>(TIME + <usize>(8 * i), time);
    return true;
  }
  if (!readRecord<F>(i, textLength)) return false;
  if (what == DECODE) codec.pack(BINARY + <usize>(codec.bytes() * i));
  else if (what == TIME_OF) store<f64>(TIME + <usize>(8 * i), codec.time());
  return true;
}

/**
 * One pass over text records `from` to `count` - 1, `take`ing each. Unflagged, it stops at the first invalid record.
 * Flagged, it writes 1 (valid) or 0 per record to FLAGS and goes on, an invalid record's output being zero bytes
 * (DECODE) or NaN (TIME_OF). Returns the index of the first invalid record, or -1.
 */
// @ts-ignore: decorator
@inline function pass<F>(what: i32, flagged: bool, from: i32, count: i32, textLength: i32): i32 {
  const bytes = codecOf<F>().bytes();
  let first = -1;
  for (let i = from; i < count; i++) {
    const valid = take<F>(what, i, textLength);
    if (flagged) store<u8>(FLAGS + <usize>i, <u8>valid);
    if (valid || what == VALIDATE) continue;
    if (!flagged) return i;
    if (first < 0) first = i;
    if (what == DECODE) memory.fill(BINARY + <usize>(bytes * i), 0, bytes);
    else if (what == TIME_OF) store<f64>(TIME + <usize>(8 * i), NaN);
  }
  return first;
}

// The loops, one function per codec (see `run`): `pass` specialised for each operation and flagging.

function validateAll<F>(count: i32, textLength: i32): i32 {
  return pass<F>(VALIDATE, true, 0, count, textLength);
}

function decodeAll<F>(flagged: bool, from: i32, count: i32, textLength: i32): i32 {
  return flagged ? pass<F>(DECODE, true, from, count, textLength) : pass<F>(DECODE, false, from, count, textLength);
}

function timeAll<F>(flagged: bool, from: i32, count: i32, textLength: i32): i32 {
  return flagged ? pass<F>(TIME_OF, true, from, count, textLength) : pass<F>(TIME_OF, false, from, count, textLength);
}

/**
 * Text records `from` to `count` - 1 -> BINARY. Returns -1 when all are valid, else the index of the first invalid
 * record; `flagged`: their flags in FLAGS too, an invalid one's bytes zero, and every record decoded (see `pass`).
 * The engine runs a chunk unflagged first, and flagged from the first invalid record only when there is one: a
 * batch of valid IDs then costs what it costs without flags.
 */
export function formatDecode(format: i32, count: i32, textLength: i32, flagged: bool, from: i32): i32 {
  return run(format, DECODE, count, textLength, flagged, from, 0);
}

/** Text records -> raw time fields (f64) in TIME; as `formatDecode` (an invalid record's time NaN, flagged). */
export function formatDecodeTime(format: i32, count: i32, textLength: i32, flagged: bool, from: i32): i32 {
  return run(format, TIME_OF, count, textLength, flagged, from, 0);
}

/** Text records -> 1 (valid) or 0 in FLAGS. */
export function formatValidate(format: i32, count: i32, textLength: i32): void {
  run(format, VALIDATE, count, textLength, 1, 0, 0);
}

function encodeAll<F>(count: i32, separator: i32): i32 {
  const codec = codecOf<F>();
  if (isDefined(codec.encodeAll)) {
    // Every binary record is an ID of the format (ULID's 16 bytes).
    codec.encodeAll(count, separator);
    return -1;
  }
  const chars = codec.chars();
  const stride = separator >= 0 ? chars + 1 : chars;
  for (let i = 0; i < count; i++) {
    const dst = TEXT + <usize>(stride * i);
    if (!codec.write(BINARY + <usize>(codec.bytes() * i), dst)) return i;
    if (separator >= 0) store<u8>(dst + <usize>chars, separator);
  }
  return -1;
}

/**
 * BINARY -> text in TEXT, each ID followed by `separator` when it is >= 0, else packed. Returns -1, or the index of
 * the first binary record that is no ID of the format (a Ulid-Flake with the sign bit, a UUID not version 7).
 */
export function formatEncode(format: i32, count: i32, separator: i32): i32 {
  return run(format, ENCODE, count, separator, 0, 0, 0);
}

/** RANDOM -> `count` fresh IDs of codec F, of time field `time`, in BINARY. */
function stampAll<F>(count: i32, time: f64, param: f64): void {
  const codec = codecOf<F>();
  if (isDefined(codec.stampAll)) codec.stampAll(count, time);
  else if (!isDefined(codec.stamp)) return;
  else if (isDefined(codec.wideParam)) stampEach<F, f64>(count, <u64>time, param);
  else stampEach<F, i32>(count, <u64>time, <i32><i64>param);
}

/** `stampAll` one ID at a time, with the codec's parameter as its `stamp` takes it (P: i32, or f64 for `wideParam`). */
// @ts-ignore: decorator
@inline function stampEach<F, P>(count: i32, time: u64, param: P): void {
  const codec = codecOf<F>();
  const perId = codec.stampRandom(param);
  const bytes = codec.bytes();
  for (let i = 0; i < count; i++) codec.stamp(time, param, RANDOM + <usize>(perId * i), BINARY + <usize>(bytes * i));
}

/** The successors of SEED in codec F -> BINARY (see `formatAdvance`); how many were written. */
function advanceAll<F>(count: i32, param: f64): i32 {
  const codec = codecOf<F>();
  if (isDefined(codec.advanceAll)) return codec.advanceAll(count);
  if (!isDefined(codec.advance)) return 0;
  if (isDefined(codec.wideParam)) return advanceEach<F, f64>(count, param);
  return advanceEach<F, i32>(count, <i32><i64>param);
}

/** `advanceAll` one ID at a time (P as in `stampEach`). */
// @ts-ignore: decorator
@inline function advanceEach<F, P>(count: i32, param: P): i32 {
  const codec = codecOf<F>();
  const perId = codec.advanceRandom(param);
  const bytes = codec.bytes();
  for (let n = 0; n < count; n++) {
    if (!codec.advance(SEED, param, RANDOM + <usize>(perId * n))) return n;
    memory.copy(BINARY + <usize>(bytes * n), SEED, bytes);
  }
  return count;
}

/**
 * RANDOM -> `count` fresh IDs of time field `time` in BINARY (`param`: see src/engine/specs.ts; an integer below
 * 2^53, an f64 because XID's needs 43 bits). `maker`: the format asked for; its IDs are made by the codec it names.
 */
export function formatStamp(maker: i32, count: i32, time: f64, param: f64): void {
  run(run(maker, GENERATOR, 0, 0, 0, 0), STAMP, count, 0, 0, 0, time, param);
}

/**
 * The successors of SEED -> BINARY, `count` at most, each drawing its random bytes from RANDOM in turn; stops
 * where the next would overflow. Leaves the last one in SEED; returns how many were written.
 */
export function formatAdvance(maker: i32, count: i32, param: f64): i32 {
  return run(run(maker, GENERATOR, 0, 0, 0, 0), ADVANCE, count, 0, 0, 0, 0, param);
}

/**
 * Finds the IDs of `format` in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS and its Unix ms to
 * SCAN_TIMES (and, for a format whose matches vary in length, its length to SCAN_LENGTHS); returns how many.
 * `glued`: the byte before the text glues to a match at its start. `atEnd`: the text ends the input; otherwise an
 * ID that reaches the end is left undecided, for the caller to pass again. A format without a scan kernel finds
 * nothing: the TypeScript side refuses it before it gets here.
 */
export function scan(format: i32, length: i32, glued: bool, atEnd: bool): i32 {
  return run(format, SCAN, length, glued, atEnd, 0, 0);
}

/**
 * Packs the match of `format` at SCAN_TEXT[at, at + length) (one its scan kernel found: already checked) as a binary
 * ID to BINARY + `to`; returns its bytes (0 for a format without a scan kernel).
 */
export function scanPack(format: i32, at: i32, length: i32, to: i32): i32 {
  return run(format, SCAN_PACK, at, length, to, 0, 0);
}
