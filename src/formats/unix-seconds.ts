/**
 * Times of the formats whose time field is a u32 of Unix seconds (MongoDB ObjectId, XID): times in are Unix ms or a
 * Date, kept to their second (floored); times out are the second's start in Unix ms. The range is unsigned, as the
 * ObjectId specification says: 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z.
 */
import { UlidError, quote } from "../core/errors.js";
import { aLabel } from "../core/messages.js";
import { dateMs } from "../core/time.js";

const MS_PER_S = 1000;
/** The largest time field, 2^32 - 1 s, and the last Unix ms of its second. */
export const MAX_SECONDS = 2 ** 32 - 1;
const LAST_MS = MAX_SECONDS * MS_PER_S + MS_PER_S - 1;

/** The time field of `time` (integer Unix ms or a Date) for a `label`; INVALID_TIME outside 0 .. 4294967295999. */
export function secondsField(label: string, time: unknown): number {
  const ms = typeof time === "number" ? time : dateMs(time);
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > LAST_MS) {
    throw new UlidError(
      "INVALID_TIME",
      `${aLabel(label)} time must be an integer Unix ms (a number or Date) from 0 (1970-01-01T00:00:00.000Z) to ${LAST_MS} (${new Date(LAST_MS).toISOString()}), got ${quote(time)}`,
    );
  }
  return Math.floor(ms / MS_PER_S);
}

/** Unix ms of the start of second `field`. */
export const secondsToUnixMs = (field: number): number => field * MS_PER_S;
