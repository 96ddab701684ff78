/**
 * The CLI's chunked monotonic generation (`ulid generate`, `ulid monotonic`): one sequence over many `generateMany`
 * calls, each continuing after the last ID of the one before. Strictly increasing across chunks, in the same
 * millisecond, when the clock steps back, and when a millisecond's random part runs out.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { type IdSource, ulidFormat } from "../src/cli/id-format.js";
import { UlidError, generateMany } from "../src/index.js";
import { firstNonIncreasing, randomPart, refBytes, timePart } from "./helpers/reference.js";

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

/** The next `count` IDs, made into a new array. */
function next(source: IdSource, count: number): Uint8Array {
  const out = new Uint8Array(16 * count);
  const ids = source(count, out);
  expect(ids.buffer).toBe(out.buffer);
  return ids;
}

/** The ULID at `time` whose random part is all ones: it has no successor in that millisecond. */
const lastOf = (time: number): Uint8Array => refBytes(time, new Uint8Array(10).fill(0xff));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("monotonic streams of the CLI", () => {
  it("continues the sequence across chunks in one millisecond: the next chunk starts at the last ID + 1", () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    const source = ulidFormat.monotonic(undefined);
    const first = next(source, 3);
    const second = next(source, 3);
    expect(firstNonIncreasing(concat([first, second]))).toBe(-1);
    expect([timePart(second, 0), randomPart(second, 0)]).toEqual([timePart(first, 32), randomPart(first, 32) + 1n]);
  });

  it("keeps the last time when the clock steps back, and starts afresh in a later millisecond", () => {
    const clock = vi.spyOn(Date, "now");
    const source = ulidFormat.monotonic(undefined);
    const made: Uint8Array[] = [];
    for (const now of [5000, 5000, 4000, 6000]) {
      clock.mockReturnValue(now);
      made.push(next(source, 100));
    }
    const all = concat(made);
    expect(firstNonIncreasing(all)).toBe(-1);
    expect([0, 100, 200, 300].map((i) => timePart(all, 16 * i))).toEqual([5000, 5000, 5000, 6000]);
  });

  it("pins every ID to a fixed time", () => {
    const source = ulidFormat.monotonic(42);
    const all = concat([next(source, 10), next(source, 10)]);
    expect(firstNonIncreasing(all)).toBe(-1);
    expect(new Set(Array.from({ length: 20 }, (_, i) => timePart(all, 16 * i)))).toEqual(new Set([42]));
  });

  it("on the real clock, waits for the next millisecond when the random part runs out", () => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(7000);
    clock.mockReturnValueOnce(7000).mockReturnValueOnce(7000).mockReturnValue(7001);
    expect(timePart(generateMany(5, { after: lastOf(7000) }), 0)).toBe(7001);
  });

  it("on the real clock set back, moves to the sequence's next millisecond at once instead of waiting for the clock", () => {
    vi.spyOn(Date, "now").mockReturnValue(2000);
    const ids = generateMany(5, { after: lastOf(7000) });
    expect(firstNonIncreasing(ids)).toBe(-1);
    expect(timePart(ids, 0)).toBe(7001);
  });

  it("with a fixed time, fails with MONOTONIC_OVERFLOW when the random part runs out", () => {
    expect(() => generateMany(5, { time: 7000, after: lastOf(7000) })).toThrow(UlidError);
    expect(() => generateMany(5, { time: 7000, after: lastOf(7000) })).toThrow(expect.objectContaining({ code: "MONOTONIC_OVERFLOW" }));
  });
});
