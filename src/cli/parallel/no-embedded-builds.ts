/**
 * The builds a worker thread of `ulid scan --jobs` embeds where the library embeds its own (tsup.config.ts resolves
 * the loader's ./generated.js here for the worker's bundle): none. A worker instantiates the module its parent
 * compiled (`useCompiledModule`, scan-worker.ts) and never compiles one of its own; should it try, the empty build
 * fails to compile and the worker runs on the TypeScript engine, which writes the same bytes.
 */
export const SIMD_WASM = "";
export const SCALAR_WASM = "";
