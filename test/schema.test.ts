/**
 * `schema`, `isValid` and `canonicalize` of every format on both engines: the schema validates exactly the IDs the
 * reference accepts, to the reference's canonical text; a bad value's issue is the UlidError `decode` throws; and no
 * value at all (revoked proxies, throwing conversions, symbols, huge strings) makes it throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UlidError, canonicalize, formats, isValid, type FormatKey } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { REF_FORMATS, REF_ULID, type RefFormat } from "./helpers/format-reference.js";

const FC = { numRuns: 300, seed: 0x5c4e };

/** The message of the UlidError `decode(value)` throws; fails the test when it throws anything else or nothing. */
function decodeMessage(ref: RefFormat, value: unknown): string {
  try {
    ref.api.decode(value as string);
  } catch (error) {
    expect(error).toBeInstanceOf(UlidError);
    return (error as UlidError).message;
  }
  throw new Error(`decode accepted ${String(value)}`);
}

/** Some canonical text of the format, from random bytes. */
const canonicalIds = (ref: RefFormat) =>
  fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }).map((bytes) => ref.encode(ref.conform(bytes))!);

/** A canonical ID with some characters changed: case flipped, or replaced by any character, valid or not. */
const variants = (ref: RefFormat) =>
  fc
    .tuple(canonicalIds(ref), fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constant("case"), fc.string({ minLength: 1, maxLength: 1 })))))
    .map(([id, edits]) => {
      const chars = [...id];
      for (const [at, edit] of edits) {
        const i = at % chars.length;
        const char = chars[i]!;
        chars[i] = edit !== "case" ? edit : char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
      }
      return chars.join("");
    });

/** Values no format accepts, and that a careless `String(value)` or property read would throw on. */
function hostileValues(ref: RefFormat): [string, unknown][] {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const throwing = {
    toString() {
      throw new Error("toString");
    },
    [Symbol.toPrimitive]() {
      throw new Error("toPrimitive");
    },
  };
  const valid = ref.encode(ref.conform(new Uint8Array(ref.bytes)))!;
  return [
    ["undefined", undefined],
    ["null", null],
    ["a number", 0],
    ["a bigint", 10n ** 40n],
    ["a symbol", Symbol("id")],
    ["a function", () => valid],
    ["a revoked proxy", proxy],
    ["an object whose conversions throw", throwing],
    ["a proxy whose every trap throws", new Proxy({}, { get: () => { throw new Error("get"); }, getPrototypeOf: () => { throw new Error("proto"); }, ownKeys: () => { throw new Error("keys"); } })],
    ["a String object of a valid ID", new String(valid)],
    ["an array of a valid ID", [valid]],
    ["a 64 MB string", "0".repeat(64 * 2 ** 20)],
    ["the empty string", ""],
    ["a lone surrogate of the right length", "\ud800".repeat(ref.chars)],
  ];
}

describe("the schema's shape", () => {
  it.each(REF_FORMATS)("$name: a frozen Standard Schema v1 of vendor ulid-wasm, with no runtime `types`", (ref) => {
    const { schema } = ref.api;
    const standard = schema["~standard"];
    expect(standard.version).toBe(1);
    expect(standard.vendor).toBe("ulid-wasm");
    expect(typeof standard.validate).toBe("function");
    expect("types" in standard).toBe(false);
    expect(Object.isFrozen(schema) && Object.isFrozen(standard)).toBe(true);
    expect(ref.api.schema).toBe(schema);
    // TypeID's schema takes any prefix; the reference's, bound to its prefix, requires it as its `decode` does.
    if (ref.prefix === undefined) expect(formats[ref.name as FormatKey].schema).toBe(schema);
  });

  it("each format has its own schema: one format's IDs are another's only where its reference reads them", () => {
    const schemas = new Set(REF_FORMATS.map((ref) => ref.api.schema));
    expect(schemas.size).toBe(REF_FORMATS.length);
    for (const ref of REF_FORMATS) {
      const id = ref.api.generate();
      // Texts of one width may be valid in two formats (an XID is 20 characters of BaseUID's alphabet too).
      for (const other of REF_FORMATS.filter((o) => o !== ref)) {
        expect("issues" in other.api.schema["~standard"].validate(id), `${ref.name} ${id} as ${other.name}`).toBe(other.decode(id) === null);
      }
    }
  });
});

