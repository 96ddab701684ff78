/**
 * Integers as decimal ASCII into a byte array, as `String(value)` writes them, two digits per division: the
 * TypeScript side of the printer (assembly/command/decimal-text.ts writes the same bytes in the command's module).
 */

const ZERO = 0x30;
const MINUS = 0x2d;
const BILLION = 1e9;
/** The most bytes `writeInt` writes: a sign and 16 digits (|value| up to 2^53). */
export const INT_MAX_BYTES = 17;
/** "00", "01", ... "99" as bytes. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => ZERO + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/** Writes an integer (|value| up to 2^53) at `into[at]` in decimal (room for INT_MAX_BYTES); returns the end. */
export function writeInt(into: Uint8Array, at: number, value: number): number {
  if (value < 0) {
    into[at] = MINUS;
    return writeInt(into, at + 1, -value);
  }
  if (value >= BILLION) {
    // Above 2^31 the digits are cut in two, so each half is done in fast 32-bit integer arithmetic.
    const high = Math.floor(value / BILLION);
    return writeDigits(into, writeInt(into, at, high), value - high * BILLION, 9);
  }
  return writeDigits(into, at, value, decimalDigits(value));
}

/** Writes the last `count` decimal digits of `value` (below 2^31), zero-padded, at `into[at]`; returns the end. */
export function writeDigits(into: Uint8Array, at: number, value: number, count: number): number {
  let rest = value;
  let i = at + count - 1;
  // Two digits per division, from a table of "00".."99".
  for (; i > at; i -= 2) {
    const hundredth = (rest / 100) | 0;
    const pair = 2 * (rest - 100 * hundredth);
    into[i] = DIGIT_PAIRS[pair + 1]!;
    into[i - 1] = DIGIT_PAIRS[pair]!;
    rest = hundredth;
  }
  if (i === at) into[i] = ZERO + (rest % 10);
  return at + count;
}

/** Decimal digits of a non-negative integer below 2^31. */
function decimalDigits(value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) count++;
  return count;
}
