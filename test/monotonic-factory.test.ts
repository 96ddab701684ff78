/**
 * monotonicFactory as a state machine (docs/formats.md, "ULID": the monotonic step): same ms -> random + 1 with carry; new ms
 * -> fresh randomness; clock back -> keep the last time and increment; all ones -> MONOTONIC_OVERFLOW with the
 * state unchanged, so a later millisecond succeeds with fresh randomness.
 */
import { describe, expect, it } from "vitest";
import { decodeMany, decodeTime, generateMany, monotonicFactory } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { BAD_TIMES } from "./helpers/inputs.js";
import {
  MAX_RANDOM,
  MAX_TIME,
  bigIntToBytes,
  firstNonIncreasingString,
  recordingRandom,
  refEncode,
  refBytes,
} from "./helpers/reference.js";

/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;

/** The randomness drawn at each new millisecond, in order. */
const R0 = 0x0123456789abcdef0123n;
/** Low bytes near all ones: +1 and +2 carry across two bytes and then three. */
const R1 = 0x00000000000000fffffen;
const R3 = 0x42n;

type Expected = { time: number; random: bigint } | "MONOTONIC_OVERFLOW";

interface Row {
  readonly step: string;
  readonly clock: number;
  readonly expected: Expected;
  /** How many times `random` has been called after this step. */
  readonly draws: number;
}

const STATE_TABLE: readonly Row[] = [
  { step: "first ID draws fresh randomness", clock: T, expected: { time: T, random: R0 }, draws: 1 },
  { step: "same ms increments", clock: T, expected: { time: T, random: R0 + 1n }, draws: 1 },
  { step: "new ms draws fresh randomness", clock: T + 1, expected: { time: T + 1, random: R1 }, draws: 2 },
  { step: "clock back keeps the last time and increments", clock: T - 10, expected: { time: T + 1, random: R1 + 1n }, draws: 2 },
  { step: "same ms again carries into the next byte", clock: T + 1, expected: { time: T + 1, random: R1 + 2n }, draws: 2 },
  { step: "new ms drawing all ones", clock: T + 2, expected: { time: T + 2, random: MAX_RANDOM }, draws: 3 },
  { step: "same ms overflows", clock: T + 2, expected: "MONOTONIC_OVERFLOW", draws: 3 },
  { step: "clock back overflows too (state unchanged)", clock: T + 1, expected: "MONOTONIC_OVERFLOW", draws: 3 },
  { step: "same ms still overflows (state unchanged)", clock: T + 2, expected: "MONOTONIC_OVERFLOW", draws: 3 },
  { step: "next ms recovers with fresh randomness", clock: T + 3, expected: { time: T + 3, random: R3 }, draws: 4 },
  { step: "and increments from there", clock: T + 3, expected: { time: T + 3, random: R3 + 1n }, draws: 4 },
];

const DRAWS = [R0, R1, MAX_RANDOM, R3];

/** A `random` option returning DRAWS in order; records each request's length. */
function scriptedRandom(): { fill: (out: Uint8Array) => void; lengths: number[] } {
  const lengths: number[] = [];
  return {
    lengths,
    fill(out) {
      lengths.push(out.length);
      out.set(bigIntToBytes(DRAWS[lengths.length - 1]!, 10));
    },
  };
}

function expectedId(expected: { time: number; random: bigint }): string {
  return refEncode(refBytes(expected.time, bigIntToBytes(expected.random, 10)));
}

/** The two ways of giving the factory its time: a `now` option, or the call's argument. */
const DRIVERS = [
  {
    name: "now option",
    make(fill: (out: Uint8Array) => void) {
      let clock = 0;
      let reads = 0;
      const next = monotonicFactory({
        random: fill,
        now: () => {
          reads++;
          return clock;
        },
      });
      return { call: (time: number) => ((clock = time), next()), reads: () => reads };
    },
  },
  {
    name: "time argument",
    make(fill: (out: Uint8Array) => void) {
      const next = monotonicFactory({ random: fill });
      return { call: (time: number) => next(time), reads: () => null };
    },
  },
] as const;

