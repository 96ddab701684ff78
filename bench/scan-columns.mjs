// Columnar scan results against object results (`npm run bench:columns`): `scanText(log, { columns: true })`
// against `scanText(log)` on dense logs, where making one object and one string per match is most of the work: 1M
// ULIDs one per line (27 MB), and 1M IDs of every scannable format mixed (`format: "all"`). Both are timed in
// this process, side by side in rounds whose order alternates, on each engine; each round's ratio is the object
// call's CPU time over the columns call's (garbage collection included: it is what the objects cost), and the
// median of the rounds is reported. Both calls' results are checked to hold the same matches first.
// `node bench/scan-columns.mjs [IDs] [wasm|js]` (default 1,000,000 IDs, both engines); run with --expose-gc to start each call after a full
// collection.
import { encodeMany, generateMany, getBackend, scanText, setBackend, typeid, uuidv7 } from "../dist/index.js";
import { median } from "./cli-process.mjs";

const IDS = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 11;

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

/** 1M ULIDs, one per line. */
function denseUlids() {
  return Buffer.from(`${encodeMany(generateMany(IDS)).join("\n")}\n`, "latin1");
}

/** 1M IDs: ULIDs, UUID v7s and TypeIDs with a prefix, in turn, one per line in a JSON-ish record. */
function denseMixed() {
  const third = Math.ceil(IDS / 3);
  const ulids = encodeMany(generateMany(third));
  const uuids = uuidv7.encodeMany(uuidv7.generateMany(third));
  const typeIds = typeid.encodeMany(typeid.generateMany(third), { prefix: "user" });
  const lines = [];
  for (let i = 0; i < third; i++) lines.push(`{"id":"${ulids[i]}","trace":"${uuids[i]}","user":"${typeIds[i]}"}`);
  return Buffer.from(`${lines.join("\n")}\n`, "latin1");
}

/** CPU ms of one call, after a full collection when the process allows it. */
function cpuMs(work) {
  globalThis.gc?.();
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Throws unless both calls find the same matches; returns how many. Their results are dropped before the timing: a
 * heap that held them would make every collection during a timed call, of either kind, mark a million objects more.
 */
function check(log, options) {
  const objects = scanText(log, options);
  const columns = scanText(log, { ...options, columns: true });
  if (columns.count !== objects.length) fail(`columns hold ${columns.count} matches, objects ${objects.length}`);
  for (let i = 0; i < objects.length; i += 997) {
    if (columns.offsets[i] !== objects[i].offset || columns.times[i] !== objects[i].time) fail(`match ${i} differs`);
  }
  if (objects.length < IDS * 0.99) fail(`found ${objects.length} matches of ${IDS}`);
  return objects.length;
}

/** Checks both calls' results, then times them side by side; returns the medians and the median ratio. */
function compare(log, options) {
  const matches = check(log, options);
  const objectMs = [];
  const columnMs = [];
  const ratios = [];
  for (let round = 0; round < ROUNDS; round++) {
    const timeObjects = () => cpuMs(() => scanText(log, options));
    const timeColumns = () => cpuMs(() => scanText(log, { ...options, columns: true }));
    let o;
    let c;
    if (round % 2 === 0) {
      o = timeObjects();
      c = timeColumns();
    } else {
      c = timeColumns();
      o = timeObjects();
    }
    objectMs.push(o);
    columnMs.push(c);
    ratios.push(o / c);
  }
  return { matches, objectMs: median(objectMs), columnMs: median(columnMs), ratio: median(ratios), ratios };
}

console.log(`node ${process.version}; ${IDS.toLocaleString("en-US")} IDs per log; ${ROUNDS} rounds; gc between calls: ${globalThis.gc ? "yes" : "no"}`);
const logs = [
  ["1M ULIDs, one per line", denseUlids(), {}],
  ["1M IDs of three formats, format \"all\"", denseMixed(), { format: "all" }],
];
const rows = [];
for (const backend of process.argv[3] ? [process.argv[3]] : ["wasm", "js"]) {
  setBackend(backend);
  const engine = backend === "wasm" ? `wasm${getBackend().simd ? " simd" : ""}` : "js";
  for (const [name, log, options] of logs) {
    for (const lines of [false, true]) {
      const r = compare(log, { ...options, lines });
      rows.push([`${name} (${(log.length / 1e6).toFixed(0)} MB), ${engine}${lines ? ", lines" : ""}`, r]);
    }
  }
}
setBackend("auto");

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${"log, engine".padEnd(width)}  ${"objects".padStart(9)}  ${"columns".padStart(9)}  ${"ratio".padStart(6)}  per round`);
for (const [name, { objectMs, columnMs, ratio, ratios }] of rows) {
  const perRound = ratios.map((r) => r.toFixed(1)).join(" ");
  console.log(`${name.padEnd(width)}  ${`${objectMs.toFixed(0)} ms`.padStart(9)}  ${`${columnMs.toFixed(0)} ms`.padStart(9)}  ${`${ratio.toFixed(1)}x`.padStart(6)}  ${perRound}`);
}
// The aim is the WebAssembly engine's; the TypeScript engine packs each match in JavaScript.
const least = (engine) => Math.min(...rows.filter(([name]) => name.includes(engine)).map(([, { ratio }]) => ratio));
console.log();
if (rows.some(([name]) => name.includes(", wasm"))) console.log(`columns vs objects, the least ratio on WebAssembly: ${least(", wasm").toFixed(1)}x (the aim: at least 5x)`);
if (rows.some(([name]) => name.includes(", js"))) console.log(`columns vs objects, the least ratio on the TypeScript engine: ${least(", js").toFixed(1)}x`);
