/**
 * MongoDB ObjectId's TypeScript codec (src/engine/js-objectid.ts) and rules (src/formats/objectid.ts): the vectors of
 * docs/formats.md, the references' own cases (test/fixtures/objectid-*.json), and differentials both ways against
 * `bson` (MongoDB's js-bson) and `uniku`'s ObjectID.
 */
import { readFileSync } from "node:fs";
import { ObjectId as BsonObjectId } from "bson";
import fc from "fast-check";
import { objectid as unikuObjectId } from "uniku/objectid";
import { describe, expect, it } from "vitest";
import { OBJECTID, OBJECTID_GENERATOR, codecOfObjectId } from "../src/engine/js-objectid.js";
import { findFault } from "../src/formats/faults.js";
import { objectIdCharFault, objectIdField, objectIdUnixMs } from "../src/formats/objectid.js";
import { bytesOf, decodeWith, encodeWith, hexOf } from "./helpers/record-codec.js";
import { propertyRuns } from "./helpers/tier.js";
import { OBJECTID_INVALID, OBJECTID_MANUAL, OBJECTID_MAX, OBJECTID_TIMES, OBJECTID_UPPER } from "./objectid-vectors.js";

const codec = { ...codecOfObjectId, read: (text: string, at: number) => codecOfObjectId.read(text, at) };
const decode = (text: string) => (text.length === 24 ? decodeWith(codec, text, 12) : null);
const encode = (bytes: Uint8Array) => encodeWith(codec, bytes);
/** The rules as the fault finder reads them: 24 characters, each judged alone. */
const rules = { spec: OBJECTID, charFault: objectIdCharFault, binaryFault: () => ({ code: "OVERFLOW" as const, reason: "" }) };
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));
const anyBytes = fc.uint8Array({ minLength: 12, maxLength: 12 });

describe("ObjectId vectors (docs/formats.md)", () => {
  it("reads the manual's example and the test plan's times, unsigned", () => {
    for (const { text, unixMs } of [OBJECTID_MANUAL, ...OBJECTID_TIMES]) {
      const read = decode(text)!;
      expect(hexOf(read.bytes)).toBe(text);
      expect(objectIdUnixMs(read.time)).toBe(unixMs);
      expect(encode(read.bytes)).toBe(text);
    }
    expect(new Date(objectIdUnixMs(decode(OBJECTID_MANUAL.text)!.time)).toISOString()).toBe(OBJECTID_MANUAL.iso);
  });

  it("reads either case and writes lower case", () => {
    expect(encode(decode(OBJECTID_UPPER.text)!.bytes)).toBe(OBJECTID_UPPER.canonical);
    expect(BigInt(`0x${hexOf(decode(OBJECTID_MAX.text)!.bytes)}`)).toBe(OBJECTID_MAX.integer);
  });

  it("names the fault and its position", () => {
    for (const { text, code, position } of OBJECTID_INVALID) {
      expect(decode(text)).toBeNull();
      expect(findFault(rules, text)).toMatchObject({ code, position });
    }
  });

  it("a bad character at every position is INVALID_CHAR there", () => {
    for (let position = 0; position < 24; position++) {
      for (const bad of ["g", "G", " ", "-", "\u0660", "\uff10", "\ud800"]) {
        const text = OBJECTID_MANUAL.text.slice(0, position) + bad + OBJECTID_MANUAL.text.slice(position + 1);
        expect(decode(text)).toBeNull();
        expect(findFault(rules, text)).toMatchObject({ code: "INVALID_CHAR", position });
      }
    }
  });

  it("times in are Unix ms or a Date, kept to the second; out of range is INVALID_TIME", () => {
    expect(objectIdField(1350336377999)).toBe(0x507c7f79);
    expect(objectIdField(new Date(4294967295999))).toBe(0xffffffff);
    for (const bad of [-1, 4294967296000, 1.5, Number.NaN, new Date(Number.NaN), "0", undefined]) {
      expect(() => objectIdField(bad)).toThrow(expect.objectContaining({ code: "INVALID_TIME" }));
    }
  });
});

