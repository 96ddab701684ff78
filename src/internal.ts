/**
 * The one way into the library's internals, for the layers above it: the printer (src/printer/) and the `ulid`
 * command (src/cli/), which reach the library through the public entry (src/index.ts) and this module alone
 * (test/import-graph.test.ts holds them to it). It is no package export and no public API: what it names may
 * change with any release. Each name is here because the command or the printer works on the library's bytes
 * directly: chunked cores, the engine's codecs and kernels, alphabets' tables, the wording of messages.
 */

// The engines: the codec of a batch call, the loaded WebAssembly module, the scan kernels.
export { batchCodec, batchEngine, getBackend } from "./engine/backend.js";
export type { FormatCodec } from "./engine/types.js";
export { SCAN_BYTES, SCAN_MATCHES } from "./engine/types.js";
export { ULID, type FormatSpec, specNamed } from "./engine/specs.js";
export { scanShape } from "./engine/scan-shape.js";
export { wasmScan } from "./engine/wasm-scan.js";
export { readTime } from "./engine/js-ulid-text.js";
export { HEX_DECODE } from "./engine/js-uuidv7.js";
export {
  type WasmBinaries,
  type WasmExports,
  abiMismatch,
  checkRegions,
  compiledWasm,
  loadWasm,
  useCompiledModule,
  useWasmBinaries,
} from "./wasm/load.js";

// Formats as the machinery sees them.
export { formatOption } from "./formats/registry.js";
export type { Format } from "./formats/codec.js";
export { MAX_TIME } from "./core/time.js";
export { impossibleOffset, nonexistentTime, timeArgumentOutOfRange, unreadableTimeArgument } from "./core/messages.js";
export {
  DECODE_TABLE as CROCKFORD_DECODE_TABLE,
  ENCODE_TABLE as CROCKFORD_ENCODE_TABLE,
  INVALID as CROCKFORD_INVALID,
} from "./alphabets/crockford.js";
export { hex } from "./alphabets/uuid-hex.js";

// The chunked cores of streams and scanning.
export type { ChunkProcessor } from "./streams/stream-shapes.js";
export { LineDecoder, type RecordReader, utf8 } from "./streams/line-decoder.js";
export { lineDecoder } from "./streams/decode-stream.js";
export { Scanner, VisitingSearch, type MatchVisitor, type WindowSearch } from "./scan/scanner.js";
export { visitingScanner } from "./scan/find-ids.js";
export { scanFormats, scannableNames } from "./scan/scan-options.js";
export { matchFinder, type MatchFinder } from "./scan/match-finder.js";
export { LOWER, canonicalCase } from "./scan/match-text.js";
