/**
 * Setup file of the `scalar` project (vitest.config.ts): before a suite's first use of the wasm engine, the loader
 * is handed the scalar (non-SIMD) build, the one a runtime without SIMD gets, so the public-API suites run on it.
 * Every other project runs on the SIMD build, which Node validates.
 */
import { getBackend } from "../../src/index.js";
import { SCALAR_WASM } from "../../src/wasm/generated.js";
import { useCompiledModule } from "../../src/wasm/load.js";

useCompiledModule(new WebAssembly.Module(Buffer.from(SCALAR_WASM, "latin1")), false);

const backend = getBackend();
if (backend.kind !== "wasm" || backend.simd) {
  throw new Error(`the scalar project runs on ${JSON.stringify(backend)}, not the scalar wasm build`);
}
