/**
 * Bad IDs in batches (decisions 5 and 6): the error names the FIRST bad element (lowest index) whatever its
 * kind, with `index` = the element index, at the start, middle, end and beyond one 8192-ID chunk; validateMany
 * flags them instead of throwing.
 */
import { describe, expect, it } from "vitest";
import { decodeMany, decodeTimeMany, validateMany } from "../src/index.js";
import { expectSameArray, flagsWithZeros } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { latin1, pseudoRandomBytes, refEncode, textBatch } from "./helpers/reference.js";

const CHUNK = 8192;
const COUNT = 3 * CHUNK + 5;
const POSITIONS = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, Math.floor(COUNT / 2), 20_000, COUNT - 1];

const BYTES = pseudoRandomBytes(16 * COUNT, 42);
const IDS: readonly string[] = Array.from({ length: COUNT }, (_, i) => refEncode(BYTES, 16 * i));

/** Char position used for bad characters: inside the random part, so time-only decoders are caught too. */
const CHAR_AT = 17;

function withCharAt(id: string, at: number, ch: string): string {
  return id.slice(0, at) + ch + id.slice(at + 1);
}

/** A bad string element and the code it must produce. */
const STRING_FAULTS: readonly [string, (id: string) => unknown, string][] = [
  ["a number", () => 42, "INVALID_ARGUMENT"],
  ["null", () => null, "INVALID_ARGUMENT"],
  ["undefined", () => undefined, "INVALID_ARGUMENT"],
  ["a String object", (id) => new String(id), "INVALID_ARGUMENT"],
  ["25 chars", (id) => id.slice(1), "INVALID_LENGTH"],
  ["27 chars", (id) => `${id}0`, "INVALID_LENGTH"],
  ["an empty string", () => "", "INVALID_LENGTH"],
  ["a U", (id) => withCharAt(id, CHAR_AT, "U"), "INVALID_CHAR"],
  ["an e-acute", (id) => withCharAt(id, CHAR_AT, "\u00e9"), "INVALID_CHAR"],
  ["U+0130 (low byte '0')", (id) => withCharAt(id, CHAR_AT, "\u0130"), "INVALID_CHAR"],
  ["a bad last char", (id) => withCharAt(id, 25, "!"), "INVALID_CHAR"],
  ["a first char above 7", (id) => withCharAt(id, 0, "8"), "OVERFLOW"],
];

/** Bytes that cannot appear inside a text record: ASCII, and high bytes whose low 7 bits are valid chars. */
const BAD_TEXT_BYTES = [0x55, 0x75, 0x21, 0x20, 0x0a, 0x00, 0x7f, 0x80, 0xb0, 0xc1, 0xe9, 0xff];

function stringsWith(faults: Record<number, unknown>): unknown[] {
  const ids: unknown[] = IDS.slice();
  for (const [at, value] of Object.entries(faults)) ids[Number(at)] = value;
  return ids;
}

/** IDS as newline-terminated text. */
const TEXT = textBatch(IDS);

/** A copy of TEXT with each record `at` replaced by `record` (26 characters). */
function textWith(faults: Record<number, string>): Uint8Array {
  const text = TEXT.slice();
  for (const [at, record] of Object.entries(faults)) text.set(latin1(record), 27 * Number(at));
  return text;
}

