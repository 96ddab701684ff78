/**
 * Columnar scan results (`columns: true`): every match's fields in typed arrays, no JavaScript object or string per
 * match, for callers that feed a column store or count and filter in bulk. The matches are the ones the object
 * results hold, in the same order.
 *
 * The window search here writes each window's matches into blocks, each an eighth of the matches before it (so a
 * dense scan allocates a few dozen blocks, not hundreds, and at most an eighth more than it fills): on the
 * WebAssembly engine, its column writer filters, numbers and packs them in the module and each column is copied
 * in whole, nothing done per match in JavaScript; on the TypeScript engine, one loop over the finder's arrays. A
 * result is the blocks joined into arrays of its exact size (one copy, and a kept result holds no spare room and
 * shares nothing with the next).
 */
import { batchEngine } from "../engine/backend.js";
import type { ChunkProcessor } from "../streams/stream-shapes.js";
import { type MatchPacker, matchPacker } from "./match-bytes.js";
import { type MatchFinder, matchFinder, wholeScanFinder } from "./match-finder.js";
import { LineCounter, Scanner, type WindowSearch } from "./scanner.js";
import { type ColumnBlock, type ColumnWriter, MAX_SCAN_FORMATS, mostMatches } from "../engine/types.js";
import { scanOverlap } from "../engine/scan-shape.js";
import type { ScanRequest, ScannableFormat } from "./scan-options.js";
import type { FormatSpec } from "../engine/specs.js";

/** The matches of a scan (or of one chunk of a stream) as columns; match i's fields are at index i of each. */
export interface ScanColumns {
  /** How many matches. */
  count: number;
  /** Each match's format, as an index into `names`. */
  formats: Uint8Array;
  /** The scan's formats, as listed (one name for a single format). */
  names: ScannableFormat[];
  /** Each match's offset: in bytes, or for a string in UTF-16 code units. */
  offsets: Float64Array;
  /** Each match's 1-based line, with `lines: true`. */
  lines?: Float64Array;
  /** Each match's time, in Unix ms. */
  times: Float64Array;
  /** Each match's binary ID, back to back, in its format's width (16 bytes for ULID, UUID v7 and TypeID). */
  bytes: Uint8Array;
  /** Where each match's bytes end in `bytes` (match i's are `bytes.subarray(i ? ends[i - 1] : 0, ends[i])`). */
  ends: Uint32Array;
}

/** Matches in a scan's first block: a sparse scan allocates little (4,096 take 132 KiB); a window's matches fit one. */
const FIRST_BLOCK = 4096;
/** One block of matches' fields, and how much of it is filled. */
interface Block extends ColumnBlock {
  size: number;
  filled: number;
  filledBytes: number;
  /** A growing block's buffers (resizable, its arrays track their length), or null for a block of fixed size. */
  readonly growing: ResizableBuffer[] | null;
}

/** Bytes per match of each column of a growing block, in the order of `growing`: formats, offsets, times, bytes (per byte of width), lines. */
const COLUMN_WIDTHS = [1, 8, 8, 1, 8];
/** A resizable ArrayBuffer (ES2024), typed here: the library compiles against an older lib. */
interface ResizableBuffer extends ArrayBuffer {
  readonly resizable: boolean;
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}
const ResizableBuffer = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ResizableBuffer;

/** The largest buffer a growing block reserves (address space, not memory: pages are used as they are written). */
const MOST_RESERVED = 2 ** 31;

/**
 * A block that grows in place up to `most` matches, for a scan whose input's length bounds its matches (scanText):
 * resizable buffers reserve the room and take pages only as they fill, so the result is these arrays cut to size,
 * where fixed blocks are copied into it (page faults on a million matches' 41 MB cost as much as the search).
 * Null where the runtime has no resizable buffers or will not reserve the room.
 */
