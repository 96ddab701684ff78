// A CommonJS user with real Web streams: the same through the package's `require` entry (dist/index.d.cts).
import ulidWasm = require("ulid-wasm");

declare const bytes: ReadableStream<Uint8Array>;

const ids: ReadableStream<Uint8Array> = bytes.pipeThrough(ulidWasm.decodeStream());
const matches: ReadableStream<ulidWasm.UlidMatch[]> = bytes.pipeThrough(ulidWasm.scanStream());
const transform: TransformStream<Uint8Array, Uint8Array> = ulidWasm.decodeStream();
const same: ReturnType<typeof ulidWasm.decodeStream> = new TransformStream<Uint8Array, Uint8Array>();

export = { ids, matches, transform, same };
