/**
 * Monotonic generation of the other formats as a state machine (docs/formats.md), on both engines: a new time draws fresh
 * randomness; the same time, or an earlier one (the clock went back), keeps the last time and takes the format's
 * successor (Ulid-Flake + nonzero random bytes, BaseUID + 1, UUID v7 counter + 1 with a fresh tail); no successor
 * is MONOTONIC_OVERFLOW with the state unchanged. Then generateMany: strictly increasing batches, overflow with a
 * fixed time, the clock read per step, randomness drawn in exactly the documented amounts.
 */
import { describe, expect, it } from "vitest";
import { baseuid, flake, uuidv7 } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { REF_FORMATS } from "./helpers/format-reference.js";
import { bytesToBigInt, firstNonIncreasingString, recordingRandom } from "./helpers/reference.js";
import { FLAKE_DEFAULT_EPOCH } from "./format-vectors.js";

/** A Unix ms inside every format's range: 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;

/** A `random` option that writes `values[i]` (big-endian, filling the request) on its i-th call, recording lengths. */
function scripted(values: readonly bigint[]): { fill: (out: Uint8Array) => void; lengths: number[] } {
  const lengths: number[] = [];
  return {
    lengths,
    fill(out) {
      let value = values[lengths.length]!;
      lengths.push(out.length);
      for (let i = out.length - 1; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn);
    },
  };
}

/** A factory driven by a settable clock. */
function clocked<F extends (time?: never) => string>(make: (now: () => number) => F): { next: F; at: (ms: number) => void } {
  let ms = 0;
  return { next: make(() => ms), at: (value) => void (ms = value) };
}

type Step = [clock: number, expected: string | "MONOTONIC_OVERFLOW"];

/** Runs the table: each step sets the clock and calls the factory once. */
function runTable(next: () => string, at: (ms: number) => void, steps: readonly Step[]): void {
  steps.forEach(([clock, expected], step) => {
    at(clock);
    let got: string;
    try {
      got = next();
    } catch (error) {
      got = (error as { code: string }).code;
    }
    expect({ step, got }).toEqual({ step, got: expected });
  });
}

/** A Ulid-Flake's text from its fields (time since the default epoch, 20 low bits). */
function flakeText(time: number, low: number): string {
  return flake.fromBigInt((BigInt(time) << 20n) | BigInt(low));
}

