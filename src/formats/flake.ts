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
import type { Format } from "./codec.js";
import type { FormatDefinition } from "./definition.js";
import type { Minting } from "./generate.js";
import { createNamespace } from "./namespace.js";
import type { FlakeId } from "./schema.js";
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

/** What Ulid-Flake has beyond the core shape. */
export interface FlakeExtras {
  /** The fields of a Ulid-Flake, read in the layout and epoch it was made with. */
  fields(text: string, options?: FlakeDecodeOptions): FlakeFields;
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
  charFault(text, position) {
    const value = DECODE_TABLE[text.charCodeAt(position)]!;
    if (value === INVALID) return invalidChar(text, position, FLAKE.label);
    if (position === 0 && value > 7) return firstCharOverflow(FLAKE.label, 63, text);
    return null;
  },
  binaryFault: (bytes, at) => flakeSignBit(bytes[at]!),
};

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

/** Ulid-Flake: times in and out in Unix ms, the time field in ms from the epoch of the call's options. */
export const definition: FormatDefinition<"flake", FlakeOptions, FlakeDecodeOptions, Pick<FlakeOptions, "epoch">> = {
  name: "flake",
  format,
  minting,
  // The bounds of a time hold for both layouts and every sid: only the epoch moves them.
  bounding: ({ epoch }) => minting({ epoch }),
  time: { scale: 1, divisor: 1, origin: (options) => decodeOptions(options).epoch },
};

export const flake = createNamespace<"flake", FlakeId, number | Date, FlakeOptions, FlakeDecodeOptions, Pick<FlakeOptions, "epoch">, FlakeExtras>(
  definition,
  (codec) => ({
    fields(text, options) {
      const { epoch, scalable } = decodeOptions(options);
      const bytes = codec.decode(text);
      const time = codec.timeField(text);
      const low = ((bytes[5]! & 0x0f) << 16) | (bytes[6]! << 8) | bytes[7]!;
      const fields: FlakeFields = { time, unixMs: time + epoch, random: scalable ? low >>> 5 : low };
      if (scalable) fields.sid = low & MAX_SID;
      return fields;
    },
  }),
);
