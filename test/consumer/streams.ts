// An ES module user with real Web streams (the DOM library, @types/node, or both): the package's streams are
// theirs. `pipeThrough` takes them, they are TransformStreams, and a TransformStream is what they return.
import { decodeLines, decodeStream, scanChunks, scanStream, type UlidMatch } from "ulid-wasm";

declare const bytes: ReadableStream<Uint8Array>;

const ids: ReadableStream<Uint8Array> = bytes.pipeThrough(decodeStream({ format: "uuidv7" }));
const matches: ReadableStream<UlidMatch[]> = bytes.pipeThrough(scanStream({ lines: true }));
const reader: ReadableStreamDefaultReader<UlidMatch[]> = matches.getReader();
const transform: TransformStream<Uint8Array, Uint8Array> = decodeStream();
const written: Promise<void> = transform.writable.getWriter().write(new Uint8Array(27));
const same: ReturnType<typeof scanStream> = new TransformStream<Uint8Array, UlidMatch[]>();
// @ts-expect-error decodeStream writes binary IDs, not matches
const wrong: ReadableStream<UlidMatch[]> = bytes.pipeThrough(decodeStream());
// A ReadableStream is an async iterable of chunks where the lib says so; an array of chunks always is one.
const decoded: AsyncGenerator<Uint8Array, void, undefined> = decodeLines([new Uint8Array(27)]);
const found: AsyncGenerator<UlidMatch[], void, undefined> = scanChunks([new Uint8Array(27)], { format: "typeid" });

export { ids, matches, reader, transform, written, same, wrong, decoded, found };
