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

/**
 * A new typed array of `length` elements of a subclass of `type` whose `set`, `subarray` and `fill` record their calls
 * in `seen` (what `set` was handed, the other methods' names): a caller's subclass, whose overridden methods the
 * library must never call (no view of its memory may reach them).
 */
export function recordingArray<T extends Uint8Array | Float64Array>(type: new (length: number) => T, length: number): T & { seen: unknown[] } {
  // Typed as Uint8Array for the overrides' signatures; a Float64Array's methods take the same arguments.
  class Recording extends (type as unknown as new (length: number) => Uint8Array<ArrayBuffer>) {
    readonly seen: unknown[] = [];
    override set(array: ArrayLike<number>, offset?: number): void {
      this.seen.push(array);
      super.set(array, offset);
    }
    override subarray(begin?: number, end?: number): Uint8Array<ArrayBuffer> {
      this.seen.push("subarray");
      return super.subarray(begin, end);
    }
    override fill(value: number, start?: number, end?: number): this {
      this.seen.push("fill");
      return super.fill(value, start, end);
    }
  }
  return new Recording(length) as unknown as T & { seen: unknown[] };
}
