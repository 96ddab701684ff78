/**
 * TypeID's own rules on both engines, beyond the suites every format runs (where REF_TYPEID carries the prefix
 * "user"): the specification's conformance cases (test/fixtures/typeid-valid.yml and typeid-invalid.yml, from
 * github.com/jetify-com/typeid) and SPEC.md's vectors; a bad character at every position of the prefix and of the
 * suffix; every prefix length from 0 to 63 and 64 refused; which prefix a call reads (the option, each string's own,
 * a text batch's first record's); the empty prefix against the reference; sort order within a prefix.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeLines, formats, typeid } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError, faultOf } from "./helpers/errors.js";
import { REF_TYPEID_BARE } from "./helpers/format-reference.js";
import { bytesToBigInt, compareBytes, latin1 } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";
import { TYPEID_SPEC_INVALID, TYPEID_SPEC_VALID, TYPEID_SPEC_VECTOR } from "./format-vectors.js";

const FC = { numRuns: propertyRuns(500), seed: 0x7e1d };

type Case = Readonly<Record<string, string>>;

/** The cases of a fixture: a YAML list of flat maps of strings (all these files hold), comments skipped. */
function casesOf(file: string): Case[] {
  const text = readFileSync(new URL(`fixtures/${file}`, import.meta.url), "utf8");
  const cases: Record<string, string>[] = [];
  for (const line of text.split("\n")) {
    const match = /^(- |  )(\w+): (.*)$/.exec(line);
    if (match === null) continue;
    if (match[1] === "- ") cases.push({});
    const value = match[3]!.trim();
    cases.at(-1)![match[2]!] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
  }
  return cases;
}

const VALID = casesOf("typeid-valid.yml");
const INVALID = casesOf("typeid-invalid.yml");

/** The code each invalid case is refused with: a prefix fault, or the suffix's length, characters or overflow. */
const INVALID_CODES: Readonly<Record<string, string>> = {
  "prefix-uppercase": "INVALID_PREFIX",
  "prefix-numeric": "INVALID_PREFIX",
  "prefix-period": "INVALID_PREFIX",
  "prefix-non-ascii": "INVALID_PREFIX",
  "prefix-spaces": "INVALID_PREFIX",
  "prefix-64-chars": "INVALID_PREFIX",
  "separator-empty-prefix": "INVALID_PREFIX",
  "separator-empty": "INVALID_PREFIX",
  "suffix-short": "INVALID_LENGTH",
  "suffix-long": "INVALID_LENGTH",
  "suffix-spaces": "INVALID_CHAR",
  "suffix-uppercase": "INVALID_CHAR",
  "suffix-hyphens": "INVALID_CHAR",
  "suffix-wrong-alphabet": "INVALID_CHAR",
  "suffix-ambiguous-crockford": "INVALID_CHAR",
  "suffix-hyphens-crockford": "INVALID_LENGTH",
  "suffix-overflow": "OVERFLOW",
  "prefix-underscore-start": "INVALID_PREFIX",
  "prefix-underscore-end": "INVALID_PREFIX",
  empty: "INVALID_LENGTH",
  "prefix-empty": "INVALID_LENGTH",
};

const SUFFIX = TYPEID_SPEC_VECTOR.suffix;
const withCharAt = (text: string, at: number, char: string) => text.slice(0, at) + char + text.slice(at + 1);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("the fixtures", () => {
  it("hold every case of the specification (9 valid, 21 invalid), each invalid one with its expected code", () => {
    expect(VALID.map((c) => c.name)).toEqual(["nil", "one", "ten", "sixteen", "thirty-two", "max-valid", "valid-alphabet", "valid-uuidv7", "prefix-underscore"]);
    expect(INVALID.map((c) => c.name).sort()).toEqual(Object.keys(INVALID_CODES).sort());
  });
});

