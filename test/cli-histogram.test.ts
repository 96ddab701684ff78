/**
 * The `scan --stats` histogram: its bucket size follows the span, stays within a screenful, and merging buckets
 * as the span grows puts every time exactly where bucketing at the final size from the start would (also as a
 * property over random times in any order).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TimeHistogram } from "../src/printer/histogram.js";
import { seededUint32 } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 3, 15);

function histogramOf(times: number[]): TimeHistogram {
  const histogram = new TimeHistogram();
  for (const time of times) histogram.add(time);
  return histogram;
}

describe("TimeHistogram", () => {
  it.each([
    [0, 1],
    [30, 1],
    [999, 100],
    [30_000, 1000],
    [39 * MINUTE, MINUTE],
    [6 * 3_600_000, 10 * MINUTE],
    [20 * 86_400_000, 86_400_000],
    [5 * 365 * 86_400_000, 364 * 86_400_000],
  ])("a span of %d ms gets buckets of %d ms", (span, size) => {
    const histogram = histogramOf([T0, T0 + span]);
    expect(histogram.size).toBe(size);
    expect(histogram.buckets().length).toBeLessThanOrEqual(40);
  });

  it("counts every time exactly once, in the bucket of the final size, whatever the order", () => {
    const next = seededUint32(7);
    const times = Array.from({ length: 5000 }, () => T0 + (next() % (3 * 86_400_000)));
    const histogram = histogramOf(times);
    const size = histogram.size;
    const expected = new Map<number, number>();
    for (const time of times) {
      const start = Math.floor(time / size) * size;
      expected.set(start, (expected.get(start) ?? 0) + 1);
    }
    const buckets = histogram.buckets();
    expect(buckets.filter((bucket) => bucket.count > 0).map(({ start, count }) => [start, count])).toEqual(
      [...expected].sort((a, b) => a[0] - b[0]),
    );
    expect(buckets.every((bucket, i) => i === 0 || bucket.start === buckets[i - 1]!.start + size)).toBe(true);
  });

  it("takes its size from the first and last times alone, and puts each time in its bucket, in any order (property)", () => {
    // Times within spans from a millisecond to millennia, in any order, repeats included.
    const times = fc.integer({ min: 0, max: 12 }).chain((digits) =>
      fc.array(fc.integer({ min: 0, max: 10 ** digits }).map((offset) => T0 + offset), { minLength: 1, maxLength: 300 }),
    );
    fc.assert(
      fc.property(times, (list) => {
        const histogram = histogramOf(list);
        const [low, high] = [Math.min(...list), Math.max(...list)];
        expect(histogram.size).toBe(histogramOf([low, high]).size);
        const size = histogram.size;
        const buckets = histogram.buckets();
        expect(buckets.length).toBeLessThanOrEqual(40);
        expect(buckets[0]!.start).toBe(Math.floor(low / size) * size);
        expect(buckets.at(-1)!.start).toBe(Math.floor(high / size) * size);
        const counts = new Map(buckets.map(({ start, count }) => [start, count]));
        for (const time of list) {
          const start = Math.floor(time / size) * size;
          counts.set(start, counts.get(start)! - 1);
        }
        expect([...counts.values()].every((count) => count === 0)).toBe(true);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("draws a labelled bar per bucket, the longest for the fullest, a sliver for a small count", () => {
    const times = [...Array.from({ length: 400 }, () => T0), T0 + 2 * MINUTE, T0 + 3 * MINUTE];
    const drawn = histogramOf(times).draw().split("\n");
    expect(drawn[0]).toBe("mentions by creation time, per 5s:");
    expect(drawn[1]).toBe(`2026-04-15T00:00:00Z  ${"█".repeat(40)} 400`);
    expect(drawn[2]).toBe(`2026-04-15T00:00:05Z  ${" ".repeat(40)}   0`);
    expect(drawn.at(-2)).toBe(`2026-04-15T00:03:00Z  ▏${" ".repeat(39)}   1`);
  });
});
