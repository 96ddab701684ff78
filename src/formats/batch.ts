/**
 * The IDs of a batch call, for every format: a string array, or ASCII text of records, each the ID's characters and
 * one separator byte (the last separator optional). Records are of one width, but for a format whose texts vary in
 * width (`FormatSpec.minChars`): its records end at their separators, and are laid out a piece at a time as the
 * engines read them, each right-aligned after PAD bytes in a record of its widest.
 *
 * A string array is read once, element by element, a piece at a time into an array of the library's own: a getter
 * or proxy trap runs once per element, a sparse array's holes read as `undefined`, and what the engines decode is
 * what the fault finder explains. Pieces, not a copy of the whole array: a copy of a million elements cost about a
 * quarter of decodeTimeMany(string[]) in collections (bench/check.ts). Anything that cannot be read as such a batch
 * is INVALID_ARGUMENT.
 */
import { unsharedBytes } from "../core/arguments.js";
import { fitsWidth, type FormatSpec, MAX_ASCII, PAD } from "../engine/specs.js";
import type { IdBatch } from "../engine/types.js";
import { notIdBatch, revokedIdBatch, unreadableIdBatch } from "../core/messages.js";

/** Elements of a string array read per piece: the wasm engine's chunk, so a piece is one kernel call. */
const PIECE = 8192;

export type Framed<Out> = (
  | { readonly kind: "text"; readonly source: Uint8Array; /** Whose records vary in width. */ readonly varying?: FormatSpec }
  | { readonly kind: "strings"; readonly source: readonly unknown[] }
) & {
  /** Elements in the batch (a trailing partial text record counts as one). */
  readonly elements: number;
  /** What `allocate` made for the output. */
  readonly out: Out;
};

/** A bad element: its index in the batch, and the piece that holds it as the engine read it, at `at`. */
export interface Fault {
  readonly index: number;
  readonly batch: IdBatch;
  readonly at: number;
}

/**
 * The batch's shape. `allocate(elements)` makes the output as soon as the size is known, before any element is
 * read: an absurd length fails there at once, not after a pass over it.
 */
export function frame<Out>(ids: unknown, spec: FormatSpec, allocate: (elements: number) => Out): Framed<Out> {
  if (isText(ids)) {
    const text = unsharedBytes(ids, "IDs");
    if (spec.minChars !== undefined) {
      const elements = recordsEnded(text, spec);
      return { kind: "text", source: text, varying: spec, elements, out: allocate(elements) };
    }
    const elements = elementsOfText(text.length, spec.chars);
    return { kind: "text", source: text, elements, out: allocate(elements) };
  }
  const elements = lengthOfArray(ids);
  return { kind: "strings", source: ids as readonly unknown[], elements, out: allocate(elements) };
}

/**
 * Runs `step(batch, count, start)` over the batch: a text batch's whole records in one step, a string array a piece
 * at a time (`start`: the index of the piece's first element). `step` returns -1, or the index within its piece of
 * a bad element; with `stopAtFault`, the first such fault ends the run and is returned (so is a text batch's partial
 * last record). Returns null when there is none.
 */
export function runPieces(
  framed: Framed<unknown>,
  chars: number,
  stopAtFault: boolean,
  step: (batch: IdBatch, count: number, start: number) => number,
): Fault | null {
  const { elements } = framed;
  if (framed.kind === "text" && framed.varying !== undefined) return runVaryingPieces(framed.source, framed.varying, elements, stopAtFault, step);
  if (framed.kind === "text") {
    const source = framed.source;
    const batch: IdBatch = { kind: "text", text: source };
    const whole = wholeRecords(source.length, chars);
    const at = step(batch, whole, 0);
    if (at >= 0) return { index: at, batch, at };
    return stopAtFault && whole < elements ? { index: whole, batch, at: whole } : null;
  }
  return runStringPieces(framed.source, elements, stopAtFault, step);
}

/** Records in text of a format whose texts vary in width: one per separator, and the last one without it. */
function recordsEnded(text: Uint8Array, spec: FormatSpec): number {
  let records = 0;
  for (let i = 0; i < text.length; i++) if (spec.isSeparator(text[i]!)) records++;
  return records + (text.length > 0 && !spec.isSeparator(text[text.length - 1]!) ? 1 : 0);
}

/**
 * `runPieces` over text of a format whose texts vary in width: a piece of records at a time, each laid out as the
 * engines read it (right-aligned after PAD bytes, then "\n"). A record of another width, or holding a byte above
 * 0x7F (which could pass for PAD), is laid out as 0xFF bytes, no character of any format. A fault is explained from
 * the record as it was given, as a string.
 */
