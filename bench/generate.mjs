// Generating throughput and memory (`npm run bench:generate`): `ulid generate N` as text and as binary records,
// to /dev/null, with IDs per second and the process's peak RSS; and `ulid generate | ulid decode` through a pipe.
// Output is checked first on a smaller run: the line count, and every ID above the one before.
// Count: `node bench/generate.mjs [N]` (default 10,000,000).
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { createInterface } from "node:readline";
import { CLI, runUlid } from "./cli-process.mjs";

const COUNT = Number(process.argv[2] ?? 10_000_000);
/** IDs of the checked run: several output chunks, still quick to read back. */
const CHECKED = 1_000_000;

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

console.log(`node ${process.version}; ulid generate ${COUNT.toLocaleString("en-US")}\n`);

// Check: CHECKED IDs, strictly increasing.
let count = 0;
let last = "";
let buffered = "";
const checked = await runUlid(["generate", String(CHECKED)], {
  stdout: "pipe",
  onStdout: (chunk) => {
    const text = buffered + chunk;
    const cut = text.lastIndexOf("\n") + 1;
    for (const id of text.slice(0, cut).split("\n")) {
      if (id === "") continue;
      if (!(id > last)) fail(`ID ${count} (${id}) is not above the one before (${last})`);
      last = id;
      count++;
    }
    buffered = text.slice(cut);
  },
});
if (checked.status !== 0 || count !== CHECKED) fail(`checked run: status ${checked.status}, ${count} IDs`);

const devNull = openSync("/dev/null", "w");
const rows = [];
for (const args of [[], ["--binary"]]) {
  const run = await runUlid(["generate", String(COUNT), ...args], { stdout: devNull });
  if (run.status !== 0) fail(`ulid generate ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  rows.push([`ulid generate ${COUNT} ${args.join(" ")}`.trim() + " > /dev/null", run]);
}

// generate | decode, both as real processes joined by a pipe; decode's output counted here.
const pipeStart = performance.now();
const generate = spawn(process.execPath, [CLI, "generate", String(CHECKED)], { stdio: ["ignore", "pipe", "inherit"] });
const decode = spawn(process.execPath, [CLI, "decode"], { stdio: ["pipe", "pipe", "inherit"] });
generate.stdout.pipe(decode.stdin);
let decoded = 0;
for await (const _ of createInterface({ input: decode.stdout })) decoded++;
if (decoded !== CHECKED) fail(`generate | decode gave ${decoded} lines`);
const pipeMs = performance.now() - pipeStart;

const perSecond = (count, ms) => `${((count / ms) * 1000 / 1e6).toFixed(1).padStart(5)} M IDs/s`;
const seconds = (ms) => (ms / 1000).toFixed(2);
for (const [name, { ms, cpuMs, peakRssMB }] of rows) {
  const times = `(${seconds(ms)} s wall, ${seconds(cpuMs)} s CPU)`;
  console.log(`${name.padEnd(46)}  ${perSecond(COUNT, ms)} ${times}  peak RSS ${peakRssMB.toFixed(0)} MB`);
}
const pipeName = `ulid generate ${CHECKED} | ulid decode`;
console.log(`${pipeName.padEnd(46)}  ${perSecond(CHECKED, pipeMs)} (${seconds(pipeMs)} s wall)`);
