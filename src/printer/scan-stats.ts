/**
 * `ulid scan --stats`: a summary of the matches instead of the matches. A log holds tokens that only look like
 * IDs (hex etags, long numbers), and their "times" land in 1970 or in year 10000; so a match whose time falls
 * outside a plausible window (plausible.ts) is counted as implausible and kept out of first, last, span and the
 * histogram. Distinct IDs are counted exactly, in an IdSet (at most ~30 bytes per distinct ID); the histogram is
 * constant in size.
 */
import { formatDuration } from "./duration.js";
import { TimeHistogram } from "./histogram.js";
import { IdSet } from "./id-set.js";
import { isoTime } from "./iso-time.js";
import type { TimeWindow } from "./time-window.js";
import { groupedDigits } from "./grouped-digits.js";

export class ScanStats {
  private matches = 0;
  private implausible = 0;
  private implausibleDistinct = 0;
  private readonly distinct = new IdSet();
  private first = Infinity;
  private last = -Infinity;
  private readonly histogram = new TimeHistogram();

  constructor(private readonly plausible: TimeWindow) {}

  /** Counts a match: its 128 bits (four big-endian words, see ScanTarget.key) and its time. */
  add(key: Uint32Array, time: number): void {
    this.matches++;
    const isNew = this.distinct.add(key);
    if (time < this.plausible.from || time >= this.plausible.to) {
      this.implausible++;
      if (isNew) this.implausibleDistinct++;
      return;
    }
    this.first = Math.min(this.first, time);
    this.last = Math.max(this.last, time);
    this.histogram.add(time);
  }

  /** The summary as aligned text, with the histogram drawn below. */
  text(): string {
    const count = groupedDigits;
    const rows: [string, string][] = [
      ["matches", count(this.matches)],
      ["distinct", count(this.distinct.size)],
    ];
    if (this.implausible > 0) {
      const outside = `times outside ${windowText(this.plausible)}, left out below`;
      rows.push(["implausible", `${count(this.implausible)} (${count(this.implausibleDistinct)} distinct): ${outside}`]);
    }
    const table = (): string => {
      const width = Math.max(...rows.map(([key]) => key.length));
      return rows.map(([key, value]) => `${key.padEnd(width)}  ${value}\n`).join("");
    };
    if (this.plausibleMatches === 0) return table();
    rows.push(["first", isoTime(this.first)], ["last", isoTime(this.last)]);
    rows.push(["span", formatDuration(this.last - this.first)]);
    return `${table()}\n${this.histogram.draw()}`;
  }

  /** The summary as one JSON object (times as ISO text; null without plausible matches or without a bound). */
  json(): string {
    const any = this.plausibleMatches > 0;
    const { from, to } = this.plausible;
    return `${JSON.stringify({
      matches: this.matches,
      distinct: this.distinct.size,
      implausible: { matches: this.implausible, distinct: this.implausibleDistinct },
      plausible: { from: Number.isFinite(from) ? isoTime(from) : null, until: Number.isFinite(to) ? isoTime(to) : null },
      first: any ? isoTime(this.first) : null,
      last: any ? isoTime(this.last) : null,
      spanMs: any ? this.last - this.first : null,
      bucketMs: this.histogram.size,
      histogram: this.histogram.buckets().map(({ start, count }) => ({ start: isoTime(start), count })),
    })}\n`;
  }

  private get plausibleMatches(): number {
    return this.matches - this.implausible;
  }
}

/** The window as `--plausible` takes it: FROM..UNTIL, a side without a bound left empty. */
function windowText({ from, to }: TimeWindow): string {
  return `${Number.isFinite(from) ? isoTime(from) : ""}..${Number.isFinite(to) ? isoTime(to) : ""}`;
}
