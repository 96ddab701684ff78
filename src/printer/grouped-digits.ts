/**
 * Whole numbers with their digits in groups of three, as `toLocaleString("en-US")` writes them ("1,234,567"), for
 * the counts the command prints. Not `toLocaleString` itself: its first call loads ICU's locale data, 12 ms of a
 * `ulid scan --stats` that otherwise takes a few.
 */
export function groupedDigits(value: number): string {
  const digits = String(Math.abs(value));
  // The first group takes what is left over, 1 to 3 digits; each group after it takes 3.
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${out}` : out;
}
