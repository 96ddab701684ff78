/** The `ulid` command's WebAssembly module (assembly/command/index.ts: the library's kernels and the command's own). */
import { SCALAR_WASM, SIMD_WASM } from "../../src/wasm/generated-cli.js";
import { type LoadedWasm, instantiateBuild, useCompiledModule } from "../../src/wasm/load.js";

const COMMAND_BUILDS = { simd: SIMD_WASM, scalar: SCALAR_WASM };

/** A fresh, checked instance of the command's SIMD or scalar build. */
export function commandBuild(simd: boolean): LoadedWasm {
  return instantiateBuild(simd, COMMAND_BUILDS);
}

/**
 * Makes the engine of this test file load the command's SIMD module, as the command's bundle does (it embeds that
 * module in place of the library's: tsup.config.ts). Call it before first use.
 */
export function useCommandModule(): void {
  useCompiledModule(new WebAssembly.Module(Buffer.from(SIMD_WASM, "latin1")), true);
}
