/**
 * `ulid scan --jobs N`: a regular file scanned by N worker threads (scan-worker.ts), printed exactly as one job
 * prints it, in the same order, as it goes.
 *
 * The file is cut into ranges of RANGE_BYTES (scan-ranges.ts moves each cut to a line start), handed out in order
 * to idle workers. A worker reads its range and reports its newlines first (memchr speed); the main thread adds up
 * the newlines of the ranges before each one and sends the worker its first line number; the worker then scans
 * and formats its range, final bytes and all, and hands them back. The main thread writes the ranges' bytes in
 * order. At most 2N ranges are out at once (read, or formatted and waiting for an earlier one), so memory stays
 * flat: about 2N times a range and its output, whatever the file's size. (A range ends at a line's end, so a line
 * longer than a range is read whole: one job streams such a line, N jobs hold it.)
 */
import { Worker } from "node:worker_threads";
import { Progress } from "./progress.js";
import { InputError } from "./usage.js";

/** A range's nominal size: large enough that a range's messages cost nothing, small enough to keep memory flat. */
const DEFAULT_RANGE_BYTES = 4 << 20;
/** Ranges out at once per worker: one being scanned, one read or formatted ahead. */
const RANGES_PER_WORKER = 2;

/** The range size, which tests set small (ULID_SCAN_RANGE_BYTES) to cut small files into many ranges. */
function rangeBytes(): number {
  const set = Number(process.env.ULID_SCAN_RANGE_BYTES);
  return Number.isSafeInteger(set) && set > 0 ? set : DEFAULT_RANGE_BYTES;
}


/** What a worker is asked to scan: bytes [from, to) of the file, each end moved to a line start. */
export interface RangeTask {
  kind: "range";
  index: number;
  path: string;
  /** The file's name on each line, or undefined when files are not named. */
  name: string | undefined;
  type: string;
  json: boolean;
  /** The times to print: [since, until). */
  since: number;
  until: number;
  from: number;
  to: number;
  size: number;
}
export type ToWorker = RangeTask | { kind: "first-line"; line: number };
export type ToMain =
  | { kind: "newlines"; index: number; count: number }
  | { kind: "output"; index: number; bytes: Uint8Array }
  | { kind: "failed"; index: number; reason: string };

/** What every range of a file shares. */
export type ScanJob = Omit<RangeTask, "kind" | "index" | "from" | "to">;

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
  // A range may fail before its turn to be awaited: that is no unhandled rejection (the await still sees it).
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** The worker script, built beside the command (dist/scan-worker.js beside dist/cli.js). */
const WORKER_URL = new URL("./scan-worker.js", import.meta.url);

export class ScanPool {
  private readonly workers: Worker[] = [];
  /** Where the current file's messages go. */
  private receive: (worker: Worker, message: ToMain) => void = () => {};
  private crashed: Deferred<never> = deferred();

  constructor(readonly jobs: number) {
    // A worker's crash (a bug: reading faults come as "failed" messages) ends the scan with its error.
    for (let i = 0; i < jobs; i++) {
      const worker = new Worker(WORKER_URL);
      worker.on("message", (message: ToMain) => this.receive(worker, message));
      worker.on("error", (error) => this.crashed.reject(error));
      this.workers.push(worker);
    }
  }

  /**
   * Scans the regular file `job.path` (`job.size` bytes), writing its lines in order with `write`. A file that
   * cannot be read is an InputError naming it, after which the pool is closed (its workers may still be busy).
   */
  async scan(job: ScanJob, write: (bytes: Uint8Array) => Promise<void>, progress: Progress): Promise<void> {
    const size = rangeBytes();
    const count = Math.max(1, Math.ceil(job.size / size));
    const idle = [...this.workers];
    const holders: Worker[] = [];
    const outputs: Deferred<Uint8Array>[] = [];
    const output = (index: number): Deferred<Uint8Array> => (outputs[index] ??= deferred());
    /** Newlines per range as reported, and the first line of each range once all before it are known. */
    const newlines: number[] = [];
    const firstLines = [1];
    let next = 0;
    let written = 0;
    const sendFirstLine = (index: number): void => {
      holders[index]!.postMessage({ kind: "first-line", line: firstLines[index]! } satisfies ToWorker);
    };
    const dispatch = (): void => {
      while (idle.length > 0 && next < count && next < written + RANGES_PER_WORKER * this.jobs) {
        const index = next++;
        const worker = idle.pop()!;
        holders[index] = worker;
        const from = index * size;
        worker.postMessage({ ...job, kind: "range", index, from, to: from + size } satisfies ToWorker);
        if (firstLines[index] !== undefined) sendFirstLine(index);
      }
    };
    this.receive = (worker, message) => {
      if (message.kind === "newlines") {
        newlines[message.index] = message.count;
        // Each range's first line becomes known once, when the last range before it reports.
        while (newlines[firstLines.length - 1] !== undefined) {
          const known = firstLines.length - 1;
          firstLines.push(firstLines[known]! + newlines[known]!);
          if (holders[known + 1] !== undefined) sendFirstLine(known + 1);
        }
      } else if (message.kind === "output") {
        output(message.index).resolve(message.bytes);
        idle.push(worker);
        dispatch();
      } else {
        output(message.index).reject(new InputError(`cannot read ${job.path}: ${message.reason}`));
      }
    };
    dispatch();
    let done = 0;
    for (let index = 0; index < count; index++) {
      const bytes = await Promise.race([output(index).promise, this.crashed.promise]);
      written = index + 1;
      dispatch();
      await write(bytes);
      done = Math.min(job.size, done + size);
      await progress.update(done);
    }
  }

  /** Ends the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