forEachEngine(() => {
  describe.each(DRIVERS)("state table, time from the $name", (driver) => {
    it("follows every row", () => {
      const random = scriptedRandom();
      const factory = driver.make(random.fill);
      STATE_TABLE.forEach((row, i) => {
        if (row.expected === "MONOTONIC_OVERFLOW") {
          expectUlidError(() => factory.call(row.clock), "MONOTONIC_OVERFLOW");
        } else {
          expect({ step: row.step, id: factory.call(row.clock) }).toEqual({ step: row.step, id: expectedId(row.expected) });
        }
        expect({ step: row.step, draws: random.lengths.length }).toEqual({ step: row.step, draws: row.draws });
        if (factory.reads() !== null) expect({ step: row.step, reads: factory.reads() }).toEqual({ step: row.step, reads: i + 1 });
      });
      expect(random.lengths.every((n) => n === 10)).toBe(true);
    });
  });

  it("calls random with a Uint8Array of exactly 10 bytes", () => {
    const random = recordingRandom(7);
    const next = monotonicFactory({ random: random.fill });
    next(T);
    next(T + 1);
    expect(random.calls).toEqual([10, 10]);
    for (const array of random.arrays) expect(array).toBeInstanceOf(Uint8Array);
  });

  it("draws fresh randomness for a first ID at time 0 (0 is a time, not 'no previous ID')", () => {
    const RANDOM_BYTE = 0xab;
    const lengths: number[] = [];
    const next = monotonicFactory({ random: (out) => (lengths.push(out.length), out.fill(RANDOM_BYTE)) });
    expect(next(0)).toBe(refEncode(refBytes(0, new Uint8Array(10).fill(RANDOM_BYTE))));
    expect(lengths).toEqual([10]);
  });

  it("is not disturbed by random and now callbacks that use the library themselves", () => {
    const RANDOM_BYTE = 0x5c;
    const busy = () => {
      generateMany(3, { time: 1, random: (out) => out.fill(1) });
      decodeMany([refEncode(new Uint8Array(16).fill(0x33))]);
    };
    const next = monotonicFactory({
      now: () => (busy(), T),
      random: (out) => (busy(), out.fill(RANDOM_BYTE)),
    });
    const first = refBytes(T, new Uint8Array(10).fill(RANDOM_BYTE));
    expect(next()).toBe(refEncode(first));
    first[15]! += 1;
    expect(next()).toBe(refEncode(first));
  });

  it("accepts the largest time and a Date", () => {
    const next = monotonicFactory();
    expect(decodeTime(next(MAX_TIME))).toBe(MAX_TIME);
    const other = monotonicFactory({ now: () => new Date(T) as unknown as number });
    expect(decodeTime(other())).toBe(T);
    expect(decodeTime(monotonicFactory()(new Date(T)))).toBe(T);
  });

  it("keeps separate state per factory", () => {
    const a = recordingRandom(1);
    const b = recordingRandom(2);
    const first = monotonicFactory({ random: a.fill });
    const second = monotonicFactory({ random: b.fill });
    first(T);
    second(T);
    first(T);
    expect(a.calls).toEqual([10]);
    expect(b.calls).toEqual([10]);
  });

  it("produces strictly increasing IDs on the real clock, each carrying a time within the call window", () => {
    const COUNT = 10_000;
    const next = monotonicFactory();
    const before = Date.now();
    const ids = Array.from({ length: COUNT }, () => next());
    const after = Date.now();
    expect(firstNonIncreasingString(ids)).toBe(-1);
    expect(ids.every((id) => decodeTime(id) >= before && decodeTime(id) <= after)).toBe(true);
  });

  it.each(BAD_TIMES)("rejects a %s time argument with INVALID_TIME", (_, time) => {
    const next = monotonicFactory() as (time?: unknown) => string;
    expectUlidError(() => next(time), "INVALID_TIME");
  });

  it.each(BAD_TIMES)("rejects a %s value from now() with INVALID_TIME", (_, time) => {
    const next = monotonicFactory({ now: () => time as number });
    expectUlidError(() => next(), "INVALID_TIME");
  });
});
