/**
 * ulid-wasm: sortable IDs (ULID, Ulid-Flake, BaseUID, UUID v7) with a WebAssembly bulk engine and a pure TypeScript
 * engine behind one API. docs/api.md is the contract.
 */
export { UlidError, type UlidErrorCode } from "./core/errors.js";
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
} from "./formats/ulid-single.js";
export { monotonicFactory, type MonotonicOptions } from "./formats/ulid-monotonic.js";
export {
  generateMany,
  type GenerateManyOptions,
  encodeMany,
  encodeManyText,
  decodeMany,
  decodeTimeMany,
  validateMany,
  type DecodeManyOptions,
  type DecodeTimeManyOptions,
  type EncodeTextOptions,
  type CaseOptions,
} from "./formats/ulid-bulk.js";
export { setBackend, getBackend, type BackendKind } from "./engine/backend.js";
export { flake, type FlakeOptions, type FlakeDecodeOptions, type FlakeFields } from "./formats/flake.js";
export { baseuid, type BaseUidTime } from "./formats/baseuid.js";
export { uuidv7 } from "./formats/uuidv7.js";
export { ksuid } from "./formats/ksuid.js";
export { objectid, type ObjectId } from "./formats/objectid.js";
export { xid, type Xid, type XidOptions } from "./formats/xid.js";
export { tsid, type Tsid, type TsidOptions, type TsidEpochOptions } from "./formats/tsid.js";
export { snowflake, type Snowflake, type SnowflakeOptions, type SnowflakeEpochOptions } from "./formats/snowflake.js";
export { typeid } from "./formats/typeid.js";
export type { ParsedTypeId, PrefixOptions } from "./formats/typeid.js";
export { formats, type FormatKey } from "./formats/registry.js";
export type { IdText, Ulid, FlakeId, BaseUid, UuidV7, Ksuid, TypeId, IdSchema, IdSchemaResult } from "./formats/schema.js";
export type { EncodeTextOptions as FormatTextOptions } from "./formats/codec.js";
export type {
  ManyOptions as FormatManyOptions,
  MonotonicOptions as FormatMonotonicOptions,
  SourceOptions as FormatSourceOptions,
} from "./formats/generate.js";
export { scanText, scanStream, scanChunks, type ScanColumns, type ScanColumnsOptions, type ScanOptions, type ScannableFormat, type UlidMatch } from "./scan/find-ids.js";
export { decodeStream, decodeLines, type DecodeLinesOptions } from "./streams/decode-stream.js";
