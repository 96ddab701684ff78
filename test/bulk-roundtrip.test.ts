/**
 * Bulk codec round trips at the sizes around the generation step / engine chunk (8192 IDs): 0, 1, 8191, 8192,
 * 8193 and 3*8192+5, checked against the single-ID reference, for string and text batches.
 */
import { describe, expect, it } from "vitest";
import {
  decodeMany,
  decodeTimeMany,
  encodeMany,
  encodeManyText,
  generateMany,
  validateMany,
} from "../src/index.js";
import { expectSameArray, flagsWithZeros } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { firstNonIncreasing, latin1, pseudoRandomBytes, refEncode, textBatch, timePart } from "./helpers/reference.js";

const CHUNK = 8192;
const SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5];
/** Larger than any plausible wasm scratch region: 100k IDs are 2.7 MB of text. */
const HUGE = 100_000;

interface Batch {
  readonly bytes: Uint8Array;
  readonly ids: string[];
  readonly times: Float64Array;
}

const batches = new Map<number, Batch>();

/** Reference data for `count` IDs, computed once per size without the library. */
function batchOf(count: number): Batch {
  let batch = batches.get(count);
  if (!batch) {
    const bytes = pseudoRandomBytes(16 * count, count);
    const ids = Array.from({ length: count }, (_, i) => refEncode(bytes, 16 * i));
    const times = Float64Array.from({ length: count }, (_, i) => timePart(bytes, 16 * i));
    batch = { bytes, ids, times };
    batches.set(count, batch);
  }
  return batch;
}

forEachEngine(() => {
  describe.each(SIZES)("%i IDs", (count) => {
    it("encodeMany gives the reference strings", () => {
      const { bytes, ids } = batchOf(count);
      expectSameArray(encodeMany(bytes), ids, "encodeMany");
    });

    it("encodeManyText gives each ID followed by a newline", () => {
      const { bytes, ids } = batchOf(count);
      const text = encodeManyText(bytes);
      expect(text).toBeInstanceOf(Uint8Array);
      expect(text.length).toBe(27 * count);
      expectSameArray(text, textBatch(ids), "text");
    });

    it("decodeMany inverts both, from strings and from text with and without the last separator", () => {
      const { bytes, ids } = batchOf(count);
      expectSameArray(decodeMany(ids), bytes, "strings");
      expectSameArray(decodeMany(textBatch(ids)), bytes, "text");
      expectSameArray(decodeMany(textBatch(ids, "\n", false)), bytes, "text without the last separator");
    });

    it("decodeMany accepts lower case in both forms", () => {
      const { bytes, ids } = batchOf(count);
      const lower = ids.map((id) => id.toLowerCase());
      expectSameArray(decodeMany(lower), bytes, "strings");
      expectSameArray(decodeMany(textBatch(lower)), bytes, "text");
    });

    it("decodeTimeMany gives each ID's time, from strings and text", () => {
      const { ids, times } = batchOf(count);
      expectSameArray(decodeTimeMany(ids), times, "strings");
      expectSameArray(decodeTimeMany(textBatch(ids, ",")), times, "text");
    });

    it("validateMany gives one 1 per ID", () => {
      const { ids } = batchOf(count);
      const ones = flagsWithZeros(count, []);
      expectSameArray(validateMany(ids), ones, "strings");
      expectSameArray(validateMany(textBatch(ids)), ones, "text");
      expectSameArray(validateMany(textBatch(ids, " ", false)), ones, "text without the last separator");
    });

    it("generateMany gives 16*count bytes, strictly increasing, stamped within the call window", () => {
      const before = Date.now();
      const bytes = generateMany(count);
      const after = Date.now();
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(bytes.length).toBe(16 * count);
      expect(firstNonIncreasing(bytes)).toBe(-1);
      for (let i = 0; i < count; i++) {
        const t = timePart(bytes, 16 * i);
        if (t < before || t > after) expect({ i, t }).toEqual({ i, t: `in [${before}, ${after}]` });
      }
      expectSameArray(decodeMany(encodeMany(bytes)), bytes, "round trip");
    });
  });

  it(`round-trips ${HUGE} IDs through text without the caller sizing anything`, () => {
    const bytes = pseudoRandomBytes(16 * HUGE, 5);
    const text = encodeManyText(bytes);
    expect(text.length).toBe(27 * HUGE);
    expectSameArray(decodeMany(text), bytes, "decodeMany");
    expectSameArray(validateMany(text), flagsWithZeros(HUGE, []), "validateMany");
    expect(decodeTimeMany(text)[HUGE - 1]).toBe(timePart(bytes, 16 * (HUGE - 1)));
  });

  it("decodes text whose view starts inside a larger buffer", () => {
    const { bytes, ids } = batchOf(CHUNK + 1);
    const text = textBatch(ids);
    const backing = new Uint8Array(text.length + 13).fill(0x5a);
    backing.set(text, 7);
    expectSameArray(decodeMany(backing.subarray(7, 7 + text.length)), bytes);
  });

  it("encodes bytes whose view starts inside a larger buffer", () => {
    const { bytes, ids } = batchOf(CHUNK + 1);
    const backing = new Uint8Array(bytes.length + 9);
    backing.set(bytes, 3);
    const view = backing.subarray(3, 3 + bytes.length);
    expectSameArray(encodeMany(view), ids, "encodeMany");
    expectSameArray(encodeManyText(view), textBatch(ids), "encodeManyText");
  });

  it("accepts text in a Buffer", () => {
    const { bytes, ids } = batchOf(1);
    expect(decodeMany(Buffer.from(latin1(`${ids[0]}\n`)))).toEqual(bytes);
  });
});
