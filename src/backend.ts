/**
 * Which engine runs each call. Nothing happens at import: the WebAssembly engine is created on first use, so an
 * app that only mints single IDs never instantiates it under "auto".
 */
import { jsEngine } from "./engine/js.js";
import { createWasmEngine } from "./engine/wasm.js";
import { wasmUnavailableReason } from "./wasm/load.js";
import type { Engine, FormatCodec } from "./engine/types.js";
import type { Format } from "./formats/codec.js";
import { mustBe, wasmUnavailable } from "./messages.js";

export type BackendKind = "auto" | "wasm" | "js";

let preference: BackendKind = "auto";
let wasmEngine: Engine | null | undefined;
/**
 * The engine for single-ID calls, set only by `setBackend`: the single-ID functions never reach the wasm loader
 * themselves, so a bundle that uses only them (and not `setBackend`) leaves the wasm engine and its embedded
 * binaries out (test/tree-shaking.test.ts).
 */
let single: Engine = jsEngine;

function loadedWasmEngine(): Engine | null {
  if (wasmEngine === undefined) wasmEngine = createWasmEngine();
  return wasmEngine;
}

/**
 * "auto" (default): single IDs on the TypeScript engine (crossing into WebAssembly costs as much as the work),
 * batches on WebAssembly wherever it loads. "wasm": every call on WebAssembly, or WASM_UNAVAILABLE now.
 * "js": every call on the pure TypeScript engine.
 */
export function setBackend(kind: BackendKind): void {
  if (kind !== "auto" && kind !== "wasm" && kind !== "js") throw mustBe("backend", '"auto", "wasm" or "js"', kind);
  if (kind === "wasm" && loadedWasmEngine() === null) throw wasmUnavailable(wasmUnavailableReason());
  preference = kind;
  single = kind === "wasm" ? (loadedWasmEngine() as Engine) : jsEngine;
}

/** The engine the bulk functions use now. */
export function getBackend(): { kind: "wasm" | "js"; simd: boolean } {
  const engine = batchEngine();
  return { kind: engine.kind, simd: engine.simd };
}

/** The engine for a batch call. */
export function batchEngine(): Engine {
  return preference === "js" ? jsEngine : (loadedWasmEngine() ?? jsEngine);
}

/** A format's codec on the engine for a single-ID call. */
export function singleCodec(format: Format): FormatCodec {
  return single.codecs?.[format.spec.name] ?? format.jsCodec;
}

/** A format's codec on the engine for a batch call. */
export function batchCodec(format: Format): FormatCodec {
  return batchEngine().codecs?.[format.spec.name] ?? format.jsCodec;
}
