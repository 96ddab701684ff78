/** The WebAssembly engine's `scanWindow`: assembly/scan.ts over its fixed regions (assembly/layout.ts). */
import type { LoadedWasm } from "../wasm/load.js";
import { scanShape } from "./scan-shape.js";
import { SCAN_BYTES, SCAN_MATCHES, type Engine } from "./types.js";

/** `scanWindow` over one loaded module; the views are built once (the memory never grows; load.ts checks sizes). */
export function createWasmScan(wasm: LoadedWasm): Engine["scanWindow"] {
  const x = wasm.exports;
  const memory = x.memory.buffer;
  const text = new Uint8Array(memory, x.scanTextRegion(), SCAN_BYTES);
  const offsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);
  const lengths = new Uint8Array(memory, x.scanLengthRegion(), SCAN_MATCHES);

  return (format, input, glued, atEnd, offsetsOut, timesOut, lengthsOut) => {
    text.set(input);
    const count = x.scan(format.wasmId, input.length, glued, atEnd);
    offsetsOut.set(offsets.subarray(0, count));
    timesOut.set(times.subarray(0, count));
    if (scanShape(format).varies) lengthsOut.set(lengths.subarray(0, count));
    return count;
  };
}
