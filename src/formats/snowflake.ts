/**
 * Snowflake (docs/formats.md; Twitter's snowflake, Discord's developer docs): 63 bits, big-endian in 8 bytes, as
 * decimal text of 1 to 19 digits.
 *
 *   bit 63: 0 | bits 62-22: time, ms since the epoch (41) | bits 21-12: worker (10) | bits 11-0: sequence (12)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-snowflake.ts, assembly/snowflake.ts): text of
 * varying width (no leading zero, "0" alone is zero), its faults, its epochs (`"twitter"` by default, `"discord"`,
 * or any Unix ms or Date) and its generation option `worker`.
 */
import { quote } from "../core/errors.js";
import { idLength, idNotString, invalidChar, optionMustBe, optionOutOfRange } from "../core/messages.js";
import { MAX_TIME, dateMs } from "../core/time.js";
import { LARGEST_SNOWFLAKE, SNOWFLAKE_MAX_CHARS, snowflakeParam } from "../engine/js-snowflake.js";
import type { Fault, Problem } from "./faults.js";
import { msSinceEpoch } from "./epoch-time.js";

export const SNOWFLAKE_LABEL = "Snowflake";
/** Twitter's epoch, 2010-11-04T01:42:54.657Z (IdWorker.scala's twepoch), and Discord's, 2015-01-01. */
export const TWITTER_EPOCH = 1288834974657;
export const DISCORD_EPOCH = 1420070400000;
/** The time field is 41 bits of ms (bit 63 stays zero): about 69 years after the epoch. */
export const SNOWFLAKE_MAX_FIELD = 2 ** 41 - 1;
const MAX_WORKER = 1023;
const ZERO = 0x30;

const isDigit = (code: number): boolean => code >= ZERO && code <= ZERO + 9;

/**
 * The first fault of a would-be Snowflake, or null when it is valid: type, length (1-19), then characters left to
 * right (a digit, and no leading zero), then the value (at most 2^63 - 1: among 19 digits, the first above the
 * largest Snowflake's where all before it are its own).
 */
export function snowflakeFault(text: unknown): Fault | null {
  if (typeof text !== "string") return { ...idNotString(SNOWFLAKE_LABEL, text), position: 0 };
  const length = text.length;
  if (length < 1 || length > SNOWFLAKE_MAX_CHARS) {
    return { ...snowflakeLength(text), position: Math.min(length, SNOWFLAKE_MAX_CHARS) };
  }
  for (let position = 0; position < length; position++) {
    const problem = snowflakeCharFault(text, position);
    if (problem !== null) return { ...problem, position };
  }
  if (length === SNOWFLAKE_MAX_CHARS && text > LARGEST_SNOWFLAKE) {
    let position = 0;
    while (text.charCodeAt(position) === LARGEST_SNOWFLAKE.charCodeAt(position)) position++;
    return {
      code: "OVERFLOW",
      reason: `${quote(text)} overflows 63 bits: from character ${position} on it is above the largest Snowflake ${LARGEST_SNOWFLAKE}`,
      position,
    };
  }
  return null;
}

function snowflakeLength(text: string): Problem {
  const problem = idLength(SNOWFLAKE_LABEL, SNOWFLAKE_MAX_CHARS, text);
  return { code: problem.code, reason: problem.reason.replace(`${SNOWFLAKE_MAX_CHARS} characters`, `1 to ${SNOWFLAKE_MAX_CHARS} digits`) };
}

/** The fault of the character at `position`: no digit, or a leading zero of a longer text. */
export function snowflakeCharFault(text: string, position: number): Problem | null {
  const code = text.charCodeAt(position);
  if (!isDigit(code)) return invalidChar(text, position, SNOWFLAKE_LABEL, "a decimal digit");
  if (position === 0 && code === ZERO && text.length > 1) {
    return invalidChar(text, position, SNOWFLAKE_LABEL, "no leading zero (only \"0\" itself starts with 0)");
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
export const snowflakeField = (epoch: number, time: unknown): number => msSinceEpoch(SNOWFLAKE_LABEL, epoch, SNOWFLAKE_MAX_FIELD, time);

export interface SnowflakeOptions {
  /** `"twitter"` (default: 1288834974657), `"discord"` (1420070400000), or Unix ms or a Date. */
  epoch?: "twitter" | "discord" | number | Date;
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
