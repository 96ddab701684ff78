/**
 * A thread behind `read_ids`, one of a pool (scan-thread-pool.ts): it loads the library once, then takes jobs, one
 * query's scan at a time (`ScanJob`, a message from the main thread), and between them waits idle (`rest`). A job
 * scans each file a chunk at a time (`scanChunks`) and posts each chunk's matches to the main thread as a batch, at
 * most `AHEAD` batches ahead of what the main thread has taken, so memory stays constant whatever the files' size.
 * The matches come as columns (`columns: true`), whose arrays move to the main thread as they are: no object or
 * string is made per match, and the IDs' text only when the query reads them. DuckDB asks for rows synchronously, on
 * the JS thread, where no stream can be awaited: that is why the scan runs here (read-ids.ts takes the batches).
 *
 * Nothing here waits for Node's thread pool (libuv's, 4 threads by default): DuckDB runs each query's calls on it,
 * and a query waiting for this thread holds one of them while the main thread waits too, so four queries at once
 * would leave a pool task of this thread waiting for ever. The files are read with `readSync` on this thread, and
 * the build makes this module a CommonJS file (dist/sql/read-ids-worker.cjs) and its import of the library a
 * require, which Node loads with synchronous reads where an ES module's load goes through the pool; the thread
 * starts without the app's Node options (scan-thread-pool.ts), whose preloads would be ES modules.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { ScanColumns } from "../index.js";
import { ChunkText } from "./chunk-text.js";
import { idTexts, type IdEncoder } from "./id-texts.js";
import {
  AHEAD,
  BEAT,
  CANCELLED,
  CONSUMED,
  IDLE_MS,
  MAX_IDLE,
  PARK_AFTER_MS,
  PARKED,
  POSTED,
  STARTED,
  THREAD_GONE,
  THREAD_IDLE,
  type MatchBatch,
  type ScanJob,
  type ScanMessage,
  type ThreadShared,
} from "./read-ids-protocol.js";

/** Bytes read at a time: as the command reads (src/cli/input.ts). test/duckdb/read-ids.test.ts cuts IDs at its multiples. */
const READ_BYTES = 512 * 1024;

const { thread, idle } = workerData as ThreadShared;
const NEWLINE = 0x0a;

/** Thrown from a job's reads once the query no longer wants rows: the job ends without a word. */
class Cancelled extends Error {}

/**
 * The bytes of the open file `fd` from byte `from`, a chunk at a time, each a fresh array (the scan may keep what
 * it was handed), each handed to `text` first: the scan pulls a chunk, then yields the matches it completes, so
 * `text` holds that chunk then. A query that no longer wants rows ends it (`Cancelled`), however few matches the
 * file holds.
 */
function* fileChunks(state: Int32Array, fd: number, from: number, text: ChunkText | null): Generator<Uint8Array> {
  for (let position = from; ; ) {
    if (Atomics.load(state, CANCELLED) !== 0) throw new Cancelled();
    const chunk = new Uint8Array(READ_BYTES);
    const read = readSync(fd, chunk, 0, READ_BYTES, position);
    Atomics.add(state, BEAT, 1);
    if (read === 0) return;
    position += read;
    const bytes = chunk.subarray(0, read);
    text?.next(bytes);
    yield bytes;
  }
}

/**
 * Posts a message of `job` and counts it; waits while the main thread is AHEAD batches behind. False once
 * cancelled, or once it has waited PARK_AFTER_MS: the job then ends, flagged PARKED (read-ids-protocol.ts says why).
 */
