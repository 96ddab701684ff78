/**
 * The canonical text of an ID found in bytes (scan matches, `ulid scan`): ULIDs upper case, UUIDs lower case.
 */
import { stringMaker } from "./engine/flat-string.js";
import type { FormatSpec } from "./engine/specs.js";

/** Byte -> the same byte with ASCII lower-case letters raised. */
export const UPPER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte));
/** Byte -> the same byte with ASCII upper-case letters lowered. */
export const LOWER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte));

/** The case table that makes a format's found text canonical. */
export function canonicalCase(format: FormatSpec): Uint8Array {
  return format.name === "uuidv7" ? LOWER : UPPER;
}

/** Makes the canonical string of a format's ID found at `window[at]`. */
export function tokenText(format: FormatSpec): (window: Uint8Array, at: number) => string {
  const table = canonicalCase(format);
  const chars = format.chars;
  const make = stringMaker(chars);
  const codes = new Uint8Array(chars);
  return (window, at) => {
    for (let i = 0; i < chars; i++) codes[i] = table[window[at + i]!]!;
    return make(codes, 0);
  };
}