forEachEngine(() => {
  describe.each(REF_FORMATS)("$name", (ref) => {
    const { validate } = ref.api.schema["~standard"];

    it("validates any spelling the reference accepts to the reference's canonical text, and refuses the rest", () => {
      fc.assert(
        fc.property(variants(ref), (text) => {
          const bytes = ref.decode(text);
          const result = validate(text);
          expect(ref.api.isValid(text)).toBe(bytes !== null);
          if (bytes === null) {
            expect(result).toEqual({ issues: [{ message: decodeMessage(ref, text) }] });
            expect(() => ref.api.canonicalize(text)).toThrow(decodeMessage(ref, text));
          } else {
            const canonical = ref.encode(bytes);
            expect(result).toEqual({ value: canonical });
            expect(ref.api.canonicalize(text)).toBe(canonical);
          }
        }),
        FC,
      );
    });

    it("keeps a canonical ID as it is", () => {
      fc.assert(
        fc.property(canonicalIds(ref), (id) => {
          expect(validate(id)).toEqual({ value: id });
        }),
        FC,
      );
    });

    it("gives the canonical spelling of a generated ID's other spellings", () => {
      const id = ref.api.generate();
      for (const text of [id, id.toLowerCase(), id.toUpperCase()]) {
        const bytes = ref.decode(text);
        if (bytes !== null) expect(validate(text)).toEqual({ value: ref.encode(bytes) });
      }
      if (ref.name === "ulid") expect(validate("0IL" + id.slice(3))).toEqual({ value: "011" + id.slice(3) });
    });

    it("refuses every bad character at every position, with decode's message", () => {
      const id = ref.encode(ref.conform(new Uint8Array(ref.bytes)))!;
      for (const bad of ref.badChars) {
        for (let position = 0; position < ref.chars; position++) {
          const text = id.slice(0, position) + bad + id.slice(position + 1);
          if (text.length !== ref.chars || ref.decode(text) !== null) continue;
          expect(validate(text)).toEqual({ issues: [{ message: decodeMessage(ref, text) }] });
        }
      }
      for (const text of [id.slice(1), `${id}0`]) {
        expect(validate(text)).toEqual({ issues: [{ message: decodeMessage(ref, text) }] });
      }
    });

    it.each(hostileValues(ref))("never throws for %s: one issue, decode's message", (_, value) => {
      let result: ReturnType<typeof validate> | undefined;
      expect(() => (result = validate(value))).not.toThrow();
      expect(result).toEqual({ issues: [{ message: decodeMessage(ref, value) }] });
      expect(result!.issues![0].message.length).toBeLessThan(400);
      expect(ref.api.isValid(value)).toBe(false);
    });

    it("works unbound, as consumers call it", () => {
      const id = ref.api.generate();
      const detached = ref.api.schema["~standard"].validate;
      expect(Reflect.apply(detached, undefined, [id])).toEqual({ value: id });
    });
  });

  describe("top-level ULID calls", () => {
    it("isValid and canonicalize agree with formats.ulid", () => {
      fc.assert(
        fc.property(variants(REF_ULID), (text) => {
          expect(isValid(text)).toBe(formats.ulid.isValid(text));
          const result = formats.ulid.schema["~standard"].validate(text);
          if (result.issues === undefined) expect(canonicalize(text)).toBe(result.value);
          else expect(() => canonicalize(text)).toThrow(result.issues[0].message);
        }),
        FC,
      );
    });
  });
});
