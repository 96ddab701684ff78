/**
 * Resuming a monotonic sequence after a restart (`after` on `monotonicFactory` and `generateMany`), for every format
 * on both engines: the first new ID sorts after the given one whatever the clock reads. A clock behind it keeps its
 * time field and steps up; where its time field has no successor left (the format's `max` of that time), real-clock
 * batches move to the next tick at once, and a caller's clock gets MONOTONIC_OVERFLOW, as for any overflow.
 */
import { describe, expect, it } from "vitest";
import { formats } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { compareBytes } from "./helpers/reference.js";

/** A time after today's clock (2033-05-18), so that the clock reads earlier than IDs made at it. */
const FUTURE = 2_000_000_000_000;
/** One step of a format's time field in ms, where it is more than 1 ms (KSUID keeps whole seconds). */
const STEP_MS: Readonly<Record<string, number>> = { ksuid: 1000, objectid: 1000, xid: 1000 };

type Api = (typeof formats)[keyof typeof formats];

/** The API under the loose types every format shares here (the formats' option types differ). */
interface LooseApi {
  readonly name: string;
  readonly bytes: number;
  min(time: number): string;
  max(time: number): string;
  decode(text: string): Uint8Array;
  decodeTime(text: string): number;
  encodeMany(bytes: Uint8Array): string[];
  generateMany(count: number, options?: object): Uint8Array;
  monotonicFactory(options?: object): (time?: number) => string;
}

const loose = (api: Api): LooseApi => api as unknown as LooseApi;

function expectStrictlyIncreasing(api: LooseApi, texts: readonly string[]): void {
  for (let i = 1; i < texts.length; i++) {
    expect(texts[i]! > texts[i - 1]!, `${texts[i - 1]} < ${texts[i]}`).toBe(true);
    expect(compareBytes(api.decode(texts[i]!), 0, api.decode(texts[i - 1]!), 0, api.bytes)).toBe(1);
  }
}

forEachEngine(() => {
  describe.each(Object.values(formats).map(loose))("$name", (api) => {
    it("a restarted batch continues the previous one in strict order", () => {
      const before = api.encodeMany(api.generateMany(1000));
      const after = api.encodeMany(api.generateMany(1000, { after: before.at(-1)! }));
      expectStrictlyIncreasing(api, [...before, ...after]);
    });

    it("with the clock behind, keeps the given ID's time and steps up from it, given as text or as bytes", () => {
      const start = api.min(FUTURE);
      for (const after of [start, api.decode(start)]) {
        const batch = api.encodeMany(api.generateMany(100, { after }));
        expect(api.decodeTime(batch[0]!)).toBe(api.decodeTime(start));
        expectStrictlyIncreasing(api, [start, ...batch]);
        const next = api.monotonicFactory({ after, now: () => FUTURE - 5 });
        const made = [next(), next(), next()];
        expect(made.map((id) => api.decodeTime(id))).toEqual(made.map(() => api.decodeTime(start)));
        expectStrictlyIncreasing(api, [start, ...made]);
      }
    });

    it("after the last ID of its time: a real-clock batch moves to the next tick at once", () => {
      const last = api.max(FUTURE);
      const batch = api.encodeMany(api.generateMany(3, { after: last }));
      expectStrictlyIncreasing(api, [last, ...batch]);
      expect(api.decodeTime(batch[0]!)).toBeGreaterThan(api.decodeTime(last));
      // The next tick, not a later one: it is still below the bounds of the next millisecond (second, for KSUID).
      expect(batch[0]! <= api.max(FUTURE + (STEP_MS[api.name] ?? 1))).toBe(true);
    });

    it("after the last ID of the clock's own tick: a real-clock batch goes on in the next tick, without failing", () => {
      const last = api.max(Date.now());
      const batch = api.encodeMany(api.generateMany(3, { after: last }));
      expectStrictlyIncreasing(api, [last, ...batch]);
      expect(batch[0]! <= api.max(Date.now() + (STEP_MS[api.name] ?? 1))).toBe(true);
    });

    it("after the last ID of its time: a caller's clock behind it overflows, and the generator goes on once it passes", () => {
      const last = api.max(FUTURE);
      let now = FUTURE - 5;
      const next = api.monotonicFactory({ after: last, now: () => now });
      expect(faultOf(() => next())).toMatchObject({ code: "MONOTONIC_OVERFLOW" });
      expect(faultOf(() => api.generateMany(1, { after: last, now: () => now }))).toMatchObject({
        code: "MONOTONIC_OVERFLOW",
      });
      now = FUTURE + (STEP_MS[api.name] ?? 1);
      const resumed = next();
      expectStrictlyIncreasing(api, [last, resumed]);
    });

    it("refuses what is no ID of the format, and `after` without monotonic order", () => {
      const [first] = api.encodeMany(api.generateMany(1));
      // Four characters are too few for every format but Snowflake, whose texts are 1 to 19 digits.
      const nope = { code: api.name === "snowflake" ? "INVALID_CHAR" : "INVALID_LENGTH" };
      expect(faultOf(() => api.generateMany(1, { after: "nope" }))).toMatchObject(nope);
      expect(faultOf(() => api.monotonicFactory({ after: "nope" }))).toMatchObject(nope);
      expect(faultOf(() => api.generateMany(1, { after: new Uint8Array(api.bytes + 1) }))).toMatchObject({
        code: "INVALID_LENGTH",
      });
      expect(faultOf(() => api.generateMany(1, { after: 42 }))).toMatchObject({ code: "INVALID_ARGUMENT" });
      expect(faultOf(() => api.generateMany(1, { after: first!, monotonic: false }))).toMatchObject({
        code: "INVALID_ARGUMENT",
      });
    });
  });
});
