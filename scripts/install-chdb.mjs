// Installs chDB (ClickHouse in process: the `chdb` package and its 540 MB engine) into .cache/chdb, from the pinned
// package.json and lock file in test/clickhouse/deps/, for the deep tier's ClickHouse suites (test/clickhouse/).
// `npm run test:deep` runs this first. Not a devDependency: the engine is published for Linux x64 only, so the
// other platforms' optional packages the `chdb` package names cannot be locked, and `npm ci` refuses a lock without
// them. So this runs `npm install`, which installs the lock's versions and skips the optional packages it cannot
// fetch. Elsewhere than on Linux x64 it installs nothing and the suites say so. Does nothing when the installed
// version is the pinned one.
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "test/clickhouse/deps");
const target = join(root, ".cache/chdb");

if (process.platform !== "linux" || process.arch !== "x64") {
  console.log(`chdb: no engine published for ${process.platform}-${process.arch}; the ClickHouse suites will be skipped`);
  process.exit(0);
}
const pinned = JSON.parse(await readFile(join(source, "package.json"), "utf8")).dependencies.chdb;
const installed = await readFile(join(target, "node_modules/chdb/package.json"), "utf8")
  .then((text) => JSON.parse(text).version)
  .catch(() => undefined);
if (installed === pinned) {
  console.log(`chdb: ${pinned} up to date in ${target}`);
} else {
  await mkdir(target, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) await copyFile(join(source, file), join(target, file));
  console.log(`chdb: installing ${pinned} into ${target}`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--no-save"], { cwd: target, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
