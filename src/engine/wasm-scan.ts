/** The WebAssembly engine's `scanWindow`: assembly/scan.ts over its fixed regions (assembly/layout.ts). */
import type { LoadedWasm } from "../wasm/load.js";
import { SCAN_BYTES, SCAN_MATCHES, type Engine } from "./types.js";

/** The exports of assembly/scan.ts and its regions' addresses (assembly/index.ts). */
interface ScanExports {
  /** Bytes the text region holds: SCAN_BYTES. */
  scanBytes(): number;
  scanTextRegion(): number;
  /** SCAN_MATCHES u32 offsets. */
  scanOffsetRegion(): number;
  /** SCAN_MATCHES f64 Unix ms. */
  scanTimeRegion(): number;
  /** Searches text region [0, length); returns the number of matches written to the offset and time regions. */
  scan(length: number, afterAlnum: boolean, atEnd: boolean): number;
}

/** `scanWindow` over one loaded module; the views are built once (the memory never grows). */
export function createWasmScan(wasm: LoadedWasm): Engine["scanWindow"] {
  const x = wasm.exports as unknown as ScanExports;
  if (x.scanBytes() !== SCAN_BYTES) {
    throw new Error(`internal: the wasm scan region holds ${x.scanBytes()} bytes, the engine expects ${SCAN_BYTES}`);
  }
  const memory = wasm.exports.memory.buffer;
  const text = new Uint8Array(memory, x.scanTextRegion(), SCAN_BYTES);
  const offsets = new Uint32Array(memory, x.scanOffsetRegion(), SCAN_MATCHES);
  const times = new Float64Array(memory, x.scanTimeRegion(), SCAN_MATCHES);

  return (input, afterAlnum, atEnd, offsetsOut, timesOut) => {
    text.set(input);
    const count = x.scan(input.length, afterAlnum, atEnd);
    offsetsOut.set(offsets.subarray(0, count));
    timesOut.set(times.subarray(0, count));
    return count;
  };
}
