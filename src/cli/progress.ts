/**
 * The progress line on standard error for long work, and the messages around it. A line is drawn only once the
 * work has run for a while (quick commands stay silent) and only where it can stand alone (`mayDrawProgress`):
 * never into a pipe or a log file, never by two commands of one pipeline at once, never under output lines. A
 * message (`message`) clears the line first, so it never lands on it; Ctrl-C clears it before the process ends.
 */
import { descriptorStats, isTerminal } from "./terminal.js";
import { groupedDigits } from "../printer/grouped-digits.js";

/** Quiet for the first second: most commands finish sooner, and a flash of a bar is noise. */
const SHOW_AFTER_MS = 1000;
/** Redraws at most 10 times a second. */
const REDRAW_MS = 100;
const BAR_WIDTH = 30;
const CLEAR_LINE = "\r\x1b[2K";

export interface Terminals {
  stderrIsTerminal: boolean;
  stdoutIsTerminal: boolean;
  /** Standard output is a pipe or a socket: another process reads it. */
  stdoutIsPipe: boolean;
}

/**
 * Whether a progress line may be drawn. Standard error must be a terminal. Standard output must be no pipe: in
 * `ulid generate N | ulid decode > out` both commands have the terminal as stderr, and only the last one of a
 * pipeline writes to something else than a pipe, so only it draws. And standard output must be no terminal,
 * where output lines would land on the progress line, unless the command writes nothing there before it is done
 * (`quiet`: `scan --stats`, `validate -`).
 */
export function mayDrawProgress(terminals: Terminals, quiet: boolean): boolean {
  const { stderrIsTerminal, stdoutIsTerminal, stdoutIsPipe } = terminals;
  return stderrIsTerminal && !stdoutIsPipe && (quiet || !stdoutIsTerminal);
}

/** This process's terminals. A closed standard output counts as a pipe: nothing to draw beside. */
function terminals(): Terminals {
  const stdout = descriptorStats(1);
  const stdoutIsPipe = stdout === undefined || stdout.isFIFO() || stdout.isSocket();
  return { stderrIsTerminal: isTerminal(2), stdoutIsTerminal: isTerminal(1, stdout), stdoutIsPipe };
}

/**
 * Milliseconds on a monotonic clock. Not `performance.now()`: the `performance` global loads perf_hooks on first use
 * (a cost in every command's start).
 */
function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The line on screen now, if any. */
let shown: Progress | undefined;
let interruptHandled = false;

/** `process.stderr`, made on first use (see `stderrStream`). */
let stderr: NodeJS.WriteStream | undefined;

/**
 * `process.stderr`, made on first use, its failed writes ignored: a standard error nobody reads any more (a closed
 * pipe, `ulid scan ... 2>&1 | head -1`) loses the message, and the exit status still says what happened, where an
 * unhandled 'error' event would end the process with a stack trace and status 1.
 */
export function stderrStream(): NodeJS.WriteStream {
  if (stderr === undefined) {
    stderr = process.stderr;
    stderr.on("error", () => {});
  }
  return stderr;
}

/** Writes `text` to standard error, clearing the progress line first (it is drawn again at the next update). */
export function message(text: string): void {
  shown?.clear();
  stderrStream().write(text);
}

/**
 * Clears the progress line when Ctrl-C ends the process, so the shell prompt starts on a clean line; then the
 * signal ends the process as it would have (status 130 in the shell). Not `process.exit`: it would wait for
 * libuv's threads, one of which may be blocked opening or reading a FIFO whose writer never comes.
 */
function handleInterrupt(): void {
  if (interruptHandled) return;
  interruptHandled = true;
  process.on("SIGINT", () => {
    shown?.clear();
    process.removeAllListeners("SIGINT");
    process.kill(process.pid, "SIGINT");
  });
}

/** Where a progress line goes and what it reads: this process's terminals, clock and standard error, or a test's. */
export interface ProgressSurroundings {
  readonly terminals: Terminals;
  now(): number;
  write(text: string): void;
}

/** This process's surroundings (its terminals are looked at when a progress line is made). */
function processSurroundings(): ProgressSurroundings {
  return { terminals: terminals(), now: monotonicMs, write: (text) => stderrStream().write(text) };
}

/**
 * A progress line over one job: one input, or several in turn (`ulid scan a.log b.log`), whose bytes add up, so
 * the one-second threshold, the bar and the rate are the whole job's, not each input's.
 */
export class Progress {
  private readonly enabled: boolean;
  private readonly start: number;
  private lastDraw = 0;
  /** Units of the inputs before the current one. */
  private before = 0;

  /**
   * `total`: the amount of work when known (bytes or IDs, as `unit` says; for several inputs, all of theirs), for a
   * bar and a percentage. `quiet`: the command writes nothing to standard output until the work is done (see
   * `mayDrawProgress`).
   */
  constructor(
    private readonly unit: "bytes" | "IDs",
    private readonly total: number | undefined,
    quiet = false,
    private readonly surroundings: ProgressSurroundings = processSurroundings(),
  ) {
    this.enabled = mayDrawProgress(surroundings.terminals, quiet);
    this.start = surroundings.now();
  }

  /** Starts the next input, `done` units after the job's start: updates then count from there. */
  nextInput(done: number): void {
    this.before = done;
  }

  /**
   * Reports `done` units of the current input finished so far. Awaited, as it lets the event loop run after each
   * drawing: a loop of writes to a file or /dev/null otherwise never gets there, and Ctrl-C (a signal, handled
   * there) would wait for the end of the work.
   */
  async update(inputDone: number): Promise<void> {
    if (!this.enabled) return;
    const done = this.before + inputDone;
    const now = this.surroundings.now();
    if (now - this.start < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const rate = done / ((now - this.start) / 1000);
    const amount =
      this.unit === "bytes"
        ? `${megabytes(done)} MB  ${megabytes(rate)} MB/s`
        : `${groupedDigits(done)} IDs  ${groupedDigits(Math.round(rate))} IDs/s`;
    let line = amount;
    if (this.total !== undefined && this.total > 0) {
      const fraction = Math.min(done / this.total, 1);
      const filled = Math.round(fraction * BAR_WIDTH);
      const percent = (fraction * 100).toFixed(0).padStart(3);
      line = `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${percent}%  ${amount}`;
    }
    handleInterrupt();
    shown = this;
    this.surroundings.write(`${CLEAR_LINE}${line}`);
    await new Promise(setImmediate);
  }

  /** Clears the line, if it is on screen. */
  clear(): void {
    if (shown !== this) return;
    this.surroundings.write(CLEAR_LINE);
    shown = undefined;
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}
