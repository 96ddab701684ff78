/**
 * Unix ms as ISO-8601, as `Date.toISOString` writes it, worked out with integer arithmetic and no Date: the one
 * ISO writer of the TypeScript side (assembly/command/decimal-text.ts is the command module's). A log's times jump
 * about (each implausible match has its own), and a Date and its string per distinct second cost several times
 * more than this.
 */
import { writeDigits } from "./decimal-text.js";

const MINUS = 0x2d;
const PLUS = 0x2b;
const COLON = 0x3a;
const DOT = 0x2e;
const T = 0x54;
const Z = 0x5a;
const ZERO = 0x30;
const MS_PER_DAY = 86_400_000;
/** The longest ISO text: "+275760-09-13T00:00:00.000Z". */
export const ISO_MAX_BYTES = 27;

/**
 * Writes Unix ms `ms` (an integer) at `into[at]` as ISO-8601 (room for ISO_MAX_BYTES): years 0 to 9999 in 4
 * digits, others signed in 6 ("+010889-08-02T05:31:50.655Z"). Returns the end.
 */
export function writeIso(into: Uint8Array, at: number, ms: number): number {
  const days = Math.floor(ms / MS_PER_DAY);
  let rest = ms - days * MS_PER_DAY;
  // The proleptic Gregorian date of a day number: Howard Hinnant's civil_from_days, over 400-year eras of
  // 146097 days counted from 0000-03-01 (719468 days before 1970-01-01), so the leap day ends each year.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  let end = at;
  if (year >= 0 && year <= 9999) {
    end = writeDigits(into, end, year, 4);
  } else {
    into[end++] = year < 0 ? MINUS : PLUS;
    end = writeDigits(into, end, Math.abs(year), 6);
  }
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  end = pair(into, end, MINUS, month);
  end = pair(into, end, MINUS, day);
  end = pair(into, end, T, hours);
  end = pair(into, end, COLON, minutes);
  end = pair(into, end, COLON, seconds);
  into[end++] = DOT;
  end = writeDigits(into, end, rest - seconds * 1000, 3);
  into[end++] = Z;
  return end;
}

/** `separator`, then `value` (0-99) in two digits, at `into[at]`; returns the end. */
function pair(into: Uint8Array, at: number, separator: number, value: number): number {
  const tens = (value / 10) | 0;
  into[at] = separator;
  into[at + 1] = ZERO + tens;
  into[at + 2] = ZERO + value - 10 * tens;
  return at + 3;
}

const scratch = new Uint8Array(ISO_MAX_BYTES);

/** Like `new Date(ms).toISOString()`, for a whole Unix ms: text for messages, stats and fields. */
export function isoTime(ms: number): string {
  return String.fromCharCode(...scratch.subarray(0, writeIso(scratch, 0, ms)));
}
