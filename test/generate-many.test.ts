/**
 * generateMany (decision 8): count and out checks; exact output for a deterministic `random`; how often
 * `random` and the clock are used (10 bytes per new ms when monotonic, 10*k per step of up to 8192 IDs when not,
 * one clock read per step); monotonic over steps, clock going back, overflow with a fixed clock (index, out
 * cleaned) and waiting on the real clock.
 */
import { describe, expect, it } from "vitest";
import { decodeMany, encodeManyText, generateMany } from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { BAD_OFFSETS, BAD_TIMES, NOT_BYTES } from "./helpers/inputs.js";
import {
  MAX_RANDOM,
  MAX_TIME,
  bigIntToBytes,
  bytesToBigInt,
  constantRandom,
  firstNonIncreasing,
  pseudoRandomBytes,
  randomPart,
  recordingRandom,
  refBytes,
  scriptedClock,
  timePart,
} from "./helpers/reference.js";

const STEP = 8192;
const COUNT = 3 * STEP + 5;
/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;
const SEED = 77;

/** The IDs of a monotonic run from `seed`: same time, random part seed, seed+1, ... */
function expectRun(bytes: Uint8Array, from: number, to: number, time: number, seed: bigint): void {
  for (let i = from; i < to; i++) {
    const random = randomPart(bytes, 16 * i);
    const t = timePart(bytes, 16 * i);
    if (t !== time || random !== seed + BigInt(i - from)) {
      expect({ i, time: t, random }).toEqual({ i, time, random: seed + BigInt(i - from) });
    }
  }
}

/** Each 16-byte slot is all zero or all `fill`: no generated ID is left behind. */
function expectNoIdsLeft(out: Uint8Array, fill: number): void {
  for (let i = 0; i < out.length; i += 16) {
    const slot = out.subarray(i, i + 16);
    const clean = slot.every((b) => b === 0) || slot.every((b) => b === fill);
    if (!clean) expect({ slot: i / 16, bytes: Array.from(slot) }).toEqual({ slot: i / 16, bytes: "all 0 or all fill" });
  }
}

/** A `random` that writes the 10 bytes of `value` (as big-endian) at the start of each request. */
function randomOf(value: bigint): (out: Uint8Array) => void {
  return constantRandom(bigIntToBytes(value, 10));
}

