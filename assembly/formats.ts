// The one batch ABI of every format, driven by src/engine/wasm-codec.ts. Each export takes the format's number
// (src/engine/specs.ts, `wasmId`) and runs one loop specialised for it: the loops are inlined with the format as a
// constant, so the per-record dispatch below folds away. Every format's text records go through the loops here;
// ULID (format 0) reads and encodes records with its own tuned kernels (ulid-*.ts), the others with their
// per-record codecs (flake.ts, baseuid.ts, uuidv7.ts, ksuid.ts, typeid.ts). Every format uses the scratch regions of layout.ts
// (binary IDs in BINARY, text records in TEXT, times, flags, random bytes, the seed), which are free between calls.
//
// Text records are `chars` characters and one separator byte; `textLength` is how many bytes of TEXT hold input,
// so the last record's separator is checked only when it is there. Binary records are `bytes` long.
//
//   format  number  chars  bytes
//   ULID         0     26     16
//   Ulid-Flake   1     13      8
//   BaseUID      2     20     15
//   UUID v7      3     36     16
//   KSUID        4     27     20
//   TypeID       5     26+    16    (the prefix's chars and "_" before the 26: typeid.ts, set per call)

import { baseUidAdvance, baseUidPack, baseUidRead, baseUidStamp, baseUidTime, baseUidWrite } from "./baseuid";
import { isAlnum } from "./crockford";
import { flakeAdvance, flakePack, flakeRead, flakeStamp, flakeTime, flakeWrite } from "./flake";
import { ksuidAdvance, ksuidPack, ksuidRead, ksuidStamp, ksuidTime, ksuidWrite } from "./ksuid";
import { BINARY, CHUNK, FLAGS, RANDOM, RECORD, SEED, TEXT, TIME } from "./layout";
import { typeIdChars, typeIdPack, typeIdRead, typeIdTime, typeIdWrite } from "./typeid";
import { ulidDecodeRecord, ulidRecordTime, ulidRecordValid } from "./ulid-decode";
import { ulidEncode } from "./ulid-encode";
import { ulidIncrement, ulidStamp } from "./ulid-generate";
import { uuidAdvance, uuidPack, uuidRead, uuidStamp, uuidTime, uuidWrite } from "./uuidv7";

export const ULID = 0;
export const FLAKE = 1;
export const BASEUID = 2;
export const UUIDV7 = 3;
export const KSUID = 4;
export const TYPEID = 5;
/** Formats this build knows: the loader checks its own specs against `formatCount`/`formatChars`/`formatBytes`. */
const FORMATS = 6;

// @ts-ignore: decorator
@inline function charsOf(format: i32): i32 {
  if (format == TYPEID) return typeIdChars();
  return format == ULID ? 26 : format == FLAKE ? 13 : format == BASEUID ? 20 : format == KSUID ? 27 : 36;
}

// @ts-ignore: decorator
@inline function bytesOf(format: i32): i32 {
  return format == FLAKE ? 8 : format == BASEUID ? 15 : format == KSUID ? 20 : 16;
}

/** How many formats this build implements (numbers 0 to this - 1). */
export function formatCount(): i32 {
  return FORMATS;
}

/** Characters of a text ID of the format. */
export function formatChars(format: i32): i32 {
  return charsOf(format);
}

/** Bytes of a binary ID of the format. */
export function formatBytes(format: i32): i32 {
  return bytesOf(format);
}

/**
 * Random bytes a stamped ID takes (ULID: 10, in ulid-generate.ts): Ulid-Flake 3 (2 when scalable), BaseUID 9, UUID v7
 * and TypeID (a UUID v7) 10, KSUID 16.
 */
// @ts-ignore: decorator
@inline function stampRandom(format: i32, param: i32): i32 {
  return format == FLAKE ? (param & 0x20 ? 2 : 3) : format == BASEUID ? 9 : format == KSUID ? 16 : 10;
}

/**
 * Random bytes a successor takes (ULID: none, +1): Ulid-Flake its entropy size, BaseUID and KSUID none (+1), UUID v7
 * and TypeID 4 fresh bytes.
 */
// @ts-ignore: decorator
@inline function advanceRandom(format: i32, param: i32): i32 {
  return format == FLAKE ? param >> 6 : format == BASEUID || format == KSUID ? 0 : 4;
}

/**
 * Whether byte `c` may separate records: no letter or digit, and no char of the format (UUID v7's and BaseUID's `-`,
 * BaseUID's and TypeID's `_`).
 */
// @ts-ignore: decorator
@inline function isSeparator(format: i32, c: u8): bool {
  return (
    !isAlnum(c) &&
    (c != 0x2D || format == FLAKE || format == KSUID || format == TYPEID) &&
    ((format != BASEUID && format != TYPEID) || c != 0x5F)
  );
}

