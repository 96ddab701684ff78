/**
 * Range bounds (`min`/`max`) of every format on both engines: named vectors, then properties against the reference
 * of test/helpers/format-reference.ts. Every ID of a time, whoever made it (any bytes of the format, not only what
 * our generators make), sorts between the bounds of that time, in text order and in byte order; the bounds of
 * consecutive times do not overlap.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { baseuid, flake, formats, ksuid, objectid, snowflake, tsid, uuidv7, xid } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { compareTexts, REF_FORMATS, REF_TYPEID, type RefFormat } from "./helpers/format-reference.js";
import { compareBytes } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";
import {
  BASEUID_DOCUMENT,
  FLAKE_DEFAULT_EPOCH,
  FLAKE_MAX,
  FLAKE_README,
  KSUID_FIRST_MS,
  KSUID_LAST_MS,
  KSUID_MAX,
  KSUID_NIL,
  KSUID_SEGMENT_INSPECT,
  RFC9562_V7,
  TSID_EPOCH,
  TWITTER_EPOCH,
} from "./format-vectors.js";

const FC = { numRuns: propertyRuns(2000), seed: 0xb0a7d };
/** The last ms of an ObjectId's last second, 2^32 - 1. */
const OBJECTID_LAST_MS = (2 ** 32 - 1) * 1000 + 999;
const MAX_MS = 2 ** 48 - 1;
/** The last nanosecond of BaseUID's last tick. */
const BASEUID_LAST_NS = (2n ** 48n - 1n) * 32768n + 32767n;

/** What the properties need of each format: its times as `generate` takes them, and an ID's time in that unit. */
interface TimeRules {
  /** Times `generate` takes. */
  readonly times: fc.Arbitrary<number | bigint>;
  /** The time of a valid ID, in a unit `min`/`max` take, such that `min` gives the bound of the ID's own time field. */
  timeOf(text: string): number | bigint;
  /** The time one step of the time field before `time`, or null at the first. */
  before(time: number | bigint): number | bigint | null;
  /** Times `generate` refuses with INVALID_TIME. */
  readonly invalid: readonly unknown[];
}

/** ULID's and UUID v7's: Unix ms, 48 bits. */
const msRules = (decodeTime: (text: string) => number): TimeRules => ({
  times: fc.oneof(fc.integer({ min: 0, max: MAX_MS }), fc.constantFrom(0, 1, MAX_MS - 1, MAX_MS)),
  timeOf: decodeTime,
  before: (time) => (time === 0 ? null : (time as number) - 1),
  invalid: [-1, 0.5, NaN, Infinity, MAX_MS + 1, "0", 0n, null, undefined, {}],
});