forEachEngine(() => {
  describe("count and out", () => {
    const BAD_COUNTS: readonly [string, unknown][] = [
      ...BAD_OFFSETS,
      ["undefined", undefined],
      ["2^53", 2 ** 53],
    ];

    it.each(BAD_COUNTS)("rejects a %s count with INVALID_ARGUMENT", (_, count) => {
      expect(faultOf(() => generateMany(count as number))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("makes nothing for count 0", () => {
      expect(generateMany(0)).toEqual(new Uint8Array(0));
      const out = new Uint8Array(16).fill(3);
      expect(generateMany(0, { out }).length).toBe(0);
      expect(out).toEqual(new Uint8Array(16).fill(3));
    });

    it("writes into the first 16*count bytes of out (a view) and returns that view", () => {
      const FILL = 0xcc;
      const backing = new Uint8Array(16 * 10 + 40).fill(FILL);
      const out = backing.subarray(8, 8 + 16 * 10 + 16);
      const random = recordingRandom(SEED);
      const result = generateMany(10, { out, time: T, random: random.fill, monotonic: false });
      expect(result.buffer).toBe(backing.buffer);
      expect(result.byteOffset).toBe(8);
      expect(result.length).toBe(160);
      const stream = pseudoRandomBytes(100, SEED);
      const expected = new Uint8Array(backing.length).fill(FILL);
      for (let i = 0; i < 10; i++) expected.set(refBytes(T, stream.subarray(10 * i, 10 * i + 10)), 8 + 16 * i);
      expect(backing).toEqual(expected);
    });

    it("writes a monotonic batch over several steps into a view exactly as into a new array", () => {
      const FILL = 0xcc;
      const count = 2 * STEP + 3;
      const options = () => ({ now: scriptedClock([T, T + 1, T + 1]).now, random: recordingRandom(SEED).fill });
      const backing = new Uint8Array(16 * count + 24).fill(FILL);
      const result = generateMany(count, { ...options(), out: backing.subarray(8) });
      expect(result.byteOffset).toBe(8);
      expectSameArray(result, generateMany(count, options()), "into a view vs new");
      expect(backing.subarray(0, 8).every((b) => b === FILL) && backing.subarray(8 + 16 * count).every((b) => b === FILL)).toBe(true);
    });

    it("rejects an out too small with INVALID_LENGTH", () => {
      for (const length of [0, 15, 16 * 9, 16 * 10 - 1]) {
        expect(faultOf(() => generateMany(10, { out: new Uint8Array(length) }))).toMatchObject({ code: "INVALID_LENGTH" });
      }
    });

    it.each(NOT_BYTES.filter(([name]) => name !== "undefined"))("rejects a %s as out with INVALID_ARGUMENT", (_, out) => {
      expect(faultOf(() => generateMany(1, { out: out as Uint8Array }))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });
  });

  describe("time and clock", () => {
    it("stamps a fixed time, including 0, the maximum and a Date", () => {
      for (const [time, expected] of [[T, T], [0, 0], [MAX_TIME, MAX_TIME], [new Date(T), T]] as const) {
        const bytes = generateMany(3, { time: time as number });
        expect([0, 1, 2].map((i) => timePart(bytes, 16 * i))).toEqual([expected, expected, expected]);
      }
    });

    it.each(BAD_TIMES)("rejects a %s time with INVALID_TIME", (_, time) => {
      expect(faultOf(() => generateMany(2, { time: time as number }))).toMatchObject({ code: "INVALID_TIME" });
    });

    it.each(BAD_TIMES)("rejects a %s value from now() with INVALID_TIME", (_, time) => {
      expect(faultOf(() => generateMany(2, { now: () => time as number }))).toMatchObject({ code: "INVALID_TIME" });
    });

    it("reads the clock once per step of 8192 IDs", () => {
      for (const [count, reads] of [[1, 1], [STEP, 1], [STEP + 1, 2], [COUNT, 4]] as const) {
        for (const monotonic of [true, false]) {
          const clock = scriptedClock([T]);
          generateMany(count, { now: clock.now, monotonic });
          expect({ count, monotonic, reads: clock.reads() }).toEqual({ count, monotonic, reads });
        }
      }
    });

    it("accepts a Date from now()", () => {
      const bytes = generateMany(2, { now: () => new Date(T) as unknown as number });
      expect(timePart(bytes, 16)).toBe(T);
    });
  });

  describe("monotonic (the default)", () => {
    it("with a fixed time: one 10-byte draw, then +1 per ID across every step", () => {
      const random = recordingRandom(SEED);
      const bytes = generateMany(COUNT, { time: T, random: random.fill });
      expect(random.calls).toEqual([10]);
      expectRun(bytes, 0, COUNT, T, bytesToBigInt(pseudoRandomBytes(10, SEED)));
    });

    it("with a clock advancing per step: a fresh 10-byte draw per new ms", () => {
      const random = recordingRandom(SEED);
      const clock = scriptedClock([T, T + 1, T + 2, T + 3]);
      const bytes = generateMany(COUNT, { now: clock.now, random: random.fill });
      expect(random.calls).toEqual([10, 10, 10, 10]);
      const stream = pseudoRandomBytes(40, SEED);
      for (let step = 0; step < 4; step++) {
        const seed = bytesToBigInt(stream, 10 * step, 10);
        expectRun(bytes, step * STEP, Math.min(COUNT, (step + 1) * STEP), T + step, seed);
      }
    });

    it("with a clock standing still over steps: keeps incrementing without drawing", () => {
      const random = recordingRandom(SEED);
      const bytes = generateMany(COUNT, { now: () => T, random: random.fill });
      expect(random.calls).toEqual([10]);
      expectRun(bytes, 0, COUNT, T, bytesToBigInt(pseudoRandomBytes(10, SEED)));
    });

    it("with a clock going back between steps: keeps the last time and increments", () => {
      const random = recordingRandom(SEED);
      const clock = scriptedClock([T + 5, T, T + 6]);
      const count = 2 * STEP + 3;
      const bytes = generateMany(count, { now: clock.now, random: random.fill });
      expect(random.calls).toEqual([10, 10]);
      const stream = pseudoRandomBytes(20, SEED);
      expectRun(bytes, 0, 2 * STEP, T + 5, bytesToBigInt(stream, 0, 10));
      expectRun(bytes, 2 * STEP, count, T + 6, bytesToBigInt(stream, 10, 10));
      expect(firstNonIncreasing(bytes)).toBe(-1);
    });

    it("starts a new sequence on every call", () => {
      const options = { time: T, random: randomOf(5n) };
      expect(generateMany(3, options)).toEqual(generateMany(3, options));
    });

    it("with a fixed time: MONOTONIC_OVERFLOW at the element that cannot be made", () => {
      expect(faultOf(() => generateMany(5, { time: T, random: randomOf(MAX_RANDOM - 2n) }))).toEqual({
        code: "MONOTONIC_OVERFLOW",
        index: 3,
      });
      expect(faultOf(() => generateMany(COUNT, { time: T, random: randomOf(MAX_RANDOM - 8200n) }))).toEqual({
        code: "MONOTONIC_OVERFLOW",
        index: 8201,
      });
      // Exactly reaching all ones is fine.
      const bytes = generateMany(3, { time: T, random: randomOf(MAX_RANDOM - 2n) });
      expect(randomPart(bytes, 32)).toBe(MAX_RANDOM);
    });

    it("with a caller's clock: MONOTONIC_OVERFLOW at the element that cannot be made", () => {
      expect(faultOf(() => generateMany(5, { now: () => T, random: randomOf(MAX_RANDOM) }))).toEqual({
        code: "MONOTONIC_OVERFLOW",
        index: 1,
      });
      const clock = scriptedClock([T, T]);
      expect(faultOf(() => generateMany(COUNT, { now: clock.now, random: randomOf(MAX_RANDOM - BigInt(STEP)) }))).toEqual({
        code: "MONOTONIC_OVERFLOW",
        index: STEP + 1,
      });
    });

    it("leaves no partially written IDs in out after an overflow", () => {
      const FILL = 0xaa;
      for (const [count, fault] of [[5, 3], [COUNT, 8201]] as const) {
        const out = new Uint8Array(16 * count + 32).fill(FILL);
        const random = randomOf(MAX_RANDOM - BigInt(fault - 1));
        expect(faultOf(() => generateMany(count, { time: T, random, out }))).toEqual({ code: "MONOTONIC_OVERFLOW", index: fault });
        expectNoIdsLeft(out.subarray(0, 16 * count), FILL);
        expect(out.subarray(16 * count).every((b) => b === FILL)).toBe(true);
      }
    });

    it("on the real clock waits for the next ms instead of overflowing (random all ones)", () => {
      // Every ID needs its own millisecond, so keep the count small.
      const COUNT_ALL_ONES = 150;
      const random = recordingRandom(0);
      const fill = (out: Uint8Array) => (random.fill(out), out.fill(0xff));
      const bytes = generateMany(COUNT_ALL_ONES, { random: fill });
      expect(firstNonIncreasing(bytes)).toBe(-1);
      const times = new Set(Array.from({ length: COUNT_ALL_ONES }, (_, i) => timePart(bytes, 16 * i)));
      expect(times.size).toBe(COUNT_ALL_ONES);
      expect(random.calls).toEqual(new Array(COUNT_ALL_ONES).fill(10));
    });

    it("on the real clock waits for the next ms instead of overflowing (100000 IDs, 256 per ms)", () => {
      const MANY = 100_000;
      const ROOM = 0xffn;
      const random = recordingRandom(0);
      const fill = (out: Uint8Array) => (random.fill(out), out.set(bigIntToBytes(MAX_RANDOM - ROOM, 10)));
      const bytes = generateMany(MANY, { random: fill });
      expect(firstNonIncreasing(bytes)).toBe(-1);
      const times = new Set(Array.from({ length: MANY }, (_, i) => timePart(bytes, 16 * i)));
      expect(times.size).toBeGreaterThanOrEqual(Math.ceil(MANY / 256));
      expect(random.calls.length).toBe(times.size);
    });
  });

  describe("not monotonic", () => {
    it("draws 10 bytes per ID, in one request per step of up to 8192", () => {
      const random = recordingRandom(SEED);
      const bytes = generateMany(COUNT, { time: T, random: random.fill, monotonic: false });
      expect(random.calls).toEqual([10 * STEP, 10 * STEP, 10 * STEP, 50]);
      const stream = pseudoRandomBytes(10 * COUNT, SEED);
      for (let i = 0; i < COUNT; i++) {
        const expected = refBytes(T, stream.subarray(10 * i, 10 * i + 10));
        const got = bytes.subarray(16 * i, 16 * i + 16);
        if (got.some((b, k) => b !== expected[k])) expect({ i, got: Array.from(got) }).toEqual({ i, got: Array.from(expected) });
      }
    });

    it("never overflows, even with all-ones randomness and a fixed time", () => {
      const bytes = generateMany(3, { time: T, random: (out) => out.fill(0xff), monotonic: false });
      expect(bytes).toEqual(generateMany(3, { time: T, random: (out) => out.fill(0xff), monotonic: false }));
      expect(randomPart(bytes, 32)).toBe(MAX_RANDOM);
    });

    it("stamps the real clock when no time is given", () => {
      const before = Date.now();
      const bytes = generateMany(STEP + 1, { monotonic: false });
      const after = Date.now();
      for (const i of [0, STEP]) {
        expect(timePart(bytes, 16 * i)).toBeGreaterThanOrEqual(before);
        expect(timePart(bytes, 16 * i)).toBeLessThanOrEqual(after);
      }
    });
  });

  it("is not disturbed by random and now callbacks that use the library themselves", () => {
    const OTHER = generateMany(STEP + 7, { time: 1, random: (out) => out.fill(9) });
    const busy = () => {
      // Bulk calls with the same engine, in the middle of a batch.
      decodeMany(encodeManyText(OTHER));
      generateMany(STEP + 7, { time: 2, random: (out) => out.fill(8) });
    };
    for (const monotonic of [true, false]) {
      const plain = recordingRandom(SEED);
      const expected = generateMany(3 * STEP + 5, { now: scriptedClock([T, T + 1, T + 2, T + 3]).now, random: plain.fill, monotonic });
      const reentrant = recordingRandom(SEED);
      const clock = scriptedClock([T, T + 1, T + 2, T + 3]);
      const got = generateMany(3 * STEP + 5, {
        now: () => (busy(), clock.now()),
        random: (out) => (busy(), reentrant.fill(out)),
        monotonic,
      });
      expectSameArray(got, expected, `monotonic ${monotonic}`);
    }
  });

  it("passes random a fresh JS Uint8Array of its own (not a view of wasm memory)", () => {
    for (const monotonic of [true, false]) {
      const random = recordingRandom(SEED);
      generateMany(STEP + 1, { now: scriptedClock([T, T + 1]).now, random: random.fill, monotonic });
      expect(random.arrays.length).toBe(2);
      for (const array of random.arrays) {
        expect(array).toBeInstanceOf(Uint8Array);
        expect({ monotonic, byteOffset: array.byteOffset, bufferLength: array.buffer.byteLength }).toEqual({
          monotonic,
          byteOffset: 0,
          bufferLength: array.length,
        });
      }
      expect(random.arrays[0]).not.toBe(random.arrays[1]);
    }
  });
});
