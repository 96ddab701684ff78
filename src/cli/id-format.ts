/**
 * What the commands need from an ID format, and the ULID implementation. ULID is the only format the commands
 * speak today; another format is one more object of this shape, and a `--type` option choosing among them is the
 * only change the commands need (they use no ULID function but through this object; `scan` is ULID-only).
 */
import { encodeManyText } from "../bulk.js";
import { batchEngine } from "../backend.js";
import type { ChunkProcessor } from "../chunks.js";
import { readTime } from "../engine/js-codec.js";
import { ULID_BYTES, ULID_CHARS } from "../engine/types.js";
import type { UlidError } from "../errors.js";
import { generateMany } from "../generate-many.js";
import { LineDecoder } from "../line-decoder.js";
import { decode, parse } from "../ulid.js";
import { hex } from "../uuid.js";
import { isoTime } from "./iso.js";
import { MonotonicChunks } from "./monotonic-chunks.js";

/** Makes the next `count` IDs of a stream, binary, into `out` (exactly their size); returns them (a view of `out`). */
export type IdSource = (count: number, out: Uint8Array) => Uint8Array;

export interface IdFormat {
  /** Its `--type` name, and its key in JSON output: "ulid" (the others are in other-formats.ts). */
  readonly name: string;
  /** Bytes of one binary ID: the record size of `generate --binary`. */
  readonly binaryBytes: number;
  /** Characters of one text ID. */
  readonly textChars: number;
  /** New IDs with fresh randomness each, at `time` (Unix ms) or on the clock. */
  random(time: number | undefined): IdSource;
  /** Strictly increasing IDs over all calls of the source, at `time` or on the clock. */
  monotonic(time: number | undefined): IdSource;
  /** Binary IDs as canonical text, each followed by "\n" (a record of textChars + 1 bytes), into `out`. */
  text(bytes: Uint8Array, out: Uint8Array): Uint8Array;
  /** Unix ms of the binary ID at `bytes[at]`. */
  timeAt(bytes: Uint8Array, at: number): number;
  /** The fields `parse` prints, in order; throws the UlidError that says what is wrong with `id`. */
  fields(id: string): Record<string, string | number>;
  /** Throws the UlidError that says what is wrong with `id`, if anything. */
  check(id: string): void;
  /** Decodes newline-delimited text IDs to binary ones (see `LineDecoder`). */
  lineDecoder(onInvalid: ((error: UlidError) => void) | undefined): ChunkProcessor<Uint8Array>;
}

export const ulidFormat: IdFormat = {
  name: "ulid",
  binaryBytes: ULID_BYTES,
  textChars: ULID_CHARS,
  random: (time) => (count, out) => generateMany(count, { time, monotonic: false, out }),
  monotonic(time) {
    const chunks = new MonotonicChunks(time);
    return (count, out) => chunks.next(count, out);
  },
  text: (bytes, out) => encodeManyText(bytes, { out }),
  timeAt: readTime,
  fields(id) {
    const { ulid, time, random, bytes, uuid } = parse(id);
    return { ulid, time, iso: isoTime(time), random: hex(random), bytes: hex(bytes), uuid };
  },
  check(id) {
    decode(id);
  },
  lineDecoder: (onInvalid) => new LineDecoder(batchEngine(), onInvalid),
};