const RULES: Readonly<Record<RefFormat["name"], TimeRules>> = {
  ulid: msRules(formats.ulid.decodeTime),
  uuidv7: msRules(uuidv7.decodeTime),
  typeid: msRules(REF_TYPEID.api.decodeTime),
  flake: {
    times: fc.oneof(
      fc.integer({ min: FLAKE_DEFAULT_EPOCH, max: FLAKE_MAX.unixMs }),
      fc.constantFrom(FLAKE_DEFAULT_EPOCH, FLAKE_DEFAULT_EPOCH + 1, FLAKE_MAX.unixMs),
    ),
    timeOf: (text) => flake.decodeTime(text),
    before: (time) => (time === FLAKE_DEFAULT_EPOCH ? null : (time as number) - 1),
    invalid: [FLAKE_DEFAULT_EPOCH - 1, FLAKE_MAX.unixMs + 1, 0, FLAKE_DEFAULT_EPOCH + 0.5, NaN, "x", 1n, undefined],
  },
  baseuid: {
    // Unix ns as a bigint, and Unix ms with a fraction.
    times: fc.oneof(
      fc.bigInt({ min: 0n, max: BASEUID_LAST_NS }),
      fc.constantFrom(0n, 32767n, 32768n, BASEUID_LAST_NS),
      fc.double({ min: 0, max: 9.2e12, noNaN: true }),
    ),
    timeOf: (text) => baseuid.decodeTimeNs(text),
    before: (time) => {
      const ns = typeof time === "bigint" ? time : null;
      if (ns === null) return null;
      return ns < 32768n ? null : ns - 32768n;
    },
    invalid: [-1, -1n, BASEUID_LAST_NS + 1n, NaN, Infinity, "1", undefined, null],
  },
  ksuid: {
    // Unix ms; an ID keeps whole seconds, so its time (the start of its second) gives its own bounds.
    times: fc.oneof(
      fc.integer({ min: KSUID_FIRST_MS, max: KSUID_LAST_MS }),
      fc.constantFrom(KSUID_FIRST_MS, KSUID_FIRST_MS + 999, KSUID_FIRST_MS + 1000, KSUID_LAST_MS),
    ),
    timeOf: (text) => ksuid.decodeTime(text),
    before: (time) => ((time as number) - 1000 < KSUID_FIRST_MS ? null : (time as number) - 1000),
    invalid: [KSUID_FIRST_MS - 1, KSUID_LAST_MS + 1, 0, KSUID_FIRST_MS + 0.5, NaN, Infinity, "x", 1n, undefined, null],
  },
  objectid: {
    // Unix ms; an ID keeps whole seconds (an unsigned u32), so its time (its second's start) gives its own bounds.
    times: fc.oneof(fc.integer({ min: 0, max: OBJECTID_LAST_MS }), fc.constantFrom(0, 999, 1000, 2147483648000, OBJECTID_LAST_MS)),
    timeOf: (text) => objectid.decodeTime(text),
    before: (time) => ((time as number) < 1000 ? null : (time as number) - 1000),
    invalid: [-1, OBJECTID_LAST_MS + 1, 0.5, NaN, Infinity, "x", 1n, undefined, null],
  },
  xid: {
    // As ObjectId's: the same time field.
    times: fc.oneof(fc.integer({ min: 0, max: OBJECTID_LAST_MS }), fc.constantFrom(0, 999, 1000, 2147483648000, OBJECTID_LAST_MS)),
    timeOf: (text) => xid.decodeTime(text),
    before: (time) => ((time as number) < 1000 ? null : (time as number) - 1000),
    invalid: [-1, OBJECTID_LAST_MS + 1, 0.5, NaN, Infinity, "x", 1n, undefined, null],
  },
  tsid: {
    // Unix ms from the default epoch (2020-01-01) on, 42 bits of ms.
    times: fc.oneof(fc.integer({ min: TSID_EPOCH, max: TSID_EPOCH + 2 ** 42 - 1 }), fc.constantFrom(TSID_EPOCH, TSID_EPOCH + 1, TSID_EPOCH + 2 ** 42 - 1)),
    timeOf: (text) => tsid.decodeTime(text),
    before: (time) => (time === TSID_EPOCH ? null : (time as number) - 1),
    invalid: [TSID_EPOCH - 1, TSID_EPOCH + 2 ** 42, 0, TSID_EPOCH + 0.5, NaN, "x", 1n, undefined],
  },
  snowflake: {
    // Unix ms from Twitter's epoch (the default) on, 41 bits of ms.
    times: fc.oneof(fc.integer({ min: TWITTER_EPOCH, max: TWITTER_EPOCH + 2 ** 41 - 1 }), fc.constantFrom(TWITTER_EPOCH, TWITTER_EPOCH + 1, TWITTER_EPOCH + 2 ** 41 - 1)),
    timeOf: (text) => snowflake.decodeTime(text),
    before: (time) => (time === TWITTER_EPOCH ? null : (time as number) - 1),
    invalid: [TWITTER_EPOCH - 1, TWITTER_EPOCH + 2 ** 41, 0, TWITTER_EPOCH + 0.5, NaN, "x", 1n, undefined],
  },
};

/** Bytes biased to 0x00 and 0xFF, so IDs at and next to the bounds are common. */
const edgyBytes = (length: number): fc.Arbitrary<Uint8Array> =>
  fc
    .array(fc.oneof(fc.constantFrom(0x00, 0xff), fc.integer({ min: 0, max: 255 })), { minLength: length, maxLength: length })
    .map((bytes) => Uint8Array.from(bytes));

