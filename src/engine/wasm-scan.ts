/** The WebAssembly engine's `scanWindow`: assembly/formats.ts, `scan` over its fixed regions (assembly/layout.ts). */
import type { LoadedWasm, WasmExports } from "../wasm/load.js";
import type { FormatSpec } from "./specs.js";
import { scanShape } from "./scan-shape.js";
import { SCAN_BYTES, SCAN_MATCHES, type Engine } from "./types.js";

/**
 * The search of one window by the module's kernel (assembly/formats.ts, `scan`), its matches left in the module's scan regions:
 * returns how many. The views are built once (the memory never grows; load.ts checks sizes).
 */
export function wasmSearch(x: WasmExports): (format: FormatSpec, input: Uint8Array, glued: boolean, atEnd: boolean) => number {
  const text = new Uint8Array(x.memory.buffer, x.scanTextRegion(), SCAN_BYTES);
  return (format, input, glued, atEnd) => {
    text.set(input);
    return x.scan(format.wasmId, input.length, glued, atEnd);
  };
}

/** `scanWindow` over one loaded module: `wasmSearch`, its matches copied out. */
export function createWasmScan(wasm: LoadedWasm): Engine["scanWindow"] {
  return wasmScanWindow(wasm.exports);
}

/** `scanWindow` over a module's exports. */
export function wasmScanWindow(x: WasmExports): Engine["scanWindow"] {
  const memory = x.memory.buffer;
  const search = wasmSearch(x);
  const offsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);
  const lengths = new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES);

  return (format, input, glued, atEnd, offsetsOut, timesOut, lengthsOut) => {
    const count = search(format, input, glued, atEnd);
    offsetsOut.set(offsets.subarray(0, count));
    timesOut.set(times.subarray(0, count));
    if (scanShape(format).varies) lengthsOut.set(lengths.subarray(0, count));
    return count;
  };
}
