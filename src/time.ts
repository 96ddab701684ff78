import { UlidError, quote } from "./errors.js";
import { ENCODE_TABLE } from "./crockford.js";

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
    throw new UlidError(
      "INVALID_TIME",
      `time must be an integer Unix ms from 0 to ${MAX_TIME} (a number or Date), got ${quote(value)}`,
    );
  }
  return time;
}

/** The 10-character time prefix of a ULID. */
export function encodeTime(time: number): string {
  let rest = toTime(time);
  let text = "";
  for (let i = 0; i < 10; i++) {
    const value = rest % 32;
    text = String.fromCharCode(ENCODE_TABLE[value]) + text;
    rest = (rest - value) / 32;
  }
  return text;
}
