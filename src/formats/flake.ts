/**
 * Ulid-Flake: a 64-bit ULID variant (docs/formats.md), 13 Crockford characters or 8 bytes.
 *
 *   bit 63: sign, 0 | bits 62-20: time, ms since the epoch (43) | bits 19-0: random (20)
 *                                         scalable layout:        | bits 19-5: random (15) | bits 4-0: sid (5)
 *
 * The epoch (default 2024-01-01) and the layout are not in the ID: they are options, of the generator and of every
 * call that interprets fields. Within one millisecond a monotonic generator adds a random nonzero number of
 * `entropySize` bytes to the random field, and fails with MONOTONIC_OVERFLOW when the field would overflow.
 */
import { checkOptions } from "../core/arguments.js";
import { DECODE_TABLE, INVALID } from "../alphabets/crockford.js";
import { FLAKE, flakeParam } from "../engine/specs.js";
import { MAX_TIME, dateMs } from "../core/time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfFlake } from "../engine/js-flake.js";
import { boundsOf } from "./bounds.js";
import { createCodecApi, type DecodeTimeManyOptions, type Format, type Texts } from "./codec.js";
import { createIntegerApi } from "./integers.js";
import type { FlakeId } from "./schema.js";
import { generateBatch, generateOne, monotonicGenerator, type ManyOptions, type Minting, type MonotonicFactoryOptions, type GenerateOptions } from "./generate.js";
import {
  badEpoch,
  firstCharOverflow,
  flakeSignBit,
  flakeTimeOutOfRange,
  invalidChar,
  optionMustBe,
  optionOutOfRange,
} from "../core/messages.js";

/** 2024-01-01T00:00:00.000Z: the document's default epoch. */
export const DEFAULT_EPOCH = 1704067200000;
/** The time field is 43 bits: 2^43 - 1 ms is about 278 years after the epoch. */
const MAX_FIELD = 2 ** 43 - 1;
/** The sid is 5 bits (docs/formats.md: 0..31, not the document's "1~32"). */
const MAX_SID = 31;
/** Entropy sizes (bytes of a monotonic increment): the random field must hold at least one increment. */
const MAX_ENTROPY = 3;
const MAX_ENTROPY_SCALABLE = 2;

export interface FlakeOptions {
  /** The epoch, Unix ms or a Date (default 2024-01-01T00:00:00.000Z). */
  epoch?: number | Date;
  /** Bytes of the random increment within one millisecond (default 1): 1-3, or 1-2 in the scalable layout. */
  entropySize?: number;
  /** The node id, 0-31; giving it selects the scalable layout. */
  sid?: number;
}

export interface FlakeDecodeOptions {
  /** The epoch the IDs were made with (default 2024-01-01T00:00:00.000Z). */
  epoch?: number | Date;
  /** Read the low 20 bits as 15 random bits and a 5-bit sid (default false). */
  scalable?: boolean;
}

export interface FlakeFields {
  /** ms since the epoch. */
  time: number;
  /** Unix ms: `time` + the epoch. */
  unixMs: number;
  /** The random field: 20 bits, or 15 with `scalable`. */
  random: number;
  /** The node id, with `scalable` only. */
  sid?: number;
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: FLAKE,
  jsCodec: createJsCodec(FLAKE, codecOfFlake),
  label: "Ulid-Flake",
  charFault(text, position) {
    const value = DECODE_TABLE[text.charCodeAt(position)]!;
    if (value === INVALID) return invalidChar(text, position, "Ulid-Flake");
    if (position === 0 && value > 7) return firstCharOverflow("Ulid-Flake", 63, text);
    return null;
  },
  binaryFault: (bytes, at) => flakeSignBit(bytes[at]!),
};

const codecApi = createCodecApi<FlakeId>(format);
const { timeField, timeFields, countIds, ...codec } = codecApi;

function integerOption(value: unknown, name: string, max: number, min = 0): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw optionOutOfRange(name, min, max, value);
  }
  return value;
}

function epochOf(value: unknown): number {
  if (value === undefined) return DEFAULT_EPOCH;
  const ms = dateMs(value) ?? value;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > MAX_TIME) {
    throw badEpoch(MAX_TIME, value);
  }
  return ms;
}

