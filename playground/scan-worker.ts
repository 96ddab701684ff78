/**
 * The browser inspector's scan worker (playground/inspector.js starts one per file): reads a log File as a stream
 * and scans it on the library's batch engine (WebAssembly where the browser allows it) for every scannable format,
 * `format: "all"`, as `ulid scan --type all` does. It counts with the command's own ScanStats and default plausible
 * window, so the page's summary is `ulid scan --type all --stats`'s by construction. Each match goes into typed
 * arrays (MatchStore: no object per match survives a chunk), which move to the page at the end without a copy.
 *
 * The build bundles this file with the printer modules it uses into playground/build/scan-worker.js; the library
 * itself stays the package's own build (dist/index.js), imported at run time.
 *
 * Messages: in, one `ScanRequest`; out, `progress` now and then, then `done` or `failed`. The page cancels a scan by
 * terminating the worker.
 */
import { formats, getBackend, scanChunks, type FormatKey, type UlidMatch } from "ulid-wasm";
import { formatDuration } from "../src/printer/duration.js";
import { ScanStats } from "../src/printer/scan-stats.js";
import { defaultPlausibleWindow } from "../src/printer/time-window.js";

export interface ScanRequest {
  file: Blob;
  /**
   * The most matches kept for the table and export (each takes about 50 bytes); the summary counts every match
   * however many there are.
   */
  maxRows: number;
}

/** The matches of one chunk, column by column: the shape of the scanner's `columns: true` results. */
interface ChunkColumns {
  count: number;
  /** Each match's format, an index into `names`. */
  formats: Uint8Array;
  names: readonly string[];
  offsets: Float64Array;
  lines: Float64Array;
  times: Float64Array;
  /** Each match's binary ID, back to back, in its format's width; match i ends at `ends[i]`. */
  bytes: Uint8Array;
  ends: Uint32Array;
}

/** The matches of a whole scan, in typed arrays that grow by doubling; `count` rows are filled. */
export interface MatchColumns {
  count: number;
  /** Format names, in the order `formats` indexes them. */
  names: string[];
  formats: Uint8Array;
  offsets: Float64Array;
  lines: Float64Array;
  times: Float64Array;
  bytes: Uint8Array;
  ends: Uint32Array;
  /** Each TypeID's prefix, an index into `prefixList` (0: none; other formats have 0). */
  prefixes: Uint32Array;
  prefixList: string[];
  /** Matches found past `maxRows`, not kept. */
  dropped: number;
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
/** Rows the store holds before it first grows. */
const INITIAL_ROWS = 1 << 16;
/** The widest binary ID a scannable format has: a distinct-count key holds 128 bits. */
const KEY_BYTES = 16;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanRequest>) => void) | null;
  postMessage(message: ScanReply, transfer?: Transferable[]): void;
};

/** A typed array of `length` elements holding `from`'s first `used`. */
function grown<T extends Float64Array | Uint32Array | Uint8Array>(from: T, length: number, used: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from.subarray(0, used));
  return to;
}

/** The whole scan's matches: each chunk's columns appended, names and TypeID prefixes interned. */
class MatchStore {
  readonly columns: MatchColumns = {
    count: 0,
    names: [],
    formats: new Uint8Array(INITIAL_ROWS),
    offsets: new Float64Array(INITIAL_ROWS),
    lines: new Float64Array(INITIAL_ROWS),
    times: new Float64Array(INITIAL_ROWS),
    bytes: new Uint8Array(INITIAL_ROWS * KEY_BYTES),
    ends: new Uint32Array(INITIAL_ROWS),
    prefixes: new Uint32Array(INITIAL_ROWS),
    prefixList: [""],
    dropped: 0,
  };
  private readonly prefixIndex = new Map<string, number>([["", 0]]);

  constructor(private readonly maxRows: number) {}

  /** The index of format `name` in the store's names. */
  formatIndex(name: string): number {
    const { names } = this.columns;
    const at = names.indexOf(name);
    return at >= 0 ? at : names.push(name) - 1;
  }

  /** The index of TypeID prefix `prefix`. */
  prefixOf(prefix: string): number {
    let at = this.prefixIndex.get(prefix);
    if (at === undefined) {
      at = this.columns.prefixList.push(prefix) - 1;
      this.prefixIndex.set(prefix, at);
    }
    return at;
  }

