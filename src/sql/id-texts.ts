/**
 * The text of each ID of a chunk's columnar scan results (`columns: true`), for `read_ids`' `id` column: the
 * results hold binary IDs, which each format's `encodeManyText` turns back into its canonical text in one call (the
 * object results' `id`: ULIDs upper case, the others lower), but for TypeIDs, whose prefix is not in the binary
 * form: their text is read where they were found (`ChunkText`), where it stands in its one form.
 */
import type { ScanColumns } from "../index.js";
import type { ChunkText } from "./chunk-text.js";

/** What this needs of a format (the public registry's `formats[name]`). */
export interface IdEncoder {
  /** Characters of its text. */
  readonly chars: number;
  /** The text of IDs' binary forms back to back, each followed by "\n". */
  encodeManyText(bytes: Uint8Array): Uint8Array;
}

const TYPEID = "typeid";
const NEWLINE = 0x0a;

/**
 * The characters of every ID's text when a scan's formats (`names`) give them all one width: one format, not
 * TypeID (whose prefix varies); else 0.
 */
export function fixedWidth(names: readonly string[], encoders: Readonly<Record<string, IdEncoder>>): number {
  return names.length === 1 && names[0] !== TYPEID ? encoders[names[0]!]!.chars : 0;
}

/**
 * The text of each match of `columns`, in order, each followed by "\n" (as `encodeManyText` writes them); `found`
 * holds the chunk they come from.
 */
export function idTexts(columns: ScanColumns, found: ChunkText, encoders: Readonly<Record<string, IdEncoder>>): Uint8Array {
  const { count, names, formats, offsets } = columns;
  // One width: the encoder's text is the whole answer.
  if (fixedWidth(names, encoders) > 0) return encoders[names[0]!]!.encodeManyText(columns.bytes);
  const encoded = names.map((name, format) => (name === TYPEID ? null : encoders[name]!.encodeManyText(bytesOf(columns, format))));
  const records = names.map((name) => (name === TYPEID ? 0 : encoders[name]!.chars + 1));
  let size = 0;
  for (let i = 0; i < count; i++) {
    const format = formats[i]!;
    size += encoded[format] === null ? found.wordLength(offsets[i]!) + 1 : records[format]!;
  }
  const text = new Uint8Array(size);
  // Where each format's next record starts in its encoder's text.
  const next = new Uint32Array(names.length);
  for (let i = 0, at = 0; i < count; i++) {
    const format = formats[i]!;
    const encodedText = encoded[format];
    if (encodedText === null) {
      const start = offsets[i]!;
      const length = found.wordLength(start);
      for (let k = 0; k < length; k++) text[at++] = found.byteAt(start + k);
      text[at++] = NEWLINE;
    } else {
      text.set(encodedText.subarray(next[format]!, (next[format]! += records[format]!)), at);
      at += records[format]!;
    }
  }
  return text;
}

/** The binary IDs of the matches of `format` (an index into `columns.names`), back to back. */
function bytesOf({ count, formats, bytes, ends }: ScanColumns, format: number): Uint8Array {
  let size = 0;
  for (let i = 0; i < count; i++) if (formats[i] === format) size += ends[i]! - (i === 0 ? 0 : ends[i - 1]!);
  const out = new Uint8Array(size);
  for (let i = 0, at = 0; i < count; i++) {
    if (formats[i] !== format) continue;
    const start = i === 0 ? 0 : ends[i - 1]!;
    out.set(bytes.subarray(start, ends[i]!), at);
    at += ends[i]! - start;
  }
  return out;
}