// @ts-ignore: decorator
@inline function read(format: i32, src: usize): bool {
  if (format == TYPEID) return typeIdRead(src);
  return format == FLAKE ? flakeRead(src) : format == BASEUID ? baseUidRead(src) : format == KSUID ? ksuidRead(src) : uuidRead(src);
}

// @ts-ignore: decorator
@inline function pack(format: i32, dst: usize): void {
  if (format == FLAKE) flakePack(dst);
  else if (format == BASEUID) baseUidPack(dst);
  else if (format == KSUID) ksuidPack(dst);
  else if (format == TYPEID) typeIdPack(dst);
  else uuidPack(dst);
}

// @ts-ignore: decorator
@inline function time(format: i32): f64 {
  if (format == TYPEID) return typeIdTime();
  return format == FLAKE ? flakeTime() : format == BASEUID ? baseUidTime() : format == KSUID ? ksuidTime() : uuidTime();
}

/** Whether text record `i` is a valid ID whose separator (when within `textLength`) may separate. */
// @ts-ignore: decorator
@inline function readRecord(format: i32, i: i32, textLength: i32): bool {
  const record = charsOf(format) + 1;
  const end = record * i + charsOf(format);
  const src = TEXT + <usize>(record * i);
  return read(format, src) && (end >= textLength || isSeparator(format, load<u8>(TEXT + <usize>end)));
}

/** Records the TEXT region holds for the format, at most CHUNK (the other regions' size). */
export function formatChunk(format: i32): i32 {
  return min(CHUNK, (RECORD * CHUNK) / (charsOf(format) + 1));
}

// What a pass over text records does with each one.
const DECODE = 0;
const TIME_OF = 1;
const VALIDATE = 2;

/**
 * Whether text record `i` is valid; when it is, DECODE has packed it into BINARY and TIME_OF written its time field
 * to TIME (VALIDATE writes nothing).
 */
// @ts-ignore: decorator
@inline function take(format: i32, what: i32, i: i32, textLength: i32): bool {
  if (format == ULID) {
    // ULID's tuned readers: validation without decoding, a decoder that packs as it reads, and a time reader that
    // packs only the time (ulid-decode.ts).
    if (what == VALIDATE) return ulidRecordValid(i, textLength);
    if (what == DECODE) return ulidDecodeRecord(i, textLength);
    const time = ulidRecordTime(i, textLength);
    if (time < 0) return false;
    store<f64>(TIME + <usize>(8 * i), time);
    return true;
  }
  if (!readRecord(format, i, textLength)) return false;
  if (what == DECODE) pack(format, BINARY + <usize>(bytesOf(format) * i));
  else if (what == TIME_OF) store<f64>(TIME + <usize>(8 * i), time(format));
  return true;
}

/**
 * One pass over text records `from` to `count` - 1, `take`ing each. Unflagged, it stops at the first invalid record.
 * Flagged, it writes 1 (valid) or 0 per record to FLAGS and goes on, an invalid record's output being zero bytes
 * (DECODE) or NaN (TIME_OF). Returns the index of the first invalid record, or -1.
 */
// @ts-ignore: decorator
@inline function pass(format: i32, what: i32, flagged: bool, from: i32, count: i32, textLength: i32): i32 {
  let first = -1;
  for (let i = from; i < count; i++) {
    const valid = take(format, what, i, textLength);
    if (flagged) store<u8>(FLAGS + <usize>i, <u8>valid);
    if (valid || what == VALIDATE) continue;
    if (!flagged) return i;
    if (first < 0) first = i;
    if (what == DECODE) memory.fill(BINARY + <usize>(bytesOf(format) * i), 0, bytesOf(format));
    else if (what == TIME_OF) store<f64>(TIME + <usize>(8 * i), NaN);
  }
  return first;
}

/**
 * `pass` specialised: the format and `flagged` are constants in each call, so the per-record dispatch folds away.
 * ULID's loops come last, as before they shared this one: with them first, the ULID validate kernel measured slower
 * (npm run bench:kernels, SIMD build, the same instructions: where V8 lays out the loop), and decode no faster.
 */
// @ts-ignore: decorator
@inline function passOf(format: i32, what: i32, flagged: bool, from: i32, count: i32, textLength: i32): i32 {
  if (flagged) {
    if (format == FLAKE) return pass(FLAKE, what, true, from, count, textLength);
    if (format == BASEUID) return pass(BASEUID, what, true, from, count, textLength);
    if (format == UUIDV7) return pass(UUIDV7, what, true, from, count, textLength);
    if (format == KSUID) return pass(KSUID, what, true, from, count, textLength);
    if (format == TYPEID) return pass(TYPEID, what, true, from, count, textLength);
    return pass(ULID, what, true, from, count, textLength);
  }
  if (format == FLAKE) return pass(FLAKE, what, false, from, count, textLength);
  if (format == BASEUID) return pass(BASEUID, what, false, from, count, textLength);
  if (format == UUIDV7) return pass(UUIDV7, what, false, from, count, textLength);
  if (format == KSUID) return pass(KSUID, what, false, from, count, textLength);
  if (format == TYPEID) return pass(TYPEID, what, false, from, count, textLength);
  return pass(ULID, what, false, from, count, textLength);
}

