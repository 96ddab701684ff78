/**
 * The thread behind `read_ids`: scans each file a chunk at a time (`scanChunks`) and posts each chunk's matches to
 * the main thread as a batch, at most `AHEAD` batches ahead of what the main thread has taken, so memory stays
 * constant whatever the files' size. The matches come as columns (`columns: true`), whose arrays move to the main
 * thread as they are: no object or string is made per match, and the IDs' text only when the query reads them.
 * DuckDB asks for rows synchronously, on the JS thread, where no stream can be awaited: that is why the scan runs
 * here (read-ids.ts takes the batches).
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
import type { ScanColumns, ScanOptions } from "../index.js";
import { ChunkText } from "./chunk-text.js";
import { idTexts, type IdEncoder } from "./id-texts.js";
import { AHEAD, CANCELLED, CONSUMED, POSTED, STARTED, type MatchBatch, type ScanMessage } from "./read-ids-protocol.js";

/** Bytes read at a time: as the command reads (src/cli/input.ts). test/duckdb/read-ids.test.ts cuts IDs at its multiples. */
const READ_BYTES = 512 * 1024;

interface Work {
  readonly files: readonly string[];
  readonly format: ScanOptions["format"];
  /** The name of the one format scanned for, or null when the matches name theirs. */
  readonly single: string | null;
  /** Whether the query reads the `id` column (the IDs' text is made only then). */
  readonly readsIds: boolean;
  readonly port: MessagePort;
  readonly state: Int32Array;
}

const { files, format, single, readsIds, port, state } = workerData as Work;
Atomics.store(state, STARTED, 1);
Atomics.notify(state, POSTED);

/**
 * The bytes of `file`, a chunk at a time, each a fresh array (the scan may keep what it was handed), each handed to
 * `text` first: the scan pulls a chunk, then yields the matches it completes, so `text` holds that chunk then.
 */
function* fileChunks(file: string, text: ChunkText | null): Generator<Uint8Array> {
  const fd = openSync(file, "r");
  try {
    for (;;) {
      const chunk = new Uint8Array(READ_BYTES);
      const read = readSync(fd, chunk, 0, READ_BYTES, null);
      if (read === 0) return;
      const bytes = chunk.subarray(0, read);
      text?.next(bytes);
      yield bytes;
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

/** Posts one chunk's matches of `file` (their arrays move to the main thread); false once cancelled. */
function postMatches(file: string, columns: ScanColumns, text: ChunkText | null, encoders: Readonly<Record<string, IdEncoder>>): boolean {
  const { count, lines, offsets, times, names } = columns;
  const formats = single === null ? columns.formats : null;
  const ids = text === null ? null : idTexts(columns, text, encoders);
  const batch: MatchBatch = { file, count, lines: lines!, offsets, times, formats, names, ids };
  // A set: the API does not promise each array a buffer of its own, and a buffer listed twice cannot move.
  const moved = new Set([lines!, offsets, times, ...(formats === null ? [] : [formats]), ...(ids === null ? [] : [ids])].map((array) => array.buffer as ArrayBuffer));
  return post({ kind: "batch", batch }, [...moved]);
}

async function scan(): Promise<void> {
  // Loaded here, not at the top: a library that fails to load is then an error message like any other, where a
  // failed static import would end the thread before it could say so. The build makes it a require (synchronous).
  const { scanChunks, formats } = await import("../index.js");
  for (const file of files) {
    const text = readsIds ? new ChunkText() : null;
    for await (const columns of scanChunks(fileChunks(file, text), { format, lines: true, columns: true })) {
      if (!postMatches(file, columns, text, formats)) return;
    }
  }
  post({ kind: "done" });
}

scan().catch((error: unknown) => {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
});
