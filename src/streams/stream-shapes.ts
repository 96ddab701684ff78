/**
 * Streaming shapes for the chunked cores (`Scanner`, `LineDecoder`): a Web `TransformStream` (Node and browsers)
 * and an async generator over any (async) iterable of byte chunks. Both give one output per input chunk that
 * produced any, so memory stays bounded by the chunk size whatever the stream's length.
 */
import { unsharedBytes } from "../core/arguments.js";
import { END, chunkSource } from "./chunk-source.js";

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
 * The output of a core over `source`, read as `for await` reads it (chunk-source.ts). A thrown fault comes after
 * every output emitted before it.
 */
export async function* processChunks<Out>(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  processor: ChunkProcessor<Out>,
): AsyncGenerator<Out, void, undefined> {
  const chunks = chunkSource(source);
  const outputs: Out[] = [];
  const collect = (out: Out): void => {
    outputs.push(out);
  };
  // Whether the source's iterator is to be closed if the reading stops now: not at its end, nor after a fault of
  // its own (chunk-source.ts).
  let open = false;
  try {
    for (;;) {
      open = false;
      const next = await chunks.next();
      if (next === END) break;
      open = true;
      yield* drain(outputs, () => processor.push(unsharedBytes(next.chunk, "each chunk"), false, collect));
    }
  } catch (error) {
    // A chunk refused, the core's fault, or the reader's `throw`: closed, its own error dropped for this one.
    if (open) {
      open = false;
      await chunks.close(true);
    }
    throw error;
  } finally {
    // The reader stopped early (`return`, or `break` in its `for await`).
    if (open) await chunks.close(false);
  }
  yield* drain(outputs, () => processor.push(NO_BYTES, true, collect));
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
  // One by one, not `yield*` of the array: a reader's `throw` must reach the generator, and an array's iterator has no
  // `throw` method (the reader's error would become a TypeError).
  for (const out of outputs.splice(0)) yield out;
  if (failed) throw fault;
}
