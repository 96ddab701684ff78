/**
 * IDs as integers (`toBigInt`/`fromBigInt`, and the columnar `toBigIntMany`/`fromBigIntMany`) of every format on
 * both engines, against the BigInt reference of test/helpers/format-reference.ts: named vectors, round trips, order
 * (integer order is text order), the word layout of the columnar form, and the refusals.
 */
import { endianness } from "node:os";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseuid, flake, formats, uuidv7 } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectMentions, expectUlidError } from "./helpers/errors.js";
import { compareTexts, REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { bytesToBigInt } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";
import { BASEUID_DOCUMENT, BASEUID_MAX, FLAKE_FROM_INT, FLAKE_MAX, FLAKE_README, RFC9562_V7 } from "./format-vectors.js";

const FC = { numRuns: propertyRuns(2000), seed: 0x1d7e9 };
const WORD = (1n << 64n) - 1n;

interface Integers {
  toBigInt(text: string): bigint;
  fromBigInt(value: unknown): string;
  toBigIntMany(bytes: Uint8Array): BigUint64Array;
  fromBigIntMany(values: unknown): Uint8Array;
}
const integersOf = (ref: RefFormat) => ref.api as unknown as Integers & RefFormat["api"];

/** Random IDs of the format (any bytes it accepts), as reference text and value. */
const ids = (ref: RefFormat) =>
  fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }).map((random) => {
    const bytes = ref.conform(random);
    return { bytes, text: ref.encode(bytes)!, value: bytesToBigInt(bytes) };
  });

/** The 64-bit words of `value`, least significant first. */
function wordsOf(value: bigint, count: number): bigint[] {
  return Array.from({ length: count }, (_, k) => (value >> (64n * BigInt(k))) & WORD);
}

