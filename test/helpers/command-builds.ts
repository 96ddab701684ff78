/** The `ulid` command's WebAssembly module (assembly/command/index.ts: the library's kernels and the command's own). */
import { readFileSync } from "node:fs";
import { type LoadedWasm, type WasmBinaries, instantiateBuild, useCompiledModule } from "../../src/wasm/load.js";

/** The binaries scripts/build-wasm.mjs wrote (build/cli.<target>.wasm), which the build copies beside the command. */
function commandBinary(build: "simd" | "scalar"): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(new URL(`../../build/cli.${build}.wasm`, import.meta.url)));
}

const COMMAND_BUILDS: WasmBinaries = { simd: () => commandBinary("simd"), scalar: () => commandBinary("scalar") };

/** A fresh, checked instance of the command's SIMD or scalar build. */
export function commandBuild(simd: boolean): LoadedWasm {
  return instantiateBuild(simd, COMMAND_BUILDS);
}

/**
 * Makes the engine of this test file load the command's SIMD module, as the command does (it reads that module in
 * place of the library's: src/cli/command-wasm-files.ts). Call it before first use.
 */
export function useCommandModule(): void {
  useCompiledModule(new WebAssembly.Module(commandBinary("simd")), true);
}
