// An app's cold start with the library (`npm run bench:import`, after npm run build; BENCH_NODE=26 for Node 26): the
// wall time of `node app` where the app imports the package and makes one ULID, against an app that does nothing,
// each app a process of its own, the apps alternating run by run; each row is the median of RUNS runs (process
// starts spread on a shared machine), and the time it adds to the empty app's. The apps import the package by name
// from inside its directory (a package may import itself), so Node resolves package.json's exports as an installed
// copy would: `import` takes dist/index.node.js, one file ("node" condition). The row "files per module" imports
// dist/index.js, the files bundlers take, as Node took them before it had a file of its own. Peers for scale: the
// `ulid` and `uuidv7` packages. The apps run without NODE_OPTIONS and Node's compile cache, as a cold start would.
// Each app also prints when it is done by its own clock (`performance.now()`, from the process's start): the "in the
// app" columns leave out starting and ending the process, which spread the most on a busy machine.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./cli-process.mjs";

const RUNS = Number(process.argv[2] ?? 31);
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const INDEX = fileURLToPath(new URL("../dist/index.js", import.meta.url));

const DONE = "process.stdout.write(String(performance.now()));\n";
const APPS = [
  ["nothing (Node's start)", "empty.mjs", DONE],
  ['import { ulid } from "ulid-wasm"', "esm.mjs", `import { ulid } from "ulid-wasm";\nulid();\n${DONE}`],
  ['require("ulid-wasm")', "cjs.cjs", `const { ulid } = require("ulid-wasm");\nulid();\n${DONE}`],
  ["dist/index.js (files per module)", "per-module.mjs", `import { ulid } from ${JSON.stringify(INDEX)};\nulid();\n${DONE}`],
  ['import { ulid } from "ulid" (peer)', "peer-ulid.mjs", `import { ulid } from "ulid";\nulid();\n${DONE}`],
  ['import { uuidv7 } from "uuidv7" (peer)', "peer-uuidv7.mjs", `import { uuidv7 } from "uuidv7";\nuuidv7();\n${DONE}`],
];

mkdirSync(join(ROOT, ".cache"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".cache", "bench-import-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
process.on("SIGINT", () => process.exit(130));
for (const [, file, source] of APPS) writeFileSync(join(dir, file), source);

const { NODE_OPTIONS: _options, NODE_COMPILE_CACHE: _cache, ...env } = process.env;
/** Wall ms of one run of `file`, and ms by its own clock when it was done; throws if it fails. */
function run(file) {
  const start = performance.now();
  const { status, stdout, stderr } = spawnSync(process.execPath, [join(dir, file)], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", env });
  if (status !== 0) throw new Error(`${file} exited ${status}: ${stderr}`);
  return { wall: performance.now() - start, inApp: Number(stdout) };
}

const walls = APPS.map(() => []);
const inApp = APPS.map(() => []);
for (let round = 0; round < RUNS; round++) {
  // A different app first each round: no app always follows the same one.
  for (let i = 0; i < APPS.length; i++) {
    const k = (i + round) % APPS.length;
    const times = run(APPS[k][1]);
    walls[k].push(times.wall);
    inApp[k].push(times.inApp);
  }
}
const [wallFloor, appFloor] = [median(walls[0]), median(inApp[0])];
console.log(`Node ${process.version}, ${RUNS} runs of each app, medians\n`);
console.log("| app | wall | over Node's start | in the app | over an empty app's |\n| --- | ---: | ---: | ---: | ---: |");
APPS.forEach(([name], i) => {
  const [ms, appMs] = [median(walls[i]), median(inApp[i])];
  const over = (value, floor) => (i === 0 ? "" : `${(value - floor).toFixed(1)} ms`);
  console.log(`| ${name} | ${ms.toFixed(1)} ms | ${over(ms, wallFloor)} | ${appMs.toFixed(1)} ms | ${over(appMs, appFloor)} |`);
});
