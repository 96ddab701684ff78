/**
 * The `ulid` command's WebAssembly module: the library's kernels and the command's own (assembly/cli.ts), built
 * and embedded apart from the library's (scripts/build-wasm.mjs), so a library user's bundle does not carry the
 * command's kernels. The command makes the engine load it (`useCommandWasm`) before anything else runs; its worker
 * threads get the compiled module from the main thread.
 */
import { batchEngine } from "../backend.js";
import { CLI_SCALAR_WASM_BASE64, CLI_SIMD_WASM_BASE64 } from "../wasm/generated-cli.js";
import { type WasmExports, loadWasm, useEmbeddedBuilds } from "../wasm/load.js";

/** The command's kernels, beside the library's. */
export interface CommandWasmExports extends WasmExports {
  // ---- `ulid scan`'s output lines from the scan regions' matches (assembly/scan-lines.ts) ----
  /** Where a line's start and then its key go, `linePartsBytes()` bytes in all. */
  linePartsRegion(): number;
  linePartsBytes(): number;
  /** Where `scanLines` writes, `lineOutBytes()` bytes (the text region: scans and codec calls never interleave). */
  lineOutRegion(): number;
  lineOutBytes(): number;
  /**
   * The lines of the next windows: a start of `start` bytes and a key of `key` bytes in the parts region, JSON or
   * text, letters as found (0), raised (1) or lowered (2), IDs of `chars` bytes (0: the length region's), times
   * [from, to). False when the parts do not fit.
   */
  scanLinesSetup(start: number, key: number, json: boolean, letters: number, chars: number, from: number, to: number): boolean;
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

/** Makes the engine load the command's module instead of the library's. */
export function useCommandWasm(): void {
  useEmbeddedBuilds(CLI_SIMD_WASM_BASE64, CLI_SCALAR_WASM_BASE64);
}

/**
 * The command's kernels, when the batch engine is the WebAssembly one and its module is the command's (its regions
 * checked to fit the memory); else null, and the command does the work in TypeScript.
 */
export function commandWasm(): CommandWasmExports | null {
  if (batchEngine().kind !== "wasm") return null;
  return commandExports(loadWasm()!.exports);
}

/** `x` as the command's module, or null when it is the library's or its command regions do not fit its memory. */
export function commandExports(x: WasmExports): CommandWasmExports | null {
  if (!("scanLines" in x)) return null;
  const command = x as CommandWasmExports;
  const memory = x.memory.buffer.byteLength;
  const fits = (at: number, size: number): boolean => at + size <= memory;
  return fits(command.linePartsRegion(), command.linePartsBytes()) && fits(command.lineOutRegion(), command.lineOutBytes()) ? command : null;
}
