// `ulid scan FILE --stats` against `ulid scan FILE > /dev/null` on the realistic log (bench/log-fixture.mjs), at
// each size asked for: the two run in alternating pairs, so a shared machine's load falls on both alike, and the
// medians are printed (wall and CPU time of each, and of the paired differences, --stats minus plain). With a second
// build's dist/cli.cjs, that build's --stats joins each round, for a before/after of the summary alone. The summary's
// count is checked against the plain scan's lines first.
//   node bench/scan-stats.mjs [MB,...] [PAIRS] [OTHER_CLI]   (default 1.4,20 MB, 31 pairs)
//   (run `npm run build` first)
import { mkdirSync, openSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { median, runUlid } from "./cli-process.mjs";
import { writeLog } from "./log-fixture.mjs";

const SIZES = (process.argv[2] ?? "1.4,20").split(",").map(Number);
const PAIRS = Number(process.argv[3] ?? 31);
const OTHER = process.argv[4];

const dir = fileURLToPath(new URL("results/tmp/", import.meta.url));
mkdirSync(dir, { recursive: true });
const devNull = openSync("/dev/null", "w");

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

async function ulid(args, options = {}) {
  const run = await runUlid(args, { stdout: devNull, ...options });
  if (run.status !== 0) fail(`ulid ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
  return run;
}

console.log(`node ${process.version}; load average ${loadavg().map((load) => load.toFixed(2)).join(" ")}`);
for (const megabytes of SIZES) {
  const log = `${dir}stats-${megabytes}.log`;
  writeLog(log, megabytes);
  let lines = 0;
  await ulid(["scan", log], { stdout: "pipe", onStdout: (chunk) => (lines += chunk.filter((byte) => byte === 0x0a).length) });
  let summary = "";
  await ulid(["scan", log, "--stats", "--json"], { stdout: "pipe", onStdout: (chunk) => (summary += chunk) });
  const { matches, implausible } = JSON.parse(summary);
  if (matches - implausible.matches !== lines) fail(`--stats counted ${matches - implausible.matches} plausible matches, the lines are ${lines}`);
  const contenders = { plain: { args: ["scan", log] }, stats: { args: ["scan", log, "--stats"] } };
  if (OTHER) contenders.other = { args: ["scan", log, "--stats"], cli: OTHER };
  const runs = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < PAIRS; round++) {
    const names = Object.keys(contenders);
    for (const name of round % 2 ? names : names.reverse()) runs[name].push(await ulid(contenders[name].args, { cli: contenders[name].cli }));
  }
  const of = (name, key) => median(runs[name].map((run) => run[key]));
  const diff = (name, key) => median(runs[name].map((run, i) => run[key] - runs.plain[i][key]));
  console.log(`\n${megabytes} MB, ${matches.toLocaleString("en-US")} matches, ${PAIRS} rounds (medians):`);
  for (const name of Object.keys(contenders)) {
    const label = { plain: "ulid scan FILE > /dev/null", stats: "ulid scan FILE --stats", other: `--stats of ${OTHER}` }[name];
    const over = name === "plain" ? "" : `  minus plain: ${diff(name, "ms").toFixed(1)} ms wall, ${diff(name, "cpuMs").toFixed(1)} ms CPU`;
    console.log(`  ${label.padEnd(28)} ${of(name, "ms").toFixed(1).padStart(7)} ms wall ${of(name, "cpuMs").toFixed(1).padStart(7)} ms CPU${over}`);
  }
  rmSync(log);
}
