/**
 * The XID scan kernel on the TypeScript engine (src/engine/js-scan-xid.ts) against a regular expression of its rule
 * (a word of exactly 20 lower-case base32hex characters ending in 0 or g, bordered by no ASCII letter or digit), on
 * whole texts and on a window cut anywhere, as the ObjectId kernel's suite does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanXidWindow } from "../src/engine/js-scan-xid.js";
import { propertyRuns } from "./helpers/tier.js";

const RULE = /(?<![0-9A-Za-z])[0-9a-v]{19}[0g](?![0-9A-Za-z])/g;

function reference(text: string): Array<{ offset: number; time: number }> {
  return [...text.matchAll(RULE)].map((m) => ({ offset: m.index, time: Math.floor(Number.parseInt(m[0].slice(0, 7), 32) / 8) * 1000 }));
}

function kernel(text: string, glued: boolean, atEnd: boolean): Array<{ offset: number; time: number }> {
  const bytes = Buffer.from(text, "latin1");
  const offsets = new Uint32Array(bytes.length);
  const times = new Float64Array(bytes.length);
  const count = scanXidWindow(bytes, glued, atEnd, offsets, times);
  return Array.from({ length: count }, (_, i) => ({ offset: offsets[i]!, time: times[i]! }));
}

const texts = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.integer({ min: 17, max: 23 }), fc.constantFrom("0", "g", "1", "v"))
        .chain(([n, last]) => fc.string({ unit: fc.constantFrom(..."0123456789abcdefghijklmnopqrstuv"), minLength: n, maxLength: n }).map((s) => s + last)),
      fc.constantFrom(" ", "\n", "-", "_", ":", "\u00e9", "w", "z", "A", "V", "0", "9m4e2mr0ui3e8a215n4g"),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("XID scan kernel (TypeScript)", () => {
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
        expect(kernel(text.slice(0, cut), false, false)).toEqual(all.filter((m) => m.offset + 20 < cut));
        const glued = cut > 0 && /[0-9A-Za-z]/.test(text[cut - 1]!);
        const after = all.filter((m) => m.offset >= cut).map((m) => ({ ...m, offset: m.offset - cut }));
        expect(kernel(text.slice(cut), glued, true)).toEqual(after);
      }),
      { numRuns: propertyRuns(40_000) },
    );
  });

  it("names rs/xid's example with its time; upper case and a last character other than 0 or g are no match", () => {
    expect(kernel("id=9m4e2mr0ui3e8a215n4g;", false, true)).toEqual([{ offset: 3, time: 1300816219000 }]);
    expect(kernel("9M4E2MR0UI3E8A215N4G c6e52g2mrqcjl44hf179 x9m4e2mr0ui3e8a215n4g", false, true)).toEqual([]);
  });
});
