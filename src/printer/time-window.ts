/** Which times a printer keeps: `scan --since/--until` for the lines, `--plausible` for the stats. */

/** Times t with from <= t < to; a side without a bound is infinite. */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
}

/** The default plausible window's start: IDs with a time in them were not made before this century. */
export const PLAUSIBLE_FROM = Date.UTC(2000, 0, 1);
/** The default plausible window's end, after now: a day's leeway for clocks that run ahead. */
const PLAUSIBLE_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * The times a scan believes unless told otherwise, at `now`: `ulid scan`'s default `--plausible`, and the browser
 * inspector's (playground/scan-worker.ts), so both count the same matches as implausible.
 */
export function defaultPlausibleWindow(now: number): TimeWindow {
  return { from: PLAUSIBLE_FROM, to: now + PLAUSIBLE_AHEAD_MS };
}
