/**
 * The IDs of a batch call, for every format: a string array, or ASCII text of fixed-width records, each the ID's
 * characters and one separator byte (the last separator optional).
 *
 * A string array is read once, element by element, into an array of the library's own: a getter or proxy trap runs
 * once per element, a sparse array's holes read as `undefined`, and what the engines decode is what the fault
 * finder explains. Anything that cannot be read as such a batch is INVALID_ARGUMENT.
 */
import { plainBytes } from "../args.js";
import type { IdBatch } from "../engine/types.js";
import { notIdBatch, revokedIdBatch, unreadableIdBatch } from "../messages.js";

export interface Framed<Out> {
  batch: IdBatch;
  /** Elements in the batch (a trailing partial text record counts as one). */
  elements: number;
  /** Elements before the first one that is bad by its shape alone (not a string, wrong length, partial record). */
  wellFormed: number;
  /** What `allocate` made for the output. */
  out: Out;
}

/**
 * The batch, read once. `allocate(elements)` makes the output as soon as the size is known, before any element is
 * read: an absurd length fails there at once, not after a pass over it.
 */
export function frame<Out>(ids: unknown, chars: number, allocate: (elements: number) => Out): Framed<Out> {
  if (isText(ids)) {
    const text = plainBytes(ids, "IDs");
    const elements = elementsOfText(text.length, chars);
    const out = allocate(elements);
    // The last record may lack its separator, so whole records fill length + 1.
    return { batch: { kind: "text", text }, elements, wellFormed: Math.floor((text.length + 1) / (chars + 1)), out };
  }
  const length = lengthOfArray(ids);
  const out = allocate(length);
  const own = ownCopy(ids as readonly unknown[], length);
  let wellFormed = 0;
  while (wellFormed < length) {
    const id = own[wellFormed];
    if (typeof id !== "string" || id.length !== chars) break;
    wellFormed++;
  }
  return { batch: { kind: "strings", ids: own as string[] }, elements: length, wellFormed, out };
}

/**
 * The elements of an array, each read once, in an array of the library's own. A plain array is copied by `slice`
 * (a block copy in V8, where a loop costs about 5 ns an element); anything else (a proxy, a subclass, an array
 * with its own `constructor`) element by element, so no species constructor of the caller's makes the copy.
 */
function ownCopy(ids: readonly unknown[], length: number): unknown[] {
  try {
    if (Object.getPrototypeOf(ids) === Array.prototype && !Object.hasOwn(ids, "constructor")) {
      const copy = Array.prototype.slice.call(ids, 0, length);
      if (Object.getPrototypeOf(copy) === Array.prototype && copy.length === length) return copy;
    }
    const copy = new Array<unknown>(length);
    for (let i = 0; i < length; i++) copy[i] = ids[i];
    return copy;
  } catch (error) {
    throw unreadableIdBatch("elements", error);
  }
}

function elementsOfText(length: number, chars: number): number {
  const whole = Math.floor((length + 1) / (chars + 1));
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
  try {
    return (ids as readonly unknown[]).length;
  } catch (error) {
    throw unreadableIdBatch("length", error);
  }
}