forEachEngine(() => {
  describe("monotonicFactory", () => {
    it("Ulid-Flake: random increments, clock back, overflow leaves the state unchanged", () => {
      const t = T - FLAKE_DEFAULT_EPOCH;
      const near = 0xfffff - 5;
      // Draws: new ms (3 bytes) R, then 1 byte per same-ms ID: + the byte, or + 1 for a zero byte.
      const random = scripted([0x12345n, 10n, 0n, 0xf_fffan, 6n, 6n, 5n, 0x777n]);
      const { next, at } = clocked((now) => flake.monotonicFactory({ random: random.fill, now }));
      runTable(next, at, [
        [T, flakeText(t, 0x12345)],
        [T, flakeText(t, 0x12345 + 10)],
        [T - 5, flakeText(t, 0x12345 + 11)],
        [T + 1, flakeText(t + 1, near)],
        [T + 1, "MONOTONIC_OVERFLOW"],
        [T, "MONOTONIC_OVERFLOW"],
        [T + 1, flakeText(t + 1, near + 5)],
        [T + 2, flakeText(t + 2, 0x777)],
      ]);
      expect(random.lengths).toEqual([3, 1, 1, 3, 1, 1, 1, 3]);
    });

    it("Ulid-Flake scalable: 15 random bits above the sid, increments of entropySize bytes", () => {
      const random = scripted([0xffffn, 0x0101n, 0x1ff0n, 0x42n]);
      const { next, at } = clocked((now) => flake.monotonicFactory({ sid: 17, entropySize: 2, random: random.fill, now }));
      const t = T - FLAKE_DEFAULT_EPOCH;
      runTable(next, at, [
        [T, flakeText(t, (0x7fff << 5) | 17)],
        [T + 1, flakeText(t + 1, (0x0101 << 5) | 17)],
        [T + 1, flakeText(t + 1, ((0x0101 + 0x1ff0) << 5) | 17)],
      ]);
      at(T + 5);
      expect(flake.fields(next(), { scalable: true })).toEqual({ time: t + 5, unixMs: T + 5, random: 0x42, sid: 17 });
      expect(random.lengths).toEqual([2, 2, 2, 2]);
    });

    it("BaseUID: + 1 within a tick (fractions of a ms included), nothing drawn, overflow at all ones", () => {
      const tick = Number((BigInt(T) * 1_000_000n) / 32768n);
      const ones = (1n << 72n) - 1n;
      const random = scripted([ones - 1n, 5n]);
      const { next, at } = clocked((now) => baseuid.monotonicFactory({ random: random.fill, now }));
      const text = (t: number, r: bigint) => baseuid.encode(bigBytes((BigInt(t) << 72n) | r, 15));
      const sameTick = (tick * 32768) / 1e6 + 0.01;
      runTable(next, at, [
        [sameTick, text(tick, ones - 1n)],
        [sameTick + 0.02, text(tick, ones)],
        [sameTick, "MONOTONIC_OVERFLOW"],
        [sameTick + 0.033, text(tick + 1, 5n)],
        [sameTick, text(tick + 1, 6n)],
      ]);
      expect(random.lengths).toEqual([9, 9]);
    });

    it("UUID v7: counter + 1 with 4 fresh bytes per ID, the counter's top bit clear from the start", () => {
      // 10 bytes at a new ms: rand_a, rand_b (the version, variant and counter's top bit are overwritten).
      const random = scripted([0xffff_ffff_ffff_ffff_ffffn, 0xaabbccddn, 0x01020304n]);
      const { next, at } = clocked((now) => uuidv7.monotonicFactory({ random: random.fill, now }));
      at(T);
      const first = next();
      const second = next();
      at(T - 3);
      const third = next();
      expect(random.lengths).toEqual([10, 4, 4]);
      const [a, b, c] = [first, second, third].map((u) => bytesToBigInt(uuidv7.decode(u)));
      expect(first).toBe("01941f29-7c00-77ff-bfff-ffffffffffff");
      // The counter is rand_a (bits 75-64) and rand_b's top 30 bits (61-32): + 1 carries out of rand_b into rand_a.
      const counter = (v: bigint) => (((v >> 64n) & 0xfffn) << 30n) | ((v >> 32n) & 0x3fff_ffffn);
      expect([counter(b!) - counter(a!), counter(c!) - counter(b!)]).toEqual([1n, 1n]);
      expect([b! & 0xffff_ffffn, c! & 0xffff_ffffn]).toEqual([0xaabbccddn, 0x01020304n]);
      expect([uuidv7.decodeTime(second), uuidv7.decodeTime(third)]).toEqual([T, T]);
      expect(first < second && second < third).toBe(true);
    });
  });

  describe.each(REF_FORMATS)("$name monotonicFactory on the real clock", (ref) => {
    // Random bytes all ones make a counter that cannot step, so the next call in that tick must wait for the next;
    // except where a generator's counter start has its top bit cleared (UUID v7's, TypeID's, ObjectId's, XID's,
    // TSID's) or is 0 (Snowflake's), whose IDs must still increase.
    const fill = (out: Uint8Array): void => void out.fill(0xff);
    const stuck = ["ulid", "flake", "baseuid"].includes(ref.name);

    it("waits for the next tick when its counter cannot step, where a batch would: no MONOTONIC_OVERFLOW", () => {
      const next = (ref.api.monotonicFactory as (options: object) => () => string)({ random: fill });
      const ids = Array.from({ length: 12 }, () => next());
      for (let i = 1; i < ids.length; i++) expect(Buffer.compare(ref.api.decode(ids[i - 1]!), ref.api.decode(ids[i]!))).toBe(-1);
      if (stuck) {
        const times = ids.map((id) => ref.api.decodeTime(id));
        for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
      }
    });

    it.runIf(stuck)("still throws MONOTONIC_OVERFLOW on a caller's clock or with a time given", () => {
      const now = Date.now();
      const next = (ref.api.monotonicFactory as (options: object) => (time?: number) => string)({ random: fill, now: () => now });
      next();
      expectUlidError(() => next(), "MONOTONIC_OVERFLOW");
      const given = (ref.api.monotonicFactory as (options: object) => (time?: number) => string)({ random: fill });
      given(now);
      expectUlidError(() => given(now), "MONOTONIC_OVERFLOW");
    });
  });

  describe.each(REF_FORMATS)("$name generateMany", (ref) => {
    const api = ref.api;
    const COUNT = 20_000;

    it("is strictly increasing over steps of 8192, and encodes as such", () => {
      // Ulid-Flake's 20 random bits, TSID's 12-bit counter and Snowflake's 12-bit sequence hold a few thousand IDs a
      // millisecond: they wait for the next on the real clock.
      const waits = ref.name === "flake" || ref.name === "tsid" || ref.name === "snowflake";
      const ids = api.encodeMany(waits ? api.generateMany(COUNT) : api.generateMany(COUNT, { time: T }));
      expect(ids).toHaveLength(COUNT);
      expect(firstNonIncreasingString(ids)).toBe(-1);
      expect(ids.every((id) => ref.pattern.test(id))).toBe(true);
    });

    it("reads the clock once per step, and draws randomness once per step", () => {
      let reads = 0;
      const random = recordingRandom(7);
      const now = () => (reads++, T);
      api.generateMany(8192 * 2 + 1, { now, random: random.fill, monotonic: false });
      expect(reads).toBe(3);
      expect(random.calls.length).toBe(3);
    });

    it("with monotonic: false, makes fresh IDs of the given time", () => {
      // A seeded source: with the system's, 50 IDs of a format with 22 random bits (TSID, Snowflake) share one about
      // once in 3,000 runs, and this test ran in CI's tiers often enough to meet it.
      const ids = api.encodeMany(api.generateMany(50, { time: T, monotonic: false, random: recordingRandom(11).fill }));
      expect(new Set(ids.map((id) => api.decodeTime(id))).size).toBe(1);
      expect(new Set<string>(ids).size).toBe(50);
    });

    it("writes into a caller's buffer", () => {
      const out = new Uint8Array(ref.bytes * 4 + 3);
      // Not monotonic: at a fixed time, Ulid-Flake's 20 random bits overflow within 4 IDs about once in 2,700 calls.
      const bytes = api.generateMany(4, { time: T, out, monotonic: false });
      expect(bytes.buffer).toBe(out.buffer);
      expect(bytes.length).toBe(ref.bytes * 4);
      expectUlidError(() => api.generateMany(5, { out }), "INVALID_LENGTH");
    });
  });

  it("fails for monotonic overflow with a fixed time, naming the element and leaving the buffer zeroed", () => {
    // One byte of 0xff per increment: + 255 each, so 20 bits from 0 hold 4112 of them (255 * 4113 > 2^20 - 1).
    const random = scripted([0n, ...Array.from({ length: 10 }, () => (1n << 65536n) - 1n)]);
    const out = new Uint8Array(8 * 10_000).fill(1);
    const error = expectUlidError(() => flake.generateMany(10_000, { time: T, random: random.fill, out }), "MONOTONIC_OVERFLOW", 4113);
    expect(error.message).toContain("element 4113");
    expect(out.every((byte) => byte === 0)).toBe(true);
    expectUlidError(() => baseuid.generateMany(3, { time: T, random: (o) => o.fill(0xff) }), "MONOTONIC_OVERFLOW", 1);
  });
});

function bigBytes(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn);
  return out;
}
