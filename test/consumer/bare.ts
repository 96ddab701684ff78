// An ES module user with neither the DOM library nor @types/node (`lib: ["ES2022"]`, `types: []`), as a library
// meant for any runtime is built: the package's types compile there too. Its streams have what the package declares
// of them, a readable and a writable side; `TransformStream` names the stream type, empty of members here.
import {
  decodeLines,
  decodeStream,
  formats,
  scanChunks,
  scanStream,
  scanText,
  ulid,
  type Ulid,
  type UlidMatch,
} from "ulid-wasm";

const id: Ulid = ulid();
const bytes: Uint8Array = formats.ulid.generateMany(2);
const found: UlidMatch[] = scanText(bytes);
const transform = scanStream();
const sides: [ReadableStream<UlidMatch[]>, WritableStream<Uint8Array>] = [transform.readable, transform.writable];
const stream: TransformStream<Uint8Array, UlidMatch[]> = transform;
const decoder = decodeStream({ onInvalid: (error) => error.code });
// @ts-expect-error a stream has its two sides, nothing more is promised here
const missing: unknown = decoder.backpressure;
const decoded: AsyncGenerator<Uint8Array, void, undefined> = decodeLines([bytes]);
const chunks: AsyncGenerator<UlidMatch[], void, undefined> = scanChunks([bytes]);

export { id, found, sides, stream, missing, decoded, chunks };
