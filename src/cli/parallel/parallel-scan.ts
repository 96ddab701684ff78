/**
 * `ulid scan --jobs N`: a regular file scanned by the main thread and N - 1 worker threads (scan-worker.ts),
 * printed exactly as one job prints it, in the same order, as it goes.
 *
 * The file is cut into ranges of DEFAULT_RANGE_BYTES (each cut moved to a line start: line-ranges.ts). Every thread claims
 * the next range from a board they share (shared-board.ts), reads it, puts its newline count there, works out its
 * first line from the counts of the ranges before it (known as soon as those are read: no thread waits for a
 * message), then scans and formats it (range-scanner.ts). The workers post their bytes to the main thread,
 * which writes the ranges in order, and whenever the next one to write is not there yet, claims and scans one
 * itself: while the workers start it scans the first ranges alone, so starting them costs a file of
 * a few MB little. At most 4N ranges are claimed ahead of the next one to write, so memory stays flat: about 4N
 * ranges' outputs, whatever the file's size. (A range ends at a line's end, so a line longer than a range
 * is read whole: one job streams such a line, N jobs hold it.)
 */
import { compiledWasm } from "../../internal.js";
import type { Worker } from "node:worker_threads";
import { nodeModule } from "../node-module.js";
import { type Progress, message } from "../progress.js";
import { RangeBoard, WINDOW_FULL } from "./shared-board.js";
import { RangeScanner, type ScanJob, rangeCount } from "./range-scanner.js";
import { systemReason } from "../system-error.js";
import { InputError } from "../usage.js";

/**
 * A range's nominal size: small enough that the threads end a file together (the last range of each is the most
 * one waits for another), large enough that a range's costs (a claim, a message, a scanner) are nothing beside it.
 */
const DEFAULT_RANGE_BYTES = 2 << 20;
/**
 * Ranges claimed ahead of the next one to write, per thread: room for a thread to go on while the one holding the
 * next range is slow (a busy machine deschedules threads for tens of ms), few enough to keep memory flat.
 */
const RANGES_PER_THREAD = 4;

/**
 * How long the main thread, with nothing else it may claim, waits for the worker holding the next range to write
 * before scanning that range itself (the worker's copy, when it comes, is dropped): a few times what a range takes
 * to scan (bench/cli.mjs); on a busy machine a worker may be descheduled for far longer, and everything else would
 * wait for it.
 */
const TAKE_OVER_MS = 25;

/** The range size, which tests set small (ULID_SCAN_RANGE_BYTES) to cut small files into many ranges. */
function rangeBytes(): number {
  const set = Number(process.env.ULID_SCAN_RANGE_BYTES);
  return Number.isSafeInteger(set) && set > 0 ? set : DEFAULT_RANGE_BYTES;
}

export type ToWorker =
  | { kind: "engine"; module: WebAssembly.Module; simd: boolean }
  | { kind: "scan"; file: number; job: ScanJob; shared: SharedArrayBuffer; count: number; window: number };
