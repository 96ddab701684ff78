/**
 * A histogram of times in constant memory whose bucket size follows the span seen so far: buckets start at the
 * finest size and, whenever the times cover more than MAX_BUCKETS of them, merge into the next size that fits.
 * Each size divides the next, and buckets are aligned to multiples of their size from the Unix epoch, so merging
 * is exact: every time lands where it would have landed had the final size been used from the start.
 */
import { formatDuration } from "./duration.js";
import { isoTime } from "./iso-time.js";
import { groupedDigits } from "./grouped-digits.js";

/** Rows drawn at most: a screenful. */
const MAX_BUCKETS = 40;
/** Width of the longest bar, in terminal cells. */
const BAR_CELLS = 40;
/** Left-to-right eighths of a cell, for bars finer than whole cells. */
const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Bucket sizes in ms, each a multiple of the one before; after 4 weeks, 13 of them (364 days), then tenfold. */
const SIZES = [
  1, 10, 100, SECOND, 5 * SECOND, 10 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR,
  3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 7 * DAY, 28 * DAY, 364 * DAY, 3640 * DAY, 36_400 * DAY, 364_000 * DAY,
  3_640_000 * DAY,
];

export interface Bucket {
  /** Unix ms of the bucket's start. */
  start: number;
  count: number;
}

export class TimeHistogram {
  private sizeIndex = 0;
  /** Bucket number (time / size, rounded down) -> count, for the buckets that have any. */
  private counts = new Map<number, number>();
  private low = Infinity;
  private high = -Infinity;

  add(time: number): void {
    this.low = Math.min(this.low, time);
    this.high = Math.max(this.high, time);
    while (this.spanInBuckets() > MAX_BUCKETS && this.sizeIndex < SIZES.length - 1) this.coarsen();
    const key = Math.floor(time / this.size);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Bucket size in ms. */
  get size(): number {
    return SIZES[this.sizeIndex]!;
  }

  /** Every bucket from the first time's to the last time's, empty ones included. */
  buckets(): Bucket[] {
    if (this.counts.size === 0) return [];
    const first = Math.floor(this.low / this.size);
    const last = Math.floor(this.high / this.size);
    const rows: Bucket[] = [];
    for (let key = first; key <= last; key++) rows.push({ start: key * this.size, count: this.counts.get(key) ?? 0 });
    return rows;
  }

  /** The histogram drawn as text: a heading, then a labelled bar and count per bucket. */
  draw(): string {
    const rows = this.buckets();
    const most = Math.max(...rows.map((row) => row.count));
    const countWidth = groupedDigits(most).length;
    const lines = rows.map(({ start, count }) => {
      const eighths = Math.round((count / most) * BAR_CELLS * 8);
      const bar = "█".repeat(eighths >> 3) + EIGHTHS[eighths & 7] + (count > 0 && eighths === 0 ? "▏" : "");
      return `${label(start, this.size)}  ${bar.padEnd(BAR_CELLS)} ${groupedDigits(count).padStart(countWidth)}`;
    });
    return `mentions by creation time, per ${formatDuration(this.size)}:\n${lines.join("\n")}\n`;
  }

  private spanInBuckets(): number {
    return Math.floor(this.high / this.size) - Math.floor(this.low / this.size) + 1;
  }

  private coarsen(): void {
    const ratio = SIZES[this.sizeIndex + 1]! / this.size;
    this.sizeIndex++;
    const merged = new Map<number, number>();
    for (const [key, count] of this.counts) {
      const coarse = Math.floor(key / ratio);
      merged.set(coarse, (merged.get(coarse) ?? 0) + count);
    }
    this.counts = merged;
  }
}

/**
 * The start of a bucket in ISO form, cut to the precision its size needs. Cuts count from the end, which is
 * "THH:MM:SS.mmmZ" in every year, while the date grows past 9999 ("+010000-01-01").
 */
function label(start: number, size: number): string {
  const iso = isoTime(start);
  const end = iso.length;
  if (size % DAY === 0) return iso.slice(0, end - "THH:MM:SS.mmmZ".length);
  if (size % MINUTE === 0) return `${iso.slice(0, end - ":SS.mmmZ".length)}Z`;
  if (size % SECOND === 0) return `${iso.slice(0, end - ".mmmZ".length)}Z`;
  return iso;
}
