// Scanning throughput (`npm run bench:scan`): MB/s finding ULIDs in a large generated log, through the library
// (scanText, and scanChunks over 1 MiB chunks as a stream would give them) on each engine, and through the
// `ulid scan` command from a file; scanText line by line against a RegExp; and finding TypeIDs in the same log.
// Every contender's match count is checked against the log's known count before it is timed. Size: `node
// bench/scan.mjs [MB]` (default 256).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getBackend, scanChunks, scanText, setBackend } from "../dist/index.js";
import { medianRun, runUlid, timed } from "./cli-process.mjs";
import { writeLog } from "./log-fixture.mjs";

const MEGABYTES = Number(process.argv[2] ?? 256);
/** Timed runs per contender, after the checked run; the median is reported (the first runs still warm the JIT). */
const RUNS = 5;
/** The chunk size of a Node.js file stream read with a 1 MiB highWaterMark (`ulid scan` reads 512 KiB at a time). */
const CHUNK = 1 << 20;

const dir = fileURLToPath(new URL("results/tmp/", import.meta.url));
mkdirSync(dir, { recursive: true });
const logPath = `${dir}scan.log`;

console.log(`node ${process.version}; writing a ${MEGABYTES} MB log...`);
const expected = writeLog(logPath, MEGABYTES);
const size = statSync(logPath).size;
const log = readFileSync(logPath);
console.log(`${(size / 1e6).toFixed(0)} MB, ${expected.toLocaleString("en-US")} IDs (and as many decoys)\n`);

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

function check(what, found) {
  if (found !== expected) fail(`${what} found ${found} IDs, the log holds ${expected}`);
}

const rate = (ms) => `${((size / 1e6) / (ms / 1000)).toFixed(0).padStart(5)} MB/s`;
const rows = [];

async function scanInChunks(lines, format = "ulid") {
  const chunks = function* () {
    for (let at = 0; at < log.length; at += CHUNK) yield log.subarray(at, at + CHUNK);
  };
  let found = 0;
  for await (const matches of scanChunks(chunks(), { lines, format })) found += matches.length;
  return found;
}

for (const backend of ["wasm", "js"]) {
  setBackend(backend);
  const engine = backend === "wasm" ? `wasm${getBackend().simd ? " simd" : ""}` : "js";
  for (const lines of [false, true]) {
    check(`scanText (${engine})`, scanText(log, { lines }).length);
    const oneShot = await medianRun(RUNS, () => timed(() => scanText(log, { lines })));
    rows.push([`library scanText, ${engine}${lines ? ", with lines" : ""}`, oneShot]);
    check(`scanChunks (${engine})`, await scanInChunks(lines));
    const chunked = await medianRun(RUNS, () => timed(() => scanInChunks(lines)));
    rows.push([`library scanChunks (1 MiB chunks), ${engine}${lines ? ", with lines" : ""}`, chunked]);
  }
}
// Line by line, as an app that scans each log line as it comes (a log viewer, a stream of lines): the log's first
// lines as strings, scanText on each (match objects, and columns), against a regular expression of the same rule
// (26 characters of the alphabet in either case, the first 0-7, no letter or digit around) on each; each must find
// every ID of those lines, as scanText of them all at once does (checked against the log's count above).
const PER_LINE = 100_000;
const lineTexts = log.subarray(0, 16 << 20).toString("latin1").split("\n").slice(0, PER_LINE);
const ULID_WORD = /(?<![0-9A-Za-z])[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}(?![0-9A-Za-z])/g;
const perLine = {
  "RegExp matchAll": () => lineTexts.reduce((found, line) => found + [...line.matchAll(ULID_WORD)].length, 0),
};
for (const backend of ["wasm", "js"]) {
  perLine[`scanText, ${backend === "wasm" ? "wasm" : "js"}`] = () => {
    setBackend(backend);
    return lineTexts.reduce((found, line) => found + scanText(line).length, 0);
  };
  perLine[`scanText columns, ${backend === "wasm" ? "wasm" : "js"}`] = () => {
    setBackend(backend);
    return lineTexts.reduce((found, line) => found + scanText(line, { columns: true }).count, 0);
  };
}
const perLineRows = [];
const perLineIds = scanText(lineTexts.join("\n")).length;
for (const [name, scanLines] of Object.entries(perLine)) {
  const found = scanLines();
  if (found !== perLineIds) fail(`${name} found ${found} IDs in ${PER_LINE} lines, scanText of them all ${perLineIds}`);
  perLineRows.push([name, await medianRun(RUNS, () => timed(scanLines))]);
}
setBackend("auto");

