/**
 * What the scanner (src/scan/scanner.ts) and the printers must know of a format scanning can find, beyond its spec:
 * its spec's scan hooks (`FormatSpec.scan`, src/engine/specs.ts). A format without them cannot be scanned for.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import type { scanTypeIdWindow } from "./js-scan-typeid.js";
import type { FormatSpec } from "./specs.js";

/**
 * A TypeScript scan kernel (js-scan-*.ts): the same search as the format's kernel in WebAssembly (its codec's `scan`
 * in assembly/), as `Engine.scanLoaded` describes it (whose arguments after the format are these).
 */
export type ScanKernel = typeof scanTypeIdWindow;

export interface ScanShape {
  /** The TypeScript engine's kernel. */
  readonly kernel: ScanKernel;
  /** The most bytes one match takes. */
  readonly maxBytes: number;
  /** Whether matches vary in length, so the kernel reports each one's; else each is `format.chars` long. */
  readonly varies: boolean;
  /** Whether `byte`, directly before a match's first byte, glues to it (then it is no match). */
  glues(byte: number): boolean;
  /** The letter case of a match's canonical text: `"found"` for a format found in its one case only (TypeID). */
  readonly letters: "upper" | "lower" | "found";
  /**
   * How a match's last `format.chars` characters pack into its 128-bit key, for counting distinct IDs: each byte's
   * digit value (0xFF for a byte that is no digit, such as a UUID's hyphens), `bits` each; `padBits`, when given,
   * are the last digit's low bits that pad the text and are no bits of the ID (an XID's 20 digits carry 96 bits and 4
   * of padding). Read this way, the ID's binary form is the key's last `format.bytes` bytes.
   */
  readonly digits: { readonly values: Uint8Array; readonly bits: number; readonly padBits?: number };
}

const UNDERSCORE = 0x5f;

/** Whether `byte` is an ASCII letter, digit or underscore: a byte of a word, as TypeID matches are words. */
export const isWordByte = (byte: number): boolean => byte === UNDERSCORE || isAsciiAlphanumeric(byte);

/** The scan hooks of a scannable format. */
export function scanShape(format: FormatSpec): ScanShape {
  if (format.scan === undefined) throw new Error(`internal: ${format.name} has no scan kernel`);
  return format.scan;
}

/** How far a scan's windows overlap: the most bytes one match of any of `formats` takes. */
export function scanOverlap(formats: readonly FormatSpec[]): number {
  return Math.max(...formats.map((format) => scanShape(format).maxBytes));
}
