/**
 * Returned arrays are the caller's own (decision 14): never a view of wasm linear memory (their buffer is exactly
 * their size), and never overwritten by a later call.
 */
import { describe, expect, it } from "vitest";
import {
  decode,
  decodeMany,
  decodeTimeMany,
  encodeMany,
  encodeManyText,
  generateMany,
  parse,
  validateMany,
} from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { pseudoRandomBytes, refEncode, textBatch } from "./helpers/reference.js";

const SIZES = [1, 8193];

function idsOf(count: number, seed: number): string[] {
  const bytes = pseudoRandomBytes(16 * count, seed);
  return Array.from({ length: count }, (_, i) => refEncode(bytes, 16 * i));
}

/** An array that owns its whole buffer. */
function expectOwnBuffer(name: string, array: ArrayBufferView): void {
  expect({ name, byteOffset: array.byteOffset, bufferLength: array.buffer.byteLength }).toEqual({
    name,
    byteOffset: 0,
    bufferLength: array.byteLength,
  });
}

forEachEngine(() => {
  it("decode and parse return arrays of their own", () => {
    const id = idsOf(1, 1)[0]!;
    expectOwnBuffer("decode", decode(id));
    const parsed = parse(id);
    expectOwnBuffer("parse().bytes", parsed.bytes);
    expect(parsed.random.buffer.byteLength).toBeLessThanOrEqual(16);
  });

  describe.each(SIZES)("%i IDs", (count) => {
    it("every bulk result owns its buffer", () => {
      const ids = idsOf(count, count);
      const text = textBatch(ids);
      const bytes = decodeMany(ids);
      expectOwnBuffer("decodeMany(strings)", bytes);
      expectOwnBuffer("decodeMany(text)", decodeMany(text));
      expectOwnBuffer("decodeTimeMany(strings)", decodeTimeMany(ids));
      expectOwnBuffer("decodeTimeMany(text)", decodeTimeMany(text));
      expectOwnBuffer("validateMany(strings)", validateMany(ids));
      expectOwnBuffer("validateMany(text)", validateMany(text));
      expectOwnBuffer("encodeManyText", encodeManyText(bytes));
      expectOwnBuffer("generateMany", generateMany(count));
      expectOwnBuffer("generateMany not monotonic", generateMany(count, { monotonic: false }));
      expect(Array.isArray(encodeMany(bytes))).toBe(true);
    });

    it("no result is changed by a later call", () => {
      const first = idsOf(count, 100 + count);
      const second = idsOf(count, 200 + count);
      const results = {
        decodeMany: decodeMany(first),
        decodeManyText: decodeMany(textBatch(first)),
        decodeTimeMany: decodeTimeMany(first),
        validateMany: validateMany(first),
        encodeManyText: encodeManyText(decodeMany(first)),
        generateMany: generateMany(count, { time: 5, random: (out) => out.fill(1) }),
      };
      const snapshot = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.slice()]));

      decodeMany(second);
      decodeMany(textBatch(second));
      decodeTimeMany(second);
      validateMany([...second.slice(1), "bad"]);
      encodeManyText(decodeMany(second));
      generateMany(count, { time: 6, random: (out) => out.fill(2) });

      for (const [name, result] of Object.entries(results)) expectSameArray(result, snapshot[name]!, name);
    });
  });
});
