// `ulid scan` against ripgrep across log sizes (`node bench/scan-sizes.mjs [MB...]`, after npm run build; default
// 1 20 100 500): for each size, a log of bench/log-fixture.mjs's realistic kind is written to the system's temporary
// directory, and `ulid scan FILE` is timed against `rg -n -o -i '\b[0-7][0-9A-HJKMNP-TV-Z]{25}\b' FILE`, and
// `ulid scan FILE --type uuidv7` against `rg -n -o` with the UUID v7 pattern, output to /dev/null, the commands
// alternating run by run (below 100 MB with `node -e 0` among them); each row is the median wall time of its runs
// (pipes and process starts spread 30% on a shared machine, so many runs), and whether it meets the aim: from 100 MB
// up at most ripgrep's time, below it at most ripgrep's time plus Node's start, judged by the median of each round's
// margin. Node's start and `ulid scan` of an empty file are also timed on their own first, as the floor of any run
// of the command. The load average is printed before and after. Each log is deleted after its rows.
//
// `node bench/scan-sizes.mjs --jobs [MB...]` (default 200 1000) times `ulid scan FILE --jobs 1` against `--jobs 2`
// instead, with each one's CPU time (from /proc's accounting of the children: user and system time), on logs of
// those sizes.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { CLI, median } from "./cli-process.mjs";
import { writeLog } from "./log-fixture.mjs";

const JOBS = process.argv[2] === "--jobs";
const SIZES = process.argv.slice(JOBS ? 3 : 2).map(Number);
const sizes = SIZES.length > 0 ? SIZES : JOBS ? [200, 1000] : [1, 20, 100, 500];
/** Runs per command: more for small logs, whose times are mostly process starts. */
const runsFor = (megabytes) => (megabytes <= 20 ? 21 : megabytes <= 100 ? 11 : 7);
const ULID_PATTERN = "\\b[0-7][0-9A-HJKMNP-TV-Z]{25}\\b";
const UUIDV7_PATTERN = "\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}\\b";

const devNull = openSync("/dev/null", "w");
const dir = mkdtempSync(join(tmpdir(), "ulid-scan-sizes-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ");

/** CPU ms of every child that ended so far (user and system). */
function childrenCpuMs() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  // cutime and cstime: fields 16 and 17 of stat, 14 and 15 after the name, in clock ticks (100 a second).
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** Wall ms of a run of `command args`, output to /dev/null; `cpu` gets its CPU ms. */
function wall(command, args, cpu) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const cpuStart = childrenCpuMs();
    const child = spawn(command, args, { stdio: ["ignore", devNull, "inherit"] });
    child.on("error", reject);
    child.on("close", (status) => {
      // ripgrep exits 1 when it finds nothing (the fixture holds no UUID v7).
      if (status !== 0 && !(command === "rg" && status === 1)) reject(new Error(`${command} ${args.join(" ")} exited ${status}`));
      else {
        cpu?.push(childrenCpuMs() - cpuStart);
        resolve(performance.now() - start);
      }
    });
  });
}

/**
 * Wall ms of each command, run by run: the commands run in turn `runs` times (each round all of them, the first of a
 * round rotating), so a command's k-th time and another's come from the same round; `cpu` gets each one's median CPU
 * ms.
 */
async function raceTimes(runs, commands, cpu = []) {
  const times = commands.map(() => []);
  const cpus = commands.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (let i = 0; i < commands.length; i++) {
      const k = (i + run) % commands.length;
      times[k].push(await wall(...commands[k], cpus[k]));
    }
  }
  cpu.push(...cpus.map(median));
  return times;
}

/** Median wall ms of each command, the commands run in turn `runs` times; `cpu` gets each one's median CPU ms. */
async function race(runs, commands, cpu = []) {
  return (await raceTimes(runs, commands, cpu)).map(median);
}

if (JOBS) {
  console.log(`node ${process.version}; load average ${load()}\n`);
  console.log("| log | `--jobs 1` | `--jobs 2` | two jobs vs one (speed) | CPU, one job | CPU, two jobs | runs |");
  console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const megabytes of sizes) {
    const path = join(dir, `${megabytes}.log`);
    writeLog(path, megabytes);
    const cpu = [];
    const [one, two] = await race(7, [
      [process.execPath, [CLI, "scan", path, "--jobs", "1"]],
      [process.execPath, [CLI, "scan", path, "--jobs", "2"]],
    ], cpu);
    const s = (ms) => `${(ms / 1000).toFixed(3)} s`;
    console.log(`| ${(statSync(path).size / 1e6).toFixed(0)} MB | ${s(one)} | ${s(two)} | ${(one / two).toFixed(2)}x | ${s(cpu[0])} | ${s(cpu[1])} | 7 |`);
    rmSync(path);
  }
  console.log(`\nload average after: ${load()}`);
  process.exit(0);
}
const rg = spawnSync("rg", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
console.log(`node ${process.version}; ${rg}; load average ${load()}`);
const empty = join(dir, "empty.log");
writeFileSync(empty, "");
const [nodeStart, emptyScan] = await race(21, [
  [process.execPath, ["-e", "0"]],
  [process.execPath, [CLI, "scan", empty]],
]);
console.log(`node -e 0: ${nodeStart.toFixed(0)} ms; ulid scan of an empty file: ${emptyScan.toFixed(0)} ms\n`);
console.log("| log | `ulid scan` | rg (ULID) | ratio | aim | `ulid scan --type uuidv7` | rg (UUID v7) | ratio | aim | runs |");
console.log("| ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- | ---: |");
for (const megabytes of sizes) {
  const path = join(dir, `${megabytes}.log`);
  writeLog(path, megabytes);
  const size = statSync(path).size;
  const runs = runsFor(megabytes);
  // Below 100 MB, Node's start is part of the aim: timed in the same rounds, so each round's margin is its own.
  const small = megabytes < 100;
  const [ulid, rgUlid, uuid, rgUuid, node] = await raceTimes(runs, [
    [process.execPath, [CLI, "scan", path]],
    ["rg", ["-n", "-o", "-i", ULID_PATTERN, path]],
    [process.execPath, [CLI, "scan", path, "--type", "uuidv7"]],
    ["rg", ["-n", "-o", UUIDV7_PATTERN, path]],
    ...(small ? [[process.execPath, ["-e", "0"]]] : []),
  ]);
  const s = (ms) => `${(ms / 1000).toFixed(3)} s`;
  // The aim (issue "Log analysis, second pass"): from 100 MB up at most ripgrep's time; below, at most ripgrep's time
  // plus Node's start. Judged by the median of the rounds' margins (ours less ripgrep's, less Node's start below 100
  // MB, all three from one round): this machine's speed drifts from minute to minute, and medians of the commands
  // taken apart would carry the drift between them into the margin.
  const aim = (ours, theirs) => {
    const margin = median(ours.map((time, run) => time - theirs[run] - (small ? node[run] : 0)));
    return `${margin <= 0 ? "met" : "missed"}: ${Math.abs(margin).toFixed(1)} ms ${margin <= 0 ? "under" : "over"} ${small ? "rg + Node" : "rg"}`;
  };
  const row = (ours, theirs) => {
    const [oursMs, theirsMs] = [median(ours), median(theirs)];
    return `${s(oursMs)} | ${s(theirsMs)} | ${(oursMs / theirsMs).toFixed(2)}x | ${aim(ours, theirs)}`;
  };
  console.log(`| ${(size / 1e6).toFixed(0)} MB | ${row(ulid, rgUlid)} | ${row(uuid, rgUuid)} | ${runs} |`);
  rmSync(path);
}
console.log(`\nload average after: ${load()}`);
