/**
 * Text batches (decisions 6 and 7): fixed framing of 26 bytes + one separator byte that is not an ASCII letter
 * or digit, the last separator optional; encodeManyText's separator and out options; encodeMany's input checks.
 */
import { describe, expect, it } from "vitest";
import { decodeMany, decodeTimeMany, encodeMany, encodeManyText, formats, validateMany } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf, thrownBy } from "./helpers/errors.js";
import { NOT_BYTES } from "./helpers/inputs.js";
import { latin1, pseudoRandomBytes, refEncode, textBatch, timePart } from "./helpers/reference.js";

const COUNT = 5;
const BYTES = pseudoRandomBytes(16 * COUNT, 8);
const IDS = Array.from({ length: COUNT }, (_, i) => refEncode(BYTES, 16 * i));

/** Separator bytes a text batch may use: anything that is not an ASCII letter or digit. */
const SEPARATOR_BYTES = [0x0a, 0x2c, 0x20, 0x09, 0x00, 0x2d, 0x7c, 0x3a, 0x7f, 0x80, 0xff, 0x2f, 0x40, 0x5b, 0x60, 0x7b];

/** Separators encodeManyText accepts: one ASCII char, not a letter or digit. */
const GOOD_SEPARATORS = ["\n", ",", " ", "\t", "\0", "|", ";", "\x7f", "-", "_"];
const BAD_SEPARATORS: readonly [string, unknown][] = [
  ["empty", ""],
  ["two chars", ", "],
  ["CRLF", "\r\n"],
  ["a letter", "A"],
  ["a lower-case letter", "z"],
  ["a digit", "0"],
  ["non-ASCII", "\u00e9"],
  ["above 0xFF", "\u0100"],
  ["a number", 10],
  ["null", null],
];

