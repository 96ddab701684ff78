/**
 * Boundary sweeps over single-ID decoding: a bad character at each of the 26 positions, every length 0..40, and
 * every kind of non-string input. Checks run type, then length, then characters left to right; the first fault
 * wins, and its `index` is the character position.
 */
import { describe, expect, it } from "vitest";
import { canonicalize, decode, decodeInto, decodeTime, isValid, parse, ulidToUUID, uuidToULID } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { ALPHABET } from "./helpers/reference.js";
import { SAMPLE_ULID } from "./vectors.js";

/**
 * Characters outside the alphabet and its aliases. Beyond the obvious ones: U+0130 and U+0141 have low bytes
 * '0' and 'A' (catch code & 0xFF or truncating string -> byte copies); U+0131, U+017F and U+212A case-map onto
 * ASCII letters I, S and k (catch toUpperCase/toLowerCase before lookup); a lone surrogate.
 */
const BAD_CHARS = ["U", "u", "!", " ", "\u00e9", "\0", "\u0416", "\u0130", "\u0141", "\u0131", "\u017f", "\u212a", "\ud800", "\u00ff", "\u007f"];

/** Valid characters whose value is above 7: an overflow when first. */
const OVERFLOW_FIRST = [...ALPHABET.slice(8), ...ALPHABET.slice(10).toLowerCase()];

/** Aliases and lower-case forms of 0..7 that are valid first characters. */
const VALID_FIRST = ["0", "1", "7", "O", "o", "I", "i", "L", "l"];

const NON_STRINGS: readonly [string, unknown][] = [
  ["number", 123],
  ["NaN", Number.NaN],
  ["null", null],
  ["undefined", undefined],
  ["object", {}],
  ["array", []],
  ["array holding an ID", [SAMPLE_ULID]],
  ["Uint8Array", new Uint8Array(16)],
  ["Uint8Array of ID text", new TextEncoder().encode(SAMPLE_ULID)],
  ["Symbol", Symbol("id")],
  ["String object", new String(SAMPLE_ULID)],
  ["boolean", true],
  ["bigint", 10n],
  ["function", () => SAMPLE_ULID],
];

const LONG_VALID = SAMPLE_ULID + SAMPLE_ULID;
const MAX_SWEPT_LENGTH = 40;

function withCharAt(id: string, at: number, ch: string): string {
  return id.slice(0, at) + ch + id.slice(at + 1);
}

/** Every single-ID function that validates an ID, as (name, call). */
const VALIDATING: readonly [string, (id: string) => unknown][] = [
  ["decode", (id) => decode(id)],
  ["decodeTime", (id) => decodeTime(id)],
  ["canonicalize", (id) => canonicalize(id)],
  ["parse", (id) => parse(id)],
  ["ulidToUUID", (id) => ulidToUUID(id)],
  ["decodeInto", (id) => decodeInto(id, new Uint8Array(16))],
];

