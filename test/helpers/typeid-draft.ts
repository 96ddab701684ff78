/**
 * DRAFT until the TypeID spec entry (src/engine/specs.ts) lands: the fields the scanner reads of it (name, wasm
 * number, the suffix's 26 chars).
 */
import { type FormatName, type FormatSpec, ULID } from "../../src/engine/specs.js";

export const TYPEID_SCAN: FormatSpec = { ...ULID, name: "typeid" as FormatName, wasmId: 5, caseInsensitive: false };
