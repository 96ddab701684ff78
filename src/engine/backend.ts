/**
 * Which engine runs each call. Nothing happens at import: the WebAssembly engine is created on first use, so an
 * app that only mints single IDs never instantiates it under "auto".
 */
import { jsEngine } from "./js.js";
import { createWasmEngine } from "./wasm.js";
import { wasmUnavailableReason } from "../wasm/load.js";
import type { Engine, FormatCodec } from "./types.js";
import type { Format } from "../formats/codec.js";
import { mustBe, wasmUnavailable } from "../core/messages.js";

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
 * batches on WebAssembly wherever it loads, except string-array batches of the reading calls where TypeScript is
 * faster (`batchCodec`). "wasm": every call on WebAssembly, or WASM_UNAVAILABLE now.
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

/** `format`'s codec on `engine`: the engine's own, as the format adapts it, or the format's TypeScript codec. */
function codecOn(engine: Engine, format: Format): FormatCodec {
  // The TypeScript engine (the default for single IDs) keeps no table: its codec is the format's own, no lookup.
  if (engine.codecs === null || format.everyEngine === true) return format.jsCodec;
  const codec = engine.codecOf(format.spec);
  if (codec === null) return format.jsCodec;
  return format.adapt === undefined ? codec : format.adapt(codec);
}

/** A format's codec on the engine for a single-ID call. */
export function singleCodec(format: Format): FormatCodec {
  return codecOn(single, format);
}

/** A batch call that reads IDs: decodeMany, decodeTimeMany (a format's time fields) or validateMany. */
export type ReadingCall = "decode" | "time" | "validate";

/**
 * A format's codec on the engine for a batch call; `strings` names the reading call when its input is a string
 * array. The one exception to "batches on WebAssembly" under "auto" is a reading call of a string array that the
 * format runs on TypeScript (`Format.stringsOnTypeScript`). "wasm" and "js" force their engine whatever the call.
 */
export function batchCodec(format: Format, strings?: ReadingCall): FormatCodec {
  if (strings !== undefined && preference === "auto" && format.stringsOnTypeScript?.includes(strings)) return format.jsCodec;
  return codecOn(batchEngine(), format);
}
