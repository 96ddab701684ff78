/**
 * What the commands need from an ID format, built the same way for every format over its public namespace
 * (`formats.ulid`, `flake`, ...): the commands use no format function but through this object. The formats and
 * their `--type` options are in type-option.ts.
 */
import { type FormatKey, UlidError, formats, parse } from "../index.js";
import { type ChunkProcessor, formatOption, hex, lineDecoder, readTime } from "../internal.js";
import { isoTime } from "../printer/iso-time.js";

/** Makes the next `count` IDs of a stream, binary, into `out` (exactly their size); returns them (a view of `out`). */
export type IdSource = (count: number, out: Uint8Array) => Uint8Array;

export interface IdFormat {
  /** Its `--type` name, and its key in JSON output. */
  readonly name: string;
  /** Bytes of one binary ID: the record size of `generate --binary`. */
  readonly binaryBytes: number;
  /** Characters of one text ID (the most, when they vary). */
  readonly textChars: number;
  /** Whether text IDs vary in width (Snowflake's decimal text): then `text` writes records of each one's width. */
  readonly varyingWidth: boolean;
  /** TypeID's prefix, when `--prefix` gives one: lines read must carry it. */
  readonly prefix?: string;
  /** New IDs with fresh randomness each, at `time` (Unix ms) or on the clock. */
  random(time: number | undefined): IdSource;
  /** Strictly increasing IDs over all calls of the source, at `time` or on the clock. */
  monotonic(time: number | undefined): IdSource;
  /**
   * Binary IDs as canonical text, each followed by "\n" (a record of textChars + 1 bytes, or of its own width + 1
   * when they vary), into `out`; returns the view of `out` written.
   */
  text(bytes: Uint8Array, out: Uint8Array): Uint8Array;
  /**
   * Whole Unix ms of each valid ID of a batch, given both as binary `bytes` and as the text records `text` writes,
   * into `out` (room for each); returns `out` over the batch.
   */
  times(bytes: Uint8Array, text: Uint8Array, out: Float64Array): Float64Array;
  /** The fields `parse` prints, in order; throws the UlidError that says what is wrong with `id`. */
  fields(id: string): Record<string, string | number>;
  /** Throws the UlidError that says what is wrong with `id`, if anything. */
  check(id: string): void;
  /** Decodes newline-delimited text IDs to binary ones (see `LineDecoder`). */
  lineDecoder(onInvalid: ((error: UlidError) => void) | undefined): ChunkProcessor<Uint8Array>;
}

/**
 * Reads the Unix ms of valid binary IDs straight from their bytes, without a pass of the engine over their text
 * (a third of `decode`'s engine time): `count` IDs of `size` bytes from `bytes` into `out`.
 */
export type BinaryTimes = (bytes: Uint8Array, size: number, count: number, out: Float64Array) => void;

/** ULID's, UUID v7's and TypeID's times: Unix ms, the big-endian 48 bits of bytes 0-5 (the engines' `readTime`). */
export const unixMs48: BinaryTimes = (bytes, size, count, out) => {
  for (let i = 0, at = 0; i < count; i++, at += size) out[i] = readTime(bytes, at);
};

/** What `idFormat` uses of a namespace (TypeID's with its prefix bound: type-option.ts). */
export interface Namespace {
  readonly name: FormatKey;
  /** Characters of a text ID (a TypeID's prefix and underscore included). */
  readonly chars: number;
  /** TypeID's prefix, which lines must carry when given (`decode`). */
  readonly prefix?: string;
  readonly bytes: number;
  generateMany(count: number, options: { time?: number; monotonic?: boolean; out?: Uint8Array; after?: Uint8Array }): Uint8Array;
  encodeManyText(bytes: Uint8Array, options: { out: Uint8Array }): Uint8Array;
  decode(text: string): Uint8Array;
  decodeTimeMany(texts: Uint8Array, options?: { out?: Float64Array }): Float64Array;
}

