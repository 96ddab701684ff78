/**
 * A progress line on standard error for long work, drawn only when standard error is a terminal (never into a
 * pipe or a log file), and only once the work has run for a while, so quick commands stay silent.
 */

/** Quiet for the first second: most commands finish sooner, and a flash of a bar is noise. */
const SHOW_AFTER_MS = 1000;
/** Redraws at most 10 times a second. */
const REDRAW_MS = 100;
const BAR_WIDTH = 30;

export class Progress {
  private readonly enabled = process.stderr.isTTY === true;
  private readonly start = performance.now();
  private lastDraw = 0;
  private drawn = false;

  /** `total`: the amount of work when known (bytes or IDs, as `unit` says), for a bar and a percentage. */
  constructor(
    private readonly unit: "bytes" | "IDs",
    private readonly total: number | undefined,
  ) {}

  /** Reports `done` units finished so far. */
  update(done: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.start < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    const rate = done / ((now - this.start) / 1000);
    const amount =
      this.unit === "bytes"
        ? `${megabytes(done)} MB  ${megabytes(rate)} MB/s`
        : `${done.toLocaleString("en-US")} IDs  ${Math.round(rate).toLocaleString("en-US")} IDs/s`;
    let line = amount;
    if (this.total !== undefined && this.total > 0) {
      const fraction = Math.min(done / this.total, 1);
      const filled = Math.round(fraction * BAR_WIDTH);
      const percent = (fraction * 100).toFixed(0).padStart(3);
      line = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${percent}%  ${amount}`;
    }
    process.stderr.write(`\r\x1b[2K${line}`);
  }

  /** Clears the line, if one was drawn. */
  finish(): void {
    if (this.drawn) process.stderr.write("\r\x1b[2K");
    this.drawn = false;
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}
