// The optimising compiles a small `ulid scan` starts (`node bench/wasm-compiles.mjs [RUNS]`, after npm run build;
// default 9 runs): the command scans a 1 MB log of bench/log-fixture.mjs's kind (text, JSON, and every type) under
// V8's `--single-threaded --trace-wasm-compilation-times`, so that each optimising (TurboFan) compile of a
// WebAssembly kernel runs on the main thread and is timed alone, not against the scan for the CPUs. Prints, per
// kernel, the median time of its compile and in how many runs V8 compiled it (a process may end before a compile it
// asked for runs), and the sum per run. A kernel is named by its export in dist/cli.simd.wasm, else by its index (`#19`).
// Node 22 and later print microseconds, Node 20 whole milliseconds: `node scripts/with-node.mjs 26 node
// bench/wasm-compiles.mjs`. A small scan waits for these compiles (docs/performance.md, "The command's start").
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CLI } from "./cli-process.mjs";
import { writeLog } from "./log-fixture.mjs";

const RUNS = Number(process.argv[2] ?? 9);
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

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const unit = Number(process.versions.node.split(".")[0]) >= 22 ? "μs" : "ms";
console.log(`node ${process.version}; ${RUNS} runs of each scan; times in ${unit}\n`);
for (const args of SCANS) {
  const times = new Map();
  const sums = [];
  for (let run = 0; run < RUNS; run++) {
    const child = spawnSync(process.execPath, ["--single-threaded", "--trace-wasm-compilation-times", CLI, "scan", log, ...args], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    });
    if (child.status !== 0) throw new Error(`ulid scan ${args.join(" ")} exited ${child.status}: ${child.stderr}`);
    let sum = 0;
    // V8 prints its trace on standard output, among the command's lines. A function whose size is not the command
    // module's function's of its index is the code cache's checksum (src/cli/bundle-cache.ts).
    for (const [, index, time, size] of child.stdout.matchAll(/#(\d+) using TurboFan, took (\d+) (?:μs|ms).*?bodysize (\d+)/g)) {
      const key = sizes.get(Number(index)) === Number(size) ? names.get(Number(index)) ?? `#${index}` : "(the code cache's checksum)";
      if (!times.has(key)) times.set(key, []);
      times.get(key).push(Number(time));
      sum += Number(time);
    }
    sums.push(sum);
  }
  console.log(`\`${["ulid scan LOG", ...args].join(" ")}\`: ${median(sums)} a run (median)`);
  const rows = [...times].map(([key, values]) => [key, median(values), values.length]).sort((a, b) => b[1] - a[1]);
  for (const [key, time, count] of rows) console.log(`  ${String(time).padStart(6)}  ${key} (${count}/${RUNS} runs)`);
}
