/**
 * The command's own WebAssembly kernels (assembly/command/): `ulid decode`'s line kernel (decode-lines.ts) and
 * `ulid scan`'s (scan-match-lines.ts). They live in the command's module, built beside the library's kernels
 * (scripts/build-wasm.mjs) and embedded by the command alone, so the library neither carries nor describes them:
 * their ABI is described and checked here, apart from the library's (src/wasm/load.ts). The command's bundle
 * embeds its module in place of the library's (tsup.config.ts), so the engine loads it; its worker threads get the
 * compiled module from the main thread.
 */
import { abiMismatch, checkRegions, getBackend, loadWasm, type WasmExports } from "../internal.js";

const mismatch = abiMismatch("the command's WebAssembly build", "the command");

/** `ulid decode`'s line kernels (assembly/command/decode-lines.ts), driven by wasm-decode-lines.ts. */
export interface DecodeLineKernels {
  /** Bytes of the lines region: what one `ulidLines` call may write. */
  linesBytes(): number;
  linesRegion(): number;
  /** `chunkSize()` u32 line ends. */
  lineEndRegion(): number;
  /** The start piece of every line, up to LINE_START_BYTES. */
  pieceRegion(): number;
  /** Bytes of each of the LINE_SUFFIX_SLOTS suffix slots. */
  suffixBytes(): number;
  suffixRegion(): number;
  /** Takes the start piece (`length` bytes in the piece region) and forgets every suffix; false when over 16. */
  lineStart(length: number): boolean;
  /**
   * ULID text records `from` to `count` - 1, while the lines region has room and each record's time has its suffix
   * -> 1 or 0 per record in the flag region, a line per valid one in the lines region (from its start), and `base`
   * plus the bytes written so far per record in the line end region. Returns the record it stopped before (`count`
   * when done).
   */
  ulidLines(count: number, textLength: number, from: number, base: number): number;
  /** The first invalid record of the last `ulidLines` call, or -1. */
  lineFirstInvalid(): number;
  /** The slot whose suffix the last `ulidLines` call stopped for (-1: none), and the time it is for. */
  lineNeedSlot(): number;
  lineNeedTime(): number;
  /** That slot's suffix is written, `length` bytes. */
  lineSuffixBuilt(length: number): void;
}

/**
 * `ulid scan`'s line kernels (assembly/command/scan-match-lines.ts), which write the lines of the scan regions'
 * matches (driven by wasm-scan-match-lines.ts), and its newline counter (`scan --jobs`).
 */
export interface ScanLineKernels {
  /** Where a line's start and then its key go, `linePartsBytes()` bytes in all. */
  linePartsRegion(): number;
  linePartsBytes(): number;
  /** Where `scanLines` writes, `lineOutBytes()` bytes (the text region: scans and codec calls never interleave). */
  lineOutRegion(): number;
  lineOutBytes(): number;
  /**
   * The lines of the next windows: a start of `start` bytes at the parts region's start, `types` types (each set
   * with `scanLinesType`; with more than one, the types region gives each match's), JSON or text, times [from, to).
   * False when the start does not fit or the types are not 1 to `scanMaxTypes()`.
   */
  scanLinesSetup(start: number, types: number, json: boolean, from: number, to: number): boolean;
  /**
   * Type `type`'s lines: its key is `key` bytes of the parts region from `keyAt`, its letters as found (0), raised
   * (1) or lowered (2), its IDs `chars` bytes (0: the length region's). False when the key is not in the region.
   */
  scanLinesType(type: number, keyAt: number, key: number, letters: number, chars: number): boolean;
  /** The most types one scan prints. */
  scanMaxTypes(): number;
  /** Starts a window on line `first`. */
  scanLinesWindow(first: number): void;
  /**
   * Writes the lines of matches `from` to `count` - 1 before byte `limit` (the window at stream offset `base`) to
   * the output region; returns `count`, or the match to go on from once the region is full.
   */
  scanLines(from: number, count: number, limit: number, base: number): number;
  /** Bytes the last `scanLines` wrote. */
  scanLinesLength(): number;
  /** The line of the window's byte `end`. */
  scanLinesAt(end: number): number;
  /** The newlines in the scan text region's first `length` bytes. */
  scanNewlines(length: number): number;
}

/** The command's module: the library's kernels and the command's own. */
export type CommandWasmExports = WasmExports & DecodeLineKernels & ScanLineKernels;

/** The longest start of a decoded line (the size of the piece region). */
export const LINE_START_BYTES = 16;
/**
 * The longest suffix of a decoded line, the size of a suffix slot (whole 16-byte steps, as the kernel copies them):
 * room for three pieces of 16 bytes around a Unix ms and an ISO time (92). JSON's takes 64.
 */
export const MAX_SUFFIX_BYTES = 96;
/** Suffixes the decode line kernel keeps, each in the slot of its time's low 6 bits. */
export const LINE_SUFFIX_SLOTS = 64;

/**
 * The command's kernels, when the batch engine is the WebAssembly one and its module is the command's; else null,
 * and the command does the work in TypeScript.
 */
export function commandWasm(): CommandWasmExports | null {
  if (getBackend().kind !== "wasm") return null;
  return commandExports(loadWasm()!.exports);
}

/** Modules whose command regions `commandExports` has checked. */
const checked = new WeakSet<WasmExports>();

/**
 * `x` as the command's module, or null when it is the library's. Its regions are checked the first time: the
 * module and this side are built separately, and a mismatch would read and write wrong bytes.
 */
export function commandExports(x: WasmExports): CommandWasmExports | null {
  if (!("ulidLines" in x && "scanLines" in x)) return null;
  const command = x as CommandWasmExports;
  if (!checked.has(x)) {
    checkCommandAbi(command);
    checked.add(x);
  }
  return command;
}

/** Throws unless the command's regions are the sizes this side assumes and lie within the module's memory. */
function checkCommandAbi(x: CommandWasmExports): void {
  if (x.suffixBytes() !== MAX_SUFFIX_BYTES) throw mismatch("the bytes of a line suffix slot", x.suffixBytes(), MAX_SUFFIX_BYTES);
  const chunk = x.chunkSize();
  const regions: [string, number, number][] = [
    ["lines", x.linesRegion(), x.linesBytes()],
    ["line end", x.lineEndRegion(), 4 * chunk],
    ["piece", x.pieceRegion(), LINE_START_BYTES],
    ["suffix", x.suffixRegion(), LINE_SUFFIX_SLOTS * x.suffixBytes()],
    ["line parts", x.linePartsRegion(), x.linePartsBytes()],
    ["line output", x.lineOutRegion(), x.lineOutBytes()],
  ];
  checkRegions(regions, x.memory.buffer.byteLength, mismatch);
}
