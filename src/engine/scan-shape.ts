/**
 * What the scanner (src/scan/scanner.ts) must know of a scannable format's matches beyond its spec: how long one can be
 * (windows overlap by that much), whether lengths vary (then the kernel reports each one's), and which byte before
 * a match glues to it. ULID and UUID v7 matches are their fixed text, not glued to an ASCII letter or digit. A
 * TypeID match is a whole word of ASCII letters, digits and underscores (assembly/scan-typeid.ts): its optional
 * prefix makes it 26 to 90 bytes, and an underscore before it glues too.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { type FormatSpec, MAX_PREFIX, TYPEID } from "./specs.js";

export interface ScanShape {
  /** The most bytes one match takes. */
  readonly maxBytes: number;
  /** Whether matches vary in length, so the kernel reports each one's; else each is `format.chars` long. */
  readonly varies: boolean;
  /** Whether `byte`, directly before a match's first byte, glues to it (then it is no match). */
  glues(byte: number): boolean;
}

const UNDERSCORE = 0x5f;

/** Whether `byte` is an ASCII letter, digit or underscore: a byte of a word, as TypeID matches are words. */
export const isWordByte = (byte: number): boolean => byte === UNDERSCORE || isAsciiAlphanumeric(byte);

export function scanShape(format: FormatSpec): ScanShape {
  if (format.name === "typeid") {
    // prefix, "_", suffix (TYPEID's chars: a spec with a prefix counts it in its own)
    return { maxBytes: MAX_PREFIX + 1 + TYPEID.chars, varies: true, glues: isWordByte };
  }
  return { maxBytes: format.chars, varies: false, glues: isAsciiAlphanumeric };
}

/** How far a scan's windows overlap: the most bytes one match of any of `formats` takes. */
export function scanOverlap(formats: readonly FormatSpec[]): number {
  return Math.max(...formats.map((format) => scanShape(format).maxBytes));
}
