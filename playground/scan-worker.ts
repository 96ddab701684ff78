/**
 * The browser inspector's scan worker (playground/inspector.js starts one per file): reads a log File as a stream
 * and scans it on the library's batch engine (WebAssembly where the browser allows it) for every scannable format,
 * `format: "all"`, as `ulid scan --type all` does. It counts with the command's own ScanStats and default plausible
 * window, so the page's summary is `ulid scan --type all --stats`'s by construction. The scanner gives each chunk's
 * matches as columns (`columns: true`: no object or string per match), which go into the MatchStore's typed arrays
 * as they are, with each TypeID's prefix read from the text at its offset; the arrays move to the page at the end
 * without a copy.
 *
 * The build bundles this file with the printer modules it uses into playground/build/scan-worker.js; the library
 * itself stays the package's own build (dist/index.js), imported at run time.
 *
 * Messages: in, one `ScanRequest`; out, `progress` now and then, then `done` or `failed`. The page cancels a scan by
 * terminating the worker.
 */
import { getBackend, scanChunks } from "ulid-wasm";
import { formatDuration } from "../src/printer/duration.js";
import { ScanStats } from "../src/printer/scan-stats.js";
import { defaultPlausibleWindow } from "../src/printer/time-window.js";
import { ChunkText } from "../src/sql/chunk-text.js";
import { typeIdPrefixes } from "./typeid-prefixes.js";
import { MatchStore, type MatchColumns } from "./match-columns.js";

export interface ScanRequest {
  file: Blob;
  /**
   * The most matches kept for the table and export (each takes about 50 bytes); the summary counts every match
   * however many there are.
   */
  maxRows: number;
}

/** The figures of `ulid scan --stats --json` the page shows. */
export interface StatsSummary {
  matches: number;
  distinct: number;
  implausible: { matches: number; distinct: number };
  plausible: { from: string | null; until: string | null };
  first: string | null;
  last: string | null;
  spanMs: number | null;
}

export type ScanReply =
  | { type: "progress"; bytes: number; matches: number }
  | {
      type: "done";
      /** `ulid scan --type all --stats --json`'s object. */
      summary: StatsSummary;
      /** The span as `ulid scan --stats` writes it ("3h 12m 5.25s"), or null without plausible matches. */
      span: string | null;
      columns: MatchColumns;
      /** The engine that scanned: "wasm (SIMD)", "wasm" or "js". */
      engine: string;
      ms: number;
    }
  | { type: "failed"; message: string };

/** How often the page hears of progress, at most. */
const PROGRESS_MS = 100;
/** Bytes of a distinct-count key: 128 bits, as the command counts. */
const KEY_BYTES = 16;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest>) => void) | null;
  postMessage(message: ScanReply, transfer?: Transferable[]): void;
};

/**
 * Writes the binary ID `bytes[start..end)` right-aligned into a 128-bit key of four big-endian words: the
 * command's key for counting distinct IDs (src/printer/scan-target.ts) for 16-byte IDs. A wider ID, which no
 * scannable format has, would be keyed by its last 16 bytes.
 */
function keyOf(bytes: Uint8Array, start: number, end: number, key: Uint32Array): void {
  key.fill(0);
  for (let at = Math.max(start, end - KEY_BYTES), bit = (KEY_BYTES - (end - at)) * 8; at < end; at++, bit += 8) {
    key[bit >>> 5]! |= bytes[at]! << (24 - (bit & 31));
  }
}

/** The file's bytes as they are read; `read` is handed each chunk before the scanner is. */
async function* chunksOf(file: Blob, read: (chunk: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read(value);
    yield value;
  }
}

async function scan({ file, maxRows }: ScanRequest): Promise<void> {
  const started = performance.now();
  const stats = new ScanStats(defaultPlausibleWindow(Date.now()));
  const store = new MatchStore(maxRows);
  const key = new Uint32Array(4);
  const text = new ChunkText();
  const intern = (prefix: string): number => store.prefixOf(prefix);
  let bytesRead = 0;
  let reported = started;
  // The scanner pulls a chunk, then yields the matches it completes: `text` holds that chunk when they come.
  const source = chunksOf(file, (chunk) => {
    text.next(chunk);
    bytesRead += chunk.length;
    const now = performance.now();
    if (now - reported < PROGRESS_MS) return;
    reported = now;
    scope.postMessage({ type: "progress", bytes: bytesRead, matches: store.columns.count + store.columns.dropped });
  });
  for await (const chunk of scanChunks(source, { format: "all", lines: true, columns: true })) {
    for (let i = 0, start = 0; i < chunk.count; start = chunk.ends[i++]!) {
      keyOf(chunk.bytes, start, chunk.ends[i]!, key);
      stats.add(key, chunk.times[i]!);
    }
    store.append(chunk, typeIdPrefixes(chunk, text, intern));
  }
  const { kind, simd } = getBackend();
  const summary = JSON.parse(stats.json()) as StatsSummary;
  scope.postMessage(
    {
      type: "done",
      summary,
      span: summary.spanMs === null ? null : formatDuration(summary.spanMs),
      columns: store.columns,
      engine: kind + (simd ? " (SIMD)" : ""),
      ms: performance.now() - started,
    },
    store.buffers(),
  );
}

scope.onmessage = (event) => {
  scan(event.data).catch((error: unknown) => {
    scope.postMessage({ type: "failed", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  });
};
