/** Output checks for bench contenders: each throws an Error that names the first difference. */
import { decodeTime, isValid, uuidToULID } from "../../src/index.js";

/** The same elements in the same order (strings, numbers or bytes). */
export function expectSame(actual: ArrayLike<unknown>, expected: ArrayLike<unknown>): void {
  if (actual.length !== expected.length) throw new Error(`${actual.length} elements, expected ${expected.length}`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) {
      throw new Error(`element ${i} is ${String(actual[i])}, expected ${String(expected[i])}`);
    }
  }
}

/** The same bytes (compared natively; `expectSame` names the first difference). */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  if (!Buffer.from(actual.buffer, actual.byteOffset, actual.length).equals(expected)) expectSame(actual, expected);
}

/** Every element is `value`. */
export function expectAll(actual: ArrayLike<unknown>, value: unknown, count: number): void {
  expectSame(actual, Array.from({ length: count }, () => value));
}

/**
 * Freshly minted IDs: valid ULIDs (UUID text is read as the same 16 bytes, which puts a v7's milliseconds where a
 * ULID's are), made within the last minute, strictly increasing when `monotonic`.
 */
export function expectFresh(ids: readonly string[], monotonic: boolean): void {
  const now = Date.now();
  const ulids = ids.map((id) => (id.length === 36 ? uuidToULID(id) : id));
  for (const [i, id] of ulids.entries()) {
    if (!isValid(id)) throw new Error(`element ${i} (${ids[i]}) is not a valid ID`);
    const age = now - decodeTime(id);
    if (age < 0 || age > 60_000) throw new Error(`element ${i} (${ids[i]}) has time ${decodeTime(id)}, now is ${now}`);
    if (monotonic && i > 0 && !(id > ulids[i - 1]!)) {
      throw new Error(`element ${i} (${ids[i]}) does not sort after element ${i - 1} (${ids[i - 1]})`);
    }
  }
}

/** Unix ms times of IDs made within the last minute (a "create then read" run's output). */
export function expectRecent(times: ArrayLike<unknown>): void {
  const now = Date.now();
  for (let i = 0; i < times.length; i++) {
    const age = now - (times[i] as number);
    if (!(age >= 0 && age <= 60_000)) throw new Error(`element ${i} is ${String(times[i])}, now is ${now}`);
  }
}
