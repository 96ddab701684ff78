/** Argument checks shared by the public functions: each failure is an INVALID_ARGUMENT or INVALID_LENGTH. */
import { UlidError, quote } from "./errors.js";

export function checkUint8Array(value: unknown, name: string): Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new UlidError("INVALID_ARGUMENT", `${name} must be a Uint8Array, got ${quote(value)}`);
  }
  return value;
}

export function checkIndex(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new UlidError("INVALID_ARGUMENT", `${name} must be a non-negative integer, got ${quote(value)}`);
  }
  return value;
}

/** `bytes` has at least `needed` bytes from `offset`. */
export function checkRoom(bytes: Uint8Array, offset: number, needed: number, name: string): void {
  if (bytes.length - offset < needed) {
    throw new UlidError(
      "INVALID_LENGTH",
      `${name} needs ${needed} bytes from offset ${offset}, but has ${Math.max(bytes.length - offset, 0)}`,
    );
  }
}

/** An options argument: undefined (no options) or an object. */
export function checkOptions<T extends object>(options: T | undefined): Partial<T> {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw new UlidError("INVALID_ARGUMENT", `options must be an object, got ${quote(options)}`);
  }
  return options;
}

/** A `now` option: a function returning Unix ms. */
export function checkClock(now: unknown): (() => unknown) | undefined {
  if (now !== undefined && typeof now !== "function") {
    throw new UlidError("INVALID_ARGUMENT", `the \`now\` option must be a function returning Unix ms, got ${quote(now)}`);
  }
  return now as (() => unknown) | undefined;
}

/** Where a batch writes `size` bytes: the caller's `out` (checked, and cut to size) or a new array. */
export function outputBuffer(out: unknown, size: number): Uint8Array {
  if (out === undefined) return new Uint8Array(size);
  checkRoom(checkUint8Array(out, "out"), 0, size, "out");
  return (out as Uint8Array).subarray(0, size);
}
