/**
 * The `ulid` command's WebAssembly module: the library's kernels and the command's own (assembly/command/index.ts), built
 * and embedded apart from the library's (scripts/build-wasm.mjs), so a library user's bundle does not carry the
 * command's kernels. The command makes the engine load it (`useCommandWasm`) before anything else runs; its worker
 * threads get the compiled module from the main thread.
 */
import { batchEngine } from "../engine/backend.js";
import { CLI_SCALAR_WASM_BASE64, CLI_SIMD_WASM_BASE64 } from "../wasm/generated-cli.js";
import { type ScanLineKernels, type WasmExports, hasScanLineKernels, loadWasm, useEmbeddedBuilds } from "../wasm/load.js";

/** The command's module: the library's kernels and `ulid scan`'s line kernels (`ulid decode`'s reach it as `linesMany`). */
export type CommandWasmExports = WasmExports & ScanLineKernels;

/** Makes the engine load the command's module instead of the library's. */
export function useCommandWasm(): void {
  useEmbeddedBuilds(CLI_SIMD_WASM_BASE64, CLI_SCALAR_WASM_BASE64);
}

/**
 * The command's kernels, when the batch engine is the WebAssembly one and its module is the command's; else null,
 * and the command does the work in TypeScript.
 */
export function commandWasm(): CommandWasmExports | null {
  if (batchEngine().kind !== "wasm") return null;
  return commandExports(loadWasm()!.exports);
}

/** `x` as the command's module (its regions checked at load), or null when it is the library's. */
export function commandExports(x: WasmExports): CommandWasmExports | null {
  return hasScanLineKernels(x) ? x : null;
}
