/**
 * `ulid scan`'s lines as the WebAssembly module writes them (assembly/command/scan-match-lines.ts): each window is searched and
 * its matches' lines written without a call into JavaScript per match, then copied out whole. Where the module is
 * not the engine (WebAssembly refused, or a file name too long for its line-start region), each match goes to
 * `ScanLines.write`, which writes the same bytes. Most of a scan's time went on formatting its lines in
 * JavaScript, and most of a short scan's on warming that code up (bench/cli.mjs).
 */
import { batchEngine, canonicalCase, type FormatSpec, LOWER, Scanner, scanShape, VisitingSearch, wasmSearch, type WindowSearch } from "../internal.js";
import type { ByteWriter } from "./byte-writer.js";
import { type CommandWasmExports, commandWasm } from "./wasm-kernels.js";
import type { TimeWindow } from "./time-window.js";
import type { ScanLines } from "./scan-match-lines.js";

/** How assembly/command/scan-match-lines.ts writes an ID's letters. */
const AS_FOUND = 0;
const UPPER = 1;
const LOWER_CASE = 2;

/**
 * A scanner of `format` that writes the line of each match within `window` to `writer` as `lines` formats them,
 * the stream starting on line `firstLine` at offset `firstOffset`.
 */
export function printingScanner(format: FormatSpec, lines: ScanLines, writer: ByteWriter, window: TimeWindow, firstLine = 1, firstOffset = 0): Scanner {
  const wasm = commandWasm();
  if (wasm !== null && lines.start.length + lines.key.length <= wasm.linePartsBytes()) {
    return new Scanner(format, new WasmLineSearch(wasm, format, lines, writer, window), firstLine, firstOffset);
  }
  const print = (matched: Uint8Array, at: number, length: number, offset: number, time: number, line: number): void => {
    if (time >= window.from && time < window.to) lines.write(matched, at, length, offset, time, line);
  };
  return new Scanner(format, new VisitingSearch(batchEngine(), format, true, print), firstLine, firstOffset);
}

export class WasmLineSearch implements WindowSearch {
  private readonly find: ReturnType<typeof wasmSearch>;
  private readonly parts: Uint8Array;
  private readonly out: Uint8Array;
  private readonly letters: number;
  /** Each match's length, or 0 when they vary (the kernel reports each one's). */
  private readonly chars: number;
  private readonly glues: (byte: number) => boolean;

  constructor(
    private readonly x: CommandWasmExports,
    private readonly format: FormatSpec,
    private readonly lines: ScanLines,
    private readonly writer: ByteWriter,
    private readonly window: TimeWindow,
  ) {
    this.find = wasmSearch(x);
    this.parts = new Uint8Array(x.memory.buffer, x.linePartsRegion(), x.linePartsBytes());
    this.out = new Uint8Array(x.memory.buffer, x.lineOutRegion(), x.lineOutBytes());
    const table = canonicalCase(format);
    this.letters = table === null ? AS_FOUND : table === LOWER ? LOWER_CASE : UPPER;
    const shape = scanShape(format);
    this.chars = shape.varies ? 0 : format.chars;
    this.glues = shape.glues;
  }

  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number {
    const { x, out } = this;
    const count = this.find(this.format, window, before >= 0 && this.glues(before), atEnd);
    // Set for every window: another scanner of this thread (another file's) may have set its own since.
    const { start, key } = this.lines;
    this.parts.set(start);
    this.parts.set(key, start.length);
    x.scanLinesSetup(start.length, key.length, this.lines.json, this.letters, this.chars, this.window.from, this.window.to);
    x.scanLinesWindow(line);
    let next = 0;
    do {
      next = x.scanLines(next, count, limit, base);
      this.writer.append(out.subarray(0, x.scanLinesLength()));
    } while (next < count);
    return x.scanLinesAt(limit);
  }
}