/** The time field of a Unix ms time (number or Date) for `epoch`: INVALID_TIME outside the 43 bits after it. */
function fieldFor(epoch: number): (time: unknown) => number {
  return (time) => {
    const ms = dateMs(time) ?? time;
    if (typeof ms !== "number" || !Number.isInteger(ms) || ms < epoch || ms > epoch + MAX_FIELD) {
      throw flakeTimeOutOfRange(epoch, epoch + MAX_FIELD, time);
    }
    return ms - epoch;
  };
}

function mintingOf(options: FlakeOptions | undefined): Minting {
  const { epoch, entropySize = 1, sid } = checkOptions(options);
  const origin = epochOf(epoch);
  const id = sid === undefined ? undefined : integerOption(sid, "sid", MAX_SID);
  const entropy = integerOption(entropySize, "entropySize", id === undefined ? MAX_ENTROPY : MAX_ENTROPY_SCALABLE, 1);
  return { format, param: flakeParam(entropy, id), field: fieldFor(origin), clock: () => Date.now(), unit: "millisecond" };
}

/** The minting of the default options, made once: `generate()` without options is the common call. */
const DEFAULT_MINTING = mintingOf(undefined);

/** How Ulid-Flakes are made under `options` (for the CLI's streams too). */
export function minting(options: FlakeOptions | undefined): Minting {
  return options === undefined ? DEFAULT_MINTING : mintingOf(options);
}

function decodeOptions(options: FlakeDecodeOptions | undefined): { epoch: number; scalable: boolean } {
  const { epoch, scalable = false } = checkOptions(options);
  if (typeof scalable !== "boolean") throw optionMustBe("scalable", "a boolean", scalable);
  return { epoch: epochOf(epoch), scalable };
}

export const flake = Object.freeze({
  name: "flake" as const,
  chars: FLAKE.chars,
  bytes: FLAKE.bytes,
  ...codec,
  ...createIntegerApi<FlakeId>(format, codecApi),
  // The bounds of a time hold for both layouts and every sid: only the epoch moves them.
  ...boundsOf<number | Date, Pick<FlakeOptions, "epoch">, FlakeId>(({ epoch }) => minting({ epoch })),

  /** A new Ulid-Flake; `time` in Unix ms or a Date (default now), within 2^43 - 1 ms after the epoch. */
  generate(time?: number | Date, options?: FlakeOptions & GenerateOptions): FlakeId {
    return generateOne(minting(options), time, options) as FlakeId;
  },

  /** A generator of strictly increasing Ulid-Flakes. */
  monotonicFactory(options?: FlakeOptions & MonotonicFactoryOptions): (time?: number | Date) => FlakeId {
    return monotonicGenerator(minting(options), options) as (time?: number | Date) => FlakeId;
  },

  /** `count` Ulid-Flakes as 8*count bytes (monotonic by default). */
  generateMany(count: number, options?: FlakeOptions & ManyOptions<number | Date>): Uint8Array {
    return generateBatch(minting(options), count, options);
  },

  /** Unix ms of a Ulid-Flake made with `epoch`. */
  decodeTime(text: string, options?: FlakeDecodeOptions): number {
    const { epoch } = decodeOptions(options);
    return timeField(text) + epoch;
  },

  /** Unix ms of each Ulid-Flake; throws for the first bad one with its element index, unless given `flags` (NaN). */
  decodeTimeMany(texts: Texts, options?: FlakeDecodeOptions & DecodeTimeManyOptions): Float64Array {
    const { epoch } = decodeOptions(options);
    const times = timeFields(texts, options);
    // NaN, a bad ID's time under `flags`, stays NaN.
    for (let i = 0; i < times.length; i++) times[i] += epoch;
    return times;
  },

  /** The fields of a Ulid-Flake, read in the layout and epoch it was made with. */
  fields(text: string, options?: FlakeDecodeOptions): FlakeFields {
    const { epoch, scalable } = decodeOptions(options);
    const bytes = codec.decode(text);
    const time = timeField(text);
    const low = ((bytes[5]! & 0x0f) << 16) | (bytes[6]! << 8) | bytes[7]!;
    const fields: FlakeFields = { time, unixMs: time + epoch, random: scalable ? low >>> 5 : low };
    if (scalable) fields.sid = low & MAX_SID;
    return fields;
  },
});
