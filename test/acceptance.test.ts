/**
 * The seed article's acceptance test: "generate 1000 monotonic ULIDs with a fixed clock, shuffle them, sort
 * them, assert you got the original list back." With a fixed clock every ID shares one millisecond, so only the
 * monotonic increment can order them.
 */
import { expect, it } from "vitest";
import { decodeTime, encodeMany, generateMany, monotonicFactory } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { shuffled } from "./helpers/reference.js";

const COUNT = 1000;
/** 2025-01-01T00:00:00.000Z. */
const FIXED_TIME = 1735689600000;
const SHUFFLE_SEEDS = [1, 2, 3];

function expectSortRestoresOrder(ids: readonly string[]): void {
  expect(ids).toHaveLength(COUNT);
  expect(new Set(ids).size).toBe(COUNT);
  expect(ids.every((id) => decodeTime(id) === FIXED_TIME)).toBe(true);
  for (const seed of SHUFFLE_SEEDS) {
    const mixed = shuffled(ids, seed);
    expect(mixed).not.toEqual(ids);
    expect(mixed.sort()).toEqual(ids);
  }
}

forEachEngine(() => {
  it("1000 IDs from monotonicFactory with a fixed clock sort back into generation order", () => {
    const next = monotonicFactory({ now: () => FIXED_TIME });
    expectSortRestoresOrder(Array.from({ length: COUNT }, () => next()));
  });

  it("1000 IDs from monotonicFactory called with a fixed time sort back into generation order", () => {
    const next = monotonicFactory();
    expectSortRestoresOrder(Array.from({ length: COUNT }, () => next(FIXED_TIME)));
  });

  it("1000 IDs from generateMany with a fixed time sort back into generation order", () => {
    expectSortRestoresOrder(encodeMany(generateMany(COUNT, { time: FIXED_TIME })));
  });

  it("1000 IDs from generateMany with a fixed clock sort back into generation order", () => {
    expectSortRestoresOrder(encodeMany(generateMany(COUNT, { now: () => FIXED_TIME })));
  });
});
