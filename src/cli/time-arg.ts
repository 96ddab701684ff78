/** TIME arguments (`from-time`, `--time`, `--since`, `--until`): Unix ms, or ISO-8601 where no offset means UTC. */
import { MAX_TIME, impossibleOffset, nonexistentTime, timeArgumentOutOfRange, unreadableTimeArgument } from "../internal.js";
import { isoTime } from "../printer/iso-time.js";
import { message } from "./progress.js";

/**
 * YYYY-MM-DD, optionally followed by T (or a space) and hh:mm, :ss, .fff (1-3 digits: ULID times are whole
 * milliseconds, so a finer fraction would be silently cut), and an offset Z, ±hh, ±hhmm or ±hh:mm.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const MINUTE = 60_000;

/**
 * Unix seconds have had 10 digits from 2001 to 2286, and Unix ms with 10 digits name a few months of 1970: a TIME
 * like that is most likely `date +%s` given by mistake.
 */
const SECONDS_DIGITS = /^\d{10}$/;

/**
 * The Unix ms a TIME argument names; a malformed or out-of-range time is an INVALID_TIME UlidError. A bare
 * 10-digit number is still read as Unix ms, with a hint on standard error.
 */
export function parseTime(text: string): number {
  if (SECONDS_DIGITS.test(text)) {
    const time = Number(text);
    message(`ulid: hint: TIME ${text} is read as Unix ms (${isoTime(time)}); for Unix seconds, write ${text}000\n`);
    return time;
  }
  if (/^\d+$/.test(text)) return inRange(text, Number(text));
  const match = ISO.exec(text);
  if (match === null) throw unreadableTimeArgument(text);
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "0", offset = "Z"] = match;
  const fields = [Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)] as const;
  // Not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(fields[0], fields[1], fields[2]);
  date.setUTCHours(fields[3], fields[4], fields[5], Number(fraction.padEnd(3, "0")));
  // Dates roll over (February 30 -> March 2): reading the fields back catches a date or time that does not exist.
  const readBack = [
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  ];
  if (readBack.some((value, i) => value !== fields[i])) throw nonexistentTime(text);
  return inRange(text, date.getTime() - offsetMinutes(text, offset) * MINUTE);
}

/** `ms`, the Unix ms TIME `text` names, when an ID can hold it (1970 to the year 10889); INVALID_TIME naming it otherwise. */
function inRange(text: string, ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > MAX_TIME) throw timeArgumentOutOfRange(text, 0, MAX_TIME);
  return ms;
}

/** Minutes east of UTC of an ISO offset: Z, ±hh, ±hhmm, ±hh:mm (hours 0-23, minutes 0-59). */
function offsetMinutes(text: string, offset: string): number {
  if (offset.toUpperCase() === "Z") return 0;
  const digits = offset.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || "0");
  if (hours > 23 || minutes > 59) throw impossibleOffset(text, offset);
  return (offset[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}
