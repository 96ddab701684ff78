// `npm test` after its build of the JavaScript (the pretest, `npm run build:js`): the unit tier (vitest's `unit`
// and `unit-isolated` projects) and, beside it, the types (`npm run build:types`) then the type check of every
// source (tsc --noEmit, incremental; the tests that import the package by name need its types). Those two work on
// one core each, and vitest's workers leave room beside them: one after the other, their whole time would add to
// the tier's. Arguments go to vitest (`npm test -- test/x.test.ts`, or .ci/run's reporters). The type check's
// output is held and printed after vitest's, so that the two do not interleave. Exits 1 when either fails.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `script` (a file in node_modules) with node; resolves to its exit code (1 for a signal) and its output. */
function run(script, args, { stdio = "pipe", env = process.env } = {}) {
  const child = spawn(process.execPath, [join(root, "node_modules", script), ...args], { cwd: root, stdio, env });
  let output = "";
  child.stdout?.on("data", (data) => (output += data));
  child.stderr?.on("data", (data) => (output += data));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The types, then the type check; what failed first, with its output. */
async function typeCheck() {
  const types = await run("tsup/dist/cli-default.js", [], { env: { ...process.env, BUILD_PART: "types" } });
  if (types.code !== 0) return { ...types, what: "the types (npm run build:types)" };
  const check = await run("typescript/bin/tsc", ["--noEmit", "--incremental", "--tsBuildInfoFile", ".cache/tsc.tsbuildinfo"]);
  return { ...check, what: "the type check (tsc --noEmit)" };
}

const vitest = ["run", "--project", "unit", "--project", "unit-isolated", ...process.argv.slice(2)];
const [types, unit] = await Promise.all([typeCheck(), run("vitest/vitest.mjs", vitest, { stdio: "inherit" })]);
if (types.code === 0) {
  console.log("types built and type-checked (tsc --noEmit): no errors");
} else {
  console.error(`${types.what} failed:\n${types.output}`);
}
process.exitCode = types.code === 0 && unit.code === 0 ? 0 : 1;