function growingBlock(most: number, lines: boolean, widest: number): Block | null {
  if (widest * most > MOST_RESERVED) return null;
  let buffers: ResizableBuffer[];
  try {
    buffers = COLUMN_WIDTHS.slice(0, lines ? 5 : 4).map((width, column) => new ResizableBuffer(0, { maxByteLength: (column === 3 ? widest : width) * most }));
  } catch {
    return null;
  }
  if (!buffers[0]!.resizable) return null;
  return {
    size: 0,
    filled: 0,
    filledBytes: 0,
    growing: buffers,
    formats: new Uint8Array(buffers[0]!),
    offsets: new Float64Array(buffers[1]!),
    times: new Float64Array(buffers[2]!),
    bytes: new Uint8Array(buffers[3]!),
    lines: lines ? new Float64Array(buffers[4]!) : null,
  };
}

/** Resizes a growing block's buffers to `size` matches (`bytes` bytes of IDs); its arrays follow. */
function resize(block: Block, size: number, bytes: number): void {
  block.growing!.forEach((buffer, column) => buffer.resize(column === 3 ? bytes : COLUMN_WIDTHS[column]! * size));
  block.size = size;
}

/** Most matches of a scan whose matches go to a shared block (`shortBlock`): a few log lines' worth. */
const SHORT_MATCHES = 256;
/** The shared blocks of short scans, without lines and with them. */
const shortBlocks: [Block | undefined, Block | undefined] = [undefined, undefined];

/**
 * The block a whole scan of a short input (at most SHORT_MATCHES matches, `scanText` of a log line) fills, made once
 * and reused: making a block's arrays, and a new one after the result, took half of a line's columnar scan. Its
 * matches are copied out into the result (`take`), and a whole scan runs no code of its caller while it fills the
 * block, so no two scans ever fill it at once.
 */
function shortBlock(lines: boolean, widest: number): Block {
  const kept = shortBlocks[lines ? 1 : 0];
  if (kept !== undefined && kept.bytes.length >= widest * SHORT_MATCHES) {
    kept.filled = kept.filledBytes = 0;
    return kept;
  }
  return (shortBlocks[lines ? 1 : 0] = newBlock(SHORT_MATCHES, lines, widest));
}

function newBlock(size: number, lines: boolean, widest: number): Block {
  return {
    size,
    filled: 0,
    filledBytes: 0,
    growing: null,
    formats: new Uint8Array(size),
    offsets: new Float64Array(size),
    lines: lines ? new Float64Array(size) : null,
    times: new Float64Array(size),
    bytes: new Uint8Array(widest * size),
  };
}

/** What a scan's columns take from its list of formats: the same for every scan of the list. */
interface ColumnLayout {
  readonly wasmIds: Uint8Array;
  readonly widths: Uint8Array;
  readonly widest: number;
  readonly packers: readonly MatchPacker[];
}

/** Each list of formats' layout, by their names in order (a few hundred lists at most: five scannable formats). */
const layouts = new Map<string, ColumnLayout>();

/** The layout of `formats`, made at its first scan: making it took a fifth of a log line's columnar scan. */
function columnLayout(formats: readonly FormatSpec[]): ColumnLayout {
  const key = formats.length === 1 ? formats[0]!.name : formats.map((format) => format.name).join();
  let layout = layouts.get(key);
  if (layout === undefined) {
    const widths = Uint8Array.from(formats, (format) => format.bytes);
    layout = { wasmIds: Uint8Array.from(formats, (format) => format.wasmId), widths, widest: Math.max(...widths), packers: formats.map(matchPacker) };
    layouts.set(key, layout);
  }
  return layout;
}

/**
 * Writes the matches of each window into blocks (the window search of a columnar scan): on the WebAssembly engine
 * through its column writer (src/engine/wasm-scan.ts, every column of a window copied in whole), else here, match
 * by match.
 */
