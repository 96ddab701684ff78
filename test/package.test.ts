// The built package, as users load it: ESM (Node's one file, bundlers' files per module) and CommonJS entries, the same
// API names, no runtime dependencies.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const API_NAMES = [
  "UlidError",
  "ulid",
  "monotonicFactory",
  "decodeTime",
  "encodeTime",
  "isValid",
  "canonicalize",
  "encode",
  "decode",
  "decodeInto",
  "parse",
  "ulidToUUID",
  "uuidToULID",
  "generateMany",
  "encodeMany",
  "encodeManyText",
  "decodeMany",
  "decodeTimeMany",
  "validateMany",
  "setBackend",
  "getBackend",
  "scanText",
  "scanStream",
  "scanChunks",
  "decodeStream",
  "decodeLines",
  "flake",
  "baseuid",
  "uuidv7",
  "ksuid",
  "objectid",
  "xid",
  "tsid",
  "snowflake",
  "typeid",
  "formats",
];
const VECTOR = "01ARYZ6S410000000000000000";
const VECTOR_TIME = 1469918176385;

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

describe("built package", () => {
  it("the bundlers' ESM entry (a file per module) exports every API name and works", async () => {
    const esm = await import("../dist/index.js");
    expect(Object.keys(esm).sort()).toEqual([...API_NAMES].sort());
    expect(esm.decodeTime(VECTOR)).toBe(VECTOR_TIME);
    expect(esm.getBackend().kind).toBe("wasm");
  });

  it("Node's ESM entry, one file, exports every API name and works", async () => {
    // (By URL: the file's types are dist/index.d.ts, as package.json's exports say, which TypeScript cannot tell.)
    const node = await import(new URL("../dist/index.node.js", import.meta.url).href);
    expect(Object.keys(node).sort()).toEqual([...API_NAMES].sort());
    expect(node.decodeTime(VECTOR)).toBe(VECTOR_TIME);
    expect(node.getBackend().kind).toBe("wasm");
    expect(readFileSync(new URL("../dist/index.node.js", import.meta.url), "utf8")).not.toMatch(/^import |\bfrom ["']\./m);
  });

  it("Node takes the one-file entries (the \"node\" condition), bundlers the files per module", () => {
    const entry = (name: string) => ({
      module: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      node: {
        import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.node.js` },
        require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
      },
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    });
    expect(packageJson.exports["."]).toMatchObject(entry("index"));
    expect(packageJson.exports["./duckdb"]).toEqual(entry("duckdb"));
    // Bundlers that apply "module" take it first, whatever else they apply (Node's platform in esbuild applies
    // "node" too); Node, Deno and Bun have no "module" condition. test/tree-shaking.test.ts bundles with each.
    expect(Object.keys(packageJson.exports["."])).toEqual(["workerd", "module", "node", "import", "require"]);
    expect(Object.keys(packageJson.exports["./duckdb"])).toEqual(["module", "node", "import", "require"]);
  });

  it("CommonJS entry exports every API name and works", () => {
    const cjs = createRequire(import.meta.url)("../dist/index.cjs");
    expect(Object.keys(cjs).sort()).toEqual([...API_NAMES].sort());
    expect(cjs.decodeTime(VECTOR)).toBe(VECTOR_TIME);
    expect(() => cjs.decode("8" + VECTOR.slice(1))).toThrow(cjs.UlidError);
  });

  it("has no runtime dependencies and ships only dist, the README and the license", () => {
    expect(packageJson.dependencies).toBeUndefined();
    expect(packageJson.files).toEqual(["dist", "README.md", "LICENSE"]);
    expect(packageJson.sideEffects).toBe(false);
  });

  it("ships no Math.random in any built file (every entry, and the workerd one)", () => {
    const dist = new URL("../dist/", import.meta.url);
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((file) => /\.(c|m)?js$/.test(file));
    expect(files).toEqual(expect.arrayContaining(["index.js", "index.cjs", "workerd/index.js"]));
    for (const file of files) {
      expect({ file, mathRandom: readFileSync(new URL(file, dist), "utf8").includes("Math.random") }).toEqual({ file, mathRandom: false });
    }
  });

  it("`ulid-wasm/duckdb` exports registerFunctions from ESM and CommonJS; DuckDB is an optional peer, never a dependency", async () => {
    const bundlers = await import("../dist/duckdb.js");
    const node = await import(new URL("../dist/duckdb.node.js", import.meta.url).href);
    const cjs = createRequire(import.meta.url)("../dist/duckdb.cjs");
    for (const entry of [bundlers, node, cjs]) expect(Object.keys(entry)).toEqual(["registerFunctions"]);
    // Node's bundles share the main entry's library of their module system rather than carrying a copy.
    expect(readFileSync(new URL("../dist/duckdb.cjs", import.meta.url), "utf8")).toContain("require('./index.cjs')");
    expect(readFileSync(new URL("../dist/duckdb.node.js", import.meta.url), "utf8")).toContain("from './index.node.js'");
    expect(packageJson.peerDependencies).toEqual({ "@duckdb/node-api": packageJson.devDependencies["@duckdb/node-api"] });
    expect(packageJson.peerDependenciesMeta).toEqual({ "@duckdb/node-api": { optional: true } });
  });
});