// TypeIDs in the same log: its lower-case ULIDs (and the lower-case hex and decimal runs of 26 that start 0-7) are
// TypeIDs without a prefix, when they are whole words. Their count is not known in advance: both engines and the
// command must agree on it.
let typeIds;
for (const backend of ["wasm", "js"]) {
  setBackend(backend);
  const engine = backend === "wasm" ? `wasm${getBackend().simd ? " simd" : ""}` : "js";
  const found = await scanInChunks(false, "typeid");
  if (typeIds !== undefined && found !== typeIds) fail(`TypeID scanChunks (${engine}) found ${found}, the other engine ${typeIds}`);
  typeIds = found;
  rows.push([`library scanChunks (1 MiB chunks), ${engine}, format typeid`, await medianRun(RUNS, () => timed(() => scanInChunks(false, "typeid")))]);
}
setBackend("auto");

// The command: its counts first (from a file and from standard input), then the timed runs, output to /dev/null.
const devNull = openSync("/dev/null", "w");
/**
 * Runs `ulid ...args` with the log on standard input (a fresh descriptor each run) or as FILE, every time believed
 * (`--plausible ..`), as the library calls above: the command's default window leaves out the log's decoys.
 */
async function scanCommand(args, { stdin = false, stdout = devNull, onStdout } = {}) {
  const fd = stdin ? openSync(logPath, "r") : "ignore";
  const allTimes = [...args, "--plausible", ".."];
  try {
    const run = await runUlid(stdin ? allTimes : [...allTimes, logPath], { stdin: fd, stdout, onStdout });
    if (run.status !== 0) fail(`ulid ${args.join(" ")} exited ${run.status}: ${run.stderr}`);
    return run;
  } finally {
    if (stdin) closeSync(fd);
  }
}
for (const stdin of [false, true]) {
  let statsOutput = "";
  const collect = (chunk) => (statsOutput += chunk);
  await scanCommand(["scan", "--stats", "--json"], { stdin, stdout: "pipe", onStdout: collect });
  check(`ulid scan --stats${stdin ? " (standard input)" : ""}`, JSON.parse(statsOutput).matches);
}
let lineCount = 0;
const countLines = (chunk) => {
  for (const byte of chunk) if (byte === 0x0a) lineCount++;
};
await scanCommand(["scan"], { stdout: "pipe", onStdout: countLines });
check("ulid scan", lineCount);
const command = (args, options) => medianRun(RUNS, () => scanCommand(args, options));
rows.push(["ulid scan FILE > /dev/null (LINE, ID, ISO per match)", await command(["scan"])]);
rows.push(["ulid scan FILE --json > /dev/null", await command(["scan", "--json"])]);
rows.push(["ulid scan FILE --stats", await command(["scan", "--stats"])]);
rows.push(["ulid scan < FILE > /dev/null (standard input)", await command(["scan"], { stdin: true })]);
lineCount = 0;
await scanCommand(["scan", "--type", "typeid"], { stdout: "pipe", onStdout: countLines });
if (lineCount !== typeIds) fail(`ulid scan --type typeid found ${lineCount} TypeIDs, the library ${typeIds}`);
rows.push(["ulid scan FILE --type typeid > /dev/null", await command(["scan", "--type", "typeid"])]);

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`${"".padEnd(width)}  ${"wall".padStart(10)}  ${"CPU".padStart(10)}`);
for (const [name, { ms, cpuMs }] of rows) {
  console.log(`${name.padEnd(width)}  ${rate(ms)}  ${rate(cpuMs)}  (${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU)`);
}
console.log(`\nline by line: ${lineTexts.length.toLocaleString("en-US")} lines as strings, ${perLineIds.toLocaleString("en-US")} IDs`);
const [, regex] = perLineRows[0];
for (const [name, { ms }] of perLineRows) {
  console.log(`${name.padEnd(width)}  ${((1000 * ms) / lineTexts.length).toFixed(2).padStart(6)} us a line  ${(ms / regex.ms).toFixed(2)}x the RegExp's time`);
}
rmSync(logPath);
