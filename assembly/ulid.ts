// ULID's entry in the format table (formats.ts): format 0, whose batches run its own tuned kernels (ulid-decode.ts,
// ulid-encode.ts, ulid-generate.ts) rather than the table's per-record loops.

import { ID_BYTES, ID_CHARS, RANDOM_BYTES } from "./layout";
import { ulidDecodeRecord, ulidRecordTime, ulidRecordValid } from "./ulid-decode";
import { ulidEncode } from "./ulid-encode";
import { ulidIncrement, ulidStamp } from "./ulid-generate";
import { scanUlid } from "./scan-ulid";

/** ULID's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const ULID = 0;

@final export class UlidCodec {
  @inline chars(): i32 { return ID_CHARS; }
  @inline bytes(): i32 { return ID_BYTES; }
  /** A new millisecond fills the 80-bit random part. */
  @inline stampRandom(param: i32): i32 { return RANDOM_BYTES; }
  /** Within a millisecond the random part counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  /** Validation without decoding. */
  @inline validRecord(i: i32, textLength: i32): bool { return ulidRecordValid(i, textLength); }
  /** A decoder that packs as it reads. */
  @inline decodeRecord(i: i32, textLength: i32): bool { return ulidDecodeRecord(i, textLength); }
  /** A time reader that packs only the time: -1 for an invalid record. */
  @inline recordTime(i: i32, textLength: i32): f64 { return ulidRecordTime(i, textLength); }
  /** Every 16 bytes are a ULID: nothing is refused. */
  @inline encodeAll(count: i32, separator: i32): void { ulidEncode(count, separator); }
  @inline stampAll(count: i32, time: f64): void { ulidStamp(count, time); }
  @inline advanceAll(count: i32): i32 { return ulidIncrement(count); }
  @inline scan(length: i32, glued: bool, atEnd: bool): i32 { return scanUlid(length, glued, atEnd); }
}