function runVaryingPieces(
  text: Uint8Array,
  spec: FormatSpec,
  elements: number,
  stopAtFault: boolean,
  step: (batch: IdBatch, count: number, start: number) => number,
): Fault | null {
  const { chars } = spec;
  const record = chars + 1;
  const piece = new Uint8Array(Math.min(PIECE, elements) * record);
  const starts = new Float64Array(PIECE);
  let at = 0;
  for (let start = 0; start < elements; start += PIECE) {
    const count = Math.min(PIECE, elements - start);
    for (let i = 0; i < count; i++) {
      let end = at;
      while (end < text.length && !spec.isSeparator(text[end]!)) end++;
      layOut(text.subarray(at, end), spec, piece, record * i);
      starts[i] = at;
      at = end + 1;
    }
    const batch: IdBatch = { kind: "text", text: piece.subarray(0, record * count) };
    const bad = step(batch, count, start);
    if (bad >= 0 && stopAtFault) {
      let end = starts[bad]!;
      while (end < text.length && !spec.isSeparator(text[end]!)) end++;
      return { index: start + bad, batch: { kind: "strings", ids: [latin1(text.subarray(starts[bad]!, end))] }, at: 0 };
    }
  }
  return null;
}

/** Bytes as a string of one character per byte, its code the byte's (ISO-8859-1), a slice at a time. */
function latin1(bytes: Uint8Array): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += PIECE) text += String.fromCharCode(...bytes.subarray(at, at + PIECE));
  return text;
}

/** Lays out one record of text that varies in width at `piece[at]`, as `runVaryingPieces` says. */
function layOut(id: Uint8Array, spec: FormatSpec, piece: Uint8Array, at: number): void {
  const { chars } = spec;
  const lead = chars - id.length;
  if (fitsWidth(spec, id.length) && id.every((byte) => byte <= MAX_ASCII)) {
    piece.fill(PAD, at, at + lead);
    piece.set(id, at + lead);
  } else {
    piece.fill(0xff, at, at + chars);
  }
  piece[at + chars] = 0x0a;
}

/** `runPieces` over a string array. */
function runStringPieces(
  source: readonly unknown[],
  elements: number,
  stopAtFault: boolean,
  step: (batch: IdBatch, count: number, start: number) => number,
): Fault | null {
  const piece = new Array<unknown>(Math.min(PIECE, elements));
  for (let start = 0; start < elements; start += PIECE) {
    const count = Math.min(PIECE, elements - start);
    readPiece(source, start, count, piece);
    const batch: IdBatch = { kind: "strings", ids: piece as string[] };
    const at = step(batch, count, start);
    if (at >= 0 && stopAtFault) return { index: start + at, batch, at };
  }
  return null;
}

/**
 * Reads `count` elements from `source[start]` into `piece[0]`. A function of its own, not a loop inside the run:
 * there V8 compiled the loop on stack replacement at each call and discarded the code again when the run went on
 * to code it had not yet seen (`--trace-deopt`: "insufficient type feedback"), so every million-ID call read its
 * first pieces in unoptimized code.
 */
function readPiece(source: readonly unknown[], start: number, count: number, piece: unknown[]): void {
  try {
    for (let i = 0; i < count; i++) piece[i] = source[start + i];
  } catch (error) {
    throw unreadableIdBatch("elements", error);
  }
}

/** The element index of a text batch's trailing partial record (never given to an engine), or -1. */
export function partialRecord(framed: Framed<unknown>, chars: number): number {
  return framed.kind === "text" && framed.varying === undefined && wholeRecords(framed.source.length, chars) < framed.elements ? framed.elements - 1 : -1;
}

/** Whole records in `length` bytes of text: the last one may lack its separator, so they fill length + 1. */
function wholeRecords(length: number, chars: number): number {
  return Math.floor((length + 1) / (chars + 1));
}

function elementsOfText(length: number, chars: number): number {
  const whole = wholeRecords(length, chars);
  return whole + (length > whole * (chars + 1) ? 1 : 0);
}

function isText(ids: unknown): boolean {
  return typeof ids === "object" && ids !== null && !isArray(ids) && ArrayBuffer.isView(ids);
}

function isArray(ids: unknown): boolean {
  try {
    return Array.isArray(ids);
  } catch {
    // Array.isArray throws for a revoked proxy.
    throw revokedIdBatch();
  }
}

function lengthOfArray(ids: unknown): number {
  if (!isArray(ids)) throw notIdBatch(ids);
  let length: unknown;
  try {
    length = (ids as readonly unknown[]).length;
  } catch (error) {
    throw unreadableIdBatch("length", error);
  }
  // A proxy can claim any length.
  if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) throw notIdBatch(ids);
  return length;
}
