/**
 * The IDs of a batch call of one of the other formats: a string array, or ASCII text of fixed-width records, each
 * the ID's characters and one separator byte (the last separator optional).
 */
import { UlidError, quote } from "../errors.js";
import type { IdBatch } from "../engine/types.js";

export interface Framed {
  batch: IdBatch;
  /** Elements in the batch (a trailing partial text record counts as one). */
  elements: number;
  /** Elements before the first one that is bad by its shape alone (not a string, wrong length, partial record). */
  wellFormed: number;
}

export function frame(ids: unknown, chars: number): Framed {
  if (ids instanceof Uint8Array) {
    // The last record may lack its separator, so whole records fill length + 1.
    const whole = Math.floor((ids.length + 1) / (chars + 1));
    return { batch: { kind: "text", text: ids }, elements: whole + (ids.length > whole * (chars + 1) ? 1 : 0), wellFormed: whole };
  }
  if (!Array.isArray(ids)) {
    throw new UlidError("INVALID_ARGUMENT", `IDs must be a string array or ASCII text in a Uint8Array, got ${quote(ids)}`);
  }
  const wellFormed = ids.findIndex((id: unknown) => typeof id !== "string" || id.length !== chars);
  return { batch: { kind: "strings", ids }, elements: ids.length, wellFormed: wellFormed < 0 ? ids.length : wellFormed };
}
