/**
 * Every refusal of the other formats, on both engines, as an UlidError with its code and index: a bad character
 * at each position, every length, non-strings, Ulid-Flake's overflow, batch faults with the element index, and
 * the ranges (times outside a format's range, sid, entropy size, epoch, integers, binary non-IDs, separators).
 */
import { describe, expect, it } from "vitest";
import { baseuid, flake, ksuid, uuidv7 } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectMentions, expectUlidError, faultOf } from "./helpers/errors.js";
import { REF_FORMATS } from "./helpers/format-reference.js";
import { latin1 } from "./helpers/reference.js";
import { BASEUID_DOCUMENT, FLAKE_DEFAULT_EPOCH, FLAKE_README, KSUID_FIRST_MS, KSUID_LAST_MS, KSUID_SEGMENT_INSPECT, OBJECTID_MANUAL, RFC9562_V7, SNOWFLAKE_TEXTS, TSID_README_FIELDS, TYPEID_SPEC_VECTOR, XID_README } from "./format-vectors.js";

const SAMPLES = {
  ulid: "01ARYZ6S410000000000000000",
  flake: FLAKE_README.text,
  baseuid: BASEUID_DOCUMENT.text,
  uuidv7: RFC9562_V7.text,
  ksuid: KSUID_SEGMENT_INSPECT.text,
  typeid: `user_${TYPEID_SPEC_VECTOR.suffix}`,
  objectid: OBJECTID_MANUAL.text,
  xid: XID_README.text,
  tsid: TSID_README_FIELDS.text,
  // 19 digits, the widest Snowflake text.
  snowflake: SNOWFLAKE_TEXTS[1].text,
} as const;
const NON_STRINGS: readonly unknown[] = [42, null, undefined, {}, [SAMPLES.flake], new String(SAMPLES.flake), 10n];

function withCharAt(text: string, at: number, char: string): string {
  return text.slice(0, at) + char + text.slice(at + 1);
}

/** Characters that are wrong at `position` of a UUID v7 in particular: a digit for a hyphen, and the reverse. */
function positionalBadChars(name: string, position: number): string[] {
  if (name !== "uuidv7") return [];
  if ([8, 13, 18, 23].includes(position)) return ["0", "a"];
  if (position === 14) return ["-", "4", "8"];
  if (position === 19) return ["-", "0", "7", "c", "f"];
  return ["-"];
}