/** Asserts min <= id <= max in text order (Snowflake's: numeric) and in byte order. */
function expectBetween(ref: RefFormat, min: string, id: string, max: string): void {
  expect(compareTexts(ref, min, id) <= 0 && compareTexts(ref, id, max) <= 0, `${min} <= ${id} <= ${max}`).toBe(true);
  const [low, bytes, high] = [min, id, max].map((text) => ref.api.decode(text));
  expect(compareBytes(low!, 0, bytes!, 0, ref.bytes)).toBeLessThanOrEqual(0);
  expect(compareBytes(bytes!, 0, high!, 0, ref.bytes)).toBeLessThanOrEqual(0);
}

forEachEngine(() => {
  describe("named vectors", () => {
    it("ULID: the time prefix, then all zeros or all Z", () => {
      expect(formats.ulid.min(1469918176385)).toBe("01ARYZ6S410000000000000000");
      expect(formats.ulid.max(1469918176385)).toBe("01ARYZ6S41ZZZZZZZZZZZZZZZZ");
      expect(formats.ulid.min(new Date(1735689600000))).toBe("01JGFJJZ000000000000000000");
      expect(formats.ulid.min(0)).toBe("00000000000000000000000000");
      expect(formats.ulid.max(MAX_MS)).toBe("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    });

    it("Ulid-Flake: the low 20 bits (random, or random and sid) all clear or all set; the epoch moves them", () => {
      expect(flake.min(FLAKE_README.unixMs)).toBe("00EZJCRCB0000");
      expect(flake.max(FLAKE_README.unixMs)).toBe("00EZJCRCBZZZZ");
      expect(flake.min(FLAKE_DEFAULT_EPOCH)).toBe("0000000000000");
      expect(flake.max(FLAKE_MAX.unixMs)).toBe(FLAKE_MAX.text);
      const epoch = Date.UTC(2020, 0, 1);
      expect(flake.min(epoch + FLAKE_README.time, { epoch })).toBe("00EZJCRCB0000");
      expect(flake.max(new Date(epoch + FLAKE_README.time), { epoch: new Date(epoch) })).toBe("00EZJCRCBZZZZ");
    });

    it("BaseUID: the tick of the time, then all '-' or all 'z'", () => {
      const { timeText, unixMs, unixNs } = BASEUID_DOCUMENT;
      expect(baseuid.min(unixMs)).toBe(`${timeText}------------`);
      expect(baseuid.max(unixNs)).toBe(`${timeText}zzzzzzzzzzzz`);
      // The last nanosecond of the tick has the same bounds; the next one starts the next tick.
      expect(baseuid.max(unixNs + 32767n)).toBe(`${timeText}zzzzzzzzzzzz`);
      expect(baseuid.min(unixNs + 32768n)).toBe("ANjssJkz------------");
      expect(baseuid.max(BASEUID_LAST_NS)).toBe("z".repeat(20));
    });

    it("UUID v7: version and variant kept, rand_a and rand_b all clear or all set", () => {
      expect(uuidv7.min(RFC9562_V7.unixMs)).toBe("017f22e2-79b0-7000-8000-000000000000");
      expect(uuidv7.max(RFC9562_V7.unixMs)).toBe("017f22e2-79b0-7fff-bfff-ffffffffffff");
      expect(uuidv7.min(0)).toBe("00000000-0000-7000-8000-000000000000");
      expect(uuidv7.max(MAX_MS)).toBe("ffffffff-ffff-7fff-bfff-ffffffffffff");
    });

    it("KSUID: the second of the time, then a payload of all zeros or all ones; any ms of a second gives its bounds", () => {
      const { unixMs, raw } = KSUID_SEGMENT_INSPECT;
      const bytes = Uint8Array.from(raw.match(/../g)!, (hex) => parseInt(hex, 16));
      const [low, high] = [bytes.slice(), bytes.slice()];
      low.fill(0x00, 4);
      high.fill(0xff, 4);
      for (const time of [unixMs, unixMs + 999, new Date(unixMs + 500)]) {
        expect(ksuid.min(time)).toBe(ksuid.encode(low));
        expect(ksuid.max(time)).toBe(ksuid.encode(high));
      }
      expect(ksuid.min(unixMs + 1000) > ksuid.max(unixMs)).toBe(true);
      expect(ksuid.min(KSUID_FIRST_MS)).toBe(KSUID_NIL);
      expect(ksuid.max(KSUID_LAST_MS)).toBe(KSUID_MAX.text);
      expectUlidError(() => ksuid.min(unixMs, { lowercase: true } as never), "INVALID_ARGUMENT");
    });
  });

  describe.each(REF_FORMATS)("$name", (ref) => {
    const rules = RULES[ref.name];
    const { min, max } = ref.api as unknown as { min: (time: unknown, options?: unknown) => string; max: (time: unknown, options?: unknown) => string };

    it("every ID of the format sorts between the bounds of its time (text and byte order)", () => {
      fc.assert(
        fc.property(edgyBytes(ref.bytes), (random) => {
          const id = ref.encode(ref.conform(random))!;
          const time = rules.timeOf(id);
          expectBetween(ref, min(time), id, max(time));
        }),
        FC,
      );
    });

    it("IDs generated at a time sort between its bounds, which are valid IDs of that time", () => {
      const generate = ref.api.generate as (time: unknown, options?: unknown) => string;
      const generateMany = ref.api.generateMany as (count: number, options?: unknown) => Uint8Array;
      fc.assert(
        fc.property(rules.times, fc.constantFrom(0x00, 0xff, -1), (time, fillByte) => {
          const random = fillByte < 0 ? undefined : (out: Uint8Array) => out.fill(fillByte);
          const [low, high] = [min(time), max(time)];
          expect([ref.api.isValid(low), ref.api.isValid(high)]).toEqual([true, true]);
          expect(rules.timeOf(low)).toEqual(rules.timeOf(generate(time, { random })));
          expect(rules.timeOf(high)).toEqual(rules.timeOf(low));
          // Monotonic from a zero random field only: from a random one, Ulid-Flake's 20 bits may overflow in 5 steps.
          const ids = [generate(time, { random }), ...ref.api.encodeMany(generateMany(5, { time, random, monotonic: fillByte === 0x00 }))];
          for (const id of ids) expectBetween(ref, low, id, high);
        }),
        FC,
      );
    });

    it("the bounds of consecutive times do not overlap: min(t) > max(t - one step)", () => {
      fc.assert(
        fc.property(rules.times, (time) => {
          const earlier = rules.before(time);
          fc.pre(earlier !== null);
          expect(compareTexts(ref, min(time), max(earlier)) > 0, `${min(time)} > ${max(earlier)}`).toBe(true);
          expect(compareBytes(ref.api.decode(min(time)), 0, ref.api.decode(max(earlier)), 0, ref.bytes)).toBe(1);
        }),
        FC,
      );
    });

    it("a time generate refuses is INVALID_TIME; options must be an object", () => {
      for (const time of rules.invalid) {
        expectUlidError(() => min(time), "INVALID_TIME");
        expectUlidError(() => max(time), "INVALID_TIME");
      }
      const valid = fc.sample(rules.times, { numRuns: 1, seed: 1 })[0];
      expectUlidError(() => min(valid, 5), "INVALID_ARGUMENT");
      expectUlidError(() => max(valid, null), "INVALID_ARGUMENT");
    });
  });

  describe("Ulid-Flake's layouts and epochs", () => {
    it("IDs of the scalable layout, any sid and any entropySize, sort between the bounds", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: FLAKE_DEFAULT_EPOCH, max: FLAKE_MAX.unixMs }),
          fc.integer({ min: 0, max: 31 }),
          fc.integer({ min: 1, max: 2 }),
          fc.constantFrom(0x00, 0xff),
          (time, sid, entropySize, fillByte) => {
            const random = (out: Uint8Array) => out.fill(fillByte);
            const ids = flake.encodeMany(flake.generateMany(4, { time, sid, entropySize, random, monotonic: fillByte === 0 }));
            for (const id of ids) expectBetween(REF_FORMATS[1]!, flake.min(time), id, flake.max(time));
          },
        ),
        FC,
      );
    });

    it("min and max take the epoch option, and refuse a time before it or a bad epoch", () => {
      const epoch = Date.UTC(2030, 0, 1);
      expect(flake.min(epoch, { epoch })).toBe("0000000000000");
      expectUlidError(() => flake.min(epoch - 1, { epoch }), "INVALID_TIME");
      expectUlidError(() => flake.max(epoch, { epoch: -1 }), "INVALID_ARGUMENT");
    });
  });
});
