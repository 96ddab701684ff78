/**
 * The inspector's matches in columns (playground/scan-worker.ts fills them, playground/matches.js reads them): one
 * typed array per field, no object per match. Each chunk's matches arrive as the scanner's `columns: true` results
 * (`ScanColumns`), and `MatchStore` appends them, growing by doubling, with each TypeID's prefix (not in its bytes)
 * interned beside them.
 */
import type { ScanColumns } from "ulid-wasm";

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

/** Rows the store holds before it first grows. */
const INITIAL_ROWS = 1 << 16;
/** Bytes the store holds per row before it first grows: the widest ID of a scannable format. */
const ROW_BYTES = 16;

/** A typed array of `length` elements holding `from`'s first `used`. */
function grown<T extends Float64Array | Uint32Array | Uint8Array>(from: T, length: number, used: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from.subarray(0, used));
  return to;
}

/** The whole scan's matches: each chunk's columns appended, names and TypeID prefixes interned. */
export class MatchStore {
  readonly columns: MatchColumns = {
    count: 0,
    names: [],
    formats: new Uint8Array(INITIAL_ROWS),
    offsets: new Float64Array(INITIAL_ROWS),
    lines: new Float64Array(INITIAL_ROWS),
    times: new Float64Array(INITIAL_ROWS),
    bytes: new Uint8Array(INITIAL_ROWS * ROW_BYTES),
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

  /**
   * Appends a chunk's matches, scanned with `lines: true` (as many as `maxRows` leaves room for); `prefixes[i]` is
   * match i's prefix index.
   */
  append(chunk: ScanColumns, prefixes: Uint32Array): void {
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
    c.lines.set(chunk.lines!.subarray(0, take), start);
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