describe("ObjectId: the references' own cases (test/fixtures)", () => {
  it("mongodb/specifications' test plan: unsigned seconds, and the counter's wrap", () => {
    const plan = fixture("objectid-mongodb-specifications.json");
    for (const { seconds, iso } of plan.timestamps) {
      const text = `${seconds.slice(2).toLowerCase()}${"0".repeat(16)}`;
      expect(new Date(objectIdUnixMs(decode(text)!.time)).toISOString()).toBe(iso);
    }
    // A later second wraps the counter from 0xFFFFFF to 0; within one second it cannot step past 0xFFFFFF.
    const id = bytesOf("00000001aabbccddeeffffff");
    expect(codecOfObjectId.advance(id, 0, 0, new Uint8Array(0), 0)).toBe(false);
    codecOfObjectId.renew(id, 0, 2);
    expect(hexOf(id)).toBe("00000002aabbccddee000000");
  });

  it("js-bson's test cases", () => {
    const cases = fixture("objectid-js-bson.json");
    for (const { text, hex, unixMs } of cases.decodes) {
      const read = decode(text)!;
      expect(hexOf(read.bytes)).toBe(hex);
      if (unixMs !== undefined) expect(objectIdUnixMs(read.time)).toBe(unixMs);
    }
    for (const { seconds, unixMs } of cases.fromTime) expect(objectIdUnixMs(objectIdField(seconds * 1000))).toBe(unixMs);
    for (const { text, code, position } of cases.invalid) {
      expect(decode(text)).toBeNull();
      expect(findFault(rules, text)).toMatchObject(position === undefined ? { code } : { code, position });
    }
  });
});

describe("ObjectId generation layout", () => {
  const random = Uint8Array.of(1, 2, 3, 4, 5, 0xff, 0xfe, 0xfd);

  it("generate: the second, then bytes 4-11 drawn in full", () => {
    const id = new Uint8Array(12);
    codecOfObjectId.stamp(0x507c7f79, 0, random, 0, id, 0);
    expect(hexOf(id)).toBe("507c7f790102030405fffefd");
  });

  it("a generator's first ID clears the counter's top bit; each next ID adds 1", () => {
    const id = new Uint8Array(12);
    codecOfObjectId.stamp(7, OBJECTID_GENERATOR, random, 0, id, 0);
    expect(hexOf(id)).toBe("0000000701020304057ffefd");
    expect(codecOfObjectId.advance(id, 0, OBJECTID_GENERATOR, random, 0)).toBe(true);
    expect(hexOf(id)).toBe("0000000701020304057ffefe");
    codecOfObjectId.renew(id, 0, 8);
    expect(hexOf(id)).toBe("0000000801020304057ffeff");
  });
});

describe("ObjectId against its peers, both ways", () => {
  it("ours decodes bson's and uniku's texts; they decode ours", () => {
    fc.assert(
      fc.property(anyBytes, fc.boolean(), (bytes, upper) => {
        const ours = encode(bytes)!;
        const bson = new BsonObjectId(bytes);
        expect(ours).toBe(bson.toHexString());
        expect(ours).toBe(unikuObjectId.fromBytes(bytes));
        // Theirs into ours, in either case (bson reads both).
        const theirs = upper ? bson.toHexString().toUpperCase() : bson.toHexString();
        const read = decode(theirs)!;
        expect(hexOf(read.bytes)).toBe(hexOf(bytes));
        expect(objectIdUnixMs(read.time)).toBe(bson.getTimestamp().getTime());
        expect(objectIdUnixMs(read.time)).toBe(unikuObjectId.timestamp(ours));
        // Ours into theirs.
        expect(hexOf(new BsonObjectId(ours).id)).toBe(hexOf(bytes));
        expect(hexOf(unikuObjectId.toBytes(ours))).toBe(hexOf(bytes));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it("accepts exactly what bson accepts among 24-character strings", () => {
    const hexish = fc.constantFrom(..."0123456789abcdefABCDEFgGxz -\u0660");
    fc.assert(
      fc.property(fc.string({ unit: hexish, minLength: 24, maxLength: 24 }), (text) => {
        expect(decode(text) !== null).toBe(BsonObjectId.isValid(text));
        expect(decode(text) !== null).toBe(unikuObjectId.isValid(text));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it("bson's generated IDs read back with bson's time", () => {
    for (let i = 0; i < 100; i++) {
      const id = new BsonObjectId();
      const read = decode(id.toHexString())!;
      expect(objectIdUnixMs(read.time)).toBe(id.getTimestamp().getTime());
    }
  });
});