forEachEngine(() => {
  describe("named vectors", () => {
    it("ULID: 128 bits, the time in the top 48", () => {
      expect(formats.ulid.toBigInt("00000000000000000000000000")).toBe(0n);
      expect(formats.ulid.toBigInt("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")).toBe(2n ** 128n - 1n);
      expect(formats.ulid.toBigInt("01ARYZ6S410000000000000000")).toBe(1469918176385n << 80n);
      expect(formats.ulid.fromBigInt(1469918176385n << 80n)).toBe("01ARYZ6S410000000000000000");
      expect(formats.ulid.toBigInt(RFC9562_V7.ulid)).toBe(BigInt(`0x${RFC9562_V7.text.replaceAll("-", "")}`));
    });

    it("Ulid-Flake: the vectors of docs/formats.md", () => {
      for (const v of [FLAKE_README, FLAKE_MAX, FLAKE_FROM_INT]) {
        expect(flake.toBigInt(v.text)).toBe(v.integer);
        expect(flake.fromBigInt(v.integer)).toBe(v.text);
      }
    });

    it("BaseUID: 120 bits", () => {
      expect(baseuid.toBigInt(BASEUID_DOCUMENT.text)).toBe(bytesToBigInt(BASEUID_DOCUMENT.bytes));
      expect(baseuid.fromBigInt(bytesToBigInt(BASEUID_DOCUMENT.bytes))).toBe(BASEUID_DOCUMENT.text);
      expect(baseuid.toBigInt(BASEUID_MAX.text)).toBe(2n ** 120n - 1n);
    });

    it("UUID v7: the 128 bits of the UUID, version and variant included", () => {
      const value = BigInt(`0x${RFC9562_V7.text.replaceAll("-", "")}`);
      expect(uuidv7.toBigInt(RFC9562_V7.text)).toBe(value);
      expect(uuidv7.fromBigInt(value)).toBe(RFC9562_V7.text);
      expect(uuidv7.toBigInt(RFC9562_V7.text.toUpperCase())).toBe(value);
    });
  });

  describe.each(REF_FORMATS)("$name", (ref) => {
    const api = integersOf(ref);
    const bits = 8 * ref.bytes;
    const words = Math.ceil(bits / 64);

    it("toBigInt is the big-endian value of the bytes, and fromBigInt gives the canonical text back", () => {
      fc.assert(
        fc.property(ids(ref), ({ text, value }) => {
          expect(api.toBigInt(text)).toBe(value);
          expect(api.fromBigInt(value)).toBe(text);
        }),
        FC,
      );
    });

    it("integer order is text order and byte order", () => {
      fc.assert(
        fc.property(ids(ref), ids(ref), (a, b) => {
          const byInteger = Math.sign(Number(api.toBigInt(a.text) - api.toBigInt(b.text)));
          expect(byInteger).toBe(Math.sign(compareTexts(ref, a.text, b.text)));
        }),
        FC,
      );
    });

    it(`the columnar form: ${words} 64-bit word(s) per ID, least significant first, and back`, () => {
      fc.assert(
        fc.property(fc.array(ids(ref), { maxLength: 12 }), (batch) => {
          const bytes = new Uint8Array(batch.flatMap(({ bytes }) => [...bytes]));
          const columns = api.toBigIntMany(bytes);
          expect(columns).toBeInstanceOf(BigUint64Array);
          expect(Array.from(columns)).toEqual(batch.flatMap(({ value }) => wordsOf(value, words)));
          expect(api.fromBigIntMany(columns)).toEqual(bytes);
          expect(api.fromBigIntMany(batch.map(({ value }) => value))).toEqual(bytes);
        }),
        FC,
      );
    });

    it.runIf(endianness() === "LE")("on a little-endian machine the words' memory is each ID as a little-endian integer", () => {
      const bytes = ref.api.generateMany(50);
      const memory = new Uint8Array(api.toBigIntMany(bytes).buffer);
      const stride = 8 * words;
      for (let i = 0; i < 50; i++) {
        const littleEndian = memory.subarray(i * stride, (i + 1) * stride);
        const id = bytes.subarray(i * ref.bytes, (i + 1) * ref.bytes);
        expect([...littleEndian].reverse()).toEqual([...new Uint8Array(stride - ref.bytes), ...id]);
      }
    });

    it("a BigInt64Array is read as DuckDB reads a HUGEINT: lower words unsigned, a negative top word OVERFLOW", () => {
      // IDs made now have the top bit clear; their lower words often have it set (negative as signed words).
      const bytes = ref.api.generateMany(64, { monotonic: false });
      const signed = new BigInt64Array(api.toBigIntMany(bytes).buffer);
      expect(api.fromBigIntMany(signed)).toEqual(bytes);
      const negative = new BigInt64Array(2 * words);
      negative[2 * words - 1] = -1n;
      expectUlidError(() => api.fromBigIntMany(negative), "OVERFLOW", 1);
    });

    it("refuses values outside the format's width, values that are no bigint, and partial words", () => {
      expectUlidError(() => api.fromBigInt(-1n), "OVERFLOW");
      const tooLarge = expectUlidError(() => api.fromBigInt(1n << BigInt(bits)), "OVERFLOW");
      expectMentions(tooLarge, `2^${bits}-1`);
      for (const value of [5, "1", null, undefined, 1.5, { valueOf: () => 1n }]) {
        expectUlidError(() => api.fromBigInt(value), "INVALID_ARGUMENT");
      }
      expectUlidError(() => api.fromBigIntMany([0n, 1n, 1n << BigInt(bits)]), "OVERFLOW", 2);
      expectUlidError(() => api.fromBigIntMany([0n, 1]), "INVALID_ARGUMENT", 1);
      if (words > 1) expectUlidError(() => api.fromBigIntMany(new BigUint64Array(words + 1)), "INVALID_LENGTH");
      if (bits % 64 !== 0) {
        // A top word past the format's width (BaseUID: 2^56 and above).
        const wide = new BigUint64Array(2 * words);
        wide[2 * words - 1] = 1n << BigInt(bits % 64);
        expectUlidError(() => api.fromBigIntMany(wide), "OVERFLOW", 1);
      }
      for (const values of [5, "12", new Uint8Array(8), { length: 1, 0: 1n }, null]) {
        expectUlidError(() => api.fromBigIntMany(values), "INVALID_ARGUMENT");
      }
      expectUlidError(() => api.toBigIntMany(new Uint8Array(ref.bytes + 1)), "INVALID_LENGTH");
      // "x" has no TypeID prefix where one is required: that is its first fault.
      // One character is a Snowflake's length: "x" is a bad one there.
      expectUlidError(() => api.toBigInt("x"), ref.lead > 0 ? "INVALID_PREFIX" : ref.minChars === undefined ? "INVALID_LENGTH" : "INVALID_CHAR");
    });
  });

  describe("integers whose bytes are no ID are refused as those bytes are", () => {
    it("Ulid-Flake: 2^63 and above have the sign bit: OVERFLOW", () => {
      expectUlidError(() => flake.fromBigInt(2n ** 63n), "OVERFLOW");
      expectUlidError(() => flake.fromBigIntMany([0n, 2n ** 64n - 1n]), "OVERFLOW", 1);
      expectUlidError(() => flake.fromBigIntMany(BigInt64Array.of(0n, -1n)), "OVERFLOW", 1);
      const bytes = new Uint8Array(24);
      bytes[16] = 0x80;
      expectUlidError(() => flake.toBigIntMany(bytes), "OVERFLOW", 2);
    });

    it("UUID v7: an integer without version 7 and the RFC variant is no UUID v7: INVALID_ARGUMENT", () => {
      const error = expectUlidError(() => uuidv7.fromBigInt(0n), "INVALID_ARGUMENT");
      expect(error.message).toMatch(/^integer 0n: the 16 bytes are no UUID v7: byte 6 must be 0x7_ \(version 7\)/);
      const v4 = BigInt(`0x${RFC9562_V7.text.replaceAll("-", "").replace(/^(.{12})7/, "$14")}`);
      expectUlidError(() => uuidv7.fromBigIntMany([uuidv7.toBigInt(RFC9562_V7.text), v4]), "INVALID_ARGUMENT", 1);
      expectUlidError(() => uuidv7.toBigIntMany(new Uint8Array(32)), "INVALID_ARGUMENT", 0);
    });
  });
});
