/**
 * What the command's bundles embed where the library embeds its WebAssembly builds (tsup.config.ts resolves the
 * loader's ./generated.js here for them): none. The command reads its own module from the files beside it
 * (command-wasm-files.ts), and a worker thread of `ulid scan --jobs` instantiates the module its parent compiled
 * (`useCompiledModule`, scan-worker.ts); should a worker try to compile one of its own, the empty build fails to
 * compile and it runs on the TypeScript engine, which writes the same bytes.
 */
export const SIMD_WASM = "";
export const SCALAR_WASM = "";
