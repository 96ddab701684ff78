/**
 * The engine over the WebAssembly kernels (assembly/): `wasm` is the loaded module (by default the shared, lazily
 * loaded one); null when WebAssembly cannot load. One codec per format, all over one set of scratch regions
 * (wasm-codec.ts), and the scanner (wasm-scan.ts).
 */
import { type LoadedWasm, loadWasm } from "../wasm/load.js";
import { FORMAT_SPECS, type FormatName, type FormatSpec } from "./specs.js";
import type { Engine, FormatCodec, FormatCodecs } from "./types.js";
import { createRegions, createWasmCodec } from "./wasm-codec.js";
import { createWasmScan } from "./wasm-scan.js";

export function createWasmEngine(wasm: LoadedWasm | null = loadWasm()): Engine | null {
  if (wasm === null) return null;
  const x = wasm.exports;
  const regions = createRegions(x);
  // Each format's codec, made on first use: a run that uses two formats (a scan uses none) is spared making the other
  // eight (0.3-0.6 ms at start).
  const made: Partial<Record<FormatName, FormatCodec>> = {};
  const codecOfFormat = (spec: FormatSpec): FormatCodec => (made[spec.name] ??= createWasmCodec(spec, x, regions));
  const codecs = {} as FormatCodecs;
  for (const spec of FORMAT_SPECS) Object.defineProperty(codecs, spec.name, { enumerable: true, get: () => codecOfFormat(spec) });
  // TypeID's codecs of other prefixes, one per spec object (the format layer keeps a bounded set of them).
  const prefixed = new WeakMap<FormatSpec, FormatCodec>();
  return {
    kind: "wasm",
    simd: wasm.simd,
    codecs,
    codecOf(spec) {
      if (FORMAT_SPECS[spec.wasmId] === spec) return codecOfFormat(spec);
      let codec = prefixed.get(spec);
      if (codec === undefined) {
        codec = createWasmCodec(spec, x, regions);
        prefixed.set(spec, codec);
      }
      return codec;
    },
    ...createWasmScan(wasm),
  };
}
