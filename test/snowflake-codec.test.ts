/**
 * Snowflake's TypeScript codec (src/engine/js-snowflake.ts) and rules (src/formats/snowflake.ts): the vectors of
 * docs/formats.md and Twitter's and Discord's own cases (test/fixtures/snowflake-*.json). The differentials against
 * `@sapphire/snowflake` run on the namespace, on both engines (test/snowflake-format.test.ts).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LARGEST_SNOWFLAKE, SNOWFLAKE_GENERATOR, codecOfSnowflake, snowflakeStampRandom } from "../src/engine/js-snowflake.js";
import { findFault } from "../src/formats/faults.js";
import { format, snowflakeBinaryFault, snowflakeEpoch, snowflakeField, snowflakeParamOf } from "../src/formats/snowflake.js";
import { decodeWith, encodeWith, hexOf } from "./helpers/record-codec.js";
import { propertyRuns } from "./helpers/tier.js";
import { DISCORD_EPOCH, SNOWFLAKE_INVALID, SNOWFLAKE_TEXTS, TWITTER_EPOCH } from "./snowflake-vectors.js";

/** The first fault of a would-be Snowflake, as every call explains it. */
const snowflakeFault = (text: unknown) => findFault(format, text);
const decode = (text: string) => decodeWith(codecOfSnowflake, text, 8);
const encode = (bytes: Uint8Array) => encodeWith(codecOfSnowflake, bytes);
const integerOf = (bytes: Uint8Array): bigint => BigInt(`0x${hexOf(bytes)}`);
const bytesOfInteger = (value: bigint): Uint8Array => Uint8Array.from(Buffer.from(value.toString(16).padStart(16, "0"), "hex"));
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));
/** Any 63-bit value, weighted to both ends and every length of text. */
const anyValue = fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), fc.integer({ min: 0, max: 62 }).chain((bits) => fc.bigInt({ min: 0n, max: 2n ** BigInt(bits + 1) - 1n })));
/** The reference: decimal without a leading zero, at most 2^63 - 1. */
const validByReference = (text: string): boolean => /^(0|[1-9][0-9]{0,18})$/.test(text) && BigInt(text) <= 2n ** 63n - 1n;

describe("Snowflake vectors (docs/formats.md)", () => {
  it("texts, fields, and times at both epochs", () => {
    for (const { text, timeField, worker, sequence, twitterMs, discordMs } of SNOWFLAKE_TEXTS) {
      const read = decode(text)!;
      const value = integerOf(read.bytes);
      expect(value).toBe(BigInt(text));
      expect(read.time).toBe(timeField);
      expect(Number((value >> 12n) & 1023n)).toBe(worker);
      expect(Number(value & 4095n)).toBe(sequence);
      expect(read.time + snowflakeEpoch("twitter")).toBe(twitterMs);
      expect(read.time + snowflakeEpoch("discord")).toBe(discordMs);
      expect(encode(read.bytes)).toBe(text);
    }
  });

  it("names the fault and its position", () => {
    for (const vector of SNOWFLAKE_INVALID) {
      expect(decode(vector.text)).toBeNull();
      expect(snowflakeFault(vector.text)).toMatchObject("position" in vector ? { code: vector.code, position: vector.position } : { code: vector.code });
    }
    expect(snowflakeFault("9223372036854775808")).toMatchObject({ code: "OVERFLOW", position: 18 });
    expect(snowflakeFault("9300000000000000000")).toMatchObject({ code: "OVERFLOW", position: 1 });
    expect(snowflakeFault(LARGEST_SNOWFLAKE)).toBeNull();
    expect(snowflakeFault(42)).toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("a bad character at every position of every length is INVALID_CHAR there", () => {
    for (let length = 1; length <= 19; length++) {
      const valid = "1234567891234567891".slice(0, length);
      for (let position = 0; position < length; position++) {
        for (const bad of ["a", " ", "-", "+", ".", "\u0660", "\uff10", "\ud800"]) {
          const text = valid.slice(0, position) + bad + valid.slice(position + 1);
          expect(decode(text)).toBeNull();
          expect(snowflakeFault(text)).toMatchObject({ code: "INVALID_CHAR", position });
        }
      }
    }
  });

  it("reads exactly the decimal texts of 0 .. 2^63 - 1 without leading zeros", () => {
    const digitsOrNot = fc.string({ unit: fc.constantFrom(..."0123456789", "0", "9", "a"), minLength: 0, maxLength: 21 });
    fc.assert(
      fc.property(digitsOrNot, (text) => {
        const read = decode(text);
        expect(read !== null).toBe(validByReference(text));
        expect(snowflakeFault(text) === null).toBe(validByReference(text));
        if (read !== null) expect(integerOf(read.bytes)).toBe(BigInt(text));
      }),
      { numRuns: propertyRuns(40_000) },
    );
  });

  it("writes any 63-bit value as its decimal text; the sign bit is OVERFLOW", () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(encode(bytesOfInteger(value))).toBe(value.toString());
      }),
      { numRuns: propertyRuns(40_000) },
    );
    const signed = bytesOfInteger(2n ** 63n);
    expect(encode(signed)).toBeNull();
    expect(snowflakeBinaryFault(signed, 0)).toMatchObject({ code: "OVERFLOW" });
  });

  it("epochs: twitter (default), discord, Unix ms or a Date; anything else is INVALID_ARGUMENT", () => {
    expect(snowflakeEpoch(undefined)).toBe(TWITTER_EPOCH);
    expect(snowflakeEpoch("discord")).toBe(DISCORD_EPOCH);
    expect(snowflakeEpoch(new Date(5))).toBe(5);
    for (const bad of ["Twitter", "x", -1, 1.5, null]) {
      expect(() => snowflakeEpoch(bad)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    }
    expect(snowflakeField(TWITTER_EPOCH, TWITTER_EPOCH + 2 ** 41 - 1)).toBe(2 ** 41 - 1);
    expect(() => snowflakeField(TWITTER_EPOCH, TWITTER_EPOCH + 2 ** 41)).toThrow(expect.objectContaining({ code: "INVALID_TIME" }));
    expect(() => snowflakeField(TWITTER_EPOCH, TWITTER_EPOCH - 1)).toThrow(expect.objectContaining({ code: "INVALID_TIME" }));
  });
});

