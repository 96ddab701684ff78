/**
 * ulid-wasm: ULIDs (and, in time, other sortable IDs) with a WebAssembly bulk engine and a pure TypeScript
 * engine behind one API. See API.md for the contract.
 */
export { UlidError, type UlidErrorCode } from "./errors.js";
export {
  ulid,
  decodeTime,
  encodeTime,
  isValid,
  canonicalize,
  encode,
  decode,
  decodeInto,
  parse,
  ulidToUUID,
  uuidToULID,
  type ParsedUlid,
} from "./ulid.js";
export { monotonicFactory, type MonotonicOptions } from "./monotonic.js";
export { generateMany, type GenerateManyOptions } from "./generate-many.js";
export {
  encodeMany,
  encodeManyText,
  decodeMany,
  decodeTimeMany,
  validateMany,
  type EncodeTextOptions,
} from "./bulk.js";
export { setBackend, getBackend, type BackendKind } from "./backend.js";
export { flake, type FlakeOptions, type FlakeDecodeOptions, type FlakeFields } from "./formats/flake.js";
export { baseuid, type BaseUidTime } from "./formats/baseuid.js";
export { uuidv7 } from "./formats/uuidv7.js";
export type { EncodeTextOptions as FormatTextOptions } from "./formats/codec.js";
export type { ManyOptions as FormatManyOptions, SourceOptions as FormatSourceOptions } from "./formats/generate.js";
export { scanText, scanStream, scanChunks, type ScanOptions, type UlidMatch } from "./scan.js";
export { decodeStream, decodeLines, type DecodeLinesOptions } from "./decode-lines.js";
