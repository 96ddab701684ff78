/**
 * Streaming decode of newline-delimited IDs of any format (one per line; CRLF works; see `LineDecoder`): text chunks
 * in, binary IDs out (16 bytes each for ULID, the format's width for the others), in line order.
 */
import { checkOptions } from "../core/arguments.js";
import { batchCodec } from "../engine/backend.js";
import { type WebTransformStream, processChunks, processorStream } from "./stream-shapes.js";
import type { UlidError } from "../core/errors.js";
import { formatOption, type FormatKey } from "../formats/registry.js";
import { BinaryRecords, LineDecoder } from "./line-decoder.js";
import { optionMustBe } from "../core/messages.js";

export interface DecodeLinesOptions {
  /** The format of every line: "ulid" (default), "flake", "baseuid", "uuidv7", "ksuid" or "typeid". */
  format?: FormatKey;
  /**
   * TypeID only: the prefix every line must carry (INVALID_PREFIX otherwise); its lines are read in bulk. Without it
   * each line may carry any valid prefix, and prefixed lines are read one at a time: give it when all share one.
   */
  prefix?: string;
  /**
   * Receives the error for each bad line (code, message "line N: ...", `index`: the 0-based line index), and the
   * line is skipped. Without it, the first bad line ends the stream with that error.
   */
  onInvalid?: (error: UlidError) => void;
}

/** The core of `decodeLines`/`decodeStream` (and of `ulid decode`): a chunk processor, options checked. */
export function lineDecoder(options: DecodeLinesOptions | undefined): LineDecoder<Uint8Array> {
  const { format, prefix, onInvalid } = checkOptions(options);
  const spec = formatOption(format, prefix);
  if (onInvalid !== undefined && typeof onInvalid !== "function") throw optionMustBe("onInvalid", "a function", onInvalid);
  return new LineDecoder(spec, new BinaryRecords(spec, batchCodec(spec)), onInvalid);
}

/** A TransformStream from text chunks to binary IDs (one Uint8Array per chunk that ends lines). */
export function decodeStream(options?: DecodeLinesOptions): WebTransformStream<Uint8Array, Uint8Array> {
  return processorStream(lineDecoder(options));
}

/** The IDs of an (async) iterable of text chunks, such as a Node.js readable stream, as `decodeStream` gives them. */
export function decodeLines(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options?: DecodeLinesOptions,
): AsyncGenerator<Uint8Array, void, undefined> {
  return processChunks(source, lineDecoder(options));
}
