/**
 * `npm run bench:kernels`: the WebAssembly kernels alone, SIMD and scalar builds, on one full region of records
 * (no copying), then the chunk pipeline the engine runs (copy a chunk in, run the kernel, copy the results out) for
 * several chunk sizes, on 1M IDs into a reused buffer. The figures the tuning comments in assembly/ cite come from
 * here. Medians of interleaved rounds, in ns of CPU time per ID (see `cpuNow`).
 */
import { encodeManyText, generateMany } from "../src/index.js";
import { ULID as ULID_SPEC } from "../src/engine/specs.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { cpuNow, median } from "./lib/measure.js";

const ROUNDS = 21;
/** ULID's number in the WebAssembly ABI. */
const ULID = ULID_SPEC.wasmId;

/** ns per ID of each case: `run()` handles `ids` IDs; rounds interleave the cases. */
function time(cases: [string, () => unknown][], ids: number, repeat: number): Map<string, number> {
  const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of cases) {
      const start = cpuNow();
      for (let k = 0; k < repeat; k++) run();
      samples.get(name)!.push(((cpuNow() - start) * 1e6) / ids / repeat);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, median(values)]));
}

function print(title: string, results: Map<string, number>): void {
  console.log(title);
  for (const [name, ns] of results) console.log(`  ${name.padEnd(28)} ${ns.toFixed(2).padStart(7)} ns/ID ${(1e3 / ns).toFixed(0).padStart(6)}M IDs/s`);
  console.log();
}

const CHUNK = instantiateBuild(false).exports.chunkSize();
const sample = generateMany(CHUNK);
const sampleText = encodeManyText(sample);

for (const simd of [true, false]) {
  const x = instantiateBuild(simd).exports;
  const memory = new Uint8Array(x.memory.buffer);
  memory.set(sampleText, x.textRegion());
  const cases: [string, () => unknown][] = [
    ["decode", () => x.formatDecode(ULID, CHUNK, sampleText.length, false, 0)],
    ["decode, flagged", () => x.formatDecode(ULID, CHUNK, sampleText.length, true, 0)],
    ["decodeTime", () => x.formatDecodeTime(ULID, CHUNK, sampleText.length, false, 0)],
    ["decodeTime, flagged", () => x.formatDecodeTime(ULID, CHUNK, sampleText.length, true, 0)],
    ["validate", () => x.formatValidate(ULID, CHUNK, sampleText.length)],
    ["encode (stride 27)", () => x.formatEncode(ULID, CHUNK, 0x0a)],
    ["increment", () => x.formatAdvance(ULID, CHUNK, 0)],
    ["stamp", () => x.formatStamp(ULID, CHUNK, 1735689600000, 0)],
  ];
  memory.set(sample, x.binaryRegion());
  print(`kernels, ${simd ? "SIMD" : "scalar"} build, ${CHUNK} records a call`, time(cases, CHUNK, 10));
}

// The engine's pipeline on 1M IDs for several chunk sizes: what CHUNK (assembly/layout.ts) is chosen by.
const N = 1 << 20;
const x = instantiateBuild(true).exports;
const buffer = x.memory.buffer;
const bytes = generateMany(N);
const text = encodeManyText(bytes);
const decoded = new Uint8Array(16 * N);
const encoded = new Uint8Array(27 * N);
const pipeline: [string, () => unknown][] = [];
for (const chunk of [512, 1024, 2048, 4096, CHUNK]) {
  const binary = new Uint8Array(buffer, x.binaryRegion(), 16 * chunk);
  const region = new Uint8Array(buffer, x.textRegion(), 27 * chunk);
  pipeline.push([`decode, chunk ${chunk}`, () => {
    for (let start = 0; start < N; start += chunk) {
      region.set(text.subarray(27 * start, 27 * (start + chunk)));
      x.formatDecode(ULID, chunk, 27 * chunk, false, 0);
      decoded.set(binary, 16 * start);
    }
  }]);
  pipeline.push([`encode, chunk ${chunk}`, () => {
    for (let start = 0; start < N; start += chunk) {
      binary.set(bytes.subarray(16 * start, 16 * (start + chunk)));
      x.formatEncode(ULID, chunk, 0x0a);
      encoded.set(region, 27 * start);
    }
  }]);
}
print(`chunk pipeline, SIMD build, ${N} IDs into a reused buffer`, time(pipeline, N, 1));
