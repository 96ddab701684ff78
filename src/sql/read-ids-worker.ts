/**
 * The thread behind `read_ids`: scans each file as a stream (`scanChunks` over a file stream) and posts its matches
 * to the main thread in batches of one file's matches, at most `AHEAD` batches ahead of what the main thread has
 * taken, so memory stays constant whatever the files' size. DuckDB asks for rows synchronously, on the JS thread,
 * where no stream can be awaited: that is why the scan runs here (read-ids.ts takes the batches).
 */
import { createReadStream } from "node:fs";
import { workerData, type MessagePort } from "node:worker_threads";
import type { ScanOptions } from "../index.js";
import { AHEAD, BATCH_ROWS, CANCELLED, CONSUMED, POSTED, type MatchBatch, type ScanMessage } from "./read-ids-protocol.js";

interface Work {
  readonly files: readonly string[];
  readonly format: ScanOptions["format"];
  /** The name of the one format scanned for, or null when the matches name theirs. */
  readonly single: string | null;
  readonly port: MessagePort;
  readonly state: Int32Array;
}

const { files, format, single, port, state } = workerData as Work;

/** Posts a message and counts it; waits while the main thread is AHEAD batches behind. False once cancelled. */
function post(message: ScanMessage): boolean {
  port.postMessage(message);
  const posted = Atomics.add(state, POSTED, 1) + 1;
  Atomics.notify(state, POSTED);
  for (;;) {
    if (Atomics.load(state, CANCELLED) !== 0) return false;
    const consumed = Atomics.load(state, CONSUMED);
    if (posted - consumed <= AHEAD) return true;
    Atomics.wait(state, CONSUMED, consumed, 100);
  }
}

function emptyBatch(file: string): MatchBatch {
  return { file, ids: [], lines: [], offsets: [], times: [], formats: single === null ? [] : null };
}

async function scan(): Promise<void> {
  // Imported here, not at the top: a library that fails to load is then an error message like any other, where a
  // failed static import would end the thread before it could say so.
  const { scanChunks } = await import("../index.js");
  for (const file of files) {
    let batch = emptyBatch(file);
    for await (const matches of scanChunks(createReadStream(file), { format, lines: true })) {
      for (const match of matches) {
        batch.ids.push(match.id);
        batch.lines.push(match.line!);
        batch.offsets.push(match.offset);
        batch.times.push(match.time);
        batch.formats?.push(match.format!);
        if (batch.ids.length === BATCH_ROWS) {
          if (!post({ kind: "batch", batch })) return;
          batch = emptyBatch(file);
        }
      }
    }
    if (batch.ids.length > 0 && !post({ kind: "batch", batch })) return;
  }
  post({ kind: "done" });
}

scan().catch((error: unknown) => {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
});
