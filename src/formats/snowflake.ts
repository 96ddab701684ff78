/**
 * Snowflake (docs/formats.md; Twitter's snowflake, Discord's developer docs): 63 bits, big-endian in 8 bytes, as
 * decimal text of 1 to 19 digits.
 *
 *   bit 63: 0 | bits 62-22: time, ms since the epoch (41) | bits 21-12: worker (10) | bits 11-0: sequence (12)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-snowflake.ts, assembly/snowflake.ts): text of
 * varying width (no leading zero, "0" alone is zero), its faults, its epochs (`"twitter"` by default, `"discord"`,
 * or any Unix ms or Date) and its generation option `worker`. A generator draws its worker once (unless given) and
 * starts each millisecond at sequence 0 (Twitter's IdWorker).
 */
import { quote } from "../core/errors.js";
import { checkOptions } from "../core/arguments.js";
import { invalidChar, optionMustBe, optionOutOfRange } from "../core/messages.js";
import { MAX_TIME, dateMs } from "../core/time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { LARGEST_SNOWFLAKE, SNOWFLAKE, SNOWFLAKE_MAX_CHARS, snowflakeParam, snowflakeRecords } from "../engine/js-snowflake.js";
import { PAD } from "../engine/specs.js";
import type { Format } from "./codec.js";
import type { FormatDefinition } from "./definition.js";
import type { Problem } from "./faults.js";
import type { Minting } from "./generate.js";
import type { CaseOptions } from "./letter-case.js";
import { createNamespace } from "./namespace.js";
import type { IdText } from "./schema.js";
import { msSinceEpoch } from "./epoch-time.js";

/** A Snowflake's text, as `snowflake.isValid` narrows a string to. */
export type Snowflake = IdText<"snowflake">;

/** Twitter's epoch, 2010-11-04T01:42:54.657Z (IdWorker.scala's twepoch), and Discord's, 2015-01-01. */
export const TWITTER_EPOCH = 1288834974657;
export const DISCORD_EPOCH = 1420070400000;
/** The time field is 41 bits of ms (bit 63 stays zero): about 69 years after the epoch. */
export const SNOWFLAKE_MAX_FIELD = 2 ** 41 - 1;
const MAX_WORKER = 1023;
/** The worker field: 10 bits. */
const WORKER_MASK = 0x3ff;
const ZERO = 0x30;

const isDigit = (code: number): boolean => code >= ZERO && code <= ZERO + 9;

/**
 * Where a text of 19 characters rises above the largest Snowflake: the first position where it differs from it,
 * when a greater digit stands there; -1 when it does not.
 */
function overflowAt(text: string): number {
  if (text.length !== SNOWFLAKE_MAX_CHARS) return -1;
  let position = 0;
  while (position < SNOWFLAKE_MAX_CHARS && text.charCodeAt(position) === LARGEST_SNOWFLAKE.charCodeAt(position)) position++;
  const code = text.charCodeAt(position);
  return isDigit(code) && code > LARGEST_SNOWFLAKE.charCodeAt(position) ? position : -1;
}

/**
 * The fault of the character at `position` of a text of 1 to 19 characters: no digit, a leading zero of a longer
 * text, or the digit that makes a text of 19 exceed 2^63 - 1 (all before it being the largest Snowflake's).
 */
export function snowflakeCharFault(text: string, position: number): Problem | null {
  const code = text.charCodeAt(position);
  if (!isDigit(code)) return invalidChar(text, position, SNOWFLAKE.label, "a decimal digit");
  if (position === 0 && code === ZERO && text.length > 1) {
    return invalidChar(text, position, SNOWFLAKE.label, "no leading zero (only \"0\" itself starts with 0)");
  }
  if (position === overflowAt(text)) {
    return {
      code: "OVERFLOW",
      reason: `${quote(text)} overflows 63 bits: from character ${position} on it is above the largest Snowflake ${LARGEST_SNOWFLAKE}`,
    };
  }
  return null;
}

/** Why 8 bytes are no Snowflake: the sign bit is set. */
export function snowflakeBinaryFault(bytes: Uint8Array, at: number): Problem {
  const byte = bytes[at]!;
  return {
    code: "OVERFLOW",
    reason: `the 8 bytes have the sign bit set (byte 0 is 0x${byte.toString(16).padStart(2, "0")}): a Snowflake is below 2^63, at most ${LARGEST_SNOWFLAKE}`,
  };
}

