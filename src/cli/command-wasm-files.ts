/**
 * The command's WebAssembly module (assembly/command/index.ts: the library's kernels and the command's own), read
 * from the files the build copies beside its bundle (dist/cli.simd.wasm and dist/cli.scalar.wasm, tsup.config.ts)
 * when the engine first loads. Reading a file is cheaper at every start than an embedded build: the bundle's
 * compile (or its compile cache) skips ~160 kB of string literals, and the bytes need no decoding.
 */
import { readFileSync } from "node:fs";
import type { WasmBinaries } from "../internal.js";

/** One build's bytes (`build`: "simd" or "scalar"). */
function readBuild(build: string): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(new URL(`./cli.${build}.wasm`, import.meta.url));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;
}

export const COMMAND_BINARIES: WasmBinaries = { simd: () => readBuild("simd"), scalar: () => readBuild("scalar") };
