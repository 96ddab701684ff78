/**
 * The matches of one scan window, of one format or of several in one pass. A finder leaves them in its arrays in
 * text order: each one's offset in the window, time, length and format (an index into the scanner's list).
 *
 * With several formats, each format's kernel searches the window (loaded into the engine once for all of them) and
 * their matches are merged by offset; the WebAssembly engine instead finds every format's matches in one pass over
 * the window and merges them by the same rules in the module (`Engine.scanMerged`, assembly/scan-merged.ts). A span of
 * text is reported once: where matches overlap, the one covering the longest span wins (a TypeID
 * `user_01h455vb4pex5vsknk084sn02q` over the ULID its suffix also is), and of two matches of the same span (a
 * TypeID without a prefix is a lower-case ULID, the same 16 bytes) the one of the format listed first. Kept matches
 * never overlap, and two of them always have a byte between them (every match starts and ends with a letter or
 * digit, and no letter or digit may touch one), so a window holds at most `mostMatches` of its length.
 *
 * A match starting before a window's `limit` is final (the scanner visits it); one that overlaps a final match of
 * an earlier window is dropped. No scannable format's match can start inside another's and reach past its end
 * (ULIDs and UUIDs are bounded by any letter or digit, TypeIDs are whole words and a ULID inside one is its
 * suffix), so a longer match is always seen no later than the shorter ones it covers, and a final match is never
 * overlapped by a winner found later.
 */
import { scanShape } from "../engine/scan-shape.js";
import type { FormatSpec } from "../engine/specs.js";
import { SCAN_MATCHES, mostMatches, type Engine, type MergedScan, type WindowMatches } from "../engine/types.js";

/** Finds a window's matches into its arrays. */
export interface MatchFinder extends WindowMatches {
  /** Each match's format: its index in the scanner's list (all 0 for one format). */
  readonly formats: Uint8Array;
  /**
   * Takes `window` for the next `find` (the engine's `scanLoad`: one copy for every format's kernel); returns the
   * offset of its first ESC byte, or -1.
   */
  load(window: Uint8Array): number;
  /**
   * Finds the matches of `window`, the one loaded last (`before`: the byte before it, -1 at the start of the stream; `atEnd`: nothing
   * follows it) and returns how many; those starting before `limit` are final. `base` is the stream offset of the
   * window's first byte.
   */
  find(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number): number;
}

/** An engine's window search (`Engine.scanLoad`, `Engine.scanLoaded`, `Engine.scanMerged`). */
export type WindowScan = Pick<Engine, "scanLoad" | "scanLoaded" | "scanMerged">;

/** The finder of `formats` with an engine's window search: one format's kernel alone, or several merged. */
export function matchFinder(scan: WindowScan, formats: readonly FormatSpec[]): MatchFinder {
  return formats.length === 1 ? new OneFormatFinder(scan, formats[0]!) : new MergingFinder(scan, formats);
}

/** The finders of one format that whole scans share, by engine and format (`wholeScanFinder`). */
const sharedFinders = new WeakMap<WindowScan, Map<FormatSpec, MatchFinder>>();

/**
 * The finder of a whole scan (`scanText`) of `formats`: of one format, one per engine, kept and reused with its
 * arrays (making a finder and its first arrays took a fifth of scanning a log line). A whole scan runs none of its
 * caller's code while it searches, so no two scans use one at once. A stream makes its own, once for its whole
 * life; a list's finder remembers where its last match ended, so each scan of a list makes its own too.
 */
export function wholeScanFinder(scan: WindowScan, formats: readonly FormatSpec[]): MatchFinder {
  if (formats.length !== 1) return matchFinder(scan, formats);
  const format = formats[0]!;
  let byFormat = sharedFinders.get(scan);
  if (byFormat === undefined) sharedFinders.set(scan, (byFormat = new Map()));
  let finder = byFormat.get(format);
  if (finder === undefined) byFormat.set(format, (finder = new OneFormatFinder(scan, format)));
  return finder;
}

/** Whether the byte before a window (-1: none) glues to a match of `format` at its start. */
function gluedTo(format: FormatSpec): (before: number) => boolean {
  const { glues } = scanShape(format);
  return (before) => before >= 0 && glues(before);
}

/** Arrays of no matches, shared until a list's first window (typed arrays are slow to make on Node 20). */
const NO_OFFSETS = new Uint32Array(0);
const NO_TIMES = new Float64Array(0);
const NO_BYTES = new Uint8Array(0);

/**
 * One list of matches: each one's offset, time, length and format. Sized for the windows seen so far, up to
 * SCAN_MATCHES, so a scan of a short text allocates a few bytes rather than ~40 KiB; a stream's first full window
 * takes it to its whole size at once. Readers take the arrays anew after each `reserve`.
 */
class MatchArrays {
  offsets = NO_OFFSETS;
  times = NO_TIMES;
  lengths = NO_BYTES;
  formats = NO_BYTES;

  /** `length`: every match's, when a format's matches are all as long (else the kernel reports each one's). */
  constructor(private readonly length?: number) {}

  /** Room for every match of a window of `windowBytes`. */
  reserve(windowBytes: number): void {
    const needed = mostMatches(windowBytes);
    if (needed <= this.offsets.length) return;
    const size = Math.min(SCAN_MATCHES, Math.max(needed, 2 * this.offsets.length));
    this.offsets = new Uint32Array(size);
    this.times = new Float64Array(size);
    this.lengths = new Uint8Array(size);
    this.formats = new Uint8Array(size);
    if (this.length !== undefined) this.lengths.fill(this.length);
  }
}