/** The epoch option: `"twitter"` (default), `"discord"`, or Unix ms or a Date; INVALID_ARGUMENT otherwise. */
export function snowflakeEpoch(value: unknown): number {
  if (value === undefined || value === "twitter") return TWITTER_EPOCH;
  if (value === "discord") return DISCORD_EPOCH;
  const ms = dateMs(value) ?? value;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > MAX_TIME) {
    throw optionMustBe("epoch", `"twitter", "discord", an integer Unix ms from 0 to ${MAX_TIME} or a Date`, value);
  }
  return ms;
}

/** The time field of a Unix ms time (number or Date) for `epoch`: INVALID_TIME outside the 41 bits after it. */
export const snowflakeField = (epoch: number, time: unknown): number => msSinceEpoch(SNOWFLAKE.label, epoch, SNOWFLAKE_MAX_FIELD, time);

/** The options of calls that read times: the epoch. */
export interface SnowflakeEpochOptions {
  /** `"twitter"` (default: 1288834974657), `"discord"` (1420070400000), or Unix ms or a Date. */
  epoch?: "twitter" | "discord" | number | Date;
}

/** The options of generating calls: the epoch and the worker. */
export interface SnowflakeOptions extends SnowflakeEpochOptions {
  /** The worker field, 0..1023. Default: drawn at random, once per generator. */
  worker?: number;
}

/** The generation parameter of `options` (INVALID_ARGUMENT for a worker out of range). */
export function snowflakeParamOf(options: SnowflakeOptions, generator: boolean): number {
  const { worker } = options;
  if (worker !== undefined && (typeof worker !== "number" || !Number.isInteger(worker) || worker < 0 || worker > MAX_WORKER)) {
    throw optionOutOfRange("worker", 0, MAX_WORKER, worker);
  }
  return snowflakeParam(worker, generator);
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: SNOWFLAKE,
  jsCodec: createJsCodec(SNOWFLAKE, snowflakeRecords(PAD)),
  charFault: snowflakeCharFault,
  binaryFault: snowflakeBinaryFault,
};

function mintingOf(options: SnowflakeOptions | undefined): Minting {
  const given = checkOptions(options);
  const epoch = snowflakeEpoch(given.epoch);
  return {
    format,
    param: snowflakeParamOf(given, false),
    field: (time) => snowflakeField(epoch, time),
    clock: () => Date.now(),
    unit: "millisecond",
    // The worker, unless given, is drawn once (2 bytes, 10 bits kept, as `generate` draws it): a generator's IDs
    // share it, and each millisecond's sequence starts at 0.
    sequenceParam(fill) {
      if (given.worker !== undefined) return snowflakeParamOf(given, true);
      const drawn = new Uint8Array(2);
      fill(drawn);
      return snowflakeParam(((drawn[0]! << 8) | drawn[1]!) & WORKER_MASK, true);
    },
    // The worker of the ID a sequence continues after: bits 12-21 of the 64, across bytes 5 and 6 (big-endian).
    resumedParam: (id) => (given.worker !== undefined ? snowflakeParamOf(given, true) : snowflakeParam(((id[5]! << 4) | (id[6]! >> 4)) & WORKER_MASK, true)),
  };
}

/** The minting of the default options, made once: `generate()` without options is the common call. */
const DEFAULT_MINTING = mintingOf(undefined);

/** How Snowflakes are made under `options` (for the CLI's streams too). */
export function minting(options: SnowflakeOptions | undefined): Minting {
  return options === undefined ? DEFAULT_MINTING : mintingOf(options);
}

/** Snowflake: times in and out in Unix ms, the time field in ms from the epoch of the call's options. */
export const definition: FormatDefinition<"snowflake", SnowflakeOptions, SnowflakeEpochOptions, SnowflakeEpochOptions & CaseOptions> = {
  name: "snowflake",
  format,
  minting,
  // Worker and sequence are free bits: only the epoch moves the bounds.
  bounding: ({ epoch }) => minting({ epoch }),
  time: { scale: 1, divisor: 1, origin: (options) => snowflakeEpoch(checkOptions(options).epoch) },
};

export const snowflake = createNamespace<"snowflake", Snowflake, number | Date, SnowflakeOptions, SnowflakeEpochOptions, SnowflakeEpochOptions & CaseOptions>(
  definition,
);
