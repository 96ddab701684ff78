/**
 * The engine over the WebAssembly kernels (assembly/): `wasm` is the loaded module (by default the shared, lazily
 * loaded one); null when WebAssembly cannot load. One codec per format, all over one set of scratch regions
 * (wasm-codec.ts), and the scanner (wasm-scan.ts).
 */
import { type LoadedWasm, loadWasm } from "../wasm/load.js";
import { FORMAT_SPECS } from "./specs.js";
import type { Engine, FormatCodecs } from "./types.js";
import { createRegions, createWasmCodec } from "./wasm-codec.js";
import { createWasmScan } from "./wasm-scan.js";

export function createWasmEngine(wasm: LoadedWasm | null = loadWasm()): Engine | null {
  if (wasm === null) return null;
  const x = wasm.exports;
  const regions = createRegions(x);
  return {
    kind: "wasm",
    simd: wasm.simd,
    codecs: Object.fromEntries(FORMAT_SPECS.map((spec) => [spec.name, createWasmCodec(spec, x, regions)])) as FormatCodecs,
    scanWindow: createWasmScan(wasm),
  };
}
