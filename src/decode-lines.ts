/**
 * Streaming decode of newline-delimited ULIDs (one per line; CRLF works; see `LineDecoder`): text chunks in,
 * binary IDs out, 16 bytes each, in line order.
 */
import { checkOptions } from "./args.js";
import { batchEngine } from "./backend.js";
import { processChunks, processorStream } from "./chunks.js";
import { UlidError, quote } from "./errors.js";
import { LineDecoder } from "./line-decoder.js";

export interface DecodeLinesOptions {
  /**
   * Receives the error for each bad line (code, message "line N: ...", `index`: the 0-based line index), and the
   * line is skipped. Without it, the first bad line ends the stream with that error.
   */
  onInvalid?: (error: UlidError) => void;
}

function lineDecoder(options: DecodeLinesOptions | undefined): LineDecoder {
  const { onInvalid } = checkOptions(options);
  if (onInvalid !== undefined && typeof onInvalid !== "function") {
    throw new UlidError("INVALID_ARGUMENT", `the \`onInvalid\` option must be a function, got ${quote(onInvalid)}`);
  }
  return new LineDecoder(batchEngine(), onInvalid);
}

/** A TransformStream from text chunks to binary IDs (16 bytes each; one Uint8Array per chunk that ends lines). */
export function decodeStream(options?: DecodeLinesOptions): TransformStream<Uint8Array, Uint8Array> {
  return processorStream(lineDecoder(options));
}

/** The IDs of an (async) iterable of text chunks, such as a Node.js readable stream, as `decodeStream` gives them. */
export function decodeLines(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: DecodeLinesOptions,
): AsyncGenerator<Uint8Array, void, undefined> {
  return processChunks(source, lineDecoder(options));
}
