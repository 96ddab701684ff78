/**
 * The bulk text API against its own kernels: `encodeManyText` and `decodeMany(text)` into a caller's buffer, beside
 * the least a caller of the SIMD kernels could do for the same result (copy a chunk into the module's memory, run
 * the kernel, copy the chunk's output to the buffer; bench/kernels.ts, "chunk pipeline"). What the API adds on top
 * (argument checks, framing, the engine's loaders) is the gap; bench:check holds it within 1.3x.
 */
import { decodeMany, encodeManyText } from "../src/index.js";
import { ULID } from "../src/engine/specs.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { ours, reference } from "./lib/contenders.js";
import { BULK_COUNT, bulk } from "./lib/fixtures.js";
import type { Group } from "./lib/measure.js";
import { expectSameBytes } from "./lib/verify.js";

const N = BULK_COUNT;
const KERNEL = "SIMD kernel, chunk pipeline";
/** The row bench:check compares the API with (`reference` adds the suffix). */
export const KERNEL_PIPELINE = `${KERNEL} (reference)`;

export function apiKernelGroups(): Group[] {
  const { bytes, text } = bulk();
  const x = instantiateBuild(true).exports;
  const chunk = x.formatChunk(ULID.wasmId);
  const binary = new Uint8Array(x.memory.buffer, x.binaryRegion(), ULID.bytes * chunk);
  const region = new Uint8Array(x.memory.buffer, x.textRegion(), (ULID.chars + 1) * chunk);
  const record = ULID.chars + 1;
  const encoded = new Uint8Array(record * N);
  const decoded = new Uint8Array(ULID.bytes * N);

  const encodeKernel = () => {
    for (let start = 0; start < N; start += chunk) {
      const n = Math.min(chunk, N - start);
      binary.set(bytes.subarray(ULID.bytes * start, ULID.bytes * (start + n)));
      x.formatEncode(ULID.wasmId, n, 0x0a);
      encoded.set(region.subarray(0, record * n), record * start);
    }
    return encoded;
  };
  const decodeKernel = () => {
    for (let start = 0; start < N; start += chunk) {
      const n = Math.min(chunk, N - start);
      region.set(text.subarray(record * start, record * (start + n)));
      x.formatDecode(ULID.wasmId, n, record * n, false, 0);
      decoded.set(binary.subarray(0, ULID.bytes * n), ULID.bytes * start);
    }
    return decoded;
  };

  const group = (id: string, title: string, expected: Uint8Array, contenders: Group["contenders"]): Group => ({
    id: `api.${id}`,
    title,
    scope: "bulk",
    ids: N,
    contenders,
    verify: (output) => expectSameBytes(output as Uint8Array, expected),
  });
  return [
    group("encodeManyText", "encodeManyText into a buffer vs its kernel", text, [
      ...ours(() => () => encodeManyText(bytes, { out: encoded }), "into buffer"),
      reference(KERNEL, encodeKernel, "into buffer"),
    ]),
    group("decodeManyText", "decodeMany(text) into a buffer vs its kernel", bytes, [
      ...ours(() => () => decodeMany(text, { out: decoded }), "into buffer"),
      reference(KERNEL, decodeKernel, "into buffer"),
    ]),
  ];
}
