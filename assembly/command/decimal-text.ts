// Text of numbers for output lines: whole numbers in decimal, and Unix ms as ISO-8601 exactly as JavaScript's
// `Date.prototype.toISOString` writes them. No strings and no Date: bytes stored straight into an output region.

/** Decimal digits of `value`: one, and one more for each power of ten it reaches (no division). */
// @ts-ignore: decorator
@inline function digitCount(value: u32): i32 {
  return 1 + <i32>(value >= 10) + <i32>(value >= 100) + <i32>(value >= 1_000) + <i32>(value >= 10_000) + <i32>(value >= 100_000) +
    <i32>(value >= 1_000_000) + <i32>(value >= 10_000_000) + <i32>(value >= 100_000_000) + <i32>(value >= 1_000_000_000);
}

/**
 * `value / 10` for any u32, as a multiply and a shift: 0xCCCCCCCD is (2^35 + 2) / 10, so the product over 2^35 is
 * value / 10 plus less than 1/40, short of the next whole number (value / 10's fraction is at most 9/10). V8's
 * optimising compiler does this itself, but its baseline compiler, which runs a small scan's lines (`ulid scan`,
 * scan-match-lines.ts) until the optimised code is ready, emits a division instruction for each, tens of cycles on
 * many CPUs, and a line has a dozen.
 */
// @ts-ignore: decorator
@inline function tenth(value: u32): u32 {
  return <u32>((<u64>value * 0xcccccccd) >> 35);
}

/** The ten decimal digits of a billion, the largest power of ten below 2^32. */
const BILLION: u64 = 1_000_000_000;

/**
 * `value` (below 2^53) in decimal at `dst`, as `String(value)` writes it; returns the bytes written. Worked in
 * 32-bit arithmetic, as line numbers and offsets almost always fit; larger values (Unix ms) take `writeLargeDecimal`.
 */
export function writeDecimal(value: u64, dst: usize): i32 {
  if (value >= BILLION) return writeLargeDecimal(value, dst);
  const count = digitCount(<u32>value);
  writeDigits(<u32>value, count, dst);
  return count;
}

/**
 * `writeDecimal` of a value from 10^9 to 2^53 (every Unix ms after 1970-01-12: each `--json` line's "time"): the
 * last nine digits split off, and what is left, below 2^53 / 10^9 < 10^7, one more 32-bit number. A function of
 * its own, not recursive: V8's optimising compiler (Node 24 on) inlines a small function into the hot one that calls
 * it, loops and all, and the text lines, whose numbers are line numbers, are spared these loops in their compile,
 * which a small scan waits for.
 */
function writeLargeDecimal(value: u64, dst: usize): i32 {
  const high = <u32>(value / BILLION);
  const count = digitCount(high);
  writeDigits(high, count, dst);
  writeDigits(<u32>(value - <u64>high * BILLION), 9, dst + <usize>count);
  return count + 9;
}

/** The last `count` decimal digits of `value` at `dst`, zero-padded. */
// @ts-ignore: decorator
@inline function writeDigits(value: u32, count: i32, dst: usize): void {
  let rest = value;
  for (let i = count - 1; i >= 0; i--) {
    const next = tenth(rest);
    store<u8>(dst + <usize>i, <u8>(0x30 + rest - next * 10));
    rest = next;
  }
}

/** `separator` at `dst`, then `value` (0-99) in two digits. */
// @ts-ignore: decorator
@inline function writePair(separator: u8, value: i32, dst: usize): void {
  store<u8>(dst, separator);
  store<u8>(dst + 1, <u8>(0x30 + value / 10));
  store<u8>(dst + 2, <u8>(0x30 + value % 10));
}

/** Days from 0000-03-01 to 1970-01-01: the epoch of `civil_from_days`. */
const EPOCH_SHIFT: i64 = 719_468;
/** Days in a 400-year era of the Gregorian calendar. */
const ERA_DAYS: i64 = 146_097;

/**
 * The ISO-8601 date and time of the whole second `second` (Unix seconds, >= 0) at `dst` up to the seconds:
 * "2025-01-31T12:00:00", or with a signed 6-digit year after 9999 ("+010889-08-02T05:31:50"), as `toISOString`
 * writes them; returns the bytes written (19 or 22). The date is Howard Hinnant's civil_from_days, over 400-year
 * eras counted from 0000-03-01, so the leap day ends each year.
 */
export function writeIsoSecond(second: i64, dst: usize): i32 {
  const days = second / 86_400;
  let rest = <i32>(second - days * 86_400);
  const shifted = days + EPOCH_SHIFT;
  const era = shifted / ERA_DAYS;
  const dayOfEra = <i32>(shifted - era * ERA_DAYS);
  const yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
  const dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
  const monthFromMarch = (5 * dayOfYear + 2) / 153;
  const day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = <i64>yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  let at = dst;
  if (year <= 9999) {
    writeDigits(<u32>year, 4, at);
    at += 4;
  } else {
    store<u8>(at, 0x2b); // "+"
    writeDigits(<u32>year, 6, at + 1);
    at += 7;
  }
  const hours = rest / 3600;
  rest -= hours * 3600;
  const minutes = rest / 60;
  writePair(0x2d, month, at); // "-"
  writePair(0x2d, day, at + 3);
  writePair(0x54, hours, at + 6); // "T"
  writePair(0x3a, minutes, at + 9); // ":"
  writePair(0x3a, rest - minutes * 60, at + 12);
  return <i32>(at + 15 - dst);
}

/** ".mmmZ", the end of an ISO time whose millisecond of its second is `millis`, at `dst` (5 bytes). */
// @ts-ignore: decorator
@inline export function writeIsoMillis(millis: u32, dst: usize): void {
  const tens = tenth(millis);
  const hundreds = tenth(tens);
  store<u8>(dst, 0x2e); // "."
  store<u8>(dst + 1, <u8>(0x30 + hundreds));
  store<u8>(dst + 2, <u8>(0x30 + tens - hundreds * 10));
  store<u8>(dst + 3, <u8>(0x30 + millis - tens * 10));
  store<u8>(dst + 4, 0x5a); // "Z"
}