forEachEngine(() => {
  describe("the specification's cases", () => {
    it.each(VALID.map((c) => [c.name!, c] as const))("valid %s: decodes to its prefix and UUID, and encodes back", (_, c) => {
      const { typeid: text, prefix, uuid } = c as Required<Case>;
      expect(typeid.isValid(text)).toBe(true);
      expect(typeid.toUUID(text)).toBe(uuid);
      const parsed = typeid.parse(text);
      expect({ prefix: parsed.prefix, uuid: parsed.uuid, bytes: hex(parsed.bytes) }).toEqual({ prefix, uuid, bytes: uuid.replaceAll("-", "") });
      expect(parsed.time).toBe(Number(BigInt(`0x${uuid.replaceAll("-", "").slice(0, 12)}`)));
      expect(typeid.fromUUID(uuid, prefix)).toBe(text);
      expect(typeid.encode(typeid.decode(text), 0, { prefix })).toBe(text);
      expect(typeid.decode(text, { prefix })).toEqual(parsed.bytes);
      expect(typeid.canonicalize(text)).toBe(text);
      expect(typeid.schema["~standard"].validate(text)).toEqual({ value: text });
      // In bulk: a string array, and text records under the batch's prefix.
      expect(hex(typeid.decodeMany([text, text]))).toBe(hex(parsed.bytes).repeat(2));
      expect(hex(typeid.decodeMany(latin1(`${text}\n${text}\n`)))).toBe(hex(parsed.bytes).repeat(2));
      expect(Buffer.from(typeid.encodeManyText(parsed.bytes, { prefix })).toString("latin1")).toBe(`${text}\n`);
    });

    it.each(INVALID.map((c) => [c.name!, c] as const))("invalid %s: refused with its code, in every call", (name, c) => {
      const text = c.typeid!;
      const code = INVALID_CODES[name]!;
      expectUlidError(() => typeid.decode(text), code);
      expectUlidError(() => typeid.parse(text), code);
      expectUlidError(() => typeid.toUUID(text), code);
      expectUlidError(() => typeid.decodeTime(text), code);
      expect(typeid.isValid(text)).toBe(false);
      expect("issues" in typeid.schema["~standard"].validate(text)).toBe(true);
      expectUlidError(() => typeid.decodeMany([`x_${SUFFIX}`, text]), code, 1);
      const flags = new Uint8Array(2);
      expect(hex(typeid.decodeMany([text, SUFFIX], { flags }))).toBe("00".repeat(16) + hex(typeid.decode(SUFFIX)));
      expect([...flags]).toEqual([0, 1]);
      expect([...typeid.validateMany([SUFFIX, text])]).toEqual([1, 0]);
    });
  });

  describe("SPEC.md's vectors", () => {
    it("decode to their UUIDs and prefixes; the invalid ones name their fault", () => {
      expect(typeid.toUUID(TYPEID_SPEC_VECTOR.text)).toBe(TYPEID_SPEC_VECTOR.uuid);
      expect(typeid.decodeTime(TYPEID_SPEC_VECTOR.text)).toBe(TYPEID_SPEC_VECTOR.unixMs);
      expect(typeid.fromUUID(TYPEID_SPEC_VECTOR.uuid, "prefix")).toBe(TYPEID_SPEC_VECTOR.text);
      for (const { text, prefix, uuid } of TYPEID_SPEC_VALID) {
        expect(typeid.parse(text)).toMatchObject({ prefix, uuid });
        expect(typeid.fromUUID(uuid, prefix)).toBe(text);
      }
      for (const { text, code, index } of TYPEID_SPEC_INVALID) expectUlidError(() => typeid.decode(text), code, index);
    });
  });

  describe("a bad character at every position", () => {
    for (const prefix of ["", "user", "pre_fix", "a".repeat(63)]) {
      it(`prefix ${JSON.stringify(prefix.slice(0, 8))} (${prefix.length} chars): in the prefix INVALID_PREFIX, in the suffix INVALID_CHAR, where it stands`, () => {
        const text = typeid.fromUUID(TYPEID_SPEC_VECTOR.uuid, prefix);
        const lead = text.length - 26;
        for (let at = 0; at < text.length; at++) {
          for (const char of at < lead ? ["A", "0", "-", " ", "é"] : ["A", "U", "i", "l", "o", "u", "-", " ", "\0", "é"]) {
            const bad = withCharAt(text, at, char);
            // In place of the underscore a character leaves no prefix: refused where it differs from `prefix_`.
            const code = at < lead ? "INVALID_PREFIX" : "INVALID_CHAR";
            expect({ at, char, fault: faultOf(() => typeid.decode(bad, { prefix })) }).toEqual({ at, char, fault: { code, index: at } });
            if (at !== lead - 1) expect({ at, char, fault: faultOf(() => typeid.decode(bad)) }).toEqual({ at, char, fault: { code, index: at } });
            expect(typeid.isValid(bad)).toBe(false);
          }
        }
        // The suffix's first character above 7 is an overflow.
        expectUlidError(() => typeid.decode(withCharAt(text, lead, "8")), "OVERFLOW", lead);
      });
    }
  });

  describe("prefixes", () => {
    it("of every length from 0 to 63 round-trip through every call; 64 is refused", () => {
      const bytes = typeid.generateMany(3);
      for (let length = 0; length <= 63; length++) {
        const prefix = length === 0 ? "" : "ab_c".repeat(16).slice(0, length).replace(/_$/, "d");
        const texts = typeid.encodeMany(bytes, { prefix });
        expect(texts[0]).toBe(`${prefix}${prefix ? "_" : ""}${typeid.encode(bytes)}`);
        expect(typeid.decodeMany(texts)).toEqual(bytes);
        expect(typeid.decodeMany(texts, { prefix })).toEqual(bytes);
        const text = typeid.encodeManyText(bytes, { prefix, separator: " " });
        expect(text.length).toBe(3 * (texts[0]!.length + 1));
        expect(typeid.decodeMany(text)).toEqual(bytes);
        expect([...typeid.decodeTimeMany(text)]).toEqual(texts.map((t) => typeid.decodeTime(t)));
        expect(typeid.generate(0, { prefix }).startsWith(prefix)).toBe(true);
        expect(typeid.parse(texts[1]!).prefix).toBe(prefix);
      }
      const long = "a".repeat(64);
      expectUlidError(() => typeid.decode(`${long}_${SUFFIX}`), "INVALID_PREFIX", 63);
      for (const call of [() => typeid.generate(0, { prefix: long }), () => typeid.encode(bytes, 0, { prefix: long }), () => typeid.fromUUID(TYPEID_SPEC_VECTOR.uuid, long)]) {
        expectUlidError(call, "INVALID_PREFIX");
      }
    });

    it("a bad prefix option is INVALID_PREFIX for generators, encoders and decoders alike", () => {
      const bytes = typeid.generateMany(1);
      for (const prefix of ["User", "_a", "a_", "a-b", "é", 5, null]) {
        for (const call of [
          () => typeid.generate(undefined, { prefix: prefix as string }),
          () => typeid.monotonicFactory({ prefix: prefix as string }),
          () => typeid.generateMany(2, { prefix: prefix as string }),
          () => typeid.encode(bytes, 0, { prefix: prefix as string }),
          () => typeid.encodeMany(bytes, { prefix: prefix as string }),
          () => typeid.encodeManyText(bytes, { prefix: prefix as string }),
          () => typeid.min(0, { prefix: prefix as string }),
          () => typeid.fromBigInt(1n, { prefix: prefix as string }),
          () => typeid.decode(SUFFIX, { prefix: prefix as string }),
          () => typeid.decodeMany([SUFFIX], { prefix: prefix as string }),
        ]) {
          expectUlidError(call, "INVALID_PREFIX");
        }
      }
    });

    it("string arrays: each element under its own prefix, or all under the `prefix` option", () => {
      const ids = [`user_${SUFFIX}`, SUFFIX, `pre_fix_${SUFFIX}`, `post_${SUFFIX}`];
      const one = hex(typeid.decode(SUFFIX));
      expect(hex(typeid.decodeMany(ids))).toBe(one.repeat(4));
      expect([...typeid.validateMany(ids)]).toEqual([1, 1, 1, 1]);
      expect([...typeid.validateMany(ids, { prefix: "user" })]).toEqual([1, 0, 0, 0]);
      expectUlidError(() => typeid.decodeMany(ids, { prefix: "user" }), "INVALID_PREFIX", 1);
      const flags = new Uint8Array(4);
      const times = typeid.decodeTimeMany(ids, { prefix: "post", flags });
      expect([...flags]).toEqual([0, 0, 0, 1]);
      expect(times.slice(0, 3).every(Number.isNaN)).toBe(true);
      expect(times[3]).toBe(typeid.decodeTime(SUFFIX));
    });

    it("text batches: one prefix, the option's or the first record's; a record of another is an invalid element", () => {
      const text = latin1(`user_${SUFFIX}\nuser_${SUFFIX}\npost_${SUFFIX}\nuser_${SUFFIX}`);
      expectUlidError(() => typeid.decodeMany(text), "INVALID_PREFIX", 2);
      const flags = new Uint8Array(4);
      expect(hex(typeid.decodeMany(text, { flags }))).toBe(hex(typeid.decode(SUFFIX)).repeat(2) + "00".repeat(16) + hex(typeid.decode(SUFFIX)));
      expect([...flags]).toEqual([1, 1, 0, 1]);
      expect([...typeid.validateMany(text)]).toEqual([1, 1, 0, 1]);
      // The option names the batch's prefix: records of the same width with another prefix are refused.
      expect([...typeid.validateMany(text, { prefix: "post" })]).toEqual([0, 0, 1, 0]);
      expectUlidError(() => typeid.decodeMany(text, { prefix: "post" }), "INVALID_PREFIX", 0);
      // A first record with a bad prefix is refused as such; the batch keeps its width (a shorter record after it is cut short).
      expectUlidError(() => typeid.decodeMany(latin1(`User_${SUFFIX}\n${SUFFIX}`)), "INVALID_PREFIX", 0);
      // Records are of the first one's width: a longer one after it spans two records, both invalid.
      expect([...typeid.validateMany(latin1(`${SUFFIX}\nuser_${SUFFIX}`))]).toEqual([1, 0, 0]);
    });

    it("text batches whose first record's prefix is bad keep its width: an element per record, the bad ones INVALID_PREFIX at their index", () => {
      const one = hex(typeid.decode(SUFFIX));
      const time = typeid.decodeTime(SUFFIX);
      // Bad prefixes of every kind, and a bad char at every position (ASCII letters and digits: any other byte
      // separates records, so it ends the first one).
      const bads = ["User", "_user", "user_", "us3r", "", "a".repeat(64), "a".repeat(70)];
      for (const valid of ["user", "a".repeat(63)]) {
        for (let at = 0; at < valid.length; at++) for (const char of ["A", "0"]) bads.push(withCharAt(valid, at, char));
      }
      for (const bad of bads) {
        const label = JSON.stringify(bad);
        const first = `${bad}_${SUFFIX}`;
        // Records of its width after it: one of a valid prefix (the batch's), one of another, one as bad.
        const valid = "b".repeat(Math.max(1, Math.min(bad.length, 63)));
        const other = "c".repeat(valid.length);
        const width = first.length;
        const fits = valid.length === bad.length;
        const text = latin1([first, `${valid}_${SUFFIX}`, `${other}_${SUFFIX}`, first].join("\n"));
        const records = fits ? 4 : Math.ceil((text.length + 1) / (width + 1));
        const flags = new Uint8Array(records);
        const decoded = typeid.decodeMany(text, { flags });
        expect(flags.length, label).toBe(records);
        expect(typeid.validateMany(text).length, label).toBe(records);
        expectUlidError(() => typeid.decodeMany(text), "INVALID_PREFIX", 0);
        expectUlidError(() => typeid.decodeTimeMany(text), "INVALID_PREFIX", 0);
        if (fits) {
          expect([...flags], label).toEqual([0, 1, 0, 0]);
          expect(hex(decoded), label).toBe("00".repeat(16) + one + "00".repeat(32));
          const times = typeid.decodeTimeMany(text, { flags });
          expect([times[1], times.filter(Number.isNaN).length], label).toEqual([time, 3]);
          // Each record is refused for its own fault: after the batch's valid prefix, the other is another prefix.
          expectUlidError(() => typeid.decodeMany(latin1([`${valid}_${SUFFIX}`, first].join("\n"))), "INVALID_PREFIX", 1);
        } else {
          expect([...flags].every((flag) => flag === 0), label).toBe(true);
        }
        // A batch of bad records alone: each one an invalid element, however many.
        for (const count of [1, 2, 5]) {
          const alone = latin1(`${Array.from({ length: count }, () => first).join("\n")}\n`);
          expect([...typeid.validateMany(alone)], label).toEqual(new Array(count).fill(0));
          const none = new Uint8Array(count);
          expect(typeid.decodeMany(alone, { flags: none }), label).toEqual(new Uint8Array(16 * count));
          expect([...typeid.decodeTimeMany(alone, { flags: none })].every(Number.isNaN), label).toBe(true);
          expectUlidError(() => typeid.decodeTimeMany(alone), "INVALID_PREFIX", 0);
        }
      }
    });

    it("generated TypeIDs are UUID v7s with the prefix; monotonic ones increase and continue after `after` of that prefix", () => {
      const next = typeid.monotonicFactory({ prefix: "job" });
      const ids = Array.from({ length: 200 }, () => next(1_800_000_000_000));
      expect(ids.every((id, i) => /^job_[0-7]/.test(id) && (i === 0 || ids[i - 1]! < id))).toBe(true);
      expect(formats.uuidv7.isValid(typeid.toUUID(ids[0]!))).toBe(true);
      const after = typeid.monotonicFactory({ prefix: "job", after: ids.at(-1)! })(1_700_000_000_000);
      expect(after > ids.at(-1)!).toBe(true);
      expectUlidError(() => typeid.monotonicFactory({ after: ids[0]! }), "INVALID_PREFIX");
      const batch = typeid.generateMany(5, { prefix: "job", after: ids.at(-1)! });
      expect(typeid.encodeMany(batch, { prefix: "job" }).every((id) => id > ids.at(-1)!)).toBe(true);
    });

    it("fromUUID takes the hyphenated form in either case, of any version, and nothing else", () => {
      expect(typeid.fromUUID(TYPEID_SPEC_VECTOR.uuid.toUpperCase(), "prefix")).toBe(TYPEID_SPEC_VECTOR.text);
      expect(typeid.fromUUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
      expectUlidError(() => typeid.fromUUID(TYPEID_SPEC_VECTOR.uuid.replaceAll("-", "")), "INVALID_LENGTH");
      expectUlidError(() => typeid.fromUUID(`{${TYPEID_SPEC_VECTOR.uuid.slice(1)}}`.slice(0, 36)), "INVALID_CHAR", 0);
      expectUlidError(() => typeid.fromUUID(5 as unknown as string), "INVALID_ARGUMENT");
    });

    it("the `lowercase` option is taken and changes nothing: TypeID text is lower case already", () => {
      expect(typeid.encode(typeid.decode(SUFFIX), 0, { lowercase: true })).toBe(SUFFIX);
      expectUlidError(() => typeid.encode(typeid.decode(SUFFIX), 0, { lowercase: 1 as unknown as boolean }), "INVALID_ARGUMENT");
    });

    it("decodeLines reads a stream of one prefix, of the `prefix` option, or of mixed prefixes line by line", async () => {
      const collect = async (text: string, options: object) => {
        const out: string[] = [];
        for await (const ids of decodeLines([latin1(text)], { format: "typeid", ...options })) out.push(hex(ids));
        return out.join("");
      };
      const one = hex(typeid.decode(SUFFIX));
      expect(await collect(`user_${SUFFIX}\nuser_${SUFFIX}\n`, {})).toBe(one.repeat(2));
      expect(await collect(`user_${SUFFIX}\n${SUFFIX}\npre_fix_${SUFFIX}\n`, {})).toBe(one.repeat(3));
      expect(await collect(`user_${SUFFIX}\nuser_${SUFFIX}\n`, { prefix: "user" })).toBe(one.repeat(2));
      await expect(collect(`user_${SUFFIX}\npost_${SUFFIX}\n`, { prefix: "user" })).rejects.toMatchObject({ code: "INVALID_PREFIX", index: 1 });
    });
  });

  describe("without a prefix, against the reference", () => {
    const ref = REF_TYPEID_BARE;
    it("encodes any 16 bytes as the reference does, and decodes it back with its time", () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
          const text = typeid.encode(bytes);
          expect(text).toBe(ref.encode(bytes));
          expect(typeid.decode(text)).toEqual(ref.decode(text));
          expect(typeid.decodeTime(text)).toBe(ref.time(text));
          expect(typeid.toBigInt(text)).toBe(bytesToBigInt(bytes));
        }),
        FC,
      );
    });

    it("accepts exactly the reference's texts among near misses", () => {
      const near = fc
        .tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.nat(25), fc.constantFrom(...ref.badChars, "8", "z", "_"))
        .map(([bytes, at, char]) => withCharAt(ref.encode(bytes)!, at, char));
      fc.assert(
        fc.property(near, (text) => {
          expect(typeid.isValid(text)).toBe(ref.pattern.test(text));
        }),
        FC,
      );
    });
  });

  describe("sort order", () => {
    it("within one prefix, text order is byte order is numeric order", () => {
      const pair = fc.tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ minLength: 16, maxLength: 16 }));
      fc.assert(
        fc.property(pair, fc.constantFrom("", "user", "a".repeat(63)), ([a, b], prefix) => {
          const [x, y] = [typeid.encode(a, 0, { prefix }), typeid.encode(b, 0, { prefix })];
          const bytes = Math.sign(compareBytes(a, 0, b, 0, 16));
          expect(x < y ? -1 : x > y ? 1 : 0).toBe(bytes);
          const [m, n] = [typeid.toBigInt(x), typeid.toBigInt(y)];
          expect(m < n ? -1 : m > n ? 1 : 0).toBe(bytes);
        }),
        FC,
      );
    });
  });
});
