/**
 * Streaming shapes for the chunked cores (`Scanner`, `LineDecoder`): a Web `TransformStream` (Node and browsers)
 * and an async generator over any (async) iterable of byte chunks. Both give one output per input chunk that
 * produced any, so memory stays bounded by the chunk size whatever the stream's length.
 */
import { unsharedBytes } from "../core/arguments.js";
import { mustBe } from "../core/messages.js";

/** A core that consumes byte chunks in order and hands its output to `emit`. */
export interface ChunkProcessor<Out> {
  /**
   * Consumes `chunk`; `final` marks the end of input (the chunk may be empty). Output goes to `emit`, possibly
   * several times; a fault may throw after some output was emitted.
   */
  push(chunk: Uint8Array, final: boolean, emit: (out: Out) => void): void;
}

// The public types name the Web stream interfaces, which a project has only from a library: the DOM's, @types/node,
// a runtime's (@cloudflare/workers-types). Declared here empty, with the type parameters those all use, they merge
// into the project's own declarations, whichever they are (interfaces or classes, properties or getters), and add
// nothing; where the project has none (`lib: ["ES2022"]`, `types: []`), they are all there is, and the package's
// types still compile.
declare global {
  interface ReadableStream<R = any> {}
  interface WritableStream<W = any> {}
  interface TransformStream<I = any, O = any> {}
}

/**
 * A Web TransformStream from `I` to `O`: the project's own TransformStream (`pipeThrough` takes it, and it is one),
 * with its readable and writable sides typed even where the project declares no streams.
 */
export type WebTransformStream<I, O> = TransformStream<I, O> & {
  readonly readable: ReadableStream<O>;
  readonly writable: WritableStream<I>;
};

const NO_BYTES = new Uint8Array(0);

/** A TransformStream over a core. A thrown fault errors the stream (dropping output not read yet, as streams do). */
export function processorStream<Out>(processor: ChunkProcessor<Out>): WebTransformStream<Uint8Array, Out> {
  return new TransformStream<Uint8Array, Out>({
    transform(chunk, controller) {
      processor.push(unsharedBytes(chunk, "each chunk"), false, (out) => controller.enqueue(out));
    },
    flush(controller) {
      processor.push(NO_BYTES, true, (out) => controller.enqueue(out));
    },
  });
}

/**
 * The output of a core over `source`. A thrown fault comes after every output emitted before it. The source is
 * iterated as `for await` would (its iterator closed when the output stops early or a chunk is refused, and a sync
 * source's promises awaited), but a source that breaks the iteration protocol (an iterator or result that is no
 * object, a revoked proxy anywhere) is INVALID_ARGUMENT, not a TypeError of the protocol; what the caller's own
 * iterator throws passes through.
 */
export async function* processChunks<Out>(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  processor: ChunkProcessor<Out>,
): AsyncGenerator<Out, void, undefined> {
  const chunks = chunkIterator(source);
  const outputs: Out[] = [];
  const collect = (out: Out): void => {
    outputs.push(out);
  };
  // Whether the iterator is done with, by its end or by a fault of its own: then it is not to be closed.
  let finished = false;
  try {
    for (;;) {
      finished = true;
      const next = await nextChunk(chunks);
      if (next === END) break;
      finished = false;
      yield* drain(outputs, () => processor.push(unsharedBytes(next.chunk, "each chunk"), false, collect));
    }
  } finally {
    if (!finished) await chunks.close();
  }
  yield* drain(outputs, () => processor.push(NO_BYTES, true, collect));
}

/** A source's iterator, as `for await` drives it. */
interface ChunkIterator {
  /** The iterator's next result (a promise of one for an async source). */
  next(): unknown;
  /** Calls the iterator's `return`, if it has one (an early stop), awaiting it for an async source. */
  close(): Promise<void>;
  /** A sync source, whose values may be promises of chunks. */
  readonly sync: boolean;
}

const CHUNK_SOURCE = "an iterable or async iterable of Uint8Array chunks";

/**
 * The iterator of `source` (its async one, else its sync one); INVALID_ARGUMENT for what is no source, or whose
 * iterator is no object with a `next` method.
 */
function chunkIterator(source: unknown): ChunkIterator {
  if (source === null || typeof source !== "object") throw mustBe("source", CHUNK_SOURCE, source);
  let method: unknown;
  let sync = false;
  try {
    const iterable = source as { [Symbol.asyncIterator]?: unknown; [Symbol.iterator]?: unknown };
    method = iterable[Symbol.asyncIterator];
    if (method === undefined || method === null) {
      method = iterable[Symbol.iterator];
      sync = true;
    }
  } catch {
    // A revoked proxy, or a getter that throws: no source.
    throw mustBe("source", CHUNK_SOURCE, source);
  }
  if (typeof method !== "function") throw mustBe("source", CHUNK_SOURCE, source);
  const iterator: unknown = method.call(source);
  const what = `the source's ${sync ? "[Symbol.iterator]" : "[Symbol.asyncIterator]"}()`;
  if (iterator === null || typeof iterator !== "object") throw mustBe(what, "an iterator", iterator);
  let next: unknown;
  try {
    next = (iterator as { next?: unknown }).next;
  } catch {
    throw mustBe(what, "an iterator", iterator);
  }
  if (typeof next !== "function") throw mustBe(what, "an iterator (an object with a next method)", iterator);
  return {
    next: () => next.call(iterator),
    sync,
    async close() {
      const stop = (iterator as { return?: unknown }).return;
      if (typeof stop === "function") await stop.call(iterator);
    },
  };
}

/** The source's end. */
const END = Symbol("end");

/**
 * The next chunk of `chunks` (not checked yet; boxed, so that resolving the promise reads nothing of it: a revoked
 * proxy's `then` throws), or END. INVALID_ARGUMENT for a result that is no object.
 */
async function nextChunk(chunks: ChunkIterator): Promise<{ chunk: unknown } | typeof END> {
  const pending = chunks.next();
  // An async source's result is awaited, unless it is no promise (a revoked proxy's `then` would throw).
  const result: unknown = !chunks.sync && isThenable(pending) ? await pending : pending;
  if (result === null || typeof result !== "object") throw mustBe("each result of the source's iterator", "an object { done, value }", result);
  let done: unknown;
  let value: unknown;
  try {
    ({ done, value } = result as { done?: unknown; value?: unknown });
  } catch {
    throw mustBe("each result of the source's iterator", "an object { done, value }", result);
  }
  if (done) return END;
  // A sync source's values are awaited, as `for await` awaits them: an array of promises of chunks is a source.
  return { chunk: chunks.sync && isThenable(value) ? await value : value };
}

/** Whether `value` has a `then` method (false for what cannot be read: the chunk check then says what it is). */
function isThenable(value: unknown): boolean {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  try {
    return typeof (value as { then?: unknown }).then === "function";
  } catch {
    return false;
  }
}

/** Runs `step`, then yields what it collected in `outputs`, then rethrows its fault if it had one. */
function* drain<Out>(outputs: Out[], step: () => void): Generator<Out, void, undefined> {
  let fault: unknown;
  let failed = false;
  try {
    step();
  } catch (error) {
    fault = error;
    failed = true;
  }
  yield* outputs.splice(0);
  if (failed) throw fault;
}
