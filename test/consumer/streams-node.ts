// A Node.js user's streams: node:stream/web's ReadableStream and Readable.toWeb pipe through the package's. In the
// @types/node project alone: with the DOM library too, node:stream/web's pipeThrough takes no global TransformStream
// (the DOM's), a real one no more than the package's.
import { Readable } from "node:stream";
import { ReadableStream } from "node:stream/web";
import { decodeStream, scanStream, type UlidMatch } from "ulid-wasm";

declare const bytes: ReadableStream<Uint8Array>;

const ids: ReadableStream<Uint8Array> = bytes.pipeThrough(decodeStream());
const matches: ReadableStream<UlidMatch[]> = Readable.toWeb(process.stdin).pipeThrough(scanStream());

export { ids, matches };
