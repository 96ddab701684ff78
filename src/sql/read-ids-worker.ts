/**
 * The thread behind `read_ids`: scans each file a chunk at a time (`scanChunks`) and posts its matches to the main
 * thread in batches of one file's matches, at most `AHEAD` batches ahead of what the main thread has taken, so memory
 * stays constant whatever the files' size. DuckDB asks for rows synchronously, on the JS thread, where no stream can
 * be awaited: that is why the scan runs here (read-ids.ts takes the batches).
 *
 * Nothing here waits for Node's thread pool (libuv's, 4 threads by default): DuckDB runs each query's calls on it,
 * and a query waiting for this thread holds one of them while the main thread waits too, so four queries at once
 * would leave a pool task of this thread waiting for ever. The files are read with `readSync` on this thread, and
 * the build makes this module a CommonJS file (dist/sql/read-ids-worker.cjs) and its import of the library a
 * require, which Node loads with synchronous reads where an ES module's load goes through the pool; the thread
 * starts without the app's Node options (read-ids.ts), whose preloads would be ES modules.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { workerData, type MessagePort } from "node:worker_threads";
import type { ScanOptions, UlidMatch } from "../index.js";
import { AHEAD, BATCH_ROWS, CANCELLED, CONSUMED, POSTED, STARTED, type MatchBatch, type ScanMessage } from "./read-ids-protocol.js";

/** Bytes read at a time: as the command reads (src/cli/input.ts). */
const READ_BYTES = 512 * 1024;

interface Work {
  readonly files: readonly string[];
  readonly format: ScanOptions["format"];
  /** The name of the one format scanned for, or null when the matches name theirs. */
  readonly single: string | null;
  readonly port: MessagePort;
  readonly state: Int32Array;
}

const { files, format, single, port, state } = workerData as Work;
Atomics.store(state, STARTED, 1);
Atomics.notify(state, POSTED);

/** The bytes of `file`, a chunk at a time, each a fresh array (the scan may keep what it was handed). */
function* fileChunks(file: string): Generator<Uint8Array> {
  const fd = openSync(file, "r");
  try {
    for (;;) {
      const chunk = new Uint8Array(READ_BYTES);
      const read = readSync(fd, chunk, 0, READ_BYTES, null);
      if (read === 0) return;
      yield chunk.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** Posts a message and counts it; waits while the main thread is AHEAD batches behind. False once cancelled. */
function post(message: ScanMessage, transfer: ArrayBuffer[] = []): boolean {
  port.postMessage(message, transfer);
  const posted = Atomics.add(state, POSTED, 1) + 1;
  Atomics.notify(state, POSTED);
  for (;;) {
    if (Atomics.load(state, CANCELLED) !== 0) return false;
    const consumed = Atomics.load(state, CONSUMED);
    if (posted - consumed <= AHEAD) return true;
    Atomics.wait(state, CONSUMED, consumed, 100);
  }
}

/** The matches of one file being gathered into a batch. */
class BatchBuilder {
  private ids: string[] = [];
  private lines: Float64Array<ArrayBuffer> = new Float64Array(BATCH_ROWS);
  private offsets: Float64Array<ArrayBuffer> = new Float64Array(BATCH_ROWS);
  private times: Float64Array<ArrayBuffer> = new Float64Array(BATCH_ROWS);
  private formats: Uint8Array<ArrayBuffer> | null = single === null ? new Uint8Array(BATCH_ROWS) : null;
  private readonly formatNames: string[] = [];

  constructor(private readonly file: string) {}

  get count(): number {
    return this.ids.length;
  }

  add(match: UlidMatch): void {
    const i = this.ids.length;
    this.ids.push(match.id);
    this.lines[i] = match.line!;
    this.offsets[i] = match.offset;
    this.times[i] = match.time;
    if (this.formats !== null) {
      let code = this.formatNames.indexOf(match.format!);
      if (code < 0) code = this.formatNames.push(match.format!) - 1;
      this.formats[i] = code;
    }
  }

  /** Posts the batch (its arrays move to the main thread) and starts an empty one; false once cancelled. */
  post(): boolean {
    const { file, ids, lines, offsets, times, formats, formatNames } = this;
    const batch: MatchBatch = { file, count: ids.length, ids: ids.join("\n"), lines, offsets, times, formats, formatNames };
    const moved = [lines.buffer, offsets.buffer, times.buffer, ...(formats === null ? [] : [formats.buffer])];
    this.ids = [];
    this.lines = new Float64Array(BATCH_ROWS);
    this.offsets = new Float64Array(BATCH_ROWS);
    this.times = new Float64Array(BATCH_ROWS);
    this.formats = formats === null ? null : new Uint8Array(BATCH_ROWS);
    return post({ kind: "batch", batch }, moved);
  }
}

async function scan(): Promise<void> {
  // Loaded here, not at the top: a library that fails to load is then an error message like any other, where a
  // failed static import would end the thread before it could say so. The build makes it a require (synchronous).
  const { scanChunks } = await import("../index.js");
  for (const file of files) {
    const batch = new BatchBuilder(file);
    for await (const matches of scanChunks(fileChunks(file), { format, lines: true })) {
      for (const match of matches) {
        batch.add(match);
        if (batch.count === BATCH_ROWS && !batch.post()) return;
      }
    }
    if (batch.count > 0 && !batch.post()) return;
  }
  post({ kind: "done" });
}

scan().catch((error: unknown) => {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
});