  /** Appends a chunk's matches (as many as `maxRows` leaves room for); `prefixes[i]` is match i's prefix index. */
  append(chunk: ChunkColumns, prefixes: Uint32Array): void {
    const c = this.columns;
    const start = c.count;
    const take = Math.min(chunk.count, this.maxRows - start);
    c.dropped += chunk.count - take;
    if (take === 0) return;
    const rows = start + take;
    const byteStart = start === 0 ? 0 : c.ends[start - 1]!;
    const chunkBytes = chunk.ends[take - 1]!;
    const byteEnd = byteStart + chunkBytes;
    if (rows > c.times.length) {
      const length = Math.min(this.maxRows, Math.max(rows, 2 * c.times.length));
      c.formats = grown(c.formats, length, start);
      c.offsets = grown(c.offsets, length, start);
      c.lines = grown(c.lines, length, start);
      c.times = grown(c.times, length, start);
      c.ends = grown(c.ends, length, start);
      c.prefixes = grown(c.prefixes, length, start);
    }
    if (byteEnd > c.bytes.length) c.bytes = grown(c.bytes, Math.max(byteEnd, 2 * c.bytes.length), byteStart);
    const formatMap = chunk.names.map((name) => this.formatIndex(name));
    for (let i = 0; i < take; i++) {
      c.formats[start + i] = formatMap[chunk.formats[i]!]!;
      c.ends[start + i] = byteStart + chunk.ends[i]!;
    }
    c.offsets.set(chunk.offsets.subarray(0, take), start);
    c.lines.set(chunk.lines.subarray(0, take), start);
    c.times.set(chunk.times.subarray(0, take), start);
    c.bytes.set(chunk.bytes.subarray(0, chunkBytes), byteStart);
    c.prefixes.set(prefixes.subarray(0, take), start);
    c.count = rows;
  }

  /** The buffers to transfer with the columns. */
  buffers(): ArrayBuffer[] {
    const { formats, offsets, lines, times, bytes, ends, prefixes } = this.columns;
    return [formats, offsets, lines, times, bytes, ends, prefixes].map((array) => array.buffer as ArrayBuffer);
  }
}

/**
 * A chunk's match objects as columns: each format's IDs decoded to bytes in one bulk call. The scanner's
 * `columns: true` gives this shape itself (and then no object per match is made at all).
 */
function columnsOf(matches: UlidMatch[]): ChunkColumns {
  const count = matches.length;
  const names: string[] = [];
  const widths: number[] = [];
  /** Each format's IDs and the rows they are at. */
  const groups: { ids: string[]; rows: number[] }[] = [];
  const chunk: ChunkColumns = {
    count,
    formats: new Uint8Array(count),
    names,
    offsets: new Float64Array(count),
    lines: new Float64Array(count),
    times: new Float64Array(count),
    bytes: new Uint8Array(0),
    ends: new Uint32Array(count),
  };
  let end = 0;
  for (let i = 0; i < count; i++) {
    const { id, offset, time, line, format } = matches[i]!;
    let f = names.indexOf(format!);
    if (f < 0) {
      f = names.push(format!) - 1;
      widths.push(formats[format as FormatKey].bytes);
      groups.push({ ids: [], rows: [] });
    }
    chunk.formats[i] = f;
    chunk.offsets[i] = offset;
    chunk.lines[i] = line!;
    chunk.times[i] = time;
    chunk.ends[i] = end += widths[f]!;
    groups[f]!.ids.push(id);
    groups[f]!.rows.push(i);
  }
  const bytes = (chunk.bytes = new Uint8Array(end));
  for (const [f, { ids, rows }] of groups.entries()) {
    const width = widths[f]!;
    const decoded = formats[names[f] as FormatKey].decodeMany(ids);
    for (let k = 0, from = 0; k < rows.length; k++) {
      for (let to = chunk.ends[rows[k]!]! - width, last = from + width; from < last; ) bytes[to++] = decoded[from++]!;
    }
  }
  return chunk;
}

/** The prefix index of each TypeID of a chunk (0 for other formats). */
function prefixesOf(matches: UlidMatch[], store: MatchStore): Uint32Array {
  const prefixes = new Uint32Array(matches.length);
  for (const [i, { format, id }] of matches.entries()) {
    // A TypeID is prefix, "_", then 26 characters of suffix; without a prefix, the suffix alone.
    if (format === "typeid" && id.length > 26) prefixes[i] = store.prefixOf(id.slice(0, -27));
  }
  return prefixes;
}

/** Writes the binary ID `bytes[start..end)` right-aligned into a 128-bit key of four big-endian words. */
function keyOf(bytes: Uint8Array, start: number, end: number, key: Uint32Array): void {
  key.fill(0);
  for (let at = start, bit = (KEY_BYTES - (end - start)) * 8; at < end; at++, bit += 8) {
    key[bit >>> 5]! |= bytes[at]! << (24 - (bit & 31));
  }
}

/** The file's bytes as they are read, counted into `progress`. */
async function* chunksOf(file: Blob, read: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read(value.length);
    yield value;
  }
}

async function scan({ file, maxRows }: ScanRequest): Promise<void> {
  const started = performance.now();
  const stats = new ScanStats(defaultPlausibleWindow(Date.now()));
  const store = new MatchStore(maxRows);
  const key = new Uint32Array(4);
  let bytesRead = 0;
  let reported = started;
  const source = chunksOf(file, (bytes) => {
    bytesRead += bytes;
    const now = performance.now();
    if (now - reported < PROGRESS_MS) return;
    reported = now;
    scope.postMessage({ type: "progress", bytes: bytesRead, matches: store.columns.count });
  });
  for await (const matches of scanChunks(source, { format: "all", lines: true })) {
    const chunk = columnsOf(matches);
    for (let i = 0, start = 0; i < chunk.count; start = chunk.ends[i++]!) {
      keyOf(chunk.bytes, start, chunk.ends[i]!, key);
      stats.add(key, chunk.times[i]!);
    }
    store.append(chunk, prefixesOf(matches, store));
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
