/**
 * Finding IDs in arbitrary text: logs, JSON, CSV, URLs. A ULID match is a token of 26 characters of the canonical
 * alphabet in either case (no I/L/O aliases, no U: machines write IDs canonically, and aliases would turn ordinary
 * words into matches) with no ASCII letter or digit directly before or after it, and valid: its first character
 * is 0-7. A UUID v7 match is 8-4-4-4-12 hex in either case, version 7 and the RFC variant, likewise not glued to a
 * letter or digit. A TypeID match is a whole word of ASCII letters, digits and underscores that is a TypeID as
 * written, its prefix included (assembly/scan-typeid.ts). Terminal escape sequences (colours) are borders, not
 * letters (terminal-escapes.ts). Ulid-Flakes, BaseUIDs and KSUIDs cannot be told from ordinary words and numbers, so they
 * are refused.
 * Several formats are found in one pass, each span of text once (match-finder.ts); a string is scanned as one byte
 * per UTF-16 code unit, so offsets count code units. The engine does the search (WebAssembly, or the TypeScript
 * fallback).
 */
import { isUint8Array, unsharedBytes } from "../core/arguments.js";
import { batchEngine } from "../engine/backend.js";
import { type ChunkProcessor, type WebTransformStream, processChunks, processorStream } from "../streams/stream-shapes.js";
import { mustBe } from "../core/messages.js";
import { type MatchVisitor, Scanner, VisitingSearch, onlyPlausible } from "./scanner.js";
import { ColumnCollector, type ScanColumns } from "./match-columns.js";
import { matchFinder, wholeScanFinder } from "./match-finder.js";
import { SCAN_BYTES } from "../engine/types.js";
import { tokenText } from "./match-text.js";
import { type ScanOptions, type ScanRequest, type ScannableFormat, scanFormats, scanRequest } from "./scan-options.js";

export type { ScanColumns, ScanOptions, ScannableFormat };

/** Options that ask for columnar results. */
export type ScanColumnsOptions = ScanOptions & { columns: true };

export interface UlidMatch {
  /** The ID in canonical form (ULID upper case, UUID lower case, TypeID as found: prefix, "_" and suffix). */
  id: string;
  /**
   * Offset of its first character from the start of the text or stream: in bytes, or for a string in UTF-16 code
   * units (`text.slice(offset, offset + id.length)` is the match as written).
   */
  offset: number;
  /** Its time, in Unix ms. */
  time: number;
  /** 1-based line number (lines end with "\n"), when scanning with `lines: true`. */
  line?: number;
  /** Its format's name, when scanning for a list of formats or "all". */
  format?: ScannableFormat;
}

/** A `Scanner` that makes match objects: one array per chunk that completes any. */
class MatchCollector implements ChunkProcessor<UlidMatch[]> {
  private matches: UlidMatch[] = [];
  private readonly scanner: Scanner;

  /** `whole`: one scan of a whole input (scanText), which may share its finder (`wholeScanFinder`). */
  constructor({ formats, listed, lines, plausible }: ScanRequest, whole: boolean) {
    const texts = formats.map(tokenText);
    const names = formats.map((format) => format.name as ScannableFormat);
    // One object literal per mode, so every match of a scan has the same shape.
    const visit: MatchVisitor = listed
      ? lines
        ? (window, at, length, offset, time, line, f) =>
            this.matches.push({ id: texts[f]!(window, at, length), offset, time, line, format: names[f]! })
        : (window, at, length, offset, time, _line, f) => this.matches.push({ id: texts[f]!(window, at, length), offset, time, format: names[f]! })
      : lines
        ? (window, at, length, offset, time, line) => this.matches.push({ id: texts[0]!(window, at, length), offset, time, line })
        : (window, at, length, offset, time) => this.matches.push({ id: texts[0]!(window, at, length), offset, time });
    const finder = (whole ? wholeScanFinder : matchFinder)(batchEngine(), formats);
    this.scanner = new Scanner(formats, new VisitingSearch(finder, lines, plausible ? onlyPlausible(visit, plausible) : visit));
  }

  push(chunk: Uint8Array, final: boolean, emit: (matches: UlidMatch[]) => void): void {
    this.scanner.push(chunk, final);
    if (this.matches.length === 0) return;
    emit(this.matches);
    this.matches = [];
  }
}

export { scannableFormat } from "./scan-options.js";

/**
 * The processor of a scanning call: match objects, or columns (one result in all when `whole`, of an input of
 * `length` when known).
 */
function collector(options: ScanOptions | undefined, whole: boolean, length?: number): ChunkProcessor<UlidMatch[]> | ChunkProcessor<ScanColumns> {
  const request = scanRequest(options);
  return request.columns ? new ColumnCollector(request, whole, length) : new MatchCollector(request, whole);
}

/**
 * Every ID of the format (default ULID) in `text`, in order of offset: bytes (e.g. UTF-8), or a string, whose
 * offsets then count UTF-16 code units. With `columns: true`, one `ScanColumns` of them all.
 */
