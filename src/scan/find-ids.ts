/**
 * Finding IDs in arbitrary text: logs, JSON, CSV, URLs. A ULID match is a token of 26 characters of the canonical
 * alphabet in either case (no I/L/O aliases, no U: machines write IDs canonically, and aliases would turn ordinary
 * words into matches) with no ASCII letter or digit directly before or after it, and valid: its first character
 * is 0-7. A UUID v7 match is 8-4-4-4-12 hex in either case, version 7 and the RFC variant, likewise not glued to a
 * letter or digit. A TypeID match is a whole word of ASCII letters, digits and underscores that is a TypeID as
 * written, its prefix included (assembly/scan-typeid.ts). Terminal escape sequences (colours) are borders, not
 * letters (terminal-escapes.ts). Ulid-Flakes, BaseUIDs and KSUIDs cannot be told from ordinary words and numbers, so they
 * are refused.
 * The engine does the search (WebAssembly, or the TypeScript fallback).
 */
import { checkOptions, plainBytes } from "../core/arguments.js";
import { batchEngine } from "../engine/backend.js";
import { type ChunkProcessor, type WebTransformStream, processChunks, processorStream } from "../streams/stream-shapes.js";
import type { FormatSpec } from "../engine/specs.js";
import { formatOption, type FormatKey } from "../formats/registry.js";
import { optionMustBe, unscannableFormat } from "../core/messages.js";
import { type MatchVisitor, Scanner, VisitingSearch } from "./scanner.js";
import { tokenText } from "./match-text.js";

export interface UlidMatch {
  /** The ID in canonical form (ULID upper case, UUID lower case, TypeID as found: prefix, "_" and suffix). */
  id: string;
  /** Byte offset of its first character from the start of the text or stream. */
  offset: number;
  /** Its time, in Unix ms. */
  time: number;
  /** 1-based line number (lines end with "\n"), when scanning with `lines: true`. */
  line?: number;
}

export interface ScanOptions {
  /** The format to find: "ulid" (default), "uuidv7" or "typeid". */
  format?: FormatKey;
  /** Give each match its 1-based line number (default false: counting lines costs a pass over the text). */
  lines?: boolean;
}

/** A `Scanner` that makes match objects: one array per chunk that completes any. */
class MatchCollector implements ChunkProcessor<UlidMatch[]> {
  private matches: UlidMatch[] = [];
  private readonly scanner: Scanner;

  constructor(format: FormatSpec, lines: boolean) {
    const text = tokenText(format);
    // One object literal per mode, so every match of a scan has the same shape.
    this.scanner = new Scanner(
      format,
      new VisitingSearch(
        batchEngine(),
        format,
        lines,
        lines
          ? (window, at, length, offset, time, line) => this.matches.push({ id: text(window, at, length), offset, time, line })
          : (window, at, length, offset, time) => this.matches.push({ id: text(window, at, length), offset, time }),
      ),
    );
  }

  push(chunk: Uint8Array, final: boolean, emit: (matches: UlidMatch[]) => void): void {
    this.scanner.push(chunk, final);
    if (this.matches.length === 0) return;
    emit(this.matches);
    this.matches = [];
  }
}

/** The spec of a scannable format; INVALID_ARGUMENT, saying why, for the others. */
export function scannableFormat(name: unknown): FormatSpec {
  const { spec } = formatOption(name);
  if (spec.name === "ulid" || spec.name === "uuidv7" || spec.name === "typeid") return spec;
  throw unscannableFormat(spec.name);
}

function collector(options: ScanOptions | undefined): MatchCollector {
  const { lines = false, format } = checkOptions(options);
  if (typeof lines !== "boolean") throw optionMustBe("lines", "a boolean", lines);
  return new MatchCollector(scannableFormat(format), lines);
}

/** Every ID of the format (default ULID) in `text` (bytes, e.g. UTF-8), in order of offset. */
export function scanText(text: Uint8Array, options?: ScanOptions): UlidMatch[] {
  const bytes = plainBytes(text, "text");
  let matches: UlidMatch[] = [];
  collector(options).push(bytes, true, (found) => {
    matches = found;
  });
  return matches;
}

/**
 * A TransformStream from byte chunks to arrays of matches (one array per chunk that completes any): IDs and lines
 * split across chunks are found as in one piece, with offsets from the start of the stream.
 */
export function scanStream(options?: ScanOptions): WebTransformStream<Uint8Array, UlidMatch[]> {
  return processorStream(collector(options));
}

/** The matches in an (async) iterable of byte chunks, such as a Node.js readable stream, as `scanStream` gives them. */
export function scanChunks(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: ScanOptions,
): AsyncGenerator<UlidMatch[], void, undefined> {
  return processChunks(source, collector(options));
}

/**
 * A scanner of `format` on the batch engine that hands each match to `visit` with the window holding it, lines not
 * counted: no object per match (`ulid scan --stats`).
 */
export function visitingScanner(format: unknown, visit: MatchVisitor): Scanner {
  const spec = scannableFormat(format);
  return new Scanner(spec, new VisitingSearch(batchEngine(), spec, false, visit));
}
