/**
 * The `lowercase` option of every call that writes ID text, for every format on both engines: the same text as the
 * canonical one with its letters in lower case, decoded back to the same bytes and sorted in the same order; off by
 * default; refused by BaseUID and KSUID, whose text is case-sensitive; TypeID's text is lower case already.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as api from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { compareTexts, REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { compareBytes } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const FC = { numRuns: propertyRuns(1000), seed: 0x10ca5e };
/** 2027-01-15: inside every format's range, Ulid-Flake's default epoch included. */
const T = 1_800_000_000_000;
const LOWER = { lowercase: true } as const;

/** A `random` option that fills with one constant, so two calls make the same ID. */
const constant = (byte: number) => (out: Uint8Array) => out.fill(byte);

/** The calls of a namespace that write text, typed loosely so one table serves every format. */
interface TextCalls {
  encode(bytes: Uint8Array, offset?: number, options?: object): string;
  encodeMany(bytes: Uint8Array, options?: object): string[];
  encodeManyText(bytes: Uint8Array, options?: object): Uint8Array;
  generate(time?: unknown, options?: object): string;
  monotonicFactory(options?: object): (time?: unknown) => string;
  min(time: unknown, options?: object): string;
  max(time: unknown, options?: object): string;
  decode(text: string): Uint8Array;
  generateMany(count: number, options?: object): Uint8Array;
}
const callsOf = (ref: RefFormat) => ref.api as unknown as TextCalls;

/** Random IDs of the format, packed. */
const batches = (ref: RefFormat) =>
  fc
    .array(fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }), { minLength: 1, maxLength: 10 })
    .map((ids) => ids.map((bytes) => ref.conform(bytes)));

