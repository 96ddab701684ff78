/**
 * `ulid scan --stats`: a summary of the matches instead of the matches. Memory grows only with the distinct IDs
 * (they are counted exactly, so each is kept once); the histogram is constant in size.
 */
import { formatDuration } from "./duration.js";
import { TimeHistogram } from "./histogram.js";
import { isoTime } from "./iso.js";

export class ScanStats {
  private matches = 0;
  private readonly distinct = new Set<string>();
  private first = Infinity;
  private last = -Infinity;
  private readonly histogram = new TimeHistogram();

  /** Counts a match: its canonical text and its time. */
  add(id: string, time: number): void {
    this.matches++;
    this.distinct.add(id);
    this.first = Math.min(this.first, time);
    this.last = Math.max(this.last, time);
    this.histogram.add(time);
  }

  /** The summary as aligned text, with the histogram drawn below. */
  text(): string {
    const count = (n: number): string => n.toLocaleString("en-US");
    const rows: [string, string][] = [
      ["matches", count(this.matches)],
      ["distinct", count(this.distinct.size)],
    ];
    const table = (): string => rows.map(([key, value]) => `${key.padEnd(9)} ${value}\n`).join("");
    if (this.matches === 0) return table();
    rows.push(["first", isoTime(this.first)], ["last", isoTime(this.last)]);
    rows.push(["span", formatDuration(this.last - this.first)]);
    return `${table()}\n${this.histogram.draw()}`;
  }

  /** The summary as one JSON object (times as ISO text; null without matches). */
  json(): string {
    const any = this.matches > 0;
    return `${JSON.stringify({
      matches: this.matches,
      distinct: this.distinct.size,
      first: any ? isoTime(this.first) : null,
      last: any ? isoTime(this.last) : null,
      spanMs: any ? this.last - this.first : null,
      bucketMs: this.histogram.size,
      histogram: this.histogram.buckets().map(({ start, count }) => ({ start: isoTime(start), count })),
    })}\n`;
  }
}
