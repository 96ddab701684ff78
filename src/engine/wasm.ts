import { type LoadedWasm, loadWasm } from "../wasm/load.js";
import { stringAt } from "./js-codec.js";
import { createWasmFormats } from "./wasm-formats.js";
import { createWasmScan } from "./wasm-scan.js";
import { createTextLoader } from "./wasm-text.js";
import {
  type Engine,
  type FillRandom,
  type IdBatch,
  RANDOM_BYTES,
  TEXT_RECORD,
  ULID_BYTES,
  ULID_CHARS,
} from "./types.js";

/**
 * The engine over the WebAssembly kernels (assembly/): `wasm` is the loaded module (by default the shared, lazily
 * loaded one); null when WebAssembly cannot load.
 *
 * Every kernel works on fixed scratch regions of linear memory, at most `chunkSize()` IDs a call; batches of any
 * size are cut into chunks here. The memory never grows, so the views are built once. Results are always copied
 * out into the caller's arrays or fresh strings: no view over linear memory reaches a user. The one exception is
 * `stampMany`'s `fill`, which writes straight into the random region: the public layer passes only internal
 * fillers there (such as `crypto.getRandomValues`) and routes a user's `random` callback through its own buffer.
 */
export function createWasmEngine(wasm: LoadedWasm | null = loadWasm()): Engine | null {
  if (wasm === null) return null;
  const x = wasm.exports;
  const chunk = x.chunkSize();
  const memory = x.memory.buffer;
  const binary = new Uint8Array(memory, x.binaryRegion(), ULID_BYTES * chunk);
  const text = new Uint8Array(memory, x.textRegion(), TEXT_RECORD * chunk);
  const times = new Float64Array(memory, x.timeRegion(), chunk);
  const flags = new Uint8Array(memory, x.flagRegion(), chunk);
  const random = new Uint8Array(memory, x.randomRegion(), RANDOM_BYTES * chunk);
  const seed = new Uint8Array(memory, x.seedRegion(), ULID_BYTES);
  // Record 0 of the binary and random regions, for single IDs: built once, not per call.
  const oneBinary = binary.subarray(0, ULID_BYTES);
  const oneRandom = random.subarray(0, RANDOM_BYTES);
  const loader = createTextLoader(text, ULID_CHARS);

  /**
   * Runs a text-record kernel over the first `count` elements, chunk by chunk; `copyOut(start, n)` takes the
   * chunk's first n results. Returns the index of the first invalid element, or -1.
   */
  function scan(
    batch: IdBatch,
    count: number,
    kernel: (n: number, textLength: number) => number,
    copyOut: (start: number, n: number) => void,
  ): number {
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      const bad = kernel(n, loader.loadRecords(batch, start, n));
      copyOut(start, bad < 0 ? n : bad);
      if (bad >= 0) return start + bad;
    }
    return -1;
  }

  /** Encodes IDs [start, start + n) of `src` into the text region (see `UlidWasmExports.encode`). */
  function encodeChunk(src: Uint8Array, start: number, n: number, separator: number): void {
    binary.set(src.subarray(ULID_BYTES * start, ULID_BYTES * (start + n)));
    x.encode(n, separator);
  }

  return {
    kind: "wasm",
    simd: wasm.simd,

    encodeOne(src: Uint8Array, offset: number): string {
      binary.set(src.subarray(offset, offset + ULID_BYTES));
      x.encode(1, -1);
      return stringAt(text, 0);
    },

    decodeOne(id: string, dst: Uint8Array, offset: number): boolean {
      if (!loader.loadOne(id) || x.decode(1, ULID_CHARS) >= 0) return false;
      dst.set(oneBinary, offset);
      return true;
    },

    decodeTimeOne(id: string): number {
      return loader.loadOne(id) && x.decodeTime(1, ULID_CHARS) < 0 ? times[0]! : -1;
    },

    isValidOne(id: string): boolean {
      return loader.loadOne(id) && x.decode(1, ULID_CHARS) < 0;
    },

    mintOne(time: number, fill: FillRandom): string {
      fill(oneRandom);
      x.stamp(1, time);
      x.encode(1, -1);
      return stringAt(text, 0);
    },

    encodeText(src: Uint8Array, count: number, dst: Uint8Array, separator: number): void {
      const stride = separator >= 0 ? TEXT_RECORD : ULID_CHARS;
      for (let start = 0; start < count; start += chunk) {
        const n = Math.min(chunk, count - start);
        encodeChunk(src, start, n, separator);
        dst.set(text.subarray(0, stride * n), stride * start);
      }
    },

    encodeStrings(src: Uint8Array, count: number): string[] {
      const out = new Array<string>(count);
      for (let start = 0; start < count; start += chunk) {
        const n = Math.min(chunk, count - start);
        encodeChunk(src, start, n, -1);
        // A flat string of its own per ID, not a slice of one string decoded per chunk. Slicing is a little cheaper
        // to create, but V8 makes every slice of 13 chars or more a view of its parent: one kept ID would keep its
        // chunk's whole string (213 KB) alive, and every later read of a slice pays an indirection. Measured in
        // bench/strings.ts (1M IDs, all kept): see the README's "String batches".
        for (let i = 0; i < n; i++) out[start + i] = stringAt(text, ULID_CHARS * i);
      }
      return out;
    },

    decodeMany(batch: IdBatch, count: number, dst: Uint8Array): number {
      return scan(batch, count, x.decode, (start, n) =>
        dst.set(binary.subarray(0, ULID_BYTES * n), ULID_BYTES * start),
      );
    },

    decodeTimeMany(batch: IdBatch, count: number, dst: Float64Array): number {
      return scan(batch, count, x.decodeTime, (start, n) => dst.set(times.subarray(0, n), start));
    },

    validateMany(batch: IdBatch, count: number, dst: Uint8Array): void {
      scan(
        batch,
        count,
        (n, textLength) => {
          x.validate(n, textLength);
          return -1;
        },
        (start, n) => dst.set(flags.subarray(0, n), start),
      );
    },

    stampMany(count: number, time: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): void {
      // count <= GENERATE_CHUNK <= chunk (the interface's precondition; test/engine-differential.test.ts checks
      // the second part), so one fill covers the batch.
      fill(random.subarray(0, RANDOM_BYTES * count));
      x.stamp(count, time);
      dst.set(binary.subarray(0, ULID_BYTES * count), dstOffset);
    },

    incrementMany(state: Uint8Array, count: number, dst: Uint8Array, dstOffset: number): number {
      seed.set(state);
      const written = x.increment(count);
      dst.set(binary.subarray(0, ULID_BYTES * written), dstOffset);
      state.set(seed);
      return written;
    },

    scanWindow: createWasmScan(wasm),
    formats: createWasmFormats(wasm),
  };
}