forEachEngine(() => {
  describe.each(REF_FORMATS.filter((ref) => ref.name !== "baseuid" && ref.name !== "ksuid"))("$name", (ref) => {
    const calls = callsOf(ref);

    it("encoders write the canonical text in lower case, which decodes to the same bytes", () => {
      fc.assert(
        fc.property(batches(ref), (ids) => {
          const bytes = new Uint8Array(ids.flatMap((id) => [...id]));
          const canonical = ids.map((id) => ref.encode(id)!);
          const lower = canonical.map((text) => text.toLowerCase());
          expect(calls.encode(bytes, 0, LOWER)).toBe(lower[0]);
          expect(calls.encode(bytes, 0, { lowercase: false })).toBe(canonical[0]);
          expect(calls.encode(bytes, 0, {})).toBe(canonical[0]);
          expect(calls.encodeMany(bytes, LOWER)).toEqual(lower);
          expect(calls.encodeMany(bytes)).toEqual(canonical);
          expect(Buffer.from(calls.encodeManyText(bytes, { ...LOWER, separator: "," })).toString("latin1")).toBe(`${lower.join(",")},`);
          expect(Buffer.from(calls.encodeManyText(bytes)).toString("latin1")).toBe(`${canonical.join("\n")}\n`);
          for (let i = 0; i < ids.length; i++) expect(calls.decode(lower[i]!)).toEqual(ids[i]);
        }),
        FC,
      );
    });

    it("lower-case text sorts as the bytes do (digits sort before letters in either case)", () => {
      fc.assert(
        fc.property(batches(ref), ([a, b = a!]) => {
          const [x, y] = [calls.encode(a!, 0, LOWER), calls.encode(b, 0, LOWER)];
          expect(Math.sign(compareBytes(a!, 0, b, 0, ref.bytes))).toBe(Math.sign(compareTexts(ref, x, y)));
        }),
        FC,
      );
    });

    it("encodeManyText writes lower case into a caller's buffer", () => {
      const bytes = calls.generateMany(5);
      const out = new Uint8Array(5 * (ref.chars + 1) + 3).fill(0x41);
      calls.encodeManyText(bytes, { ...LOWER, out });
      expect(Buffer.from(out.subarray(0, 5 * (ref.chars + 1))).toString("latin1")).toBe(
        `${calls.encodeMany(bytes).map((text) => text.toLowerCase()).join("\n")}\n`,
      );
      expect([...out.subarray(5 * (ref.chars + 1))]).toEqual([0x41, 0x41, 0x41]);
    });

    it("generate, monotonicFactory, min and max take it", () => {
      for (const byte of [0x00, 0x5a, 0xff]) {
        const random = constant(byte);
        expect(calls.generate(T, { random, ...LOWER })).toBe(calls.generate(T, { random }).toLowerCase());
      }
      const upper = calls.monotonicFactory({ random: constant(0x3c) });
      const lower = calls.monotonicFactory({ random: constant(0x3c), ...LOWER });
      for (let i = 0; i < 5; i++) expect(lower(T)).toBe(upper(T).toLowerCase());
      expect(calls.min(T, LOWER)).toBe(calls.min(T).toLowerCase());
      expect(calls.max(T, LOWER)).toBe(calls.max(T).toLowerCase());
    });

    it("refuses a lowercase option that is no boolean", () => {
      const bytes = calls.generateMany(1);
      for (const lowercase of [1, "yes", null]) {
        for (const call of [
          () => calls.encode(bytes, 0, { lowercase }),
          () => calls.encodeMany(bytes, { lowercase }),
          () => calls.encodeManyText(bytes, { lowercase }),
          () => calls.generate(T, { lowercase }),
          () => calls.monotonicFactory({ lowercase }),
          () => calls.min(T, { lowercase }),
        ]) {
          expectUlidError(call, "INVALID_ARGUMENT");
        }
      }
      expectUlidError(() => calls.encode(bytes, 0, 5 as never), "INVALID_ARGUMENT");
    });
  });

  describe("ULID's top-level calls", () => {
    it("encode, encodeMany, encodeManyText and monotonicFactory take it; ulid() and canonicalize stay upper case", () => {
      const bytes = api.generateMany(3);
      const canonical = api.encodeMany(bytes);
      expect(api.encode(bytes, 16, LOWER)).toBe(canonical[1]!.toLowerCase());
      expect(api.encodeMany(bytes, LOWER)).toEqual(canonical.map((text) => text.toLowerCase()));
      expect(Buffer.from(api.encodeManyText(bytes, LOWER)).toString("latin1")).toBe(`${canonical.join("\n")}\n`.toLowerCase());
      const factory = api.monotonicFactory({ ...LOWER, random: constant(7) });
      // Random bytes all 0x07: 0x07070707070707070707 is 0W3GE1R70W3GE1R7 in Crockford base32; then + 1.
      expect(factory(0)).toBe("00000000000w3ge1r70w3ge1r7");
      expect(factory(0)).toBe("00000000000w3ge1r70w3ge1r8");
      expect(api.ulid()).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      expect(api.canonicalize(api.encode(bytes, 0, LOWER))).toBe(canonical[0]);
      expect(api.formats.ulid.generate(T, LOWER)).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    });
  });

  describe.each([
    ["BaseUID", "baseuid", T],
    ["KSUID", "ksuid", 1.5e12],
  ] as const)("%s", (label, name, time) => {
    it("refuses lowercase: true (its text is case-sensitive) and takes lowercase: false", () => {
      const format = api[name];
      const bytes = format.generateMany(2);
      for (const call of [
        () => format.encode(bytes, 0, LOWER),
        () => format.encodeMany(bytes, LOWER),
        () => format.encodeManyText(bytes, LOWER),
        () => format.generate(time, LOWER),
        () => format.monotonicFactory(LOWER),
        () => format.min(time, LOWER as never), // refused by its type too
        () => format.max(time, LOWER as never),
      ]) {
        const error = expectUlidError(call, "INVALID_ARGUMENT");
        expect(error.message).toContain(`${label} text is case-sensitive`);
      }
      expect(format.encodeMany(bytes, { lowercase: false })).toEqual(format.encodeMany(bytes));
    });
  });
});