function post({ port, state }: ScanJob, message: ScanMessage, transfer: ArrayBuffer[] = []): boolean {
  port.postMessage(message, transfer);
  const posted = Atomics.add(state, POSTED, 1) + 1;
  Atomics.notify(state, POSTED);
  const waitFrom = performance.now();
  for (;;) {
    if (Atomics.load(state, CANCELLED) !== 0) return false;
    const consumed = Atomics.load(state, CONSUMED);
    if (posted - consumed <= AHEAD) return true;
    if (performance.now() - waitFrom >= PARK_AFTER_MS) {
      Atomics.store(state, PARKED, 1);
      Atomics.notify(state, POSTED);
      return false;
    }
    Atomics.wait(state, CONSUMED, consumed, 100);
    Atomics.add(state, BEAT, 1);
  }
}

/**
 * Where a file's scan starts and what it leaves out: from byte `base`, on the line numbered `firstLine`, the matches
 * up to byte `through` being ones the main thread has (-1: none). A scan that starts again must first find the match
 * the main thread took last (`again`: its time and format) at `through`; `found` says it has.
 */
interface FileStart {
  readonly base: number;
  readonly firstLine: number;
  readonly through: number;
  readonly again: { readonly time: number; readonly format: number } | null;
  found: boolean;
}

function fromStart(): FileStart {
  return { base: 0, firstLine: 1, through: -1, again: null, found: true };
}

/** The error of a file that is not what it was when the thread before read it. */
function changed(file: string): Error {
  return new Error(`${JSON.stringify(file)} changed while the query's reader paused (rotated, removed or rewritten): read it again`);
}

/**
 * Posts one chunk's matches of file `index` of `job` (their arrays move to the main thread), as offsets and lines in
 * the whole file and without those the main thread has; false once cancelled or parked.
 */
function postMatches(job: ScanJob, index: number, columns: ScanColumns, text: ChunkText | null, encoders: Readonly<Record<string, IdEncoder>>, from: FileStart): boolean {
  const { base, firstLine, through, again } = from;
  const formats = job.single === null ? columns.formats : null;
  // The text first: ChunkText counts offsets from the scan's start.
  let ids = text === null ? null : idTexts(columns, text, encoders);
  let { count, lines, offsets, times } = columns as Required<ScanColumns>;
  if (base !== 0 || firstLine !== 1) {
    for (let i = 0; i < count; i++) {
      offsets[i] += base;
      lines[i] += firstLine - 1;
    }
  }
  if (!from.found) {
    // The scan starts at the match taken last: it must be the first found, as it was.
    if (offsets[0] !== through || times[0] !== again!.time || columns.formats[0] !== again!.format) throw changed(job.files[index]!);
    from.found = true;
  }
  // The matches come in order of offset.
  let skip = 0;
  while (skip < count && offsets[skip]! <= through) skip++;
  if (skip === count) return true;
  let kept = formats;
  if (skip > 0) {
    [lines, offsets, times] = [lines.subarray(skip), offsets.subarray(skip), times.subarray(skip)];
    kept = formats?.subarray(skip) ?? null;
    ids = ids === null ? null : ids.subarray(nthNewline(ids, skip) + 1);
    count -= skip;
  }
  const batch: MatchBatch = { file: job.files[index]!, fileIndex: index, count, lines, offsets, times, formats: kept, names: columns.names, ids };
  // A set: the API does not promise each array a buffer of its own, and a buffer listed twice cannot move.
  const moved = new Set([lines, offsets, times, ...(kept === null ? [] : [kept]), ...(ids === null ? [] : [ids])].map((array) => array.buffer as ArrayBuffer));
  return post(job, { kind: "batch", batch }, [...moved]);
}

/** The index of the `n`th newline (n >= 1) in `text`, which holds at least `n`. */
function nthNewline(text: Uint8Array, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) at = text.indexOf(NEWLINE, at + 1);
  return at;
}

/**
 * The library, loaded at the thread's first job, not at the top: a library that fails to load is then the job's
 * error message like any other, where a failed static import would end the thread before it could say so. The
 * build makes it a require (synchronous).
 */
let library: Promise<typeof import("../index.js")> | undefined;

