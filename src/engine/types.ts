/**
 * The one interface both engines implement: the pure TypeScript engine (`js.ts`) and the WebAssembly engine
 * (`wasm.ts`). An engine is a codec per format (`FormatCodec`, one interface for ULID and every other format) and a
 * text scanner. The public API (`src/formats/`) validates arguments, picks an engine and turns faults into
 * `UlidError`s; engines only do the codec work and report *where* input is bad, never why (the explanation is
 * computed once, engine-independently, in `src/formats/faults.ts`).
 *
 * Binary IDs are `spec.bytes` each, packed back to back. Text batches are ASCII records: `spec.chars` characters,
 * then one separator byte; the last record's separator is optional (specs.ts).
 */
import type { ScanKernel } from "./scan-shape.js";
import type { FormatName, FormatSpec } from "./specs.js";

/** A batch of IDs to decode or validate. */
export type IdBatch =
  | { readonly kind: "strings"; readonly ids: readonly string[] }
  | { readonly kind: "text"; readonly text: Uint8Array };

/** Fills the whole array it is given with random bytes. */
export type FillRandom = (out: Uint8Array) => void;

/**
 * One format on one engine. Batch calls work on the first `count` elements (or records) and write their output
 * from index 0; generation calls take at most GENERATE_CHUNK IDs (so both engines draw randomness alike). Output
 * arrays are the library's own (never a caller's subclass or proxy): the public layer hands engines plain views.
 */
export interface FormatCodec {
  /** The binary ID at `src[offset]` as text; null when those bytes are no ID of the format. */
  encodeOne(src: Uint8Array, offset: number): string | null;
  /** Decodes `text` (any string) into `dst[offset]`; false, with `dst` untouched, when it is invalid. */
  decodeOne(text: string, dst: Uint8Array, offset: number): boolean;
  /** The raw time field of `text` when the whole ID is valid, else -1. */
  timeOne(text: string): number;
  /** True exactly when `decodeOne` would succeed. */
  isValidOne(text: string): boolean;
  /**
   * A fresh ID as text: `stampMany(1, ...)` then `encodeOne`, without the trip through caller-visible bytes (the
   * hot path of `ulid()` and every `generate`).
   */
  mintOne(time: number, param: number, fill: FillRandom): string;
  /**
   * `count` binary IDs as text in `dst`, each followed by `separator` when it is >= 0, else packed. Returns -1,
   * or the index of the first element that is no ID of the format (output from it on is unspecified).
   */
  encodeText(src: Uint8Array, count: number, dst: Uint8Array, separator: number): number;
  /** `count` binary IDs as flat strings (never slices of a longer string) into `out`; returns as `encodeText`. */
  encodeStrings(src: Uint8Array, count: number, out: string[]): number;
  /**
   * Decodes `count` IDs into `dst`. Returns -1, or the index of the first invalid element. A string batch's elements
   * may be anything: a non-string or a wrong length is an invalid element. Without `flags`, decoding stops at the
   * first invalid element (output from it on is unspecified). With `flags`, it goes on to the end in the same pass,
   * writing 1 per valid element and 0 per invalid one, whose output is zero bytes.
   */
  decodeMany(batch: IdBatch, count: number, dst: Uint8Array, flags?: Uint8Array): number;
  /** Raw time fields of `count` IDs into `dst`; returns as `decodeMany` (with `flags`, an invalid element's is NaN). */
  timeMany(batch: IdBatch, count: number, dst: Float64Array, flags?: Uint8Array): number;
  /** 1 per valid element, 0 per invalid one (any value in a string batch). */
  validateMany(batch: IdBatch, count: number, dst: Uint8Array): void;
  /**
   * Writes `count` fresh IDs of time field `time` at `dst[dstOffset]`, calling `fill` once with exactly
   * `stampRandom(param) * count` bytes (not at all when `stampRandom(param)` is 0).
   */
  stampMany(count: number, time: number, param: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): void;
  /**
   * Writes the successors of `seed` in its time at `dst[dstOffset]`, `count` at most, and leaves the last one in
   * `seed`; calls `fill` once with exactly `advanceRandom(param) * count` bytes (not at all for none) before it
   * reads `seed`. Stops early where the next one would overflow the format's random field. Returns how many were
   * written. `dst` may be `seed` itself (count 1, offset 0): one step in place.
   */
  advanceMany(seed: Uint8Array, count: number, param: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): number;
}

export type FormatCodecs = Readonly<Record<FormatName, FormatCodec>>;

export interface Engine {
  readonly kind: "wasm" | "js";
  /** Whether the engine runs the SIMD build. */
  readonly simd: boolean;
  /**
   * The engine's codec of every format; null on the TypeScript engine, whose codecs each format's module imports
   * itself (src/formats/), so that a bundle of ULID functions alone does not carry the other formats.
   */
  readonly codecs: FormatCodecs | null;
  /**
   * The engine's codec of `spec`: of its format, or of a TypeID prefix (`typeIdSpec`, made on first use and kept while
   * the spec is); null on the TypeScript engine.
   */
  codecOf(spec: FormatSpec): FormatCodec | null;

