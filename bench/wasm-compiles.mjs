// The optimising compiles a small `ulid scan` starts (`node bench/wasm-compiles.mjs [RUNS]`, after npm run build;
// default 9 runs): the command scans a 1 MB log of bench/log-fixture.mjs's kind (text, JSON, and every type) under
// V8's `--single-threaded --trace-wasm-compilation-times`, so that each optimising (TurboFan) compile of a
// WebAssembly kernel runs on the main thread and is timed alone, not against the scan for the CPUs. Prints, per
// kernel, the median time of its compile and in how many runs V8 compiled it (a process may end before a compile it
// asked for runs), and the sum per run. A kernel is named by its export in dist/cli.simd.wasm, else by its index
// (`#19`); a function of another module (the code cache's checksum, src/cli/bundle-cache.ts) is counted apart.
// Node 26 prints microseconds; Node 20, 22 and 24 whole milliseconds, too coarse for these (most read 0 or 1):
// `node scripts/with-node.mjs 26 node bench/wasm-compiles.mjs`. A small scan waits for these compiles
// (docs/performance.md, "The command's start").
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, median } from "./cli-process.mjs";
import { writeLog } from "./log-fixture.mjs";

const RUNS = Number(process.argv[2] ?? 9);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`RUNS must be a whole number of at least 1, got ${process.argv[2]}`);
const SCANS = [[], ["--json"], ["--type", "all"]];

/**
 * The functions of the module at `path` (it imports none): index -> export name, and index -> body size in bytes,
 * read from its export and code sections.
 */
function moduleFunctions(path) {
  const bytes = readFileSync(path);
  const names = new Map();
  const sizes = new Map();
  let at = 8;
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length) throw new Error(`${path} ends within a number`);
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const section = bytes[at++];
    const end = leb() + at;
    if (section === 7) {
      for (let count = leb(); count > 0; count--) {
        const length = leb();
        const name = bytes.subarray(at, (at += length)).toString();
        const kind = bytes[at++];
        const index = leb();
        if (kind === 0) names.set(index, names.has(index) ? `${names.get(index)}/${name}` : name);
      }
    }
    if (section === 10) {
      for (let index = 0, count = leb(); index < count; index++) {
        const size = leb();
        sizes.set(index, size);
        at += size;
      }
    }
    at = end;
  }
  return { names, sizes };
}

const { names, sizes } = moduleFunctions(join(CLI, "..", "cli.simd.wasm"));
const dir = mkdtempSync(join(tmpdir(), "ulid-wasm-compiles-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, "1.log");
writeLog(log, 1);

console.log(`node ${process.version}; ${RUNS} runs of each scan; times in μs\n`);
let found = 0;
for (const args of SCANS) {
  const times = new Map();
  const sums = [];
  for (let run = 0; run < RUNS; run++) {
    const child = spawnSync(process.execPath, ["--single-threaded", "--trace-wasm-compilation-times", CLI, "scan", log, ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    if (child.status !== 0) throw new Error(`ulid scan ${args.join(" ")} exited ${child.status}: ${child.stderr}`);
    // V8 prints its trace on standard output, among the command's lines: "Compiled function 0x55d0c8d0#17 using
    // TurboFan, took 1377 μs and ... bodysize 717 ...", the number before "#" the module's. The command's module is
    // the one whose every function compiled has the body size of its index in dist/cli.simd.wasm.
    const compiles = [...child.stdout.matchAll(/(0x[0-9a-f]+)#(\d+) using TurboFan, took (\d+) (μs|ms).*?bodysize (\d+)/g)].map(
      ([, module, index, time, unit, size]) => ({ module, index: Number(index), us: Number(time) * (unit === "ms" ? 1000 : 1), size: Number(size) }),
    );
    found += compiles.length;
    const foreign = new Set(compiles.filter((c) => sizes.get(c.index) !== c.size).map((c) => c.module));
    let sum = 0;
    for (const { module, index, us } of compiles) {
      const key = foreign.has(module) ? `another module's #${index} (the code cache's checksum)` : (names.get(index) ?? `#${index}`);
      if (!times.has(key)) times.set(key, []);
      times.get(key).push(us);
      sum += us;
    }
    sums.push(sum);
  }
  console.log(`\`${["ulid scan LOG", ...args].join(" ")}\`: ${median(sums)} a run (median)`);
  const rows = [...times].map(([key, values]) => [key, median(values), values.length]).sort((a, b) => b[1] - a[1]);
  for (const [key, time, count] of rows) console.log(`  ${String(time).padStart(6)}  ${key} (${count}/${RUNS} runs)`);
}
// A scan of this size always starts some: none found is a trace this script no longer reads.
if (found === 0) throw new Error("no optimising compile found in V8's trace: has its format changed?");