/** Scans `job`'s files, posting their matches; true once all are scanned, false when the query no longer wants rows. */
async function scan(job: ScanJob): Promise<boolean> {
  const { files, format, readsIds, state, start } = job;
  const { scanChunks, formats } = await (library ??= import("../index.js")).catch((error: unknown) => {
    // Loaded again for the next job: a thread kept idle is not to fail every query after one failed load.
    library = undefined;
    throw error;
  });
  // Started once the library is loaded, with a first beat: from here on the thread beats (BEAT) as it works.
  Atomics.add(state, BEAT, 1);
  Atomics.store(state, STARTED, 1);
  Atomics.notify(state, POSTED);
  // Cancelled before it started (given to another thread, or its query let go of): not a file opened.
  if (Atomics.load(state, CANCELLED) !== 0) return false;
  for (let index = start?.file ?? 0; index < files.length; index++) {
    const text = readsIds ? new ChunkText() : null;
    const resumed = start !== null && index === start.file;
    let fd: number;
    try {
      fd = openSync(files[index]!, "r");
    } catch (error) {
      if (resumed) throw changed(files[index]!);
      throw error;
    }
    try {
      // From the last match taken, found again and left out: the start of a match is a border for every format (the
      // byte before it glues to none, and no escape sequence runs into it), so what follows it reads as it did.
      const from: FileStart = resumed ? { base: start.offset, firstLine: start.line, through: start.offset, again: start, found: false } : fromStart();
      for await (const columns of scanChunks(fileChunks(state, fd, from.base, text), { format, lines: true, columns: true })) {
        if (!postMatches(job, index, columns, text, formats, from)) return false;
      }
      if (!from.found) throw changed(files[index]!);
    } finally {
      closeSync(fd);
    }
  }
  return true;
}

/** Runs a job the main thread gave this thread (its word of state already THREAD_BUSY), then rests. */
async function onJob(job: ScanJob): Promise<void> {
  clearTimeout(expiry);
  let last: ScanMessage | null;
  try {
    last = (await scan(job)) ? { kind: "done" } : null;
  } catch (error) {
    last = error instanceof Cancelled ? null : { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  endJob(job, last);
}

/**
 * Posts a job's last message (none when the query no longer wants rows), closes its port and rests. The thread rests
 * first where that post cannot wait (the main thread is fewer than AHEAD batches behind): the query a caller starts
 * as soon as this one ends then finds the thread idle, not still busy. A job given to it meanwhile waits in its queue
 * of messages until this one's last steps, all in this turn, are done.
 */
function endJob(job: ScanJob, last: ScanMessage | null): void {
  const { state } = job;
  const restFirst = last === null || Atomics.load(state, POSTED) + 1 - Atomics.load(state, CONSUMED) <= AHEAD;
  if (restFirst) rest();
  if (last !== null) post(job, last);
  job.port.close();
  if (!restFirst) rest();
}

/** Ends this thread unless it is taken first, after IDLE_MS idle. */
let expiry: ReturnType<typeof setTimeout> | undefined;

/**
 * After a job: idle, waiting for the next (ended after IDLE_MS without one), when the pool holds fewer than MAX_IDLE
 * idle threads; else ended now.
 */
function rest(): void {
  for (;;) {
    const count = Atomics.load(idle, 0);
    if (count >= MAX_IDLE) return end();
    if (Atomics.compareExchange(idle, 0, count, count + 1) === count) break;
  }
  Atomics.store(thread, 0, THREAD_IDLE);
  expiry = setTimeout(() => {
    // Taken meanwhile (THREAD_BUSY): its job is on its way.
    if (Atomics.compareExchange(thread, 0, THREAD_IDLE, THREAD_GONE) !== THREAD_IDLE) return;
    Atomics.sub(idle, 0, 1);
    end();
  }, IDLE_MS);
}

/** Ends this thread: with nothing to wait for, its event loop ends. */
function end(): void {
  Atomics.store(thread, 0, THREAD_GONE);
  parentPort!.off("message", onJob);
}

parentPort!.on("message", onJob);
