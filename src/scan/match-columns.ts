/**
 * Columnar scan results (`columns: true`): every match's fields in typed arrays, no JavaScript object or string per
 * match, for callers that feed a column store or count and filter in bulk. The matches are the ones the object
 * results hold, in the same order.
 *
 * The window search here takes each window's matches from the finder's arrays in one loop, no call per match, and
 * writes them into blocks, each an eighth of the matches before it (so a dense scan allocates a few dozen blocks,
 * not hundreds, and at most an eighth more than it fills); a result is the blocks joined into arrays of its exact size (one copy, and a kept result holds
 * no spare room and shares nothing with the next).
 */
import { batchEngine } from "../engine/backend.js";
import type { ChunkProcessor } from "../streams/stream-shapes.js";
import { packDigitRun, packUuid } from "./match-bytes.js";
import { type MatchFinder, matchFinder } from "./match-finder.js";
import { LineCounter, Scanner, type WindowSearch } from "./scanner.js";
import type { ScanRequest, ScannableFormat } from "./scan-options.js";

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

/** Matches in a scan's first block: a sparse scan allocates little (4,096 take 132 KiB). */
const FIRST_BLOCK = 4096;
/** Bytes of a binary ID of every scannable format (ULID, UUID v7 and TypeID carry 128 bits). */
const ID_BYTES = 16;
/** Characters of a ULID, and of a TypeID's suffix (the last 26 characters of its match). */
const DIGIT_RUN = 26;

/** One block of matches' fields. */
interface Block {
  readonly size: number;
  readonly formats: Uint8Array;
  readonly offsets: Float64Array;
  readonly lines: Float64Array | null;
  readonly times: Float64Array;
  readonly bytes: Uint8Array;
}

function newBlock(size: number, lines: boolean): Block {
  return {
    size,
    formats: new Uint8Array(size),
    offsets: new Float64Array(size),
    lines: lines ? new Float64Array(size) : null,
    times: new Float64Array(size),
    bytes: new Uint8Array(ID_BYTES * size),
  };
}

/** Writes the matches of each window into blocks (the window search of a columnar scan). */
class ColumnSearch implements WindowSearch {
  /** The full blocks, and the one being filled. */
  full: Block[] = [];
  block: Block;
  /** Matches in the block being filled, and in the full blocks. */
  filled = 0;
  inFull = 0;
  private readonly finder: MatchFinder;
  private readonly lineCounter: LineCounter | null;
  /** Each format's reading of its bytes: a UUID's hex, else 26 Crockford characters ending the match. */
  private readonly isUuid: Uint8Array;
  private readonly from: number;
  private readonly until: number;

  constructor({ formats, lines, plausible }: ScanRequest) {
    const engine = batchEngine();
    // Bound once: the engine's search is called for every window.
    this.finder = matchFinder((...args) => engine.scanWindow(...args), formats);
    this.lineCounter = lines ? new LineCounter() : null;
    this.isUuid = Uint8Array.from(formats, (format) => (format.name === "uuidv7" ? 1 : 0));
    this.from = plausible?.from ?? -Infinity;
    this.until = plausible?.until ?? Infinity;
    this.block = newBlock(FIRST_BLOCK, lines);
  }

  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number {
    const { offsets, times, lengths, formats } = this.finder;
    const count = this.finder.find(window, before, atEnd, limit, base);
    const { lineCounter, isUuid, from, until } = this;
    lineCounter?.start(window, line);
    let block = this.block;
    let n = this.filled;
    for (let i = 0; i < count; i++) {
      const at = offsets[i]!;
      if (at >= limit) break;
      const time = times[i]!;
      // The plausible window compares whole milliseconds.
      const ms = Math.floor(time);
      if (ms < from || ms >= until) continue;
      if (n === block.size) {
        this.full.push(block);
        this.inFull += n;
        block = this.block = newBlock(Math.max(FIRST_BLOCK, this.inFull >> 3), lineCounter !== null);
        n = 0;
      }
      const format = formats[i]!;
      block.formats[n] = format;
      block.offsets[n] = base + at;
      block.times[n] = time;
      if (lineCounter !== null) block.lines![n] = lineCounter.lineAt(window, at);
      if (isUuid[format] === 1) packUuid(window, at, block.bytes, ID_BYTES * n);
      else packDigitRun(window, at + lengths[i]! - DIGIT_RUN, block.bytes, ID_BYTES * n);
      n++;
    }
    this.filled = n;
    return lineCounter === null ? line : lineCounter.lineAt(window, limit);
  }
}

/** The matches of one scan as columns: one result per chunk, or one for the whole input. */
export class ColumnCollector implements ChunkProcessor<ScanColumns> {
  private readonly names: ScannableFormat[];
  private readonly lines: boolean;
  private readonly search: ColumnSearch;
  private readonly scanner: Scanner;

  /**
   * `whole`: one result at the end of input, empty or not (scanText); else one result per chunk that completes any
   * match, as the object results come (scanChunks, scanStream).
   */
  constructor(
    request: ScanRequest,
    private readonly whole: boolean,
  ) {
    this.names = request.formats.map((format) => format.name as ScannableFormat);
    this.lines = request.lines;
    this.search = new ColumnSearch(request);
    this.scanner = new Scanner(request.formats, this.search);
  }

  push(chunk: Uint8Array, final: boolean, emit: (columns: ScanColumns) => void): void {
    this.scanner.push(chunk, final);
    const found = this.search.full.length > 0 || this.search.filled > 0;
    if (this.whole ? final : found) emit(this.take());
  }

  /** The matches collected so far, joined into a result of their own; the collector starts afresh. */
  private take(): ScanColumns {
    const search = this.search;
    const blocks = [...search.full, search.block];
    const count = search.inFull + search.filled;
    const result: ScanColumns = {
      count,
      formats: new Uint8Array(count),
      names: [...this.names],
      offsets: new Float64Array(count),
      times: new Float64Array(count),
      bytes: new Uint8Array(ID_BYTES * count),
      ends: new Uint32Array(count),
    };
    const lines = this.lines ? new Float64Array(count) : null;
    let at = 0;
    for (const block of blocks) {
      const n = block === search.block ? search.filled : block.size;
      result.formats.set(block.formats.subarray(0, n), at);
      result.offsets.set(block.offsets.subarray(0, n), at);
      result.times.set(block.times.subarray(0, n), at);
      result.bytes.set(block.bytes.subarray(0, ID_BYTES * n), ID_BYTES * at);
      if (lines !== null) lines.set(block.lines!.subarray(0, n), at);
      at += n;
    }
    for (let i = 0; i < count; i++) result.ends[i] = ID_BYTES * (i + 1);
    if (lines !== null) result.lines = lines;
    search.full = [];
    search.filled = search.inFull = 0;
    return result;
  }
}
