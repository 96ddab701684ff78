/**
 * The canonical text of an ID found in bytes (scan matches, `ulid scan`): ULIDs upper case, UUIDs lower case,
 * TypeIDs as found (the scanner finds them in lower case only, their one form).
 */
import { stringMaker } from "../engine/flat-string.js";
import { scanShape } from "../engine/scan-shape.js";
import type { FormatSpec } from "../engine/specs.js";

/** Byte -> the same byte with ASCII lower-case letters raised. */
export const UPPER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte));
/** Byte -> the same byte with ASCII upper-case letters lowered. */
export const LOWER = Uint8Array.from({ length: 256 }, (_, byte) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte));

/** The case table that makes a format's found text canonical (a format found in one case only: null). */
export function canonicalCase(format: FormatSpec): Uint8Array | null {
  const { letters } = scanShape(format);
  return letters === "found" ? null : letters === "lower" ? LOWER : UPPER;
}

/** Makes the canonical string of a format's ID found at `window[at]`, `length` bytes long. */
export function tokenText(format: FormatSpec): (window: Uint8Array, at: number, length: number) => string {
  const table = canonicalCase(format);
  if (table === null) {
    // Up to 90 bytes as arguments: a flat string in one step (flat-string.ts).
    return (window, at, length) => String.fromCharCode.apply(null, window.subarray(at, at + length) as unknown as number[]);
  }
  const chars = format.chars;
  const make = stringMaker(chars);
  const codes = new Uint8Array(chars);
  return (window, at) => {
    for (let i = 0; i < chars; i++) codes[i] = table[window[at + i]!]!;
    return make(codes, 0);
  };
}
