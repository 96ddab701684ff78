// The WebAssembly ABI of ulid-wasm (loaded and checked by src/wasm/load.ts, driven by src/engine/wasm-codec.ts and
// wasm-scan.ts). Kernels work on the fixed scratch regions of layout.ts and take only a format number and counts;
// the functions below give the regions' addresses. The memory is exported, fixed in size and never grows; nothing
// is imported and nothing allocates.

import { BINARY, CHUNK, FLAGS, PREFIX, RANDOM, SCAN_BYTES, SCAN_FORMATS, SCAN_LENGTHS, SCAN_LIST, SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES, SEED, TEXT, TIME } from "./layout";

export { formatPrefix } from "./typeid";
export { scanEscape } from "./scan-window";
export { scanMerged, scanMergedKnows } from "./scan-merged";
export { scanColumnLineRegion, scanColumnOffsetRegion, scanColumns, scanColumnsBytes, scanColumnsLine } from "./scan-columns";
export {
  formatAdvance,
  formatBytes,
  formatChars,
  formatCount,
  formatChunk,
  formatDecode,
  formatDecodeTime,
  formatEncode,
  formatStamp,
  formatValidate,
  scan,
} from "./formats";

/** IDs per kernel call: every region holds this many records. */
export function chunkSize(): i32 {
  return CHUNK;
}

export function binaryRegion(): usize {
  return BINARY;
}

export function textRegion(): usize {
  return TEXT;
}

export function timeRegion(): usize {
  return TIME;
}

export function flagRegion(): usize {
  return FLAGS;
}

export function randomRegion(): usize {
  return RANDOM;
}

export function seedRegion(): usize {
  return SEED;
}

/** TypeID's prefix of the next calls (63 bytes at most), announced by `formatPrefix`. */
export function prefixRegion(): usize {
  return PREFIX;
}

/** Bytes `scan` searches per call. */
export function scanBytes(): i32 {
  return SCAN_BYTES;
}

export function scanTextRegion(): usize {
  return SCAN_TEXT;
}

export function scanOffsetRegion(): usize {
  return SCAN_OFFSETS;
}

export function scanTimeRegion(): usize {
  return SCAN_TIMES;
}

export function scanLengthRegion(): usize {
  return SCAN_LENGTHS;
}

export function scanFormatRegion(): usize {
  return SCAN_FORMATS;
}

export function scanListRegion(): usize {
  return SCAN_LIST;
}
