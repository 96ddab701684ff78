/** Assertions for the library's errors: class, code, index and a message that names the offending value. */
import { expect } from "vitest";
import { UlidError } from "../../src/index.js";

/** Runs `fn`, which must throw, and returns what it threw. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw, but it returned normally");
}

/**
 * Asserts that `fn` throws a `UlidError` with `code`, and with `index` when one is given (pass `null` to skip
 * the index check). Returns the error for further checks.
 */
export function expectUlidError(fn: () => unknown, code: string, index: number | null = null): UlidError {
  const error = thrownBy(fn);
  expect(error).toBeInstanceOf(UlidError);
  expect(error).toBeInstanceOf(Error);
  const e = error as UlidError;
  expect(e.name).toBe("UlidError");
  expect({ code: e.code, index: index === null ? null : e.index }).toEqual({ code, index });
  return e;
}

/** True when `message` shows `value`, raw or JSON-escaped (possibly cut after its first 40 characters). */
export function mentions(message: string, value: string): boolean {
  const escaped = JSON.stringify(value).slice(1, -1);
  return [value, escaped].some((form) => message.includes(form.length > 40 ? form.slice(0, 40) : form));
}

/** Asserts that an error's message shows `value`. */
export function expectMentions(error: Error, value: string): void {
  expect(mentions(error.message, value), `message ${JSON.stringify(error.message)} should show ${JSON.stringify(value)}`).toBe(true);
}

/**
 * What `fn` threw, reduced to `{ code, index }` for a `UlidError` (so a table of cases compares in one
 * `toEqual` and a failure shows every field), `"returned"` if it did not throw, or a description of anything else.
 */
export function faultOf(fn: () => unknown): { code: string; index: number | undefined } | string {
  try {
    fn();
  } catch (error) {
    if (error instanceof UlidError) return { code: error.code, index: error.index };
    return `not a UlidError: ${String(error)}`;
  }
  return "returned";
}