describe("Snowflake: the references' own cases (test/fixtures)", () => {
  it("Twitter's IdWorkerSpec", () => {
    const spec = fixture("snowflake-twitter-snowflake.json");
    expect(spec.epoch).toBe(TWITTER_EPOCH);
    for (const { text, timeField, worker, sequence } of spec.ids) {
      const read = decode(text)!;
      expect(read.time).toBe(timeField);
      expect(Number((integerOf(read.bytes) >> 12n) & 1023n)).toBe(worker);
      expect(Number(integerOf(read.bytes) & 4095n)).toBe(sequence);
    }
    const { datacenterId, workerId, worker } = spec.workerMask;
    expect((datacenterId << 5) | workerId).toBe(worker);
  });

  it("Discord's docs", () => {
    const docs = fixture("snowflake-discord-api-docs.json");
    for (const { text, timeField, unixMs, iso, internalWorker, internalProcess, increment } of docs.ids) {
      const read = decode(text)!;
      const value = integerOf(read.bytes);
      expect(read.time).toBe(timeField);
      expect(read.time + docs.epoch).toBe(unixMs);
      expect(new Date(unixMs).toISOString()).toBe(iso);
      expect(Number((value >> 17n) & 31n)).toBe(internalWorker);
      expect(Number((value >> 12n) & 31n)).toBe(internalProcess);
      expect(Number(value & 4095n)).toBe(increment);
    }
  });
});

describe("Snowflake generation layout", () => {
  it("generate draws the worker and the sequence; given ones are not drawn", () => {
    const id = new Uint8Array(8);
    const drawn = snowflakeParamOf({}, false);
    expect(snowflakeStampRandom(drawn)).toBe(4);
    codecOfSnowflake.stamp(1, drawn, Uint8Array.of(0xff, 0xff, 0xff, 0xff), 0, id, 0);
    expect(integerOf(id)).toBe((1n << 22n) | (1023n << 12n) | 4095n);
    const given = snowflakeParamOf({ worker: 327 }, false);
    expect(snowflakeStampRandom(given)).toBe(2);
    codecOfSnowflake.stamp(288985402114, given, Uint8Array.of(0, 7), 0, id, 0);
    expect(encode(id)).toBe("1212092628029698055");
  });

  it("a generator starts each millisecond at sequence 0 and adds 1 up to 4095", () => {
    const id = new Uint8Array(8);
    const param = snowflakeParamOf({ worker: 32 }, true);
    expect(param & SNOWFLAKE_GENERATOR).not.toBe(0);
    expect(snowflakeStampRandom(param)).toBe(0);
    codecOfSnowflake.stamp(41944705796, param, new Uint8Array(0), 0, id, 0);
    expect(encode(id)).toBe("175928847299117056");
    let steps = 0;
    while (codecOfSnowflake.advance(id, 0)) steps++;
    expect(steps).toBe(4095);
    expect(integerOf(id) & 4095n).toBe(4095n);
    expect(integerOf(id) >> 22n).toBe(41944705796n);
  });

  it("a worker out of range is INVALID_ARGUMENT", () => {
    for (const worker of [1024, -1, 0.5, "1"]) {
      expect(() => snowflakeParamOf({ worker } as never, false)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    }
  });
});
