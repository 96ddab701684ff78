/**
 * The IDs of a batch call: a string array, or ASCII text of 26-byte records each followed by one separator byte
 * (any byte but an ASCII letter or digit; the last separator optional).
 */
import { UlidError, quote } from "./errors.js";
import { TEXT_RECORD, ULID_CHARS, type IdBatch } from "./engine/types.js";

export interface FramedBatch {
  batch: IdBatch;
  /** Elements in the batch (a trailing partial text record counts as one). */
  elements: number;
  /**
   * Elements before the first one that is bad by its shape alone (not a string, wrong length, a partial text
   * record): the engines decode these. Equals `elements` when there is none.
   */
  wellFormed: number;
}

export function frameBatch(ids: unknown): FramedBatch {
  if (ids instanceof Uint8Array) {
    // Records are 27 bytes; the last may lack its separator, so a whole number of them fills length + 1.
    const complete = Math.floor((ids.length + 1) / TEXT_RECORD);
    const partial = ids.length - complete * TEXT_RECORD > 0;
    return {
      batch: { kind: "text", text: ids },
      elements: complete + (partial ? 1 : 0),
      wellFormed: complete,
    };
  }
  if (Array.isArray(ids)) {
    let wellFormed = 0;
    while (wellFormed < ids.length) {
      const id: unknown = ids[wellFormed];
      if (typeof id !== "string" || id.length !== ULID_CHARS) break;
      wellFormed++;
    }
    return { batch: { kind: "strings", ids }, elements: ids.length, wellFormed };
  }
  throw new UlidError(
    "INVALID_ARGUMENT",
    `IDs must be a string array or ASCII text in a Uint8Array, got ${quote(ids)}`,
  );
}