/** A range's output or reading fault, of the `file`-th file the pool scanned. */
export type ToMain =
  | { kind: "output"; file: number; index: number; bytes: Uint8Array }
  | { kind: "failed"; file: number; index: number; reason: string };

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A crash may come while nothing awaits it: that is no unhandled rejection (the next await still sees it).
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** The worker script, built beside the command (dist/scan-worker.js beside the command's bundles). */
const workerUrl = (): URL => new URL("./scan-worker.js", import.meta.url);

export class ScanPool {
  private readonly workers: Worker[] = [];
  private readonly scanner = new RangeScanner();
  /** Where the current file's messages go. */
  private receive: (message: ToMain) => void = () => {};
  private readonly crashed: Deferred<never> = deferred();
  /** Files scanned so far: a worker's copy of a range taken over here may come after its file is done. */
  private files = 0;
  /**
   * Whether this thread claims ranges too, and how long it waits for a worker's range before taking it over. Tests
   * set ULID_SCAN_MAIN_THREAD to "idle" (it scans nothing, so that every range of a small file is a worker's: it
   * would often scan them all before the workers are up) or "eager" (it takes over at once, as when workers are slow).
   */
  private readonly scansHere: boolean;
  private readonly takeOverMs: number;

  /**
   * A pool of `jobs` jobs: the main thread and `jobs` - 1 worker threads. Node's worker threads are loaded here, not
   * imported: one job (the default) never uses them, and loading them would add to every start of the command.
   */
  static async start(jobs: number): Promise<ScanPool> {
    const { Worker } = await nodeModule<typeof import("node:worker_threads")>("node:worker_threads");
    return new ScanPool(jobs, Worker);
  }

  private constructor(
    readonly jobs: number,
    Worker: typeof import("node:worker_threads").Worker,
  ) {
    // A worker's crash (a bug: reading faults come as "failed" messages) ends the scan with its error. Its output
    // comes back as messages, so its standard output is not piped into this process's (Node's default, which adds a
    // listener to `process.stdout` per worker: more than 10 make Node warn of a leak), and anything on its standard
    // error (a warning of Node's) goes to this process's as a message.
    for (let i = 1; i < jobs; i++) {
      const worker = new Worker(workerUrl(), { stdout: true, stderr: true });
      worker.stderr.setEncoding("utf8").on("data", (text: string) => message(text));
      worker.on("message", (received: ToMain) => this.receive(received));
      worker.on("error", (error) => this.crashed.reject(error));
      this.workers.push(worker);
    }
    const mode = process.env.ULID_SCAN_MAIN_THREAD;
    this.scansHere = this.workers.length === 0 || mode !== "idle";
    this.takeOverMs = mode === "eager" ? 0 : TAKE_OVER_MS;
    // Compiled here while the workers start, and posted to each (a Module is shared, not copied): a worker then
    // neither decodes nor compiles the binaries itself. Without WebAssembly each worker falls back as this one does.
    const build = this.workers.length > 0 ? compiledWasm() : null;
    if (build !== null) {
      for (const worker of this.workers) worker.postMessage({ kind: "engine", ...build } satisfies ToWorker);
    }
  }

  /**
   * Scans the first `job.size` bytes of the regular file `job.path` (whole lines), writing their lines in order with
   * `write`; returns the number of the line that follows them. A file that cannot be read is an InputError naming
   * it, after the lines of the ranges before the fault.
   */
  async scan(scanned: Omit<ScanJob, "rangeBytes">, write: (bytes: Uint8Array) => Promise<void>, progress: Progress): Promise<number> {
    const job: ScanJob = { ...scanned, rangeBytes: rangeBytes() };
    const count = rangeCount(job);
    const board = new RangeBoard(count, RANGES_PER_THREAD * this.jobs);
    /** Each range's output, or its reading fault, until written. */
    const outputs: (Uint8Array | InputError | undefined)[] = [];
    const fault = (reason: string): InputError => new InputError(`cannot read ${job.path}: ${reason}`);
    let arrived = deferred<void>();
    let written = 0;
    const file = ++this.files;
    this.receive = (message) => {
      // A range written already (of this file or one before) was taken over here: the worker's copy is the same.
      if (message.file !== file || message.index < written) return;
      outputs[message.index] = message.kind === "output" ? message.bytes : fault(message.reason);
      arrived.resolve();
    };
    for (const worker of this.workers) {
      worker.postMessage({ kind: "scan", file, job, shared: board.shared, count, window: board.window } satisfies ToWorker);
    }
    try {
      while (written < count) {
        const output = outputs[written];
        if (output instanceof InputError) throw output;
        if (output !== undefined) {
          outputs[written] = undefined;
          await write(output);
          board.setWritten(++written);
          await progress.update(Math.min(job.size, written * job.rangeBytes));
          continue;
        }
        // The next range to write is a worker's, not there yet: scan another here meanwhile, or wait for it a
        // while, then scan it here (every range this thread claimed is done, so it is a worker's).
        const index = this.scansHere ? board.tryClaim() : WINDOW_FULL;
        if (index >= 0) {
          outputs[index] = await this.scanHere(job, index, board, fault);
          // The workers' outputs arrive as messages, which only a turn of the event loop takes in: without one
          // between its own ranges, this thread went on claiming ranges while finished ones waited unwritten,
          // until the window was full and the workers stood still (seen in a trace).
          await new Promise(setImmediate);
        } else if (!(await this.arrival((arrived = deferred())))) {
          outputs[written] = await this.scanHere(job, written, board, fault);
        }
      }
    } finally {
      // A fault ends the file: the workers claim nothing more of it.
      if (written < count) board.cancel();
    }
    // Every range is written, so every count is known.
    return board.firstLineAsync(count, this.crashed.promise);
  }

  /**
   * Whether a worker's message arrives (`arrived` resolves) before this thread takes over from it: false after
   * `takeOverMs` (never, when this thread scans nothing); a crashed worker's error throws.
   */
  private async arrival(arrived: Deferred<void>): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<boolean>((resolve) => {
      if (this.scansHere) timer = setTimeout(resolve, this.takeOverMs, false);
    });
    try {
      return await Promise.race([arrived.promise.then(() => true), late, this.crashed.promise]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Scans range `index` in this thread: its output, or its reading fault. */
  private async scanHere(job: ScanJob, index: number, board: RangeBoard, fault: (reason: string) => InputError): Promise<Uint8Array | InputError> {
    let length: number;
    try {
      length = this.scanner.read(job, index, board);
    } catch (error) {
      return fault(systemReason(error));
    }
    return this.scanner.scan(job, length, await board.firstLineAsync(index, this.crashed.promise));
  }

  /** Ends the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
