/** The `ulid` command's WebAssembly module (assembly/command/index.ts: the library's kernels and the command's own), a build. */
import { CLI_SCALAR_WASM_BASE64, CLI_SIMD_WASM_BASE64 } from "../../src/wasm/generated-cli.js";
import { type LoadedWasm, instantiateBuild } from "../../src/wasm/load.js";

/** A fresh, checked instance of the command's SIMD or scalar build. */
export function commandBuild(simd: boolean): LoadedWasm {
  return instantiateBuild(simd, { simd: CLI_SIMD_WASM_BASE64, scalar: CLI_SCALAR_WASM_BASE64 });
}
