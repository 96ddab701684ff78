/**
 * `ulid scan`'s lines as the WebAssembly module writes them (assembly/command/scan-match-lines.ts): each window is
 * searched and its matches' lines written without a call into JavaScript per match, then copied out whole. The
 * library's finder searches (src/scan/match-finder.ts): the module's one pass over the window for every type it
 * knows (several types, or one on the SIMD build but UUID v7: twice as fast as a type's own kernel on a dense log,
 * and it leaves its matches in the module's scan regions for the line kernel), else each type's kernel, the
 * matches, each with its type, then put back in those regions. Where the module is not the engine (WebAssembly
 * refused, or a file name too long for its line-parts region), each match goes to `ScanLines.write`, which writes
 * the same bytes. Most of a scan's time went on formatting its lines in JavaScript, and most of a short scan's on
 * warming that code up (bench/cli.mjs).
 */
import {
  batchEngine,
  canonicalCase,
  type FormatSpec,
  LOWER,
  type MatchFinder,
  matchFinder,
  SCAN_MATCHES,
  Scanner,
  scanShape,
  VisitingSearch,
  wasmScan,
  type WindowSearch,
} from "../internal.js";
import type { ByteWriter } from "./byte-writer.js";
import { type CommandWasmExports, commandWasm } from "./wasm-kernels.js";
import type { TimeWindow } from "./time-window.js";
import type { ScanLines } from "./scan-match-lines.js";

/** How assembly/command/scan-match-lines.ts writes an ID's letters. */
const AS_FOUND = 0;
const UPPER = 1;
const LOWER_CASE = 2;

/**
 * A scanner of `lines`' types that writes the line of each match within `window` to `writer` as `lines` formats
 * them, the stream starting on line `firstLine` at offset `firstOffset`.
 */
export function printingScanner(lines: ScanLines, writer: ByteWriter, window: TimeWindow, firstLine = 1, firstOffset = 0): Scanner {
  const { formats } = lines.targets;
  const wasm = commandWasm();
  if (wasm !== null && lineKernelTakes(wasm, lines)) {
    return new Scanner(formats, new WasmLineSearch(wasm, formats, lines, writer, window), firstLine, firstOffset);
  }
  const print = (matched: Uint8Array, at: number, length: number, offset: number, time: number, line: number, format: number): void => {
    if (time >= window.from && time < window.to) lines.write(matched, at, length, offset, time, line, format);
  };
  return new Scanner(formats, new VisitingSearch(matchFinder(batchEngine(), formats), true, print), firstLine, firstOffset);
}

/**
 * Whether the module's line kernel can write `lines`: their start and every type's key fit its line-parts region
 * together, and it prints that many types.
 */
export function lineKernelTakes(wasm: CommandWasmExports, lines: ScanLines): boolean {
  const parts = lines.start.length + lines.keys.reduce((sum, key) => sum + key.length, 0);
  return parts <= wasm.linePartsBytes() && lines.targets.formats.length <= wasm.scanMaxTypes();
}

export class WasmLineSearch implements WindowSearch {
  private readonly finder: MatchFinder;
  private readonly parts: Uint8Array;
  private readonly out: Uint8Array;
  /** The module's scan regions, where the line kernel reads the matches. */
  private readonly regions: { offsets: Uint32Array; times: Float64Array; lengths: Uint8Array; types: Uint8Array };

  constructor(
    private readonly x: CommandWasmExports,
    private readonly formats: readonly FormatSpec[],
    private readonly lines: ScanLines,
    private readonly writer: ByteWriter,
    private readonly window: TimeWindow,
  ) {
    const memory = x.memory.buffer;
    this.finder = matchFinder(wasmScan(x), formats);
    this.parts = new Uint8Array(memory, x.linePartsRegion(), x.linePartsBytes());
    this.out = new Uint8Array(memory, x.lineOutRegion(), x.lineOutBytes());
    this.regions = {
      offsets: new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES),
      times: new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES),
      lengths: new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES),
      types: new Uint8Array(memory, x.scanFormatRegion(), SCAN_MATCHES),
    };
  }

  load(window: Uint8Array): number {
    return this.finder.load(window);
  }

  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number {
    const { x, out } = this;
    const count = this.matches(window, before, atEnd, limit, base);
    // Set for every window: another scanner of this thread (another file's) may have set its own since.
    this.setUp();
    x.scanLinesWindow(line);
    let next = 0;
    do {
      next = x.scanLines(next, count, limit, base);
      this.writer.append(out.subarray(0, x.scanLinesLength()));
    } while (next < count);
    return x.scanLinesAt(limit);
  }

  /** Finds the window's matches, left in the module's scan regions with their types. */
  private matches(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number): number {
    const { finder, regions } = this;
    // The window is in the module's text region (`load`), where the kernels and the line kernel read it.
    const count = finder.find(window, before, atEnd, limit, base);
    if (!finder.inEngine) {
      regions.offsets.set(finder.offsets.subarray(0, count));
      regions.times.set(finder.times.subarray(0, count));
      regions.lengths.set(finder.lengths.subarray(0, count));
      regions.types.set(finder.formats.subarray(0, count));
    }
    return count;
  }

  /** Puts the lines' start and each type's key in the parts region and sets up the line kernel. */
  private setUp(): void {
    const { x, formats } = this;
    const { start, keys } = this.lines;
    this.parts.set(start);
    x.scanLinesSetup(start.length, formats.length, this.lines.json, this.window.from, this.window.to);
    let at = start.length;
    for (let type = 0; type < formats.length; type++) {
      const format = formats[type]!;
      const table = canonicalCase(format);
      const letters = table === null ? AS_FOUND : table === LOWER ? LOWER_CASE : UPPER;
      this.parts.set(keys[type]!, at);
      x.scanLinesType(type, at, keys[type]!.length, letters, scanShape(format).varies ? 0 : format.chars);
      at += keys[type]!.length;
    }
  }
}