forEachEngine(() => {
  describe.each(REF_FORMATS)("$name text", (ref) => {
    const api = ref.api;
    const sample = SAMPLES[ref.name];

    /** The code of a bad character at `at`: in a TypeID's prefix (and its underscore), a prefix fault. */
    const charCode = (at: number) => (at < ref.lead ? "INVALID_PREFIX" : "INVALID_CHAR");

    it("refuses a bad character at each position, naming it", () => {
      for (let at = 0; at < ref.chars; at++) {
        for (const char of [...ref.badChars, ...positionalBadChars(ref.name, at)]) {
          // a-z may stand in a TypeID prefix: there they make another prefix (test/typeid.test.ts), not a bad one.
          if (at < ref.lead - 1 && /[a-z]/.test(char)) continue;
          const text = withCharAt(sample, at, char);
          expect({ at, char, fault: faultOf(() => api.decode(text)) }).toEqual({ at, char, fault: { code: charCode(at), index: at } });
          expect(faultOf(() => api.decodeTime(text))).toEqual({ code: charCode(at), index: at });
          expect(api.isValid(text)).toBe(false);
        }
      }
      expectMentions(expectUlidError(() => api.decode(withCharAt(sample, 3, "!")), charCode(3), 3), "!");
    });

    it("refuses a text above the format's largest value as an overflow where it first exceeds it, left to right", () => {
      for (const { text, position } of ref.overflows) {
        expect({ text, fault: faultOf(() => api.decode(text)) }).toEqual({ text, fault: { code: "OVERFLOW", index: position } });
        expect(faultOf(() => api.decodeTime(text))).toEqual({ code: "OVERFLOW", index: position });
        expect(api.isValid(text)).toBe(false);
        expectUlidError(() => api.decodeMany([sample, text]), "OVERFLOW", 1);
        // The first fault wins: a bad character after the overflow does not hide it, one before it is named instead.
        if (position < ref.chars - 1) {
          expect(faultOf(() => api.decode(withCharAt(text, ref.chars - 1, "!")))).toEqual({ code: "OVERFLOW", index: position });
        }
        if (position > 0) expect(faultOf(() => api.decode(withCharAt(text, 0, "!")))).toEqual({ code: charCode(0), index: 0 });
      }
    });

    it("refuses every other length with the first wrong position", () => {
      for (let length = 0; length <= ref.chars + 3; length++) {
        if (length <= ref.chars && length >= (ref.minChars ?? ref.chars)) continue;
        const text = sample.repeat(2).slice(0, length);
        // Shorter than a TypeID's prefix and underscore, it lacks the prefix: a prefix fault where it ends.
        expect({ length, fault: faultOf(() => api.decode(text)) }).toEqual({
          length,
          fault: { code: length < ref.lead ? "INVALID_PREFIX" : "INVALID_LENGTH", index: Math.min(length, ref.chars) },
        });
      }
    });

    it("refuses non-strings, and isValid never throws", () => {
      for (const value of NON_STRINGS) {
        expect(faultOf(() => api.decode(value as string))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(api.isValid(value)).toBe(false);
      }
    });

    it("names the first bad element of a batch, from strings and from text", () => {
      const bad = withCharAt(sample, 5, "!");
      expectUlidError(() => api.decodeMany([sample, sample, bad, 7 as unknown as string]), "INVALID_CHAR", 2);
      expectUlidError(() => api.decodeTimeMany([sample, 7 as unknown as string, bad]), "INVALID_ARGUMENT", 1);
      // Without its first characters an ID is too short; a TypeID has lost its prefix first: a prefix fault.
      const headless = ref.lead > 0 ? "INVALID_PREFIX" : "INVALID_LENGTH";
      // A Snowflake's text without its first digits is a shorter Snowflake; in its text, every byte but a digit
      // separates, so its bad records are of other widths, overflow, or have a leading zero.
      const varies = ref.minChars !== undefined;
      if (!varies) expectUlidError(() => api.decodeMany([sample, sample.slice(1)]), headless, 1);
      const text = (texts: string[], separator = "\n") => latin1(texts.join(separator));
      // In text, a byte outside the alphabet that is no letter or digit separates IDs: BaseUID and KSUID have no other kind.
      const [textBad, code] =
        ref.name === "baseuid" || ref.name === "ksuid"
          ? ["!", "INVALID_LENGTH"]
          : [ref.name === "flake" || ref.name === "ulid" || ref.name === "typeid" || ref.name === "tsid" ? "U" : ref.name === "xid" ? "w" : "g", "INVALID_CHAR"];
      if (varies) expectUlidError(() => api.decodeMany(text([sample, withCharAt(sample, 0, "0")])), "INVALID_CHAR", 1);
      else expectUlidError(() => api.decodeMany(text([sample, withCharAt(sample, 5, textBad)])), code, 1);
      // A separator inside a record ends the ID early; a byte that cannot separate makes it run on.
      if (!varies) expectUlidError(() => api.decodeMany(text([sample, withCharAt(sample, ref.lead + 4, "\n")])), "INVALID_LENGTH", 1);
      expectUlidError(() => api.decodeMany(text([sample, sample], "0")), "INVALID_LENGTH", 0);
      if (!varies) expectUlidError(() => api.decodeMany(text([sample, sample.slice(2)])), headless, 1);
      expectUlidError(() => api.decodeMany({} as string[]), "INVALID_ARGUMENT");
      expect([...api.validateMany([sample, bad, null as unknown as string])]).toEqual([1, 0, 0]);
    });

    it("reads records separated by any separator byte, and only those", () => {
      for (const separator of ref.separators) {
        const text = latin1([sample, sample].join(String.fromCharCode(separator)));
        expect({ separator, flags: [...api.validateMany(text)] }).toEqual({ separator, flags: [1, 1] });
      }
      for (const separator of ref.nonSeparators) {
        const text = latin1([sample, sample].join(String.fromCharCode(separator)));
        // Records of one width end where the separator belongs; texts that vary in width run on into one record.
        expect({ separator, flags: [...api.validateMany(text)] }).toEqual({ separator, flags: ref.minChars === undefined ? [0, 1] : [0] });
        expect(faultOf(() => api.encodeManyText(api.decode(sample), { separator: String.fromCharCode(separator) }))).toEqual({
          code: "INVALID_ARGUMENT",
          index: undefined,
        });
      }
    });

    it("refuses binary input that is not whole IDs", () => {
      expectUlidError(() => api.encodeMany(new Uint8Array(ref.bytes + 1)), "INVALID_LENGTH");
      expectUlidError(() => api.encode(new Uint8Array(ref.bytes - 1)), "INVALID_LENGTH");
      expectUlidError(() => api.encode([0] as unknown as Uint8Array), "INVALID_ARGUMENT");
    });
  });

  describe("Ulid-Flake ranges", () => {
    it("refuses a first character above 7 as an overflow, accepting aliases and lower case", () => {
      for (const first of "89ABCDEFGHJKMNPQRSTVWXYZabz") {
        expectUlidError(() => flake.decode(`${first}000000000000`), "OVERFLOW", 0);
      }
      for (const first of "01234567OoIiLl") expect(flake.isValid(`${first}ZZZZZZZZZZZZ`)).toBe(true);
    });

    it("refuses a time before the epoch or after its last millisecond", () => {
      const last = FLAKE_DEFAULT_EPOCH + 2 ** 43 - 1;
      expect(flake.fields(flake.generate(FLAKE_DEFAULT_EPOCH)).time).toBe(0);
      expect(flake.decodeTime(flake.generate(last))).toBe(last);
      for (const time of [FLAKE_DEFAULT_EPOCH - 1, last + 1, 0, FLAKE_DEFAULT_EPOCH + 0.5, Number.NaN, "1", new Date(Number.NaN)]) {
        expect({ time, fault: faultOf(() => flake.generate(time as number)) }).toEqual({ time, fault: { code: "INVALID_TIME", index: undefined } });
      }
      expectUlidError(() => flake.generate(999, { epoch: 1000 }), "INVALID_TIME");
      expect(flake.decodeTime(flake.generate(1000, { epoch: 1000 }), { epoch: 1000 })).toBe(1000);
      expectUlidError(() => flake.monotonicFactory()(FLAKE_DEFAULT_EPOCH - 1), "INVALID_TIME");
      expectUlidError(() => flake.generateMany(2, { time: last + 1 }), "INVALID_TIME");
      expectUlidError(() => flake.generateMany(2, { now: () => 0 }), "INVALID_TIME");
    });

    it("refuses options out of range", () => {
      const cases: [string, object][] = [
        ["sid 32", { sid: 32 }],
        ["sid -1", { sid: -1 }],
        ["sid 1.5", { sid: 1.5 }],
        ["entropySize 0", { entropySize: 0 }],
        ["entropySize 4", { entropySize: 4 }],
        ["entropySize 3 with a sid", { entropySize: 3, sid: 0 }],
        ["epoch -1", { epoch: -1 }],
        ["epoch string", { epoch: "2024" }],
      ];
      for (const [name, options] of cases) {
        for (const call of [() => flake.generate(undefined, options), () => flake.monotonicFactory(options), () => flake.generateMany(1, options)]) {
          expect({ name, fault: faultOf(call) }).toEqual({ name, fault: { code: "INVALID_ARGUMENT", index: undefined } });
        }
      }
      expectUlidError(() => flake.fields(FLAKE_README.text, { scalable: 1 as unknown as boolean }), "INVALID_ARGUMENT");
      expectUlidError(() => flake.decodeTime(FLAKE_README.text, { epoch: Number.NaN }), "INVALID_ARGUMENT");
    });

    it("refuses integers outside 0..2^63-1 and a sign bit in bytes", () => {
      expectUlidError(() => flake.fromBigInt(-1n), "OVERFLOW");
      expectUlidError(() => flake.fromBigInt(2n ** 63n), "OVERFLOW");
      expectUlidError(() => flake.fromBigInt(5 as unknown as bigint), "INVALID_ARGUMENT");
      expectUlidError(() => flake.fromBigIntMany([0n, 1n, 2n ** 64n]), "OVERFLOW", 2);
      expectUlidError(() => flake.fromBigIntMany(BigInt64Array.of(0n, -1n)), "OVERFLOW", 1);
      const bytes = new Uint8Array(24);
      bytes[16] = 0x80;
      expectUlidError(() => flake.encodeMany(bytes), "OVERFLOW", 2);
      expectUlidError(() => flake.toBigIntMany(bytes), "OVERFLOW", 2);
      const out = new Uint8Array(3 * 14).fill(0x61);
      expectUlidError(() => flake.encodeManyText(bytes, { out }), "OVERFLOW", 2);
      expect(out.every((byte) => byte === 0)).toBe(true);
    });
  });

  describe("BaseUID, UUID v7 and KSUID ranges", () => {
    it("refuses BaseUID times outside 1970..2262", () => {
      for (const time of [-1, -1n, Number.NaN, Number.POSITIVE_INFINITY, 9223372036855, 2n ** 63n, "1", new Date(-1)]) {
        expect({ time, fault: faultOf(() => baseuid.generate(time as number)) }).toEqual({ time, fault: { code: "INVALID_TIME", index: undefined } });
      }
      expect(baseuid.decodeTimeNs(baseuid.generate(2n ** 63n - 1n))).toBe(2n ** 63n - 2n ** 15n);
    });

    it("refuses UUIDs that are no BaseUID in UUIDv8 form, naming the character", () => {
      const uuid = BASEUID_DOCUMENT.uuid;
      expectUlidError(() => baseuid.fromUUID(withCharAt(uuid, 14, "4")), "INVALID_CHAR", 14);
      expectUlidError(() => baseuid.fromUUID(withCharAt(uuid, 19, "c")), "INVALID_CHAR", 19);
      expectUlidError(() => baseuid.fromUUID(withCharAt(uuid, 35, "5")), "INVALID_CHAR", 35);
      expectUlidError(() => baseuid.fromUUID(withCharAt(uuid, 3, "x")), "INVALID_CHAR", 3);
      expectUlidError(() => baseuid.fromUUID(uuid.slice(1)), "INVALID_LENGTH", 35);
    });

    it("refuses UUID v7 times outside 0..2^48-1 and bytes of another version", () => {
      for (const time of [-1, 2 ** 48, 1.5, Number.NaN]) expectUlidError(() => uuidv7.generate(time), "INVALID_TIME");
      expect(uuidv7.decodeTime(uuidv7.generate(2 ** 48 - 1))).toBe(2 ** 48 - 1);
      const bytes = uuidv7.generateMany(3);
      bytes[16 + 6] = 0x40;
      expectUlidError(() => uuidv7.encodeMany(bytes), "INVALID_ARGUMENT", 1);
      expectUlidError(() => uuidv7.encode(bytes, 16), "INVALID_ARGUMENT");
      expectUlidError(() => uuidv7.decodeTime(RFC9562_V7.text, 5 as unknown as Record<string, never>), "INVALID_ARGUMENT");
    });

    it("refuses KSUID times outside its 2^32 seconds from 2014-05-13T16:53:20Z, and fractional ms", () => {
      for (const time of [KSUID_FIRST_MS - 1, KSUID_LAST_MS + 1, 0, -1, 1.5e12 + 0.5, Number.NaN, Infinity, "1", 1n, new Date(0), new Date(Number.NaN)]) {
        expect({ time, fault: faultOf(() => ksuid.generate(time as number)) }).toEqual({ time, fault: { code: "INVALID_TIME", index: undefined } });
        expectUlidError(() => ksuid.generateMany(1, { time: time as number }), "INVALID_TIME");
      }
      expectMentions(expectUlidError(() => ksuid.generate(0), "INVALID_TIME"), "2014-05-13T16:53:20.000Z");
      expect(ksuid.decodeTime(ksuid.generate(KSUID_FIRST_MS))).toBe(KSUID_FIRST_MS);
      expect(ksuid.decodeTime(ksuid.generate(KSUID_LAST_MS))).toBe(KSUID_LAST_MS - 999);
      expectUlidError(() => ksuid.decodeTime(KSUID_SEGMENT_INSPECT.text, 5 as unknown as Record<string, never>), "INVALID_ARGUMENT");
      expectUlidError(() => ksuid.generate(KSUID_FIRST_MS, { lowercase: true }), "INVALID_ARGUMENT");
    });
  });
});
