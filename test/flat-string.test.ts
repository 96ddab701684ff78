/**
 * The string makers of src/engine/flat-string.ts: each width's string is its codes, one char per byte, whether the
 * width has a maker of its own (the formats' widths) or takes the generic one (a new format's, until it gets one).
 */
import { describe, expect, it } from "vitest";
import { paddedStringMaker, stringMaker } from "../src/engine/flat-string.js";

const codes = Uint8Array.from({ length: 120 }, (_, i) => 0x21 + ((i * 7) % 94));
const expected = (at: number, chars: number): string => String.fromCharCode(...codes.subarray(at, at + chars));

describe("string makers", () => {
  it.each([13, 20, 24, 26, 27, 36, 1, 19, 90])("%i chars: the codes at any offset", (chars) => {
    const make = stringMaker(chars);
    for (const at of [0, 3, 120 - chars]) expect(make(codes, at)).toBe(expected(at, chars));
  });

  it("a prefixed TypeID: the prefix, an underscore, then 26 codes after them", () => {
    expect(stringMaker(30, "abc")(codes, 5)).toBe(`abc_${expected(9, 26)}`);
  });

  it("a text right-aligned after PAD bytes: the codes without them", () => {
    const record = Uint8Array.of(0x80, 0x80, 0x31, 0x80, 0x32);
    expect(paddedStringMaker(5, 0x80)(record, 0)).toBe("1\u00802");
    expect(paddedStringMaker(3, 0x80)(record, 2)).toBe("1\u00802");
    expect(paddedStringMaker(2, 0x80)(record, 0)).toBe("");
  });
});
