// Runs a command on one of the pinned Node releases (test/runtimes/deps/package.json: node22, node24, node26), its
// directory put first on PATH so that the command and every `node` it starts run on that release:
//   node scripts/with-node.mjs 26 npx vitest run --project unit
// Without a major version first, the release comes from BENCH_NODE (the bench scripts in package.json run through
// here: `BENCH_NODE=26 npm run bench:check`); with neither, or the major of the Node running this, the command runs
// as it is. Installs the releases into .cache/runtimes first when they are not there (scripts/install-runtimes.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const major = /^\d+$/.test(args[0] ?? "") ? args.shift() : process.env.BENCH_NODE || undefined;
if (args.length === 0 || (major !== undefined && !/^\d+$/.test(major))) {
  console.error("usage: node scripts/with-node.mjs [major] command [args...]   (or BENCH_NODE=<major> for the major)");
  process.exit(2);
}

const env = { ...process.env };
if (major !== undefined && major !== process.versions.node.split(".")[0]) {
  const lock = JSON.parse(readFileSync(join(root, "test/runtimes/deps/package-lock.json"), "utf8"));
  const pinned = lock.packages[`node_modules/node${major}`];
  if (!pinned) {
    const majors = Object.keys(lock.packages).flatMap((key) => key.match(/^node_modules\/node(\d+)$/)?.[1] ?? []);
    console.error(`Node ${major}: not pinned (pinned: ${majors.join(", ")}; this is Node ${process.versions.node})`);
    process.exit(2);
  }
  const bin = join(root, `.cache/runtimes/node_modules/node${major}/bin`);
  if (!existsSync(join(bin, "node"))) {
    const install = spawnSync(process.execPath, [join(root, "scripts/install-runtimes.mjs")], { stdio: "inherit" });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
  if (!existsSync(join(bin, "node"))) {
    console.error(`Node ${major}: ${pinned.name} ${pinned.version} is for ${pinned.os} ${pinned.cpu} only, not installed here`);
    process.exit(2);
  }
  env.PATH = `${bin}${delimiter}${env.PATH ?? ""}`;
}

// Through a shell on Windows only, where npx and tsx are .cmd files that cannot be spawned directly.
const result = spawnSync(args[0], args.slice(1), { stdio: "inherit", env, shell: process.platform === "win32" });
if (result.error) {
  console.error(`${args[0]}: ${result.error.message}`);
  process.exit(127);
}
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
