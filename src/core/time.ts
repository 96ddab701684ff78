import { ENCODE_TABLE } from "../alphabets/crockford.js";
import { badTimeLength, timeTooLong, ulidTimeOutOfRange } from "./messages.js";

/** Largest ULID time: 48 bits of Unix ms (year 10889). */
export const MAX_TIME = 2 ** 48 - 1;

/**
 * The Unix ms of a Date (of any realm), else undefined. A brand check, not `instanceof`: that throws for a revoked
 * Proxy, and an object that only inherits from Date.prototype passes it and then throws in `getTime`.
 */
export function dateMs(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
}

/** A ULID time from a number or Date: an integer Unix ms in 0..2^48-1, else INVALID_TIME. */
export function toTime(value: unknown): number {
  const time = typeof value === "number" ? value : dateMs(value);
  if (typeof time !== "number" || !Number.isInteger(time) || time < 0 || time > MAX_TIME) {
    throw ulidTimeOutOfRange(MAX_TIME, value);
  }
  return time;
}

/** Characters of a ULID's time prefix: the default length of `encodeTime`. */
const TIME_CHARS = 10;
/** Longest `length` encodeTime takes: a whole ULID's worth (past 10 characters it only pads with zeros). */
const MAX_TIME_CHARS = 26;

/**
 * A ULID time as `length` Crockford characters (default 10: the time prefix of a ULID), zero-padded on the left,
 * as the `ulid` package's `encodeTime(now, len)`. Where that package would silently drop the time's leading
 * characters (a time of 32^length or more), this is INVALID_TIME.
 */
export function encodeTime(time: number, length: number = TIME_CHARS): string {
  let rest = toTime(time);
  if (typeof length !== "number" || !Number.isInteger(length) || length < 0 || length > MAX_TIME_CHARS) {
    throw badTimeLength(MAX_TIME_CHARS, length);
  }
  let text = "";
  for (let i = 0; i < length; i++) {
    const value = rest % 32;
    text = String.fromCharCode(ENCODE_TABLE[value]) + text;
    rest = (rest - value) / 32;
  }
  if (rest > 0) {
    let needed = length;
    for (; rest > 0; rest = Math.floor(rest / 32)) needed++;
    throw timeTooLong(time, needed, length);
  }
  return text;
}
