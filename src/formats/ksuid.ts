/**
 * KSUID (docs/formats.md; Segment's K-Sortable Unique IDentifier): 160 bits, 27 characters of base62 or 20 bytes.
 *
 *   bytes 0-3: time = Unix seconds - 1400000000, u32 | bytes 4-19: payload, 128 random bits
 *
 * Times in and out are Unix ms, as for ULID; an ID keeps whole seconds (a time is floored to its second), so
 * `decodeTime` gives the start of the ID's second. Case matters (base62 has "a" and "A"); the largest text is
 * `aWgEPTl1tmebfsQzFP4bxwgy80V` (all 20 bytes 0xFF), and a text above it is an OVERFLOW. Within one second a
 * monotonic generator adds 1 to the 128-bit payload.
 */
import { checkOptions } from "../core/arguments.js";
import { BASE62_DECODE, BASE62_INVALID } from "../alphabets/base62.js";
import { dateMs } from "../core/time.js";
import { KSUID } from "../engine/specs.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfKsuid, LARGEST_KSUID } from "../engine/js-ksuid.js";
import { boundsOf } from "./bounds.js";
import { createIntegerApi } from "./integers.js";
import { createCodecApi, type DecodeTimeManyOptions, type Format, type NoOptions, type Texts } from "./codec.js";
import { generateBatch, generateOne, monotonicGenerator, type ManyOptions, type Minting, type MonotonicFactoryOptions, type GenerateOptions } from "./generate.js";
import type { Problem } from "./faults.js";
import type { Ksuid } from "./schema.js";
import { invalidAlphabetChar, ksuidOverflow, ksuidTimeOutOfRange } from "../core/messages.js";

/** The KSUID epoch: Unix 1400000000 s (2014-05-13T16:53:20Z), time field 0. */
const EPOCH_S = 1_400_000_000;
const MS_PER_S = 1000;
/** The first and last Unix ms a KSUID can hold: the start of second 0 and the end of second 2^32 - 1. */
const FIRST_MS = EPOCH_S * MS_PER_S;
const LAST_MS = (EPOCH_S + KSUID.maxTime) * MS_PER_S + MS_PER_S - 1;


/**
 * The fault at `position` of 27 characters, read left to right as for every format: a character outside the
 * alphabet, or the first one above the largest KSUID's where all before it are the largest KSUID's own (from there
 * on, whatever follows, the text is above it: an overflow, as ULID's first character above 7).
 */
function charFault(text: string, position: number): Problem | null {
  if (BASE62_DECODE[text.charCodeAt(position)] === BASE62_INVALID) return invalidAlphabetChar(text, position, "KSUID", "0-9A-Za-z");
  if (text.charCodeAt(position) <= LARGEST_KSUID.charCodeAt(position) || !text.startsWith(LARGEST_KSUID.slice(0, position))) return null;
  return ksuidOverflow(text, position, LARGEST_KSUID);
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: KSUID,
  jsCodec: createJsCodec(KSUID, codecOfKsuid),
  label: "KSUID",
  charFault,
  binaryFault: () => {
    throw new Error("internal: every 20 bytes are a KSUID");
  },
};

const codecApi = createCodecApi<Ksuid>(format);
const { timeField, timeFields, countIds, ...codec } = codecApi;

/** The time field of a time: an integer Unix ms (or a Date) in KSUID's range, floored to its second. */
function secondOf(time: unknown): number {
  const ms = typeof time === "number" ? time : dateMs(time);
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < FIRST_MS || ms > LAST_MS) {
    throw ksuidTimeOutOfRange(FIRST_MS, LAST_MS, time);
  }
  return Math.floor(ms / MS_PER_S) - EPOCH_S;
}

/** Unix ms of the start of a time field's second. */
const unixMs = (field: number): number => (field + EPOCH_S) * MS_PER_S;

/** How KSUIDs are made (for the CLI's streams too): a tick is a second of Date.now(). */
export const minting: Minting = { format, param: 0, field: secondOf, clock: () => Date.now(), unit: "second" };

export const ksuid = Object.freeze({
  name: "ksuid" as const,
  chars: KSUID.chars,
  bytes: KSUID.bytes,
  ...codec,
  ...createIntegerApi<Ksuid>(format, codecApi),
  ...boundsOf<number | Date, NoOptions, Ksuid>(() => minting),

  /** A new KSUID; `time` in Unix ms or a Date (default now), kept to its second. */
  generate(time?: number | Date, options?: GenerateOptions): Ksuid {
    return generateOne(minting, time, options) as Ksuid;
  },

  /** A generator of strictly increasing KSUIDs: within one second, the payload + 1. */
  monotonicFactory(options?: MonotonicFactoryOptions): (time?: number | Date) => Ksuid {
    return monotonicGenerator(minting, options) as (time?: number | Date) => Ksuid;
  },

  /** `count` KSUIDs as 20*count bytes (monotonic by default). */
  generateMany(count: number, options?: ManyOptions<number | Date>): Uint8Array {
    return generateBatch(minting, count, options);
  },

  /** The start of the KSUID's second, in Unix ms. */
  decodeTime(text: string, options?: NoOptions): number {
    checkOptions(options);
    return unixMs(timeField(text));
  },

  /** `decodeTime` of each KSUID; throws for the first bad one with its element index, unless given `flags`. */
  decodeTimeMany(texts: Texts, options?: DecodeTimeManyOptions): Float64Array {
    const times = timeFields(texts, options);
    // NaN, a bad ID's time under `flags`, stays NaN.
    for (let i = 0; i < times.length; i++) times[i] = unixMs(times[i]!);
    return times;
  },
});
