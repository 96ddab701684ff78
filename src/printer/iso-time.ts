/** ISO-8601 text of Unix ms, fast for runs of nearby times (log lines, decoded batches). */

/** "000".."999": the millisecond part. */
const MILLIS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, "0"));

let cachedSecond = Number.NaN;
let cachedPrefix = "";

/**
 * `Date.toISOString` of Unix second `second` up to the millisecond digits: "2025-01-31T12:00:00.". Formatting
 * only once per second of time is what makes ISO output fast.
 */
export function isoPrefix(second: number): string {
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, -4);
  }
  return cachedPrefix;
}

/** Like `new Date(ms).toISOString()`. */
export function isoTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  return `${isoPrefix(second)}${MILLIS[ms - second * 1000]}Z`;
}
