/**
 * The ObjectId scan kernel on the TypeScript engine (src/engine/js-scan-objectid.ts) against a regular expression of
 * its rule (a word of exactly 24 hex digits, either case, bordered by no ASCII letter or digit), on whole texts and
 * on a window cut anywhere: a window that does not end the input leaves out a match reaching its end, and one whose
 * first byte follows a letter or digit skips the run it starts in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanObjectIdWindow } from "../src/engine/js-scan-objectid.js";
import { propertyRuns } from "./helpers/tier.js";

const RULE = /(?<![0-9A-Za-z])[0-9a-fA-F]{24}(?![0-9A-Za-z])/g;

/** The matches of the rule in `text`: offset and Unix ms. */
function reference(text: string): Array<{ offset: number; time: number }> {
  return [...text.matchAll(RULE)].map((m) => ({ offset: m.index, time: Number.parseInt(m[0].slice(0, 8), 16) * 1000 }));
}

function kernel(text: string, glued: boolean, atEnd: boolean): Array<{ offset: number; time: number }> {
  const bytes = Buffer.from(text, "latin1");
  const offsets = new Uint32Array(bytes.length);
  const times = new Float64Array(bytes.length);
  const count = scanObjectIdWindow(bytes, glued, atEnd, offsets, times);
  return Array.from({ length: count }, (_, i) => ({ offset: offsets[i]!, time: times[i]! }));
}

/** Text of hex runs of lengths around 24, other letters, digits and borders. */
const texts = fc
  .array(
    fc.oneof(
      fc.integer({ min: 20, max: 28 }).chain((n) => fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: n, maxLength: n })),
      fc.constantFrom(" ", "\n", "-", "_", ":", '"', "\u00e9", "\u00ff", "g", "Z", "x", "0", "507f1f77bcf86cd799439011"),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("ObjectId scan kernel (TypeScript)", () => {
  it("finds what the rule finds in a whole text", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(kernel(text, false, true)).toEqual(reference(text));
      }),
      { numRuns: propertyRuns(40_000) },
    );
  });

  it("in a window cut anywhere: before the cut, the matches ending before it; after, those starting after it", () => {
    fc.assert(
      fc.property(texts, fc.nat(), (text, at) => {
        const cut = at % (text.length + 1);
        const all = reference(text);
        expect(kernel(text.slice(0, cut), false, false)).toEqual(all.filter((m) => m.offset + 24 < cut));
        const glued = cut > 0 && /[0-9A-Za-z]/.test(text[cut - 1]!);
        const after = all.filter((m) => m.offset >= cut).map((m) => ({ ...m, offset: m.offset - cut }));
        expect(kernel(text.slice(cut), glued, true)).toEqual(after);
      }),
      { numRuns: propertyRuns(40_000) },
    );
  });

  it("names the MongoDB manual's example with its time", () => {
    expect(kernel('{"_id":ObjectId("507c7f79bcf86cd7994f6c0e")}', false, true)).toEqual([{ offset: 17, time: 1350336377000 }]);
    expect(kernel("x507c7f79bcf86cd7994f6c0e 507C7F79BCF86CD7994F6C0E0", false, true)).toEqual([]);
  });
});