/**
 * `format` for a format whose IDs hold no randomness of their own, only fields a generator draws once (a worker, a
 * node, a machine and a process id) and a counter (ObjectId, XID, TSID, Snowflake): its IDs "with fresh randomness"
 * are one generator's, so a run keeps one worker (as its help says) and IDs of one millisecond step the counter. Drawn
 * afresh for each ID, a Snowflake of one worker has 4,096 values in a millisecond: `ulid from-time T 5000` repeated
 * two IDs in five. A counter that runs out within a pinned time is MONOTONIC_OVERFLOW, status 1.
 */
export function counted(format: IdFormat): IdFormat {
  return { ...format, random: (time) => format.monotonic(time) };
}

/**
 * A sequence at a pinned TIME that ran out (MONOTONIC_OVERFLOW) said as the command's user sees it: how many of the
 * run's IDs the time held (the library counts within one batch of the stream, and would say to try a later
 * millisecond, which a pinned time never reaches); any other error as it is.
 */
function pinnedOverflow(error: unknown, made: number, label: string): unknown {
  if (!(error instanceof UlidError) || error.code !== "MONOTONIC_OVERFLOW" || error.index === undefined) return error;
  const held = made + error.index;
  return new UlidError(
    "MONOTONIC_OVERFLOW",
    `the TIME given held ${held} ${label}s of this run and no more (each one steps a counter, which ran out; ` +
      `${made} were written): ask for fewer, or for several times`,
    held,
  );
}

/**
 * An IdFormat over a namespace; `making` are the format's generating options (Ulid-Flake's epoch and sid),
 * `reading` its decoding options (Ulid-Flake's epoch), `binaryTimes` how to read times from binary IDs where the
 * format's time is a plain field (else they are read from text by the engine). A
 * monotonic stream is one sequence over many `generateMany` calls: each continues after the last ID of the one
 * before (the `after` option), so a chunk in the same millisecond, or after the clock stepped back, goes on from it.
 */
export function idFormat(
  api: Namespace,
  making: object,
  reading: object | undefined,
  fields: (id: string) => Record<string, string | number>,
  binaryTimes?: BinaryTimes,
): IdFormat {
  return {
    name: api.name,
    binaryBytes: api.bytes,
    textChars: api.chars,
    varyingWidth: formatOption(api.name).spec.minChars !== undefined,
    prefix: api.prefix,
    random: (time) => (count, out) => api.generateMany(count, { ...making, time, monotonic: false, out }),
    monotonic(time) {
      let last: Uint8Array | undefined;
      let made = 0;
      return (count, out) => {
        let ids: Uint8Array;
        try {
          ids = api.generateMany(count, { ...making, time, out, after: last });
        } catch (error) {
          throw time === undefined ? error : pinnedOverflow(error, made, formatOption(api.name).spec.label);
        }
        made += count;
        if (count > 0) last = ids.slice(ids.length - api.bytes);
        return ids;
      };
    },
    text: (bytes, out) => api.encodeManyText(bytes, { out }),
    times(bytes, text, out) {
      const count = bytes.length / api.bytes;
      const times = out.subarray(0, count);
      if (binaryTimes !== undefined) {
        binaryTimes(bytes, api.bytes, count, times);
        return times;
      }
      api.decodeTimeMany(text, { ...reading, out: times });
      // BaseUID's times are a tick's start, fractional: the columns show whole ms (`parse` shows the rest).
      for (let i = 0; i < count; i++) times[i] = Math.floor(times[i]!);
      return times;
    },
    fields,
    check(id) {
      api.decode(id);
    },
    lineDecoder: (onInvalid) => lineDecoder({ format: api.name, prefix: api.prefix, onInvalid }),
  };
}

export const ulidFormat: IdFormat = idFormat(
  formats.ulid,
  {},
  undefined,
  (id) => {
    const { ulid, time, random, bytes, uuid } = parse(id);
    return { ulid, time, iso: isoTime(time), random: hex(random), bytes: hex(bytes), uuid };
  },
  unixMs48,
);
