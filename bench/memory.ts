/**
 * `npm run bench:memory`: 10,000,000 IDs through generateMany -> encodeManyText -> decodeMany, CHUNK IDs at a
 * time, each chunk's round trip checked. Reports throughput, the process's peak RSS, and the WebAssembly memory's
 * size before and after; exits 1 if that memory grew or a round trip differs. The generate and encode steps write
 * into buffers reused from chunk to chunk (their `out` option), as a streaming pipeline would; decodeMany allocates.
 */
import { decodeMany, encodeManyText, generateMany, getBackend } from "../src/index.js";
import { loadWasm } from "../src/wasm/load.js";

const TOTAL = Number(process.argv[2] ?? 10_000_000);
/** IDs per chunk: large enough that per-call costs vanish, small enough that a chunk is a few MB. */
const CHUNK = 100_000;

const wasm = loadWasm();
if (!wasm) throw new Error("WebAssembly is not available: this benchmark measures its memory");
const memory = wasm.exports.memory;
const before = memory.buffer.byteLength;
const binary = new Uint8Array(16 * CHUNK);
const text = new Uint8Array(27 * CHUNK);
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const rssAtStart = process.memoryUsage().rss;

const start = performance.now();
let failed = false;
for (let done = 0; done < TOTAL; done += CHUNK) {
  const n = Math.min(CHUNK, TOTAL - done);
  const ids = generateMany(n, { out: binary });
  const decoded = decodeMany(encodeManyText(ids, { out: text }));
  if (!Buffer.from(decoded).equals(ids)) {
    console.error(`round trip differs in the chunk at ${done}`);
    failed = true;
    break;
  }
}
const seconds = (performance.now() - start) / 1000;
const after = memory.buffer.byteLength;
// maxRSS is in KiB.
const peak = process.resourceUsage().maxRSS * 1024;

console.log(`${TOTAL.toLocaleString("en-US")} IDs through generateMany -> encodeManyText -> decodeMany, chunks of ${CHUNK.toLocaleString("en-US")}`);
console.log(`  engine                 ${getBackend().kind}${getBackend().simd ? " (SIMD)" : ""}, Node ${process.version}`);
console.log(`  time                   ${seconds.toFixed(2)} s, ${(TOTAL / seconds / 1e6).toFixed(1)}M IDs/s through all three steps`);
console.log(`  peak RSS               ${mib(peak)} (${mib(rssAtStart)} at start)`);
console.log(`  WebAssembly memory     ${mib(before)} before, ${mib(after)} after: ${after === before ? "never grew" : "GREW"}`);
if (after !== before || failed) process.exitCode = 1;
