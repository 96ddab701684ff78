/**
 * `npm run bench:scan-limit`: the scanner against the memory floor on a sparse realistic log (access-log, JSON and
 * text lines, hex etags, dates, numbers and UUID v4s, with a ULID and a UUID v7 about every 4 KB: what most of a
 * service's log looks like). Each scan (`scanText(log, { format })`, the library's whole path: windows, terminal
 * escapes, the kernel, the match objects) is timed beside a plain `Uint8Array#set` copy of the same log between two
 * buffers, in the same process, side by side in rounds whose order alternates; the median of the per-round ratios
 * is printed with the scan's rate. Every scan's matches are checked against the log's known IDs first.
 *
 * Each build runs in a process of its own, a child of the same executable and flags: the SIMD WebAssembly build,
 * the scalar one (what a runtime without SIMD gets) and the TypeScript engine. `tsx bench/scan-limit.ts simd` (or
 * `scalar`, `ts`) runs one build in this process; `-- --rounds 21` sets the rounds, `-- --mb 64` the log's size.
 * `-- --parts` also times the parts of a scan over the same log cut into scan windows, each against the copy: loading
 * each window (`Engine.scanLoad`: the copy into the module and the escape search), and with it each format's kernel
 * and the one pass for every format (`Engine.scanMerged`, where the engine has it).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SCALAR_WASM } from "../src/wasm/generated.js";
import { useCompiledModule } from "../src/wasm/load.js";
import { seededUint32 } from "../test/helpers/reference.js";
import { median, repetitions, sample } from "./lib/measure.js";

const BUILDS = { simd: "SIMD wasm", scalar: "scalar wasm", ts: "TypeScript engine" } as const;
type Build = keyof typeof BUILDS;

const ROUNDS = Number(argument("--rounds") ?? 15);
const PARTS = process.argv.includes("--parts");
const MEGABYTES = Number(argument("--mb") ?? 32);
/** Bytes of log between two lines that carry IDs (about). */
const ID_SPACING = 4096;
/** The least CPU time of one sample (`repetitions`). */
const SAMPLE_MS = 40;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const requested = process.argv.slice(2).find((arg): arg is Build => arg in BUILDS);
if (requested === undefined) {
  const script = fileURLToPath(import.meta.url);
  const rest = process.argv.slice(2);
  console.log(`node ${process.version}; a ${MEGABYTES} MB sparse log, ${ROUNDS} rounds; load average ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}\n`);
  for (const build of Object.keys(BUILDS) as Build[]) {
    const child = spawnSync(process.execPath, [...process.execArgv, script, build, ...rest], { stdio: "inherit" });
    if (child.status !== 0) process.exit(1);
  }
} else {
  await runOne(requested);
}

/** A sparse realistic log of about `megabytes` MB (ASCII), and the ULIDs and UUID v7s it holds, in order. */
function sparseLog(megabytes: number, api: typeof import("../src/index.js")): { log: Uint8Array; ulids: string[]; uuids: string[] } {
  const next = seededUint32(2026);
  const hex = (count: number): string => Array.from({ length: count }, () => (next() % 16).toString(16)).join("");
  const uuid4 = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const ulids: string[] = [];
  const uuids: string[] = [];
  const parts: string[] = [];
  let size = 0;
  let sinceIds = 0;
  const t0 = Date.UTC(2026, 3, 15);
  while (size < megabytes * 1e6) {
    const ms = String(next() % 1000).padStart(3, "0");
    let line: string;
    if (sinceIds >= ID_SPACING) {
      const ulid = api.ulid(t0 + (next() % 86_400_000));
      const uuid = api.uuidv7.generate(t0 + (next() % 86_400_000));
      ulids.push(ulid);
      uuids.push(uuid);
      line = `{"ts":"2026-04-15T05:11:38.${ms}Z","level":"info","request_id":"${ulid}","trace":"${uuid}","msg":"request handled","status":200}`;
      sinceIds = 0;
    } else {
      switch (next() % 5) {
        case 0:
          line = `10.0.${next() % 255}.${next() % 255} - - [15/Apr/2026:05:11:38 +0000] "GET /api/v1/items?page=${next() % 9} HTTP/1.1" 200 ${next() % 9999} "-" "Mozilla/5.0 (X11; Linux x86_64)"`;
          break;
        case 1:
          line = `{"ts":"2026-04-15T05:11:38.${ms}Z","level":"debug","service":"cache","etag":"${hex(32)}","session":"${uuid4()}","hits":${next() % 99999}}`;
          break;
        case 2:
          line = `2026-04-15T05:11:38.${ms}Z INFO worker-${next() % 16} processed batch of ${next() % 900} records in ${next() % 900}ms`;
          break;
        case 3:
          line = `2026-04-15T05:11:38.${ms}Z DEBUG cache hit ratio=0.${next() % 99} keys=${next() % 99999} evictions=0 region=eu-west-1`;
          break;
        default:
          line = `2026-04-15T05:11:38.${ms}Z WARN upstream connection reset by peer, retrying (attempt ${next() % 5} of 5)`;
      }
    }
    parts.push(line);
    size += line.length + 1;
    sinceIds += line.length + 1;
  }
  return { log: new TextEncoder().encode(`${parts.join("\n")}\n`), ulids, uuids };
}

