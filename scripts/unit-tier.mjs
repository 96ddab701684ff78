// `npm test` after its build (the pretest): the type check of every source (tsc --noEmit, incremental) and the
// unit tier (vitest's `unit` and `unit-isolated` projects) at the same time. tsc works on one core, and vitest's
// workers leave room beside it while they start and between files: one after the other, the type check's whole
// time would add to the tier's. Arguments go to vitest (`npm test -- test/x.test.ts`, or .ci/run's reporters).
// tsc's output is held and printed after vitest's, so that the two do not interleave. Exits 1 when either fails.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `script` (a file in node_modules) with node; resolves to its exit code (1 for a signal). */
function run(script, args, stdio) {
  const child = spawn(process.execPath, [join(root, "node_modules", script), ...args], { cwd: root, stdio });
  let output = "";
  child.stdout?.on("data", (data) => (output += data));
  child.stderr?.on("data", (data) => (output += data));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const typecheck = run("typescript/bin/tsc", ["--noEmit", "--incremental", "--tsBuildInfoFile", ".cache/tsc.tsbuildinfo"], ["ignore", "pipe", "pipe"]);
const tests = run("vitest/vitest.mjs", ["run", "--project", "unit", "--project", "unit-isolated", ...process.argv.slice(2)], "inherit");
const [types, unit] = await Promise.all([typecheck, tests]);
if (types.code === 0) {
  console.log("type check (tsc --noEmit): no errors");
} else {
  console.error(`type check (tsc --noEmit) failed:\n${types.output}`);
}
process.exitCode = types.code === 0 && unit.code === 0 ? 0 : 1;