class ColumnSearch implements WindowSearch {
  /** The full blocks, and the one being filled. */
  full: Block[] = [];
  block: Block;
  /** Matches in the full blocks. */
  inFull = 0;
  private readonly finder: MatchFinder;
  private readonly writer: ColumnWriter | null;
  /** The formats' numbers in the module, for its column writer. */
  private readonly wasmIds: Uint8Array;
  /** Each format's binary width, and the widest. */
  readonly widths: Uint8Array;
  readonly widest: number;
  private readonly lineCounter: LineCounter | null;
  /** Each format's reading of a match as its binary ID. */
  private readonly packers: readonly MatchPacker[];
  private readonly from: number;
  private readonly until: number;

  /**
   * `most`: the most matches the input can hold, when its length is known (a whole scan: then a short input's
   * matches go to a shared block, and a long one's to a block that grows in place).
   */
  constructor({ formats, lines, plausible }: ScanRequest, most: number | undefined) {
    const engine = batchEngine();
    this.finder = (most === undefined ? matchFinder : wholeScanFinder)(engine, formats);
    this.writer = formats.length <= MAX_SCAN_FORMATS ? engine.scanColumns : null;
    ({ wasmIds: this.wasmIds, widths: this.widths, widest: this.widest, packers: this.packers } = columnLayout(formats));
    this.lineCounter = lines ? new LineCounter() : null;
    this.from = plausible?.from ?? -Infinity;
    this.until = plausible?.until ?? Infinity;
    // A short input's matches fit a block of its own size: reserving a growing one costs more than it saves.
    this.block =
      most === undefined
        ? newBlock(FIRST_BLOCK, lines, this.widest)
        : most <= SHORT_MATCHES
          ? shortBlock(lines, this.widest)
          : most <= FIRST_BLOCK
            ? newBlock(most, lines, this.widest)
            : (growingBlock(most, lines, this.widest) ?? newBlock(FIRST_BLOCK, lines, this.widest));
  }

  load(window: Uint8Array): number {
    return this.finder.load(window);
  }

  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number {
    const count = this.finder.find(window, before, atEnd, limit, base);
    // Room for every match of the window in the block (a new block leaves the rest of the old one unused).
    if (this.block.size - this.block.filled < count) this.makeRoom(count);
    const block = this.block;
    const writer = this.writer;
    if (writer !== null) {
      block.filled += writer.write(this.finder, count, this.wasmIds, limit, this.from, this.until, base, line, block, block.filled, block.filledBytes);
      block.filledBytes += writer.bytes;
      return writer.line;
    }
    const { offsets, times, lengths, formats } = this.finder;
    const { lineCounter, packers, widths, from, until } = this;
    lineCounter?.start(window, line);
    let n = block.filled;
    let byte = block.filledBytes;
    for (let i = 0; i < count; i++) {
      const at = offsets[i]!;
      if (at >= limit) break;
      const time = times[i]!;
      // The plausible window compares whole milliseconds.
      const ms = Math.floor(time);
      if (ms < from || ms >= until) continue;
      const format = formats[i]!;
      block.formats[n] = format;
      block.offsets[n] = base + at;
      block.times[n] = time;
      if (lineCounter !== null) block.lines![n] = lineCounter.lineAt(window, at);
      packers[format]!(window, at, lengths[i]!, block.bytes, byte);
      byte += widths[format]!;
      n++;
    }
    block.filled = n;
    block.filledBytes = byte;
    return lineCounter === null ? line : lineCounter.lineAt(window, limit);
  }

  /** Room for `count` more matches: the growing block doubled (within what it reserved), else a new block. */
  private makeRoom(count: number): void {
    const block = this.block;
    if (block.growing !== null) {
      const size = Math.max(FIRST_BLOCK, 2 * block.size, block.filled + count);
      const reserved = block.growing[0]!.maxByteLength;
      if (block.filled + count <= reserved) {
        resize(block, Math.min(size, reserved), this.widest * Math.min(size, reserved));
        return;
      }
    }
    this.full.push(block);
    this.inFull += block.filled;
    this.block = newBlock(Math.max(FIRST_BLOCK, this.inFull >> 3), this.lineCounter !== null, this.widest);
  }
}

