/**
 * The package as Node resolves it by name (package.json's exports): `import` of ulid-wasm and ulid-wasm/duckdb takes
 * the one-file ESM entries, `require` the CommonJS ones, and an app's two imports share one library. Spawns node (a
 * package may import itself by name from its own directory), so it is in the deep tier (vitest.config.ts).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** How each module system loads a specifier and names the file it resolves to, and the files it must take. */
const SYSTEMS = [
  { system: "import", esm: true, load: "await import", resolve: "import.meta.resolve", files: ["/dist/index.node.js", "/dist/duckdb.node.js"] },
  { system: "require", esm: false, load: "require", resolve: "require.resolve", files: ["/dist/index.cjs", "/dist/duckdb.cjs"] },
];

/** What `script` prints, run as an ES module (`esm`) or CommonJS by the Node running the tests, in the package root. */
function run(script: string, esm: boolean): string {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return execFileSync(process.execPath, [`--input-type=${esm ? "module" : "commonjs"}`, "-e", script], { cwd: ROOT, encoding: "utf8", env });
}

/** A path's part from dist/ on. */
const inDist = (path: string) => path.slice(path.indexOf("/dist/"));

it.each(SYSTEMS)("$system takes $files, which share one library", ({ esm, load, resolve, files }) => {
  const script = `
    const lib = ${load}("ulid-wasm");
    const { registerFunctions } = ${load}("ulid-wasm/duckdb");
    let shared = false;
    try { registerFunctions(null); } catch (error) { shared = error instanceof lib.UlidError; }
    console.log(JSON.stringify([${resolve}("ulid-wasm"), ${resolve}("ulid-wasm/duckdb"), shared, lib.getBackend().kind]));`;
  const [entry, duckdb, shared, engine] = JSON.parse(run(script, esm)) as [string, string, boolean, string];
  expect([inDist(entry), inDist(duckdb), shared, engine]).toEqual([...files, true, "wasm"]);
});
