/** ULIDs in bulk: the calls that run on WebAssembly under "auto". Generation is in `generate-many.ts`. */
import { checkOptions, checkUint8Array, outputBuffer } from "./args.js";
import { batchEngine } from "./backend.js";
import { frameBatch } from "./batch.js";
import { UlidError, quote } from "./errors.js";
import { TEXT_RECORD, ULID_BYTES, type Engine, type IdBatch } from "./engine/types.js";
import { batchError, isSeparator } from "./faults.js";

export interface EncodeTextOptions {
  /** One ASCII character that is not a letter or digit, written after each ID. Default "\n". */
  separator?: string;
  /** Write into this buffer (at least 27 bytes per ID) instead of a new one. */
  out?: Uint8Array;
}

/** Number of IDs in packed binary ULIDs. */
function countIds(bytes: Uint8Array): number {
  checkUint8Array(bytes, "bytes");
  if (bytes.length % ULID_BYTES !== 0) {
    throw new UlidError(
      "INVALID_LENGTH",
      `binary ULIDs are 16 bytes each, got ${bytes.length} bytes (${bytes.length % ULID_BYTES} left over)`,
    );
  }
  return bytes.length / ULID_BYTES;
}

/** 16*n bytes as n canonical strings. */
export function encodeMany(bytes: Uint8Array): string[] {
  return batchEngine().encodeStrings(bytes, countIds(bytes));
}

/** 16*n bytes as ASCII text: each ID followed by the separator (27*n bytes). */
export function encodeManyText(bytes: Uint8Array, options?: EncodeTextOptions): Uint8Array {
  const count = countIds(bytes);
  const { separator = "\n", out } = checkOptions(options);
  const code = typeof separator === "string" && separator.length === 1 ? separator.charCodeAt(0) : -1;
  if (code < 0 || code > 0x7f || !isSeparator(code)) {
    throw new UlidError(
      "INVALID_ARGUMENT",
      `separator must be one ASCII character that is not a letter or digit, got ${quote(separator)}`,
    );
  }
  const size = count * TEXT_RECORD;
  const text = outputBuffer(out, size);
  batchEngine().encodeText(bytes, count, text, code);
  return text;
}

/**
 * Runs a decoding kernel over a batch and throws for the first bad element: the engine reports faults among the
 * well-formed prefix, and the first malformed element (if any) comes after all of those.
 */
function decodeBatch<Out>(
  ids: unknown,
  allocate: (elements: number) => Out,
  run: (engine: Engine, batch: IdBatch, count: number, out: Out) => number,
): Out {
  const { batch, elements, wellFormed } = frameBatch(ids);
  const out = allocate(elements);
  const fault = run(batchEngine(), batch, wellFormed, out);
  if (fault >= 0) throw batchError(batch, fault);
  if (wellFormed < elements) throw batchError(batch, wellFormed);
  return out;
}

/** The 16 bytes of each ID; throws for the first bad one with its element index. */
export function decodeMany(ids: readonly string[] | Uint8Array): Uint8Array {
  return decodeBatch(
    ids,
    (elements) => new Uint8Array(elements * ULID_BYTES),
    (engine, batch, count, out) => engine.decodeMany(batch, count, out),
  );
}

/** Unix ms of each ID; throws for the first bad one with its element index. */
export function decodeTimeMany(ids: readonly string[] | Uint8Array): Float64Array {
  return decodeBatch(
    ids,
    (elements) => new Float64Array(elements),
    (engine, batch, count, out) => engine.decodeTimeMany(batch, count, out),
  );
}

/** 1 per valid ID, 0 per invalid one; never throws for a bad ID. */
export function validateMany(ids: readonly string[] | Uint8Array): Uint8Array {
  const { batch, elements, wellFormed } = frameBatch(ids);
  const flags = new Uint8Array(elements);
  // A trailing partial text record stays 0; in a string batch the engine checks every element's type and length.
  batchEngine().validateMany(batch, batch.kind === "text" ? wellFormed : elements, flags);
  return flags;
}