/**
 * The most matches a scan of `length` bytes makes room for at once: the input's own (kept matches never overlap),
 * and those the last `overlap` bytes of a window hold, which the next window finds again. A bound that fell short
 * would cost only speed (the block hands on to new ones).
 */
function roomForMatches(length: number, overlap: number): number {
  return mostMatches(length) + mostMatches(overlap);
}

/** Where each match's bytes end: its format's width after the last's. */
function fillEnds({ count, formats, ends }: ScanColumns, widths: Uint8Array): void {
  let end = 0;
  for (let i = 0; i < count; i++) ends[i] = end += widths[formats[i]!]!;
}

/** The matches of one scan as columns: one result per chunk, or one for the whole input. */
export class ColumnCollector implements ChunkProcessor<ScanColumns> {
  private readonly names: ScannableFormat[];
  private readonly lines: boolean;
  private readonly search: ColumnSearch;
  private readonly scanner: Scanner;

  /**
   * `whole`: one result at the end of input, empty or not (scanText); else one result per chunk that completes any
   * match, as the object results come (scanChunks, scanStream). `length`: the whole input's length, when known.
   */
  constructor(
    request: ScanRequest,
    private readonly whole: boolean,
    length?: number,
  ) {
    this.names = request.formats.map((format) => format.name as ScannableFormat);
    this.lines = request.lines;
    this.search = new ColumnSearch(request, length === undefined ? undefined : roomForMatches(length, scanOverlap(request.formats)));
    this.scanner = new Scanner(request.formats, this.search);
  }

  push(chunk: Uint8Array, final: boolean, emit: (columns: ScanColumns) => void): void {
    this.scanner.push(chunk, final);
    const found = this.search.full.length > 0 || this.search.block.filled > 0;
    if (this.whole ? final : found) emit(this.take());
  }

  /** The matches collected so far, joined into a result of their own; the collector starts afresh. */
  private take(): ScanColumns {
    const search = this.search;
    if (search.block.growing !== null && search.full.length === 0) return this.cut();
    const blocks = [...search.full, search.block];
    const count = search.inFull + search.block.filled;
    let byteCount = 0;
    for (const block of blocks) byteCount += block.filledBytes;
    const result: ScanColumns = {
      count,
      formats: new Uint8Array(count),
      names: [...this.names],
      offsets: new Float64Array(count),
      times: new Float64Array(count),
      bytes: new Uint8Array(byteCount),
      ends: new Uint32Array(count),
    };
    const lines = this.lines ? new Float64Array(count) : null;
    let at = 0;
    let byte = 0;
    for (const block of blocks) {
      const n = block.filled;
      if (n === 0) continue;
      result.formats.set(block.formats.subarray(0, n), at);
      result.offsets.set(block.offsets.subarray(0, n), at);
      result.times.set(block.times.subarray(0, n), at);
      result.bytes.set(block.bytes.subarray(0, block.filledBytes), byte);
      if (lines !== null) lines.set(block.lines!.subarray(0, n), at);
      at += n;
      byte += block.filledBytes;
    }
    fillEnds(result, search.widths);
    if (lines !== null) result.lines = lines;
    search.full = [];
    search.inFull = 0;
    search.block.filled = search.block.filledBytes = 0;
    return result;
  }

  /** The growing block cut to its matches, as the result itself; the collector starts afresh. */
  private cut(): ScanColumns {
    const search = this.search;
    const block = search.block;
    const count = block.filled;
    resize(block, count, block.filledBytes);
    const result: ScanColumns = {
      count,
      formats: block.formats,
      names: [...this.names],
      offsets: block.offsets,
      times: block.times,
      bytes: block.bytes,
      ends: new Uint32Array(count),
    };
    fillEnds(result, search.widths);
    if (block.lines !== null) result.lines = block.lines;
    // Empty: a whole scan ends here, and a block is made when matches come.
    search.block = newBlock(0, block.lines !== null, search.widest);
    return result;
  }
}
