/**
 * Element-wise equality for large arrays. `toEqual` on a 400 KB typed array costs seconds; this costs
 * milliseconds and, on a mismatch, reports the first differing index and both values.
 */
import { expect } from "vitest";

type Sequence = Uint8Array | Float64Array | readonly unknown[];

export function expectSameArray(actual: unknown, expected: Sequence, what = "array"): void {
  const kind = (value: unknown) => Object.prototype.toString.call(value);
  expect({ what, kind: kind(actual) }).toEqual({ what, kind: kind(expected) });
  const got = actual as ArrayLike<unknown>;
  expect({ what, length: got.length }).toEqual({ what, length: expected.length });
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(got[i], expected[i])) {
      expect({ what, index: i, value: got[i] }).toEqual({ what, index: i, value: expected[i] });
    }
  }
}

/** A Uint8Array of `count` ones with zeros at `zeros`. */
export function flagsWithZeros(count: number, zeros: Iterable<number>): Uint8Array {
  const flags = new Uint8Array(count).fill(1);
  for (const at of zeros) flags[at] = 0;
  return flags;
}
