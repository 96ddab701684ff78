/**
 * Time windows on the command line: `scan --since/--until` (which matches to print) and `scan --plausible`
 * (which times `--stats` believes: any 26-character token of the alphabet decodes to some time, and an etag or a
 * long number decodes to 1970 or to year 10000).
 */
import { type TimeWindow, defaultPlausibleWindow } from "../printer/time-window.js";
import { parseTime } from "./time-arg.js";
import { UsageError } from "./usage.js";

export { PLAUSIBLE_FROM } from "../printer/time-window.js";

/** `--plausible FROM..UNTIL` (either side may be empty: no bound there), or the default window at `now`. */
export function plausibleWindow(text: string | undefined, now: number): TimeWindow {
  if (text === undefined) return defaultPlausibleWindow(now);
  const sides = text.split("..");
  if (sides.length !== 2) {
    throw new UsageError(`--plausible must be FROM..UNTIL (either may be empty), got ${JSON.stringify(text)}`);
  }
  const [from, to] = sides.map((side, i) => (side === "" ? (i === 0 ? -Infinity : Infinity) : parseTime(side)));
  return checked("--plausible FROM", from!, "UNTIL", to!);
}

/** `--since` and `--until` (either may be absent). */
export function selectedWindow(since: string | undefined, until: string | undefined): TimeWindow {
  const from = since === undefined ? -Infinity : parseTime(since);
  const to = until === undefined ? Infinity : parseTime(until);
  return checked("--since", from, "--until", to);
}

/** The window, if it holds any time; a usage error when its start is not before its end. */
function checked(fromName: string, from: number, toName: string, to: number): TimeWindow {
  if (from >= to) throw new UsageError(`${fromName} must be before ${toName}: the window holds no time`);
  return { from, to };
}