  /**
   * Takes `text` (at most SCAN_BYTES bytes) as the window of the `scanLoaded` calls that follow, one per format a
   * scan merges: the WebAssembly engine copies it into its memory once for all of them. Returns the offset of its
   * first ESC byte (0x1B, which opens a terminal escape sequence: src/scan/terminal-escapes.ts), or -1, searched
   * where the window then is.
   */
  scanLoad(text: Uint8Array): number;
  /**
   * Finds the IDs of a scannable format (one whose spec has scan hooks, scan-shape.ts) in `text`, the window
   * `scanLoad` took last (the WebAssembly engine searches its copy), as its kernels define a match
   * (assembly/scan-*.ts, js-scan-*.ts). Writes each one's offset in `text` to `offsets` and its Unix ms to `times`,
   * in order, and returns how many; for a format whose matches vary in length (`ScanShape.varies`, scan-shape.ts:
   * TypeID), also each one's length in bytes to `lengths`, which is left as it is for the others. `glued`: the byte
   * before `text` glues to a match at its start (`ScanShape.glues`). `atEnd`: nothing follows `text`; otherwise an
   * ID that reaches its end is left out (what follows might glue it), for the caller to pass again. The window loop,
   * chunk boundaries and lines are in src/scan/scanner.ts.
   */
  scanLoaded(format: FormatSpec, ...window: Parameters<ScanKernel>): number;
  /**
   * The WebAssembly engine's writer of columnar results (src/engine/wasm-scan.ts), which does in the module what
   * src/scan/match-columns.ts otherwise does per match in JavaScript; null on the TypeScript engine.
   */
  readonly scanColumns: ColumnWriter | null;
  /**
   * The WebAssembly engine's search of several formats in one pass over the window `scanLoad` took last
   * (assembly/scan-merged.ts), its matches merged as src/scan/match-finder.ts merges them; null on the TypeScript
   * engine.
   */
  readonly scanMerged: MergedScan | null;
}

/** One pass over a window for several formats, their matches merged (`Engine.scanMerged`). */
export interface MergedScan {
  /**
   * Whether it is the search to take for a scan whose specs' `wasmId`s are `list`: it finds every one of them, and
   * for one format, outruns that format's own kernel (the SIMD build, but for UUID v7).
   */
  knows(list: Uint8Array): boolean;
  /**
   * Finds the matches of the formats of `list` (as `knows` took it) in the window loaded last, merged: the longest
   * span wins, of one span the format listed first. `before`: the byte before the window, -1 at the stream's start;
   * `atEnd` as `scanLoaded` takes it; matches starting before `skip` are left out. Writes them to `out` in text
   * order (`formats`: indexes into `list`) and returns how many.
   */
  find(list: Uint8Array, before: number, atEnd: boolean, skip: number, out: Omit<WindowMatches, "inEngine">): number;
}

/** A window's matches as a scan's finder leaves them (src/scan/match-finder.ts), in text order. */
export interface WindowMatches {
  readonly offsets: Uint32Array;
  readonly times: Float64Array;
  readonly lengths: Uint8Array;
  /** Each match's format, as an index into the scan's list. */
  readonly formats: Uint8Array;
  /**
   * Whether the engine's scan regions hold these matches too, every field as here: the WebAssembly engine's one pass
   * (`scanMerged`) leaves them there, so its column writer need not copy them back in.
   */
  readonly inEngine: boolean;
}

/** Columns of matches (src/scan/match-columns.ts), written from index `at` on (`bytes` from a byte offset). */
export interface ColumnBlock {
  readonly formats: Uint8Array;
  readonly offsets: Float64Array;
  readonly lines: Float64Array | null;
  readonly times: Float64Array;
  readonly bytes: Uint8Array;
}

export interface ColumnWriter {
  /**
   * Writes the columns of the first `count` of `matches` (found in the window `scanLoad` took last, of a scan of
   * the formats whose specs' `wasmId`s are `list`) that start before `limit` and whose time, floored to the
   * millisecond, is in [from, until): to `out` from index `at` and byte `byteAt`, each one's offset `base` + its
   * offset, its line (when `out` has lines) counted from `line`, the window's first line, and its binary ID in its
   * format's width. Returns how many; `bytes` is then the bytes written, `line` the line of byte `limit`.
   */
  write(matches: WindowMatches, count: number, list: Uint8Array, limit: number, from: number, until: number, base: number, line: number, out: ColumnBlock, at: number, byteAt: number): number;
  bytes: number;
  line: number;
}

/** IDs per generation step: the unit of randomness draws and clock reads in bulk generation. */
export const GENERATE_CHUNK = 8192;

/** Most bytes one `scanLoaded` call searches: the size of the wasm scan region (assembly/layout.ts). */
export const SCAN_BYTES = 65536;
/**
 * Characters of the shortest ID any scannable format has: an XID's 20 (ObjectIds have 24, ULIDs and prefix-less
 * TypeIDs 26). A format scanning finds with shorter IDs lowers it, here and in assembly/layout.ts.
 */
export const SHORTEST_SCAN_CHARS = 20;
/** Most matches `bytes` bytes of text hold: of the shortest scannable ID and a border byte between two. */
export function mostMatches(bytes: number): number {
  return Math.floor((bytes + 1) / (SHORTEST_SCAN_CHARS + 1));
}
/** Most matches in one scan window. */
export const SCAN_MATCHES = mostMatches(SCAN_BYTES);
/** Most formats whose matches the WebAssembly column writer takes in one scan (assembly/layout.ts, SCAN_LIST). */
export const MAX_SCAN_FORMATS = 16;
