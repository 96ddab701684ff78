// Does splitting the library's bulk calls over worker threads pay? 10M IDs through generateMany, encodeManyText
// and decodeMany(text), on one thread and split in two halves over two worker threads (best of 5 each, warmed).
// The two-worker times include what an option doing this would have to do: copy each half of the caller's buffer
// for the worker (a caller's buffer cannot be transferred away from it) and receive the results.
//   node bench/bulk-workers.mjs   (run `npm run build` first)
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
const lib = await import("../dist/index.js");
const N = 10_000_000;
if (!isMainThread) {
  parentPort.on("message", ({ op, input, count }) => {
    let out;
    if (op === "generate") out = lib.generateMany(count);
    else if (op === "encodeText") out = lib.encodeManyText(input);
    else out = lib.decodeMany(input);
    parentPort.postMessage(out, [out.buffer]);
  });
} else {
  const workers = [new Worker(new URL(import.meta.url)), new Worker(new URL(import.meta.url))];
  const call = (w, msg, transfer = []) => new Promise((r) => { w.once("message", r); w.postMessage(msg, transfer); });
  const bytes = lib.generateMany(N);
  const text = lib.encodeManyText(bytes);
  // warm both sides
  for (let i = 0; i < 2; i++) { lib.decodeMany(text); lib.encodeManyText(bytes); lib.generateMany(N);
    await Promise.all(workers.map((w) => call(w, { op: "generate", count: 1e6 }))); }
  const best = async (f) => { let b = Infinity; for (let i = 0; i < 5; i++) { const t = performance.now(); await f(); b = Math.min(b, performance.now() - t); } return b; };
  const half = (buf, per) => { const n = buf.length / per; const h = Math.ceil(n / 2) * per; return [buf.slice(0, h), buf.slice(h)]; };
  const rows = [
    ["generateMany", () => lib.generateMany(N), () => Promise.all(workers.map((w) => call(w, { op: "generate", count: N / 2 })))],
    ["encodeManyText", () => lib.encodeManyText(bytes), () => { const parts = half(bytes, 16); return Promise.all(workers.map((w, i) => call(w, { op: "encodeText", input: parts[i] }, [parts[i].buffer]))); }],
    ["decodeMany(text)", () => lib.decodeMany(text), () => { const parts = half(text, 27); return Promise.all(workers.map((w, i) => call(w, { op: "decode", input: parts[i] }, [parts[i].buffer]))); }],
  ];
  for (const [name, one, two] of rows) {
    const a = await best(one), b = await best(two);
    console.log(`${name.padEnd(18)} one thread ${a.toFixed(0)} ms (${(N / a / 1e3).toFixed(0)}M/s)  two workers ${b.toFixed(0)} ms (${(N / b / 1e3).toFixed(0)}M/s, incl. splitting copies)  ${(a / b).toFixed(2)}x`);
  }
  for (const w of workers) await w.terminate();
}