/** The match list of one format's kernel. */
function matchArrays(format: FormatSpec): MatchArrays {
  return new MatchArrays(scanShape(format).varies ? undefined : format.chars);
}

/** A finder's matches: the arrays of its list `out`, which each window it loads may grow. */
abstract class FinderMatches {
  constructor(protected readonly out: MatchArrays) {}

  get offsets(): Uint32Array {
    return this.out.offsets;
  }

  get times(): Float64Array {
    return this.out.times;
  }

  get lengths(): Uint8Array {
    return this.out.lengths;
  }

  get formats(): Uint8Array {
    return this.out.formats;
  }
}

class OneFormatFinder extends FinderMatches implements MatchFinder {
  private readonly glued: (before: number) => boolean;
  /** The engine's one pass, when it takes the format alone (the SIMD build, UUID v7 aside: it outruns the format's own kernel). */
  private readonly merged: MergedScan | null;
  private readonly wasmIds: Uint8Array;

  constructor(
    private readonly scan: WindowScan,
    private readonly format: FormatSpec,
  ) {
    // Its formats all 0: the one format.
    super(matchArrays(format));
    this.glued = gluedTo(format);
    this.wasmIds = Uint8Array.of(format.wasmId);
    this.merged = scan.scanMerged?.knows(this.wasmIds) ? scan.scanMerged : null;
  }

  get inEngine(): boolean {
    return this.merged !== null;
  }

  load(window: Uint8Array): number {
    this.out.reserve(window.length);
    return this.scan.scanLoad(window);
  }

  find(window: Uint8Array, before: number, atEnd: boolean): number {
    if (this.merged !== null) return this.merged.find(this.wasmIds, before, atEnd, 0, this);
    return this.scan.scanLoaded(this.format, window, this.glued(before), atEnd, this.offsets, this.times, this.lengths);
  }
}

/** Its `out`: the matches kept, of every format. */
class MergingFinder extends FinderMatches implements MatchFinder {
  /** Each format's matches in the current window (when the module's one pass does not merge them), and how many. */
  private readonly found: MatchArrays[];
  private readonly counts: Uint32Array;
  /** Each format's next match to merge, and its offset. */
  private readonly cursors: Uint32Array;
  private readonly heads: Float64Array;
  private readonly glued: ((before: number) => boolean)[];
  /** The stream offset where the last final match ends: a match that starts before it is dropped. */
  private finalEnd = 0;
  /** The engine's one pass for every format of the list, merged as here, when it has one that knows them all. */
  private readonly merged: MergedScan | null;
  private readonly wasmIds: Uint8Array;

  constructor(
    private readonly scan: WindowScan,
    private readonly list: readonly FormatSpec[],
  ) {
    super(new MatchArrays());
    this.found = list.map(matchArrays);
    this.counts = new Uint32Array(list.length);
    this.cursors = new Uint32Array(list.length);
    this.heads = new Float64Array(list.length);
    this.glued = list.map(gluedTo);
    this.wasmIds = Uint8Array.from(list, (format) => format.wasmId);
    this.merged = scan.scanMerged?.knows(this.wasmIds) ? scan.scanMerged : null;
  }

  get inEngine(): boolean {
    return this.merged !== null;
  }

  load(window: Uint8Array): number {
    this.out.reserve(window.length);
    if (this.merged === null) for (const found of this.found) found.reserve(window.length);
    return this.scan.scanLoad(window);
  }

  find(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number): number {
    if (this.merged !== null) {
      const count = this.merged.find(this.wasmIds, before, atEnd, Math.max(0, this.finalEnd - base), this);
      this.noteFinal(count, limit, base);
      return count;
    }
    const { list, found, counts } = this;
    for (let f = 0; f < list.length; f++) {
      const { offsets, times, lengths } = found[f]!;
      counts[f] = this.scan.scanLoaded(list[f]!, window, this.glued[f]!(before), atEnd, offsets, times, lengths);
    }
    const { offsets, times, lengths, formats, heads } = this;
    const next = this.cursors.fill(0);
    // Each format's next match's offset (Infinity when it has no more), so picking the next is a loop over numbers.
    for (let g = 0; g < list.length; g++) heads[g] = counts[g]! > 0 ? found[g]!.offsets[0]! : Infinity;
    const skip = Math.max(0, this.finalEnd - base);
    let kept = 0;
    for (;;) {
      // The next match in text order; of matches at the same offset, the format listed first.
      let f = 0;
      let at = heads[0]!;
      for (let g = 1; g < list.length; g++) {
        if (heads[g]! < at) {
          f = g;
          at = heads[g]!;
        }
      }
      if (at === Infinity) break;
      const from = found[f]!;
      const i = next[f]!++;
      heads[f] = i + 1 < counts[f]! ? from.offsets[i + 1]! : Infinity;
      if (at < skip) continue;
      const length = from.lengths[i]!;
      // Settle overlaps with the matches kept so far (only the last few can reach this one).
      let wins = true;
      while (kept > 0 && at < offsets[kept - 1]! + lengths[kept - 1]!) {
        if (length <= lengths[kept - 1]!) {
          wins = false;
          break;
        }
        kept--;
      }
      if (!wins) continue;
      offsets[kept] = at;
      times[kept] = from.times[i]!;
      lengths[kept] = length;
      formats[kept] = f;
      kept++;
    }
    this.noteFinal(kept, limit, base);
    return kept;
  }

  /** Notes where the last final match of the window's `count` ends. */
  private noteFinal(count: number, limit: number, base: number): void {
    const { offsets, lengths } = this;
    for (let k = count - 1; k >= 0; k--) {
      if (offsets[k]! < limit) {
        this.finalEnd = base + offsets[k]! + lengths[k]!;
        break;
      }
    }
  }
}