/**
 * Text records `from` to `count` - 1 -> BINARY. Returns -1 when all are valid, else the index of the first invalid
 * record; `flagged`: their flags in FLAGS too, an invalid one's bytes zero, and every record decoded (see `pass`).
 * The engine runs a chunk unflagged first, and flagged from the first invalid record only when there is one: a
 * batch of valid IDs then costs what it costs without flags.
 */
export function formatDecode(format: i32, count: i32, textLength: i32, flagged: bool, from: i32): i32 {
  return passOf(format, DECODE, flagged, from, count, textLength);
}

/** Text records -> raw time fields (f64) in TIME; as `formatDecode` (an invalid record's time NaN, flagged). */
export function formatDecodeTime(format: i32, count: i32, textLength: i32, flagged: bool, from: i32): i32 {
  return passOf(format, TIME_OF, flagged, from, count, textLength);
}

/** Text records -> 1 (valid) or 0 in FLAGS. */
export function formatValidate(format: i32, count: i32, textLength: i32): void {
  passOf(format, VALIDATE, true, 0, count, textLength);
}

// @ts-ignore: decorator
@inline function write(format: i32, src: usize, dst: usize): bool {
  if (format == FLAKE) return flakeWrite(src, dst);
  if (format == BASEUID) return baseUidWrite(src, dst);
  if (format == TYPEID) return typeIdWrite(src, dst);
  return format == KSUID ? ksuidWrite(src, dst) : uuidWrite(src, dst);
}

// @ts-ignore: decorator
@inline function encodeLoop(format: i32, count: i32, separator: i32): i32 {
  const stride = separator >= 0 ? charsOf(format) + 1 : charsOf(format);
  for (let i = 0; i < count; i++) {
    const dst = TEXT + <usize>(stride * i);
    if (!write(format, BINARY + <usize>(bytesOf(format) * i), dst)) return i;
    if (separator >= 0) store<u8>(dst + <usize>charsOf(format), separator);
  }
  return -1;
}

/**
 * BINARY -> text in TEXT, each ID followed by `separator` when it is >= 0, else packed. Returns -1, or the index of
 * the first binary record that is no ID of the format (a Ulid-Flake with the sign bit, a UUID not version 7).
 */
export function formatEncode(format: i32, count: i32, separator: i32): i32 {
  if (format == ULID) {
    // Every 16 bytes are a ULID.
    ulidEncode(count, separator);
    return -1;
  }
  if (format == FLAKE) return encodeLoop(FLAKE, count, separator);
  if (format == BASEUID) return encodeLoop(BASEUID, count, separator);
  if (format == KSUID) return encodeLoop(KSUID, count, separator);
  if (format == TYPEID) return encodeLoop(TYPEID, count, separator);
  return encodeLoop(UUIDV7, count, separator);
}

/** RANDOM -> `count` fresh IDs of time field `time` in BINARY (`param`: see src/engine/specs.ts). */
export function formatStamp(format: i32, count: i32, time: f64, param: i32): void {
  if (format == ULID) {
    ulidStamp(count, time);
    return;
  }
  const t = <u64>time;
  const perId = stampRandom(format, param);
  for (let i = 0; i < count; i++) {
    const random = RANDOM + <usize>(perId * i);
    const dst = BINARY + <usize>(bytesOf(format) * i);
    if (format == FLAKE) flakeStamp(t, param, random, dst);
    else if (format == BASEUID) baseUidStamp(t, random, dst);
    else if (format == KSUID) ksuidStamp(t, random, dst);
    // UUID v7's stamp and advance serve TypeID too: a generated TypeID is a UUID v7.
    else uuidStamp(t, random, dst);
  }
}

// @ts-ignore: decorator
@inline function advance(format: i32, param: i32, random: usize): bool {
  if (format == FLAKE) return flakeAdvance(SEED, param, random);
  if (format == BASEUID) return baseUidAdvance(SEED);
  return format == KSUID ? ksuidAdvance(SEED) : uuidAdvance(SEED, random);
}

/**
 * The successors of SEED -> BINARY, `count` at most, each drawing its random bytes from RANDOM in turn; stops
 * where the next would overflow. Leaves the last one in SEED; returns how many were written.
 */
export function formatAdvance(format: i32, count: i32, param: i32): i32 {
  if (format == ULID) return ulidIncrement(count);
  const perId = advanceRandom(format, param);
  const bytes = bytesOf(format);
  for (let n = 0; n < count; n++) {
    if (!advance(format, param, RANDOM + <usize>(perId * n))) return n;
    memory.copy(BINARY + <usize>(bytes * n), SEED, bytes);
  }
  return count;
}