forEachEngine(() => {
  describe("decoding text", () => {
    it.each(SEPARATOR_BYTES)("accepts separator byte 0x%s", (byte) => {
      const text = textBatch(IDS, String.fromCharCode(byte));
      expect(decodeMany(text)).toEqual(BYTES);
      expect(decodeMany(text.subarray(0, text.length - 1))).toEqual(BYTES);
    });

    it("accepts a different separator after each record", () => {
      const text = latin1(`${IDS[0]},${IDS[1]}\n${IDS[2]}\0${IDS[3]} ${IDS[4]}\t`);
      expect(decodeMany(text)).toEqual(BYTES);
      expect(validateMany(text)).toEqual(new Uint8Array(COUNT).fill(1));
    });

    it("reads empty text as no IDs", () => {
      expect(decodeMany(new Uint8Array(0))).toEqual(new Uint8Array(0));
      expect(decodeTimeMany(new Uint8Array(0))).toEqual(new Float64Array(0));
      expect(validateMany(new Uint8Array(0))).toEqual(new Uint8Array(0));
    });

    it("reads 26 bytes without a separator as one ID", () => {
      const text = latin1(IDS[0]!);
      expect(decodeMany(text)).toEqual(BYTES.subarray(0, 16));
      expect(decodeTimeMany(text)).toEqual(Float64Array.of(timePart(BYTES, 0)));
      expect(validateMany(text)).toEqual(Uint8Array.of(1));
    });

    it("does not take CRLF as one separator: the second record then starts with LF", () => {
      const text = latin1(`${IDS[0]}\r\n${IDS[1]}\r\n`);
      // Records: bytes 0-25 + CR; 27-52 ("\n" + 25 chars) + the ID's last char as separator; then "\r\n".
      expect(faultOf(() => decodeMany(text))).toEqual({ code: "INVALID_LENGTH", index: 1 });
      expect(faultOf(() => decodeTimeMany(text))).toEqual({ code: "INVALID_LENGTH", index: 1 });
      expect(validateMany(text)).toEqual(Uint8Array.of(1, 0, 0));
    });

    it("does not skip blank lines: an empty line shifts the framing", () => {
      const text = latin1(`${IDS[0]}\n\n${IDS[1]}\n`);
      // Records: bytes 0-25 + LF; 27-52 ("\n" + 25 chars) + the ID's last char as separator; then a 1-byte "\n".
      expect(faultOf(() => decodeMany(text))).toEqual({ code: "INVALID_LENGTH", index: 1 });
      expect(validateMany(text)).toEqual(Uint8Array.of(1, 0, 0));
    });

    it("does not trim leading whitespace", () => {
      const text = latin1(` ${IDS[0]}\n`);
      expect(faultOf(() => decodeMany(text))).toMatchObject({ index: 0 });
    });
  });

  describe("encodeManyText", () => {
    it("ends every ID with a newline by default", () => {
      expect(encodeManyText(BYTES)).toEqual(textBatch(IDS));
      expect(encodeManyText(BYTES, {})).toEqual(textBatch(IDS));
      expect(encodeManyText(BYTES, { separator: undefined })).toEqual(textBatch(IDS));
    });

    it.each(GOOD_SEPARATORS.map((s) => [JSON.stringify(s), s]))("uses separator %s after every ID", (_, separator) => {
      const text = encodeManyText(BYTES, { separator });
      expect(text).toEqual(textBatch(IDS, separator));
      expect(decodeMany(text)).toEqual(BYTES);
    });

    it.each(BAD_SEPARATORS)("rejects a separator that is %s with INVALID_ARGUMENT", (_, separator) => {
      expect(faultOf(() => encodeManyText(BYTES, { separator: separator as string }))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("says a separator must be a one-character string, whatever was given, in every format", () => {
      for (const api of Object.values(formats)) {
        for (const [, separator] of BAD_SEPARATORS) {
          // A letter separates Snowflakes' decimal records.
          if (api.name === "snowflake" && /^[A-Za-z]$/.test(String(separator))) continue;
          const error = thrownBy(() => api.encodeManyText(api.generateMany(1), { separator: separator as string })) as Error;
          expect(error.message, `${api.name} ${String(separator)}`).toMatch(/^separator must be a one-character string: an ASCII character /);
        }
      }
    });

    it("writes into an exactly sized out and returns a view of it", () => {
      const out = new Uint8Array(27 * COUNT);
      const result = encodeManyText(BYTES, { out });
      expect(result.buffer).toBe(out.buffer);
      expect(result.byteOffset).toBe(out.byteOffset);
      expect(result.length).toBe(27 * COUNT);
      expect(out).toEqual(textBatch(IDS));
    });

    it("writes the first 27*n bytes of a larger out (itself a view) and leaves the rest", () => {
      const FILL = 0xee;
      const backing = new Uint8Array(27 * COUNT + 50).fill(FILL);
      const out = backing.subarray(10, 10 + 27 * COUNT + 30);
      const result = encodeManyText(BYTES, { out, separator: "," });
      expect(result.buffer).toBe(backing.buffer);
      expect(result.byteOffset).toBe(10);
      expect(result.length).toBe(27 * COUNT);
      const expected = new Uint8Array(27 * COUNT + 50).fill(FILL);
      expected.set(textBatch(IDS, ","), 10);
      expect(backing).toEqual(expected);
    });

    it("rejects an out too small with INVALID_LENGTH, even by one byte", () => {
      for (const length of [0, 26, 27 * COUNT - 1]) {
        expect(faultOf(() => encodeManyText(BYTES, { out: new Uint8Array(length) }))).toMatchObject({ code: "INVALID_LENGTH" });
      }
    });

    it.each(NOT_BYTES.filter(([name]) => name !== "undefined"))("rejects a %s as out with INVALID_ARGUMENT", (_, out) => {
      expect(faultOf(() => encodeManyText(BYTES, { out: out as Uint8Array }))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("encodes nothing to nothing, also into an out", () => {
      expect(encodeManyText(new Uint8Array(0))).toEqual(new Uint8Array(0));
      const out = new Uint8Array(4).fill(1);
      expect(encodeManyText(new Uint8Array(0), { out }).length).toBe(0);
      expect(out).toEqual(new Uint8Array(4).fill(1));
    });
  });

  describe("encodeMany and encodeManyText input", () => {
    it.each(NOT_BYTES)("reject a %s with INVALID_ARGUMENT", (_, value) => {
      expect(faultOf(() => encodeMany(value as Uint8Array))).toMatchObject({ code: "INVALID_ARGUMENT" });
      expect(faultOf(() => encodeManyText(value as Uint8Array))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("reject a length that is not a multiple of 16 with INVALID_LENGTH", () => {
      for (const length of [1, 15, 17, 31, 33, 16 * 8192 + 1]) {
        const bytes = new Uint8Array(length);
        expect({ length, fault: faultOf(() => encodeMany(bytes)) }).toMatchObject({ length, fault: { code: "INVALID_LENGTH" } });
        expect({ length, fault: faultOf(() => encodeManyText(bytes)) }).toMatchObject({ length, fault: { code: "INVALID_LENGTH" } });
      }
    });

    it("encode no bytes as no IDs", () => {
      expect(encodeMany(new Uint8Array(0))).toEqual([]);
    });
  });
});
