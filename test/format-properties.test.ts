/**
 * Properties of Ulid-Flake, BaseUID and UUID v7 on both engines, against the BigInt reference
 * (test/helpers/format-reference.ts): round trip, order (bytes = text = number), validation (isValid exactly when
 * the reference decodes), the batch calls agreeing with the single ones. fast-check runs with a fixed seed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachEngine } from "./helpers/engines.js";
import { compareTexts, REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { compareBytes, textBatch } from "./helpers/reference.js";

const FC = { numRuns: 300, seed: 0x5eed5 };

/** Any bytes made into an ID of the format. */
const idBytes = (ref: RefFormat) => fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }).map((bytes) => ref.conform(bytes));

/** A valid text in any accepted spelling: Crockford case and aliases, hex case; BaseUID and KSUID have one spelling. */
function respelled(ref: RefFormat): fc.Arbitrary<string> {
  const spellings = (char: string): string[] => {
    if (ref.name === "baseuid" || ref.name === "ksuid" || ref.name === "typeid" || ref.name === "xid") return [char];
    if (char === "0" && (ref.name === "flake" || ref.name === "tsid")) return ["0", "O", "o"];
    if (char === "1" && (ref.name === "flake" || ref.name === "tsid")) return ["1", "I", "i", "L", "l"];
    return [...new Set([char, char.toLowerCase(), char.toUpperCase()])];
  };
  return idBytes(ref)
    .map((bytes) => ref.encode(bytes)!)
    .chain((text) => fc.tuple(...[...text].map((char) => fc.constantFrom(...spellings(char)))).map((chars) => chars.join("")));
}

/** Near misses: a valid text with one character replaced by anything printable, or by a bad character. */
function nearMiss(ref: RefFormat): fc.Arbitrary<string> {
  const replacement = fc.oneof(fc.constantFrom(...ref.badChars), fc.string({ minLength: 1, maxLength: 1 }));
  return fc
    .tuple(respelled(ref), fc.nat(ref.chars - 1), replacement)
    .map(([text, at, char]) => text.slice(0, at) + char + text.slice(at + 1));
}

forEachEngine(() => {
  describe.each(REF_FORMATS)("$name", (ref) => {
    const api = ref.api;

    it("encode matches the reference and decode inverts it, for any ID's bytes", () => {
      fc.assert(
        fc.property(idBytes(ref), (bytes) => {
          const text = api.encode(bytes);
          expect(text).toBe(ref.encode(bytes));
          expect(api.decode(text)).toEqual(bytes);
          expect(api.decodeTime(text)).toBe(ref.time(text));
        }),
        FC,
      );
    });

    it("decodes every accepted spelling to the reference's bytes", () => {
      fc.assert(
        fc.property(respelled(ref), (text) => {
          expect(api.decode(text)).toEqual(ref.decode(text));
          expect(api.encode(api.decode(text))).toBe(ref.encode(ref.decode(text)!));
        }),
        FC,
      );
    });

    it("isValid is true exactly when the reference decodes, and decode throws exactly when it is false", () => {
      fc.assert(
        fc.property(fc.oneof(nearMiss(ref), respelled(ref), fc.string({ maxLength: ref.chars + 2 })), (text) => {
          const valid = ref.decode(text) !== null;
          expect(api.isValid(text)).toBe(valid);
          let threw = false;
          try {
            api.decode(text);
          } catch {
            threw = true;
          }
          expect(threw).toBe(!valid);
        }),
        FC,
      );
    });

    it("sorts alike as bytes and as text", () => {
      fc.assert(
        fc.property(idBytes(ref), idBytes(ref), (a, b) => {
          const [ta, tb] = [api.encode(a), api.encode(b)];
          expect(Math.sign(compareTexts(ref, ta, tb))).toBe(compareBytes(a, 0, b, 0, ref.bytes));
        }),
        FC,
      );
    });

    it("batch calls agree with the single ones, from strings and from text", () => {
      fc.assert(
        fc.property(fc.array(fc.oneof(respelled(ref), nearMiss(ref)), { maxLength: 12 }), (texts) => {
          const flags = texts.map((t) => (api.isValid(t) ? 1 : 0));
          expect([...api.validateMany(texts)]).toEqual(flags);
          // Text is bytes: a char above U+00FF becomes 0xFF (no format's char) before the comparison.
          // In Snowflake's text every byte but a digit separates: there the texts of other bytes are left out.
          const bytewise = texts.map((t) => t.replace(/[^\0-\xff]/g, "\xff")).filter((t) => ref.minChars === undefined || /^[0-9]+$/.test(t));
          expect([...api.validateMany(textBatch(bytewise))]).toEqual(bytewise.map((t) => (api.isValid(t) ? 1 : 0)));
          const valid = texts.filter((t) => api.isValid(t));
          const bytes = api.decodeMany(valid);
          expect(api.decodeMany(textBatch(valid, "\n", false))).toEqual(bytes);
          expect(api.encodeMany(bytes)).toEqual(valid.map((t) => api.encode(api.decode(t))));
          expect([...api.decodeTimeMany(valid)]).toEqual(valid.map((t) => api.decodeTime(t)));
        }),
        { ...FC, numRuns: 100 },
      );
    });
  });
});