async function runOne(build: Build): Promise<void> {
  if (build === "scalar") useCompiledModule(new WebAssembly.Module(Buffer.from(SCALAR_WASM, "latin1")), false);
  const api = await import("../src/index.js");
  api.setBackend(build === "ts" ? "js" : "wasm");
  const backend = api.getBackend();
  const got = `${backend.kind}${backend.simd ? " SIMD" : ""}`;
  if (got !== (build === "ts" ? "js" : build === "simd" ? "wasm SIMD" : "wasm")) throw new Error(`${BUILDS[build]} asked for, the engine is ${got}`);
  const { log, ulids, uuids } = sparseLog(MEGABYTES, api);
  const scans = [
    { name: 'format "ulid"', options: { format: "ulid" as const }, expected: ulids },
    { name: 'format "uuidv7"', options: { format: "uuidv7" as const }, expected: uuids },
    { name: 'format "typeid"', options: { format: "typeid" as const }, expected: [] },
    { name: 'format "objectid"', options: { format: "objectid" as const }, expected: [] },
    { name: 'format "xid"', options: { format: "xid" as const }, expected: [] },
    { name: 'format "all"', options: { format: "all" as const }, expected: null },
  ];
  for (const scan of scans) {
    const found = api.scanText(log, scan.options).map((match) => match.id);
    const expected = scan.expected ?? [...ulids.map((id, i) => [id, uuids[i]!]).flat()];
    if (found.length !== expected.length || found.some((id, i) => id !== expected[i])) {
      throw new Error(`${BUILDS[build]}, ${scan.name}: found ${found.length} IDs, the log holds ${expected.length}`);
    }
  }
  const target = new Uint8Array(log.length);
  const copy = (): void => target.set(log);
  console.log(`${BUILDS[build]}: ${(log.length / 1e6).toFixed(0)} MB, ${ulids.length} ULIDs and as many UUID v7s`);
  console.log(`  ${"scanText".padEnd(18)} ${"x copy".padStart(7)}  ${"quartiles".padEnd(11)} ${"scan".padStart(10)} ${"copy".padStart(10)}`);
  for (const scan of scans) {
    const run = (): unknown => api.scanText(log, scan.options);
    const f = measure(run, copy);
    const rate = (ms: number): string => `${(log.length / 1e6 / ms).toFixed(2)} GB/s`;
    console.log(`  ${scan.name.padEnd(18)} ${`${f.ratio.toFixed(2)}x`.padStart(7)}  ${`${f.low.toFixed(2)}-${f.high.toFixed(2)}`.padEnd(11)} ${rate(f.runMs).padStart(10)} ${rate(f.copyMs).padStart(10)}`);
  }
  if (PARTS) await timeParts(log, copy);
  console.log();
}

/** The parts of a scan of `log` (see the header), each against `copy`. */
async function timeParts(log: Uint8Array, copy: () => void): Promise<void> {
  const { batchEngine, scanFormats } = await import("../src/internal.js");
  const { SCAN_BYTES, SCAN_MATCHES } = await import("../src/engine/types.js");
  const engine = batchEngine();
  // Windows as the scanner cuts them: overlapping by the longest match (a TypeID with the longest prefix).
  const windows: Uint8Array[] = [];
  for (let at = 0; at < log.length; at += SCAN_BYTES - 90) windows.push(log.subarray(at, at + SCAN_BYTES));
  const { formats } = scanFormats("all");
  const list = Uint8Array.from(formats, (format) => format.wasmId);
  const out = { offsets: new Uint32Array(SCAN_MATCHES), times: new Float64Array(SCAN_MATCHES), lengths: new Uint8Array(SCAN_MATCHES), formats: new Uint8Array(SCAN_MATCHES) };
  const parts: [string, () => void][] = [["load each window", () => windows.forEach((window) => engine.scanLoad(window))]];
  const merged = engine.scanMerged;
  if (merged?.knows(list)) {
    parts.push([
      "load + one pass, all",
      () => {
        for (const window of windows) {
          engine.scanLoad(window);
          merged.find(list, -1, false, 0, out);
        }
      },
    ]);
  }
  for (const format of formats) {
    parts.push([
      `load + ${format.name} kernel`,
      () => {
        for (const window of windows) {
          engine.scanLoad(window);
          engine.scanLoaded(format, window, false, false, out.offsets, out.times, out.lengths);
        }
      },
    ]);
  }
  console.log(`  ${"parts".padEnd(24)} ${"x copy".padStart(7)}`);
  for (const [name, run] of parts) console.log(`  ${name.padEnd(24)} ${`${measure(run, copy).ratio.toFixed(2)}x`.padStart(7)}`);
}

/** The median ratio of `run`'s CPU time to `copy`'s over ROUNDS rounds, alternating their order, and quartiles. */
function measure(run: () => unknown, copy: () => void): { ratio: number; low: number; high: number; runMs: number; copyMs: number } {
  const runReps = repetitions(run, SAMPLE_MS);
  const copyReps = repetitions(copy, SAMPLE_MS);
  const ratios: number[] = [];
  const runTimes: number[] = [];
  const copyTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let r: number;
    let c: number;
    if (round % 2 === 0) {
      r = sample(run, runReps);
      c = sample(copy, copyReps);
    } else {
      c = sample(copy, copyReps);
      r = sample(run, runReps);
    }
    runTimes.push(r);
    copyTimes.push(c);
    ratios.push(r / c);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    ratio: median(ratios),
    low: sorted[Math.floor(sorted.length / 4)]!,
    high: sorted[Math.ceil((3 * sorted.length) / 4) - 1]!,
    runMs: median(runTimes),
    copyMs: median(copyTimes),
  };
}
