/** Which times a printer keeps: `scan --since/--until` for the lines, `--plausible` for the stats. */

/** Times t with from <= t < to; a side without a bound is infinite. */
export interface TimeWindow {
  readonly from: number;
  readonly to: number;
}
