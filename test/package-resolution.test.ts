/**
 * The package as Node resolves it by name (package.json's exports): `import` of ulid-wasm and ulid-wasm/duckdb takes
 * the one-file ESM entries, `require` the CommonJS ones, and an app's two imports share one library. Spawns node (a
 * package may import itself by name from its own directory), so it is in the deep tier (vitest.config.ts).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What `script` prints, run as an ES module (`esm`) or CommonJS by the Node running the tests, in the package root. */
function run(script: string, esm: boolean): string {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return execFileSync(process.execPath, [`--input-type=${esm ? "module" : "commonjs"}`, "-e", script], { cwd: ROOT, encoding: "utf8", env });
}

/** A path's part from dist/ on. */
const inDist = (path: string) => path.slice(path.indexOf("/dist/"));

it("import takes dist/index.node.js and dist/duckdb.node.js, which share one library", () => {
  const script = `
    const lib = await import("ulid-wasm");
    const { registerFunctions } = await import("ulid-wasm/duckdb");
    let shared = false;
    try { registerFunctions(null); } catch (error) { shared = error instanceof lib.UlidError; }
    console.log(JSON.stringify([import.meta.resolve("ulid-wasm"), import.meta.resolve("ulid-wasm/duckdb"), shared, lib.getBackend().kind]));`;
  const [entry, duckdb, shared, engine] = JSON.parse(run(script, true)) as [string, string, boolean, string];
  expect([inDist(entry), inDist(duckdb), shared, engine]).toEqual(["/dist/index.node.js", "/dist/duckdb.node.js", true, "wasm"]);
});

it("require takes dist/index.cjs and dist/duckdb.cjs, which share one library", () => {
  const script = `
    const lib = require("ulid-wasm");
    const { registerFunctions } = require("ulid-wasm/duckdb");
    let shared = false;
    try { registerFunctions(null); } catch (error) { shared = error instanceof lib.UlidError; }
    console.log(JSON.stringify([require.resolve("ulid-wasm"), require.resolve("ulid-wasm/duckdb"), shared]));`;
  const [entry, duckdb, shared] = JSON.parse(run(script, false)) as [string, string, boolean];
  expect([inDist(entry), inDist(duckdb), shared]).toEqual(["/dist/index.cjs", "/dist/duckdb.cjs", true]);
});