forEachEngine(() => {
  it("the sweeps' base ID is valid", () => {
    expect(isValid(SAMPLE_ULID)).toBe(true);
    expect(isValid(LONG_VALID.slice(0, 26))).toBe(true);
  });

  describe.each(VALIDATING)("%s", (_name, call) => {
    it.each(BAD_CHARS.map((ch) => [JSON.stringify(ch), ch]))("rejects %s at each of the 26 positions with INVALID_CHAR", (_, ch) => {
      for (let at = 0; at < 26; at++) {
        const id = withCharAt(SAMPLE_ULID, at, ch);
        expect({ id, fault: faultOf(() => call(id)) }).toEqual({ id, fault: { code: "INVALID_CHAR", index: at } });
      }
    });

    it("rejects a first character above 7 with OVERFLOW at 0", () => {
      for (const ch of OVERFLOW_FIRST) {
        const id = withCharAt(SAMPLE_ULID, 0, ch);
        expect({ id, fault: faultOf(() => call(id)) }).toEqual({ id, fault: { code: "OVERFLOW", index: 0 } });
      }
    });

    it("accepts 0-7 and the aliases of 0 and 1 first", () => {
      for (const ch of VALID_FIRST) {
        const id = withCharAt(SAMPLE_ULID, 0, ch);
        expect({ id, fault: faultOf(() => call(id)) }).toEqual({ id, fault: "returned" });
      }
    });

    it("reports the first fault: overflow before a later bad char, the leftmost bad char, length before chars", () => {
      const cases: [string, { code: string; index: number }][] = [
        [withCharAt(withCharAt(SAMPLE_ULID, 0, "8"), 5, "U"), { code: "OVERFLOW", index: 0 }],
        [withCharAt(withCharAt(SAMPLE_ULID, 3, "!"), 10, "U"), { code: "INVALID_CHAR", index: 3 }],
        [withCharAt(withCharAt(SAMPLE_ULID, 0, "U"), 1, "!"), { code: "INVALID_CHAR", index: 0 }],
        [withCharAt(withCharAt(SAMPLE_ULID, 1, "U"), 0, "9"), { code: "OVERFLOW", index: 0 }],
        ["U".repeat(27), { code: "INVALID_LENGTH", index: 26 }],
        ["8".repeat(30), { code: "INVALID_LENGTH", index: 26 }],
        ["!!!!", { code: "INVALID_LENGTH", index: 4 }],
      ];
      for (const [id, fault] of cases) expect({ id, fault: faultOf(() => call(id)) }).toEqual({ id, fault });
    });

    it(`rejects every length 0..${MAX_SWEPT_LENGTH} but 26 with INVALID_LENGTH at min(length, 26)`, () => {
      for (let length = 0; length <= MAX_SWEPT_LENGTH; length++) {
        const id = LONG_VALID.slice(0, length);
        const expected = length === 26 ? "returned" : { code: "INVALID_LENGTH", index: Math.min(length, 26) };
        expect({ length, fault: faultOf(() => call(id)) }).toEqual({ length, fault: expected });
      }
    });

    it("counts UTF-16 code units: an astral character is two units, the first of them the bad one", () => {
      const ASTRAL = "\u{1F600}";
      const inside = SAMPLE_ULID.slice(0, 24) + ASTRAL;
      expect(faultOf(() => call(inside))).toEqual({ code: "INVALID_CHAR", index: 24 });
      const tooLong = SAMPLE_ULID.slice(0, 25) + ASTRAL;
      expect(faultOf(() => call(tooLong))).toEqual({ code: "INVALID_LENGTH", index: 26 });
    });

    it.each(NON_STRINGS)("rejects a %s with INVALID_ARGUMENT", (_, value) => {
      expect(faultOf(() => call(value as string))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });
  });

  describe("isValid", () => {
    it("is false for a bad character at each position", () => {
      for (const ch of BAD_CHARS) {
        for (let at = 0; at < 26; at++) {
          const id = withCharAt(SAMPLE_ULID, at, ch);
          expect({ id, valid: isValid(id) }).toEqual({ id, valid: false });
        }
      }
    });

    it("is false for a first character above 7 and true for 0-7 and the aliases", () => {
      for (const ch of OVERFLOW_FIRST) expect(isValid(withCharAt(SAMPLE_ULID, 0, ch))).toBe(false);
      for (const ch of VALID_FIRST) expect(isValid(withCharAt(SAMPLE_ULID, 0, ch))).toBe(true);
    });

    it(`is true only at length 26 among 0..${MAX_SWEPT_LENGTH}`, () => {
      const valid = Array.from({ length: MAX_SWEPT_LENGTH + 1 }, (_, n) => isValid(LONG_VALID.slice(0, n)));
      expect(valid.flatMap((v, n) => (v ? [n] : []))).toEqual([26]);
    });

    it.each(NON_STRINGS)("is false, without throwing, for a %s", (_, value) => {
      expect(isValid(value)).toBe(false);
    });
  });

  describe("decodeInto", () => {
    const FILL = 0xaa;

    it("leaves out untouched when the ID is bad, whatever the fault", () => {
      const bad = [withCharAt(SAMPLE_ULID, 25, "U"), withCharAt(SAMPLE_ULID, 0, "8"), SAMPLE_ULID.slice(1), 42];
      for (const id of bad) {
        const out = new Uint8Array(20).fill(FILL);
        expect(faultOf(() => decodeInto(id as string, out, 2))).not.toBe("returned");
        expect(out).toEqual(new Uint8Array(20).fill(FILL));
      }
    });
  });

  describe("uuidToULID", () => {
    it.each(NON_STRINGS)("rejects a %s with INVALID_ARGUMENT", (_, value) => {
      expect(faultOf(() => uuidToULID(value as string))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });
  });
});
