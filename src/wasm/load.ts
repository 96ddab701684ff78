import { SCALAR_WASM_BASE64, SIMD_WASM_BASE64 } from "./generated.js";

/** The exports of assembly/index.ts: kernels over fixed scratch regions (see assembly/layout.ts). */
export interface UlidWasmExports {
  /** Fixed size, never grows: views over it stay valid. */
  readonly memory: WebAssembly.Memory;
  /** IDs each region holds; kernels take at most this many. */
  chunkSize(): number;
  /** 16 bytes per ID. */
  binaryRegion(): number;
  /** 27 bytes per ID: 26 chars, then a separator. */
  textRegion(): number;
  /** One f64 per ID. */
  timeRegion(): number;
  /** One byte per ID. */
  flagRegion(): number;
  /** 10 bytes per ID. */
  randomRegion(): number;
  /** 16 bytes: one ID, the state of `increment`. */
  seedRegion(): number;
  /** Binary -> text: 26 chars per ID, then `separator` when it is >= 0 (stride 27), else stride 26. */
  encode(count: number, separator: number): void;
  /** Text records -> binary; -1 when all are valid, else the index of the first invalid record. */
  decode(count: number, textLength: number): number;
  /** Text records -> Unix ms in the time region; returns as `decode`. */
  decodeTime(count: number, textLength: number): number;
  /** Text records -> 1 (valid) or 0 in the flag region. */
  validate(count: number, textLength: number): void;
  /** Random region -> binary: ID i is `time` then random bytes [10i, 10i + 10). */
  stamp(count: number, time: number): void;
  /** Seed + 1, seed + 2, ... -> binary, stopping before the random part wraps; returns how many, updates the seed. */
  increment(count: number): number;
}

export interface LoadedWasm {
  readonly exports: UlidWasmExports;
  /** Whether this is the SIMD build. */
  readonly simd: boolean;
}

let loaded: LoadedWasm | null | undefined;
let failure: string | undefined;
let precompiled: { module: WebAssembly.Module; simd: boolean } | undefined;

/**
 * Makes `loadWasm` instantiate `module` instead of compiling the embedded binaries: for runtimes that refuse to
 * compile WebAssembly from bytes but compile a `.wasm` file the code imports as a module (Cloudflare workerd, through
 * src/workerd.ts). Call it before first use.
 */
export function useCompiledModule(module: WebAssembly.Module, simd: boolean): void {
  precompiled = { module, simd };
}

/**
 * The wasm module, instantiated on first use (synchronously: the binaries are embedded) and cached; the SIMD build
 * where the runtime validates it, else the scalar one. Null, for good, when WebAssembly is missing or refuses to
 * compile (a CSP without 'wasm-unsafe-eval', `node --jitless`): `wasmUnavailableReason` says why.
 */
export function loadWasm(): LoadedWasm | null {
  if (loaded === undefined) {
    try {
      if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available in this runtime");
      if (precompiled) {
        loaded = instantiateModule(precompiled.module, precompiled.simd);
      } else {
        const simdBytes = base64Bytes(SIMD_WASM_BASE64);
        loaded = WebAssembly.validate(simdBytes)
          ? instantiate(simdBytes, true)
          : instantiate(base64Bytes(SCALAR_WASM_BASE64), false);
      }
    } catch (error) {
      loaded = null;
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  return loaded;
}

/** Why `loadWasm` returned null (for a `WASM_UNAVAILABLE` message); undefined when it has not failed. */
export function wasmUnavailableReason(): string | undefined {
  return failure;
}

/** A fresh, uncached instance of one build; throws where it cannot load. For tests that cover both builds. */
export function instantiateBuild(simd: boolean): LoadedWasm {
  return instantiate(base64Bytes(simd ? SIMD_WASM_BASE64 : SCALAR_WASM_BASE64), simd);
}

function instantiate(bytes: Uint8Array<ArrayBuffer>, simd: boolean): LoadedWasm {
  return instantiateModule(new WebAssembly.Module(bytes), simd);
}

function instantiateModule(module: WebAssembly.Module, simd: boolean): LoadedWasm {
  const instance = new WebAssembly.Instance(module);
  return { exports: instance.exports as unknown as UlidWasmExports, simd };
}

/** Base64 -> bytes with `atob`, which every target runtime has (no Buffer). */
function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