export function scanText(text: string | Uint8Array, options: ScanColumnsOptions): ScanColumns;
export function scanText(text: string | Uint8Array, options?: ScanOptions): UlidMatch[];
export function scanText(text: string | Uint8Array, options?: ScanOptions): UlidMatch[] | ScanColumns {
  let bytes: Uint8Array | undefined;
  if (typeof text !== "string") {
    if (!isUint8Array(text)) throw mustBe("text", "a string or a Uint8Array", text);
    bytes = unsharedBytes(text, "text");
  }
  const processor = collector(options, true, bytes?.length ?? (text as string).length) as ChunkProcessor<UlidMatch[] | ScanColumns>;
  // Object results come as arrays per push; columns once, at the end of input.
  const found: UlidMatch[] = [];
  let columns: ScanColumns | undefined;
  const collect = (out: UlidMatch[] | ScanColumns): void => {
    if (Array.isArray(out)) for (const match of out) found.push(match);
    else columns = out;
  };
  if (bytes === undefined) scanString(text as string, (chunk, final) => processor.push(chunk, final, collect));
  else processor.push(bytes, true, collect);
  return columns ?? found;
}

/** Code units of a string turned into bytes per step: the scan window's size, so memory stays flat. */
const STRING_STEP = SCAN_BYTES;
/**
 * What a code unit past ASCII becomes: every ID is ASCII, so any other character is a border, as each byte of its
 * UTF-8 is (no byte from 0x80 up is a letter, a digit or part of a terminal escape sequence).
 */
const NOT_ASCII = 0xff;
const asciiEncoder = new TextEncoder();
/**
 * The one buffer every string scan steps through, made on first use: a buffer per call took a fifth of scanning a
 * log line. Nothing a scan runs calls back into user code (its options are read before), so no other scan can
 * start while one uses it, and each match's text and bytes are copied out of it.
 */
let stringBytes: Uint8Array | undefined;

/**
 * Hands a string to `push` as one byte per UTF-16 code unit (so byte offsets are code unit offsets): ASCII as it
 * is, anything else NOT_ASCII, lone surrogates included. Step by step through one buffer, so a string of any
 * length takes no more memory than its matches. The buffer holds a step's code units and no more: a step that is
 * not all ASCII outgrows it in UTF-8, which `encodeInto` reports by reading less of it.
 */
function scanString(text: string, push: (bytes: Uint8Array, final: boolean) => void): void {
  const bytes = (stringBytes ??= new Uint8Array(STRING_STEP));
  for (let at = 0; ; at += STRING_STEP) {
    const end = Math.min(text.length, at + STRING_STEP);
    const length = end - at;
    // Native UTF-8 encoding first: a step of ASCII alone encodes to a byte per code unit.
    const { read, written } = asciiEncoder.encodeInto(text.slice(at, end), bytes);
    if (read !== length || written !== length) {
      for (let i = 0; i < length; i++) {
        const unit = text.charCodeAt(at + i);
        bytes[i] = unit < 0x80 ? unit : NOT_ASCII;
      }
    }
    push(bytes.subarray(0, length), end === text.length);
    if (end === text.length) return;
  }
}

/**
 * A TransformStream from byte chunks to arrays of matches (one array per chunk that completes any): IDs and lines
 * split across chunks are found as in one piece, with offsets from the start of the stream. With `columns: true`,
 * one `ScanColumns` per chunk that completes any match.
 */
export function scanStream(options: ScanColumnsOptions): WebTransformStream<Uint8Array, ScanColumns>;
export function scanStream(options?: ScanOptions): WebTransformStream<Uint8Array, UlidMatch[]>;
export function scanStream(options?: ScanOptions): WebTransformStream<Uint8Array, UlidMatch[] | ScanColumns> {
  return processorStream<UlidMatch[] | ScanColumns>(collector(options, false) as ChunkProcessor<UlidMatch[] | ScanColumns>);
}

/** The matches in an (async) iterable of byte chunks, such as a Node.js readable stream, as `scanStream` gives them. */
export function scanChunks(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ScanColumnsOptions,
): AsyncGenerator<ScanColumns, void, undefined>;
export function scanChunks(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: ScanOptions,
): AsyncGenerator<UlidMatch[], void, undefined>;
export function scanChunks(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: ScanOptions,
): AsyncGenerator<UlidMatch[] | ScanColumns, void, undefined> {
  return processChunks<UlidMatch[] | ScanColumns>(source, collector(options, false) as ChunkProcessor<UlidMatch[] | ScanColumns>);
}

/**
 * A scanner of `format` (a `format` option: one, a list, or "all") on the batch engine that hands each match to
 * `visit` with the window holding it, lines not counted: no object per match (`ulid scan --stats`).
 */
export function visitingScanner(format: unknown, visit: MatchVisitor): Scanner {
  const { formats } = scanFormats(format);
  return new Scanner(formats, new VisitingSearch(matchFinder(batchEngine(), formats), false, visit));
}
