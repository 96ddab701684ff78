/**
 * Times of the formats whose time field counts ms since an epoch the caller picks (TSID, Snowflake): a time in is
 * Unix ms or a Date from the epoch to the epoch + the field's largest value; INVALID_TIME otherwise.
 */
import { UlidError, quote } from "../core/errors.js";
import { aLabel } from "../core/messages.js";
import { dateMs } from "../core/time.js";

/** The time field of `time` for a `label` made with `epoch`, whose field holds at most `maxField` ms. */
export function msSinceEpoch(label: string, epoch: number, maxField: number, time: unknown): number {
  const ms = dateMs(time) ?? time;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < epoch || ms > epoch + maxField) {
    throw new UlidError(
      "INVALID_TIME",
      `${aLabel(label)} time must be an integer Unix ms (a number or Date) from its epoch ${epoch} (${new Date(epoch).toISOString()}) to ${epoch + maxField}, got ${quote(time)}`,
    );
  }
  return ms - epoch;
}
