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
import { allocate, checkOptions, plainBytes } from "../args.js";
import { DECODE_TABLE, INVALID } from "../crockford.js";
import { FLAKE, flakeParam } from "../engine/specs.js";
import { MAX_TIME, dateMs } from "../time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfFlake } from "../engine/js-flake.js";
import { createCodecApi, type DecodeTimeManyOptions, type Format, type Texts } from "./codec.js";
import { binaryError } from "./faults.js";
import { generateBatch, generateOne, monotonicGenerator, type ManyOptions, type Minting, type MonotonicOptions, type SourceOptions } from "./generate.js";
import {
  badEpoch,
  elementError,
  firstCharOverflow,
  flakeIntegerNotBigint,
  flakeIntegerOverflow,
  flakeSignBit,
  flakeTimeOutOfRange,
  invalidChar,
  mustBe,
  optionMustBe,
  optionOutOfRange,
} from "../messages.js";

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

const { timeField, timeFields, countIds, ...codec } = createCodecApi(format);

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

/** The 64-bit value of 8 big-endian bytes. */
function valueOf(bytes: Uint8Array, at: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset + at, 8).getBigUint64(0);
}

export const flake = Object.freeze({
  name: "flake" as const,
  chars: FLAKE.chars,
  bytes: FLAKE.bytes,
  ...codec,

  /** A new Ulid-Flake; `time` in Unix ms or a Date (default now), within 2^43 - 1 ms after the epoch. */
  generate(time?: number | Date, options?: FlakeOptions & SourceOptions): string {
    return generateOne(minting(options), time, options);
  },

  /** A generator of strictly increasing Ulid-Flakes. */
  monotonicFactory(options?: FlakeOptions & MonotonicOptions): (time?: number | Date) => string {
    return monotonicGenerator(minting(options), options);
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

  /** The Ulid-Flake as its integer, 0..2^63-1. */
  toBigInt(text: string): bigint {
    return valueOf(codec.decode(text), 0);
  },

  /** The Ulid-Flake of an integer 0..2^63-1 (OVERFLOW outside it). */
  fromBigInt(value: bigint): string {
    return codec.encode(bytesOfBigInt(value, undefined));
  },

  /** The integers of 8*n bytes of Ulid-Flakes, in a BigUint64Array (native byte order, ready for a driver). */
  toBigIntMany(bytes: Uint8Array): BigUint64Array {
    const ids = plainBytes(bytes, "bytes");
    const values = allocate(BigUint64Array, countIds(ids), "the batch");
    for (let i = 0; i < values.length; i++) {
      if (ids[8 * i]! & 0x80) throw binaryError(format, ids, 8 * i, i);
      values[i] = valueOf(ids, 8 * i);
    }
    return values;
  },

  /** 8*n bytes of Ulid-Flakes from their integers (OVERFLOW, with the element index, for one outside 0..2^63-1). */
  fromBigIntMany(values: BigUint64Array | BigInt64Array | readonly bigint[]): Uint8Array {
    const expected = "a BigUint64Array, BigInt64Array or bigint[]";
    // Read once, element by element, and anything unreadable (a revoked proxy, a throwing getter) refused.
    let length: unknown;
    try {
      if (!(values instanceof BigUint64Array || values instanceof BigInt64Array || Array.isArray(values))) length = -1;
      else length = values.length;
    } catch {
      length = -1;
    }
    if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) throw mustBe("values", expected, values);
    const bytes = allocate(Uint8Array, 8 * length, "the batch");
    for (let i = 0; i < length; i++) {
      let value: unknown;
      try {
        value = values[i];
      } catch {
        throw mustBe("values", expected, values);
      }
      bytes.set(bytesOfBigInt(value, i), 8 * i);
    }
    return bytes;
  },
});

/** The 8 big-endian bytes of an integer 0..2^63-1; `index` names the element of a batch in an error. */
function bytesOfBigInt(value: unknown, index: number | undefined): Uint8Array {
  if (typeof value !== "bigint") throw elementError(flakeIntegerNotBigint(value), index);
  if (value < 0n || value >= 1n << 63n) throw elementError(flakeIntegerOverflow(value), index);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value);
  return bytes;
}
