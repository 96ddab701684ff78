/**
 * Property tests (fast-check): the codec against the reference in helpers/reference.ts, on both engines.
 * Seeds are fixed so a failure reproduces; fast-check prints the counterexample. 1,500 runs per property in the deep
 * tier, 75 in the unit tier (helpers/tier.ts).
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { canonicalize, decode, decodeTime, encode, encodeTime, isValid, ulid } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import {
  CANONICAL_ULID_PATTERN,
  MAX_TIME,
  VALID_ULID_PATTERN,
  compareBytes,
  refDecode,
  refEncode,
} from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const RUNS = propertyRuns(1500);
const SEED = 20250101;
const PARAMS = { numRuns: RUNS, seed: SEED };

const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 });

/** A canonical ULID: any 16 bytes, encoded by the reference. */
const canonicalId = bytes16.map((b) => refEncode(b));

/** Each canonical character's accepted spellings (lower case, and the I/L/O aliases of 1 and 0). */
function spellings(ch: string): string[] {
  if (ch === "1") return ["1", "I", "i", "L", "l"];
  if (ch === "0") return ["0", "O", "o"];
  return [ch, ch.toLowerCase()];
}

/** A canonical ULID and a respelling of it: a random subset of characters lowered or replaced by an alias. */
const respelledId = canonicalId.chain((id) =>
  fc
    .tuple(...[...id].map((ch) => fc.constantFrom(...spellings(ch))))
    .map((chars) => ({ canonical: id, respelled: chars.join("") })),
);

/** Any UTF-16 code unit, including lone surrogates; biased towards ASCII. */
const anyChar = fc.oneof(
  fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!@ \0\u00e9\u0130\u0131\u017f\u212a"),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

/** A valid ID with one character replaced, inserted or deleted. */
const mutatedId = fc
  .tuple(canonicalId, fc.nat({ max: 25 }), anyChar, fc.constantFrom("replace", "insert", "delete"))
  .map(([id, at, ch, how]) => {
    if (how === "replace") return id.slice(0, at) + ch + id.slice(at + 1);
    if (how === "insert") return id.slice(0, at) + ch + id.slice(at);
    return id.slice(0, at) + id.slice(at + 1);
  });

const arbitraryString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 26, maxLength: 26, unit: "binary" }),
  fc.string({ minLength: 26, maxLength: 26, unit: fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") }),
  mutatedId,
);

function throws(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch {
    return true;
  }
}

forEachEngine(() => {
  it("encode matches the reference and decode inverts it, for any 16 bytes", () => {
    fc.assert(
      fc.property(bytes16, (b) => {
        const id = encode(b);
        expect(id).toBe(refEncode(b));
        expect(id).toMatch(CANONICAL_ULID_PATTERN);
        expect(decode(id)).toEqual(b);
      }),
      PARAMS,
    );
  });

  it("byte order equals text order", () => {
    // Half the pairs differ in one byte only, so long common prefixes are exercised.
    const pair = fc.oneof(
      fc.tuple(bytes16, bytes16),
      fc.tuple(bytes16, fc.nat({ max: 15 }), fc.nat({ max: 255 })).map(([a, at, v]) => {
        const b = a.slice();
        b[at] = v;
        return [a, b] as [Uint8Array, Uint8Array];
      }),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        const x = encode(a);
        const y = encode(b);
        expect(Math.sign(x < y ? -1 : x > y ? 1 : 0)).toBe(compareBytes(a, 0, b, 0, 16));
      }),
      PARAMS,
    );
  });

  it("lower case and the I/L/O aliases decode like the canonical form and canonicalize to it", () => {
    fc.assert(
      fc.property(respelledId, ({ canonical, respelled }) => {
        expect(isValid(respelled)).toBe(true);
        expect(decode(respelled)).toEqual(decode(canonical));
        expect(decodeTime(respelled)).toBe(decodeTime(canonical));
        expect(canonicalize(respelled)).toBe(canonical);
      }),
      PARAMS,
    );
  });

  it("isValid is true exactly when decode succeeds, and agrees with the reference", () => {
    fc.assert(
      fc.property(arbitraryString, (s) => {
        const valid = VALID_ULID_PATTERN.test(s);
        expect({ s, isValid: isValid(s) }).toEqual({ s, isValid: valid });
        expect({ s, decodeThrows: throws(() => decode(s)) }).toEqual({ s, decodeThrows: !valid });
        expect({ s, canonicalizeThrows: throws(() => canonicalize(s)) }).toEqual({ s, canonicalizeThrows: !valid });
        expect({ s, decodeTimeThrows: throws(() => decodeTime(s)) }).toEqual({ s, decodeTimeThrows: !valid });
        if (valid) expect(decode(s)).toEqual(refDecode(s));
      }),
      { ...PARAMS, numRuns: RUNS * 2 },
    );
  });

  it("decodeTime(ulid(t)) is t, and encodeTime(t) is the ID's first 10 characters", () => {
    const time = fc.oneof(fc.integer({ min: 0, max: MAX_TIME }), fc.constantFrom(0, 1, MAX_TIME - 1, MAX_TIME));
    fc.assert(
      fc.property(time, (t) => {
        const id = ulid(t);
        expect(decodeTime(id)).toBe(t);
        expect(id.slice(0, 10)).toBe(encodeTime(t));
        expect(decodeTime(ulid(new Date(t)))).toBe(t);
      }),
      PARAMS,
    );
  });
});
