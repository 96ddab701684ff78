/**
 * `npm run bench:strings`: how `encodeMany` should build its strings (the trade-off documented in docs/performance.md's
 * "String batches" and in src/engine/flat-string.ts). 1M IDs are encoded by the SIMD kernel a chunk at a
 * time, then turned into strings two ways:
 *   slice  one TextDecoder call per chunk, then `slice` per ID (V8 makes a slice of >= 13 chars a view of its parent)
 *   flat   `String.fromCharCode` with the 26 bytes of each ID (what encodeMany does)
 * Reported: creating them (a full GC first, so each run pays only for its own garbage), the heap they hold when all
 * are kept, the heap when only one ID per chunk is kept, and reading them all back (decodeTime). Medians of rounds.
 * Needs node --expose-gc.
 */
import { decodeTime, generateMany } from "../src/index.js";
import { string26 } from "../src/engine/flat-string.js";
import { ULID } from "../src/engine/specs.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { median } from "./lib/measure.js";

const N = 1 << 20;
const ROUNDS = 9;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:strings does)");

const x = instantiateBuild(true).exports;
const chunk = x.chunkSize();
const text = new Uint8Array(x.memory.buffer, x.textRegion(), 26 * chunk);
const binary = new Uint8Array(x.memory.buffer, x.binaryRegion(), 16 * chunk);
const bytes = generateMany(N);
const decoder = new TextDecoder();

/** Encodes chunk after chunk into the text region (stride 26) and lets `take` make the chunk's strings. */
function encodeAll(take: (out: string[], start: number) => void): string[] {
  const out = new Array<string>(N);
  for (let start = 0; start < N; start += chunk) {
    binary.set(bytes.subarray(16 * start, 16 * (start + chunk)));
    x.formatEncode(ULID.wasmId, chunk, -1);
    take(out, start);
  }
  return out;
}

const strategies: Record<string, () => string[]> = {
  slice: () =>
    encodeAll((out, start) => {
      const all = decoder.decode(text);
      for (let i = 0; i < chunk; i++) out[start + i] = all.slice(26 * i, 26 * i + 26);
    }),
  flat: () =>
    encodeAll((out, start) => {
      for (let i = 0; i < chunk; i++) out[start + i] = string26(text, 26 * i);
    }),
};

/** Heap bytes in use after a full GC. */
function heap(): number {
  gc!();
  return process.memoryUsage().heapUsed;
}

const samples = new Map<string, number[]>();
const record = (key: string, value: number) => (samples.get(key) ?? samples.set(key, []).get(key)!).push(value);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, make] of Object.entries(strategies)) {
    const base = heap();
    const start = performance.now();
    let kept = make();
    record(`${name}: create, ns/ID`, ((performance.now() - start) * 1e6) / N);
    record(`${name}: heap with all kept, B/ID`, (heap() - base) / N);
    const read = performance.now();
    let sum = 0;
    for (const id of kept) sum += decodeTime(id);
    record(`${name}: read back (decodeTime), ns/ID`, ((performance.now() - read) * 1e6) / N + (sum < 0 ? 1 : 0));
    kept = kept.filter((_, i) => i % chunk === 0);
    record(`${name}: heap with 1 ID per chunk kept, KB per kept ID`, (heap() - base) / kept.length / 1024);
  }
}
console.log(`encodeMany's strings, ${N} IDs, chunks of ${chunk}, Node ${process.version} (medians of ${ROUNDS} rounds)\n`);
for (const [key, values] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${key.padEnd(52)} ${median(values).toFixed(1).padStart(8)}`);
}
