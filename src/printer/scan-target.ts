/**
 * What a printer needs of a format it finds in text: a scanner that hands over each match, how a match is written
 * canonically, and its 128-bit key for counting distinct IDs.
 */
import { canonicalCase, type FormatSpec, LOWER, type MatchVisitor, scanShape, visitingScanner } from "../internal.js";
import type { ByteWriter } from "./byte-writer.js";

export interface ScanTarget {
  /** The format's name: its type in the output. */
  readonly name: string;
  readonly format: FormatSpec;
  /** Writes the match at `at` in `window` (a view of the scan window), `length` bytes, in canonical form. */
  write(writer: ByteWriter, window: DataView, at: number, length: number): void;
  /**
   * Writes the match's 128 bits to `key` as four big-endian words (for counting distinct IDs): a TypeID's are its
   * UUID's, so TypeIDs of one UUID under different prefixes count once.
   */
  key(window: Uint8Array, at: number, length: number, key: Uint32Array): void;
}

/**
 * Packs the last `chars` digits of the match at `window[at]` (`length` bytes; the digits' values in `values`,
 * 0xFF for a separator such as a UUID's hyphens), `bits` each, into `key`, the last digit lowest, its `padBits` low
 * bits dropped. A ULID's (or TypeID suffix's) 26 digits make 130 bits whose top 2 are 0 (its first digit is 0-7),
 * so 128 fit; a UUID's 32 hex digits make 128; an XID's 20 make 96 and 4 of padding. The key's last bytes are then
 * the ID's binary form.
 */
function packDigits(values: Uint8Array, bits: number, chars: number, padBits: number) {
  return (window: Uint8Array, at: number, length: number, key: Uint32Array): void => {
    // Four variables, not an array destructured: that made an iterator and arrays in code not yet optimised, and on
    // a small log most of --stats runs before V8 optimises it (docs/performance.md, "`ulid scan --stats`").
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    const carry = 32 - bits;
    for (let i = at + length - chars; i < at + length; i++) {
      const value = values[window[i]!]!;
      if (value === 0xff) continue;
      a = (a << bits) | (b >>> carry);
      b = (b << bits) | (c >>> carry);
      c = (c << bits) | (d >>> carry);
      d = (d << bits) | value;
    }
    if (padBits > 0) {
      const carried = 32 - padBits;
      d = (d >>> padBits) | (c << carried);
      c = (c >>> padBits) | (b << carried);
      b = (b >>> padBits) | (a << carried);
      a >>>= padBits;
    }
    key[0] = a;
    key[1] = b;
    key[2] = c;
    key[3] = d;
  };
}

/**
 * What a printer scans for: one format or several, found in one pass (each match's format an index into
 * `targets`).
 */
export interface ScanTargets {
  readonly targets: readonly ScanTarget[];
  readonly formats: readonly FormatSpec[];
  /** The types as `--type` takes them: the names joined by commas. */
  readonly type: string;
  /** Whether more than one type is scanned: then each text line names its match's type. */
  readonly several: boolean;
  /** A scanner that hands each match to `visit`, lines not counted (`scan --stats`). */
  scanner(visit: MatchVisitor): { push(chunk: Uint8Array, final: boolean): void };
}

/** How the matches of scannable `formats` (in the order asked for) are found, written and counted. */
export function scanTargets(formats: readonly FormatSpec[]): ScanTargets {
  const names = formats.map((format) => format.name);
  return {
    targets: formats.map(scanTarget),
    formats,
    type: names.join(","),
    several: formats.length > 1,
    scanner: (visit) => visitingScanner(names, visit),
  };
}

/** How a scannable `format`'s matches are written and counted. */
function scanTarget(format: FormatSpec): ScanTarget {
  const table = canonicalCase(format);
  const lower = table === LOWER;
  const { values, bits, padBits = 0 } = scanShape(format).digits;
  return {
    name: format.name,
    format,
    // A format found in its one case only (TypeID) is copied as found.
    write:
      table === null
        ? (writer, window, at, length) => writer.asciiText(window, at, length)
        : (writer, window, at) => writer.id(window, at, format.chars, lower),
    key: packDigits(values, bits, format.chars, padBits),
  };
}
