/**
 * A process restored from a V8 startup snapshot must not repeat the IDs of another restored from the same one. The
 * snapshot's entry (the built CommonJS bundle, inlined: a snapshot entry cannot require files) makes IDs while it is
 * built; two restored processes then print the random parts of new IDs, which must all differ. Skipped only where
 * node has no --build-snapshot.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const BUNDLE = fileURLToPath(new URL("../dist/index.cjs", import.meta.url));

/**
 * Made while the snapshot is built, so the random pool is filled and partly used: past a process's first few IDs,
 * which are drawn without it (src/core/random.ts). WebAssembly does not exist while
 * node builds a snapshot, so this runs on the TypeScript engine (the pool is the same for both). The entry first
 * empties process.execArgv, as code does to keep its flags from child processes: whether a snapshot is being built
 * must be asked of Node, not read from the command line (an embedder builds one with no options at all).
 */
const AT_BUILD = `
process.execArgv.length = 0;
for (let i = 0; i < 100; i++) lib.ulid();
lib.flake.generate();
lib.uuidv7.generate();
lib.generateMany(3);
globalThis.lib = lib;
`;

/** Run in each restored process: the 80-bit random parts of new ULIDs, the random tails of UUID v7s and of a batch. */
const AFTER_RESTORE = `
const parts = [];
for (let i = 0; i < 8; i++) parts.push(lib.ulid().slice(10), lib.uuidv7.generate().slice(24));
parts.push(...lib.encodeMany(lib.generateMany(2, { monotonic: false })).map((id) => id.slice(10)));
console.log(JSON.stringify(parts));
`;

function node(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const { status, stdout, stderr } = spawnSync(process.execPath, args, { encoding: "utf8", timeout: 60_000 });
  return { status, stdout, stderr };
}

it("processes restored from one startup snapshot make different IDs", (context) => {
  const dir = mkdtempSync(join(tmpdir(), "ulid-snapshot-"));
  context.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const entry = join(dir, "entry.js");
  const main = join(dir, "main.js");
  const blob = join(dir, "snap.blob");
  const bundle = readFileSync(BUNDLE, "utf8");
  const inlined = `(function (module, exports) {\n${bundle}\n})(module, module.exports);`;
  writeFileSync(entry, `const lib = (() => { const module = { exports: {} };\n${inlined}\nreturn module.exports; })();\n${AT_BUILD}`);
  writeFileSync(main, AFTER_RESTORE);

  const built = node(["--snapshot-blob", blob, "--build-snapshot", entry]);
  if (built.status !== 0 && /bad option: --build-snapshot/.test(built.stderr)) context.skip();
  expect(built).toMatchObject({ status: 0 });

  const runs = [1, 2].map(() => {
    const run = node(["--snapshot-blob", blob, main]);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    return JSON.parse(run.stdout) as string[];
  });
  expect(runs[0]).toHaveLength(18);
  const shared = runs[0]!.filter((part) => runs[1]!.includes(part));
  expect(shared).toEqual([]);
});