forEachEngine(() => {
  describe("string batches", () => {
    it.each(STRING_FAULTS)("report %s at each position with its code and element index", (_, make, code) => {
      for (const at of POSITIONS) {
        const ids = stringsWith({ [at]: make(IDS[at]!) }) as string[];
        const expected = { at, fault: { code, index: at } };
        expect({ at, fault: faultOf(() => decodeMany(ids)) }).toEqual(expected);
        expect({ at, fault: faultOf(() => decodeTimeMany(ids)) }).toEqual(expected);
        expectSameArray(validateMany(ids), flagsWithZeros(COUNT, [at]), `validateMany, fault at ${at}`);
      }
    });

    it("report the first bad element whatever the kinds of the later ones", () => {
      const cases: [Record<number, unknown>, { code: string; index: number }][] = [
        [{ 1: IDS[1]!.slice(1), 3: withCharAt(IDS[3]!, 4, "U"), 5: 42 }, { code: "INVALID_LENGTH", index: 1 }],
        [{ 2: withCharAt(IDS[2]!, 9, "U"), 7: 42 }, { code: "INVALID_CHAR", index: 2 }],
        [{ 9000: withCharAt(IDS[9000]!, 0, "Z"), 10_000: null }, { code: "OVERFLOW", index: 9000 }],
        [{ 8500: 42, 9000: withCharAt(IDS[9000]!, 3, "!") }, { code: "INVALID_ARGUMENT", index: 8500 }],
        [{ [CHUNK + 3]: withCharAt(IDS[CHUNK + 3]!, 20, "*"), [CHUNK + 4]: "" }, { code: "INVALID_CHAR", index: CHUNK + 3 }],
        [{ 5: withCharAt(IDS[5]!, 0, "9"), 20_000: "short", 20_001: withCharAt(IDS[20_001]!, 1, "U") }, { code: "OVERFLOW", index: 5 }],
        [{ [COUNT - 2]: undefined, [COUNT - 1]: "x" }, { code: "INVALID_ARGUMENT", index: COUNT - 2 }],
      ];
      for (const [faults, fault] of cases) {
        const ids = stringsWith(faults) as string[];
        const expected = { faults: Object.keys(faults), fault };
        expect({ faults: Object.keys(faults), fault: faultOf(() => decodeMany(ids)) }).toEqual(expected);
        expect({ faults: Object.keys(faults), fault: faultOf(() => decodeTimeMany(ids)) }).toEqual(expected);
        expectSameArray(validateMany(ids), flagsWithZeros(COUNT, Object.keys(faults).map(Number)), "validateMany");
      }
    });

    it("treat holes in a sparse array as non-strings", () => {
      const sparse = new Array<string>(3);
      sparse[1] = IDS[1]!;
      expect(faultOf(() => decodeMany(sparse))).toEqual({ code: "INVALID_ARGUMENT", index: 0 });
      expect(validateMany(sparse)).toEqual(Uint8Array.of(0, 1, 0));
    });

    it("validateMany flags every bad element in a short batch without throwing", () => {
      const values = [IDS[0], 1, null, "", IDS[1]!.toLowerCase(), withCharAt(IDS[2]!, 0, "8"), withCharAt(IDS[3]!, 12, "U"), IDS[4]];
      expect(validateMany(values as string[])).toEqual(Uint8Array.of(1, 0, 0, 0, 1, 0, 0, 1));
    });
  });

  describe("text batches", () => {
    it("report a bad byte inside a record at the record index: U/u as INVALID_CHAR, a separator byte as INVALID_LENGTH", () => {
      for (const at of POSITIONS) {
        for (const byte of BAD_TEXT_BYTES) {
          const text = textWith({ [at]: withCharAt(IDS[at]!, CHAR_AT, String.fromCharCode(byte)) });
          // In text any byte but an ASCII letter or digit separates IDs, so it cuts the ID short.
          const code = byte === 0x55 || byte === 0x75 ? "INVALID_CHAR" : "INVALID_LENGTH";
          const expected = { at, byte, fault: { code, index: at } };
          expect({ at, byte, fault: faultOf(() => decodeMany(text)) }).toEqual(expected);
          expect({ at, byte, fault: faultOf(() => decodeTimeMany(text)) }).toEqual(expected);
        }
        expectSameArray(validateMany(textWith({ [at]: withCharAt(IDS[at]!, 3, "U") })), flagsWithZeros(COUNT, [at]), `validateMany, fault at ${at}`);
      }
    });

    it("explain a text record's fault: what ends the ID or runs it on, and where", () => {
      const short = textWith({ 2: withCharAt(IDS[2]!, 14, "-") });
      expect(() => decodeMany(short)).toThrow(
        `element 2 (character position 14): the ULID ends after 14 characters (byte 0x2d at position 14 separates IDs in text): "${withCharAt(IDS[2]!, 14, "-")}"`,
      );
      const long = TEXT.slice();
      long[27 * 3 + 26] = "X".charCodeAt(0);
      expect(() => decodeMany(long)).toThrow(
        `element 3 (character position 26): the ULID is longer than 26 characters (byte 0x58 cannot separate IDs): "${IDS[3]}X"...`,
      );
      // A high byte is quoted as the character of its code on every runtime (not as windows-1252 reads 0x80-0x9F).
      for (const byte of [0x80, 0x9f, 0xe9]) {
        const record = withCharAt(IDS[4]!, 7, String.fromCharCode(byte));
        expect(() => decodeMany(textWith({ 4: record }))).toThrow(
          `element 4 (character position 7): the ULID ends after 7 characters (byte 0x${byte.toString(16)} at position 7 separates IDs in text): ${JSON.stringify(record)}`,
        );
      }
      const invalid = textWith({ 1: withCharAt(IDS[1]!, 25, "U") });
      expect(() => decodeTimeMany(invalid)).toThrow(
        `element 1 (character position 25): invalid character "U" (U+0055) at position 25 in "${withCharAt(IDS[1]!, 25, "U")}"`,
      );
    });

    it("report a first char above 7 with OVERFLOW at the record index", () => {
      for (const at of POSITIONS) {
        const text = textWith({ [at]: withCharAt(IDS[at]!, 0, "8") });
        expect({ at, fault: faultOf(() => decodeMany(text)) }).toEqual({ at, fault: { code: "OVERFLOW", index: at } });
        expect({ at, fault: faultOf(() => decodeTimeMany(text)) }).toEqual({ at, fault: { code: "OVERFLOW", index: at } });
      }
    });

    it("report a letter or digit in a separator's place with INVALID_LENGTH at the record it follows", () => {
      for (const at of POSITIONS) {
        for (const separator of ["A", "z", "0", "9"]) {
          const text = TEXT.slice();
          text[27 * at + 26] = separator.charCodeAt(0);
          const expected = { at, separator, fault: { code: "INVALID_LENGTH", index: at } };
          expect({ at, separator, fault: faultOf(() => decodeMany(text)) }).toEqual(expected);
          expect({ at, separator, fault: faultOf(() => decodeTimeMany(text)) }).toEqual(expected);
          expectSameArray(validateMany(text), flagsWithZeros(COUNT, [at]), `validateMany, separator after ${at}`);
        }
      }
    });

    it("report a short last record with INVALID_LENGTH at its index, after checking earlier records", () => {
      const short = textBatch(IDS, "\n", false).subarray(0, 27 * COUNT - 2);
      expect(faultOf(() => decodeMany(short))).toEqual({ code: "INVALID_LENGTH", index: COUNT - 1 });
      expect(faultOf(() => decodeTimeMany(short))).toEqual({ code: "INVALID_LENGTH", index: COUNT - 1 });
      expectSameArray(validateMany(short), flagsWithZeros(COUNT, [COUNT - 1]), "validateMany");

      const earlier = short.slice();
      earlier.set(latin1(withCharAt(IDS[CHUNK + 2]!, 5, "U")), 27 * (CHUNK + 2));
      expect(faultOf(() => decodeMany(earlier))).toEqual({ code: "INVALID_CHAR", index: CHUNK + 2 });
    });

    it("report a partial record after the last separator as one more element", () => {
      for (const tail of ["0", "01ARZ3", `${IDS[0]!.slice(0, 25)}`, "\n", " "]) {
        const text = latin1(`${IDS.slice(0, 3).join("\n")}\n${tail}`);
        expect({ tail, fault: faultOf(() => decodeMany(text)) }).toEqual({ tail, fault: { code: "INVALID_LENGTH", index: 3 } });
        expect({ tail, fault: faultOf(() => decodeTimeMany(text)) }).toEqual({ tail, fault: { code: "INVALID_LENGTH", index: 3 } });
        expect({ tail, flags: validateMany(text) }).toEqual({ tail, flags: Uint8Array.of(1, 1, 1, 0) });
      }
    });

    it("report the first bad record whatever the kinds of the later ones", () => {
      const charThenSeparator = textWith({ 2: withCharAt(IDS[2]!, 7, "U") });
      charThenSeparator[27 * 5 + 26] = 0x41;
      expect(faultOf(() => decodeMany(charThenSeparator))).toEqual({ code: "INVALID_CHAR", index: 2 });

      const separatorThenChar = textWith({ 4: withCharAt(IDS[4]!, 7, "U") });
      separatorThenChar[27 * 3 + 26] = 0x41;
      expect(faultOf(() => decodeMany(separatorThenChar))).toEqual({ code: "INVALID_LENGTH", index: 3 });

      const overflowThenPartial = new Uint8Array(27 * COUNT + 3);
      overflowThenPartial.set(textWith({ 9000: withCharAt(IDS[9000]!, 0, "9") }));
      overflowThenPartial.set(latin1("01A"), 27 * COUNT);
      expect(faultOf(() => decodeMany(overflowThenPartial))).toEqual({ code: "OVERFLOW", index: 9000 });
      expect(faultOf(() => decodeTimeMany(overflowThenPartial))).toEqual({ code: "OVERFLOW", index: 9000 });
    });
  });

  describe("the batch argument", () => {
    const NOT_A_BATCH: readonly [string, unknown][] = [
      ["number", 42],
      ["null", null],
      ["undefined", undefined],
      ["string", IDS[0]],
      ["array-like object", { length: 1, 0: IDS[0] }],
      ["Set", new Set([IDS[0]])],
      ["ArrayBuffer", new ArrayBuffer(27)],
      ["Uint16Array", new Uint16Array(27)],
    ];

    it.each(NOT_A_BATCH)("rejects a %s with INVALID_ARGUMENT", (_, value) => {
      const batch = value as string[];
      expect(faultOf(() => decodeMany(batch))).toMatchObject({ code: "INVALID_ARGUMENT" });
      expect(faultOf(() => decodeTimeMany(batch))).toMatchObject({ code: "INVALID_ARGUMENT" });
      expect(faultOf(() => validateMany(batch))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("does not modify the caller's array or text", () => {
      const ids = IDS.slice(0, 10).map((id) => id.toLowerCase());
      const copy = ids.slice();
      decodeMany(ids);
      expect(ids).toEqual(copy);
      const text = textBatch(ids);
      const textCopy = text.slice();
      decodeMany(text);
      validateMany(text);
      decodeTimeMany(text);
      expect(text).toEqual(textCopy);
    });
  });
});
