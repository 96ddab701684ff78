// A CommonJS user with neither the DOM library nor @types/node: the same through dist/index.d.cts.
import ulidWasm = require("ulid-wasm");

const id: ulidWasm.Ulid = ulidWasm.ulid();
const transform = ulidWasm.decodeStream();
const readable: ReadableStream<Uint8Array> = transform.readable;
const stream: TransformStream<Uint8Array, Uint8Array> = transform;

export = { id, readable, stream };
