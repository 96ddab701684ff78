/**
 * Putting IDs into the WebAssembly text region as fixed-width records (`chars` characters, then a separator), for
 * the kernels that read text. A char above 0x7F becomes 0xFF, a byte no alphabet holds, at the same position, so
 * the kernels see the fault where the string has it.
 */
import { fitsWidth, type FormatSpec, PAD } from "./specs.js";
import type { IdBatch } from "./types.js";

export interface TextLoader {
  /** Puts one ID in record 0; false when its length is wrong. */
  loadOne(id: string): boolean;
  /** Puts elements [start, start + n) of `batch` in the region as records; returns the bytes written. */
  loadRecords(batch: IdBatch, start: number, n: number): number;
}

const encoder = new TextEncoder();

/**
 * The loader of `spec`'s records. A format whose texts vary in width (`FormatSpec.minChars`) has each string
 * right-aligned in its record after PAD bytes; its text batches come laid out so already (src/formats/batch.ts).
 */
export function createTextLoader(text: Uint8Array, spec: FormatSpec): TextLoader {
  const { chars } = spec;
  const record = chars + 1;
  // Stands in for an element that is not a string of the right length: NUL is in no alphabet.
  const invalid = "\0".repeat(chars);

  function writeCodes(s: string, at: number): void {
    for (let i = 0; i < s.length; i++) {
      const code = s.charCodeAt(i);
      text[at + i] = code > 0x7f ? 0xff : code;
    }
  }

  /** Writes string `id` (of a width the format may have) right-aligned in the record at `at`. */
  function writePadded(id: string, at: number): void {
    const lead = chars - id.length;
    text.fill(PAD, at, at + lead);
    writeCodes(id, at + lead);
  }

  if (spec.minChars !== undefined) {
    return {
      loadOne(id) {
        if (!fitsWidth(spec, id.length)) return false;
        writePadded(id, 0);
        return true;
      },
      loadRecords(batch, start, n) {
        if (batch.kind === "text") return copyRecords(batch.text, start, n);
        for (let i = 0; i < n; i++) {
          const id: unknown = batch.ids[start + i];
          writePadded(typeof id === "string" && fitsWidth(spec, id.length) ? id : invalid, record * i);
          text[record * i + chars] = 0x0a;
        }
        return record * n;
      },
    };
  }

  function copyRecords(source: Uint8Array, start: number, n: number): number {
    const records = source.subarray(record * start, record * (start + n));
    text.set(records);
    return records.length;
  }

  return {
    loadOne(id) {
      if (id.length !== chars) return false;
      writeCodes(id, 0);
      return true;
    },
    loadRecords(batch, start, n) {
      if (batch.kind === "text") return copyRecords(batch.text, start, n);
      const parts = new Array<string>(n);
      for (let i = 0; i < n; i++) {
        const id: unknown = batch.ids[start + i]; // by index: a hole in a sparse array is an element too
        parts[i] = typeof id === "string" && id.length === chars ? id : invalid;
      }
      // "\n" separates records in every format. Only all-ASCII text encodes one byte a char: otherwise a char took
      // more bytes and shifted the records (or did not fit at the end), and the text is written char by char.
      const joined = parts.join("\n");
      const { read, written } = encoder.encodeInto(joined, text);
      if (read !== joined.length || written !== read) writeCodes(joined, 0);
      return joined.length;
    },
  };
}
