/**
 * A caller's source of byte chunks (an iterable or async iterable), read as `for await` reads it: its async
 * iterator, else its sync one; a sync source's values awaited (an array of promises of chunks is a source), and its
 * iterator closed when one of them rejects; the iterator closed (its `return`) when the reading stops early. What
 * the source's own code throws (its methods, getters, promises) comes through as it is. A source that breaks the
 * iteration protocol, where `for await` throws a TypeError of its own (an iterator or a result that is no object, no
 * `next` method, a revoked proxy anywhere), is INVALID_ARGUMENT instead.
 */
import { isRevokedProxy } from "../core/arguments.js";
import { mustBe } from "../core/messages.js";

/** The end of a source. */
export const END = Symbol("end");

export interface ChunkSource {
  /**
   * The next chunk, unchecked, boxed (resolving a promise with a bare value would read its `then`, which throws for a
   * revoked proxy); or END. A fault here leaves the iterator as it is, or closed: not to be closed again.
   */
  next(): Promise<{ chunk: unknown } | typeof END>;
  /**
   * Closes the iterator, as `for await` does when its loop stops early: for a `fault` (then an error of `return`
   * itself is dropped, the fault being the one to report), or for the reader's own stop (then it comes through).
   */
  close(fault: boolean): Promise<void>;
}

const SOURCE = "an iterable or async iterable of Uint8Array chunks";
const RESULT = "each result of the source's iterator";

/** The chunks of `source`; INVALID_ARGUMENT for what is no source, or whose iterator is no object with `next`. */
export function chunkSource(source: unknown): ChunkSource {
  if (!isObject(source)) throw mustBe("source", SOURCE, source);
  const iterable = source as { [Symbol.asyncIterator]?: unknown; [Symbol.iterator]?: unknown };
  let method = iterable[Symbol.asyncIterator];
  const sync = method === undefined || method === null;
  if (sync) method = iterable[Symbol.iterator];
  if (typeof method !== "function") throw mustBe("source", SOURCE, source);
  const iterator: unknown = method.call(source);
  const what = `the source's ${sync ? "[Symbol.iterator]" : "[Symbol.asyncIterator]"}()`;
  if (!isObject(iterator)) throw mustBe(what, "an iterator", iterator);
  const nextMethod = (iterator as { next?: unknown }).next;
  if (typeof nextMethod !== "function") throw mustBe(what, "an iterator (an object with a next method)", iterator);

  const close = async (fault: boolean): Promise<void> => {
    try {
      const stop = (iterator as { return?: unknown }).return;
      if (typeof stop === "function") await settled(stop.call(iterator));
    } catch (error) {
      if (!fault) throw error;
    }
  };
  return {
    async next() {
      let result: unknown = nextMethod.call(iterator);
      if (!sync) result = (await settled(result)).value;
      if (!isObject(result)) throw mustBe(RESULT, "an object { done, value }", result);
      const { done } = result as { done?: unknown };
      // A sync source's result gives its value even when done, as `for await` reads it; an async one's only if not.
      if (done && !sync) return END;
      const { value } = result as { value?: unknown };
      if (done) return END;
      if (!sync) return { chunk: value };
      try {
        return { chunk: (await settled(value)).value };
      } catch (error) {
        await close(true);
        throw error;
      }
    },
    close,
  };
}

/** An object, and no revoked proxy (which no property can be read from). */
function isObject(value: unknown): value is object {
  return (typeof value === "object" || typeof value === "function") && value !== null && !isRevokedProxy(value);
}

/**
 * `value` awaited, as `await` would (its `then` read once, and called), boxed; a value without a `then` method (a
 * revoked proxy among them) as it is.
 */
function settled(value: unknown): Promise<{ value: unknown }> {
  if (!isObject(value)) return Promise.resolve({ value });
  const then = (value as { then?: unknown }).then;
  if (typeof then !== "function") return Promise.resolve({ value });
  return new Promise((resolve, reject) => {
    then.call(value, (settledValue: unknown) => resolve({ value: settledValue }), reject);
  });
}
