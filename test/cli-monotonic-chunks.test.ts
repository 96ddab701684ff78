/**
 * The CLI's chunked monotonic generation (`ulid generate`, `ulid monotonic`): strictly increasing across chunks,
 * in the same millisecond, when the clock steps back, and when a millisecond's random part runs out.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MonotonicChunks } from "../src/cli/monotonic-chunks.js";
import { UlidError } from "../src/index.js";
import { firstNonIncreasing, randomPart, refBytes, timePart } from "./helpers/reference.js";

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}

/** The next `count` IDs, made into a new array. */
function next(chunks: MonotonicChunks, count: number): Uint8Array {
  const out = new Uint8Array(16 * count);
  const ids = chunks.next(count, out);
  expect(ids.buffer).toBe(out.buffer);
  return ids;
}

/** The last ID made so far: a private field, set in tests to put the generator on the edge of overflow. */
function setLast(chunks: MonotonicChunks, time: number): void {
  const state = chunks as unknown as { last: Uint8Array; lastTime: number };
  state.last.set(refBytes(time, new Uint8Array(10).fill(0xff)));
  state.lastTime = time;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MonotonicChunks", () => {
  it("continues the sequence across chunks in one millisecond: the next chunk starts at the last ID + 1", () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    const chunks = new MonotonicChunks();
    const first = next(chunks, 3);
    const second = next(chunks, 3);
    expect(firstNonIncreasing(concat([first, second]))).toBe(-1);
    expect([timePart(second, 0), randomPart(second, 0)]).toEqual([timePart(first, 32), randomPart(first, 32) + 1n]);
  });

  it("keeps the last time when the clock steps back, and starts afresh in a later millisecond", () => {
    const clock = vi.spyOn(Date, "now");
    const chunks = new MonotonicChunks();
    const made: Uint8Array[] = [];
    for (const now of [5000, 5000, 4000, 6000]) {
      clock.mockReturnValue(now);
      made.push(next(chunks, 100));
    }
    const all = concat(made);
    expect(firstNonIncreasing(all)).toBe(-1);
    expect([0, 100, 200, 300].map((i) => timePart(all, 16 * i))).toEqual([5000, 5000, 5000, 6000]);
  });

  it("pins every ID to a fixed time", () => {
    const chunks = new MonotonicChunks(42);
    const all = concat([next(chunks, 10), next(chunks, 10)]);
    expect(firstNonIncreasing(all)).toBe(-1);
    expect(new Set(Array.from({ length: 20 }, (_, i) => timePart(all, 16 * i)))).toEqual(new Set([42]));
  });

  it("on the real clock, waits for the next millisecond when the random part runs out", () => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(7000);
    const chunks = new MonotonicChunks();
    setLast(chunks, 7000);
    clock.mockReturnValueOnce(7000).mockReturnValueOnce(7000).mockReturnValue(7001);
    expect(timePart(next(chunks, 5), 0)).toBe(7001);
  });

  it("with a fixed time, fails with MONOTONIC_OVERFLOW when the random part runs out", () => {
    const chunks = new MonotonicChunks(7000);
    setLast(chunks, 7000);
    expect(() => next(chunks, 5)).toThrow(UlidError);
    expect(() => next(chunks, 5)).toThrow(expect.objectContaining({ code: "MONOTONIC_OVERFLOW" }));
  });
});
