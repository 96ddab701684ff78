// The built package, as users load it: ESM and CommonJS entries, the same API names, no runtime dependencies.
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
  it("ESM entry exports every API name and works", async () => {
    const esm = await import("../dist/index.js");
    expect(Object.keys(esm).sort()).toEqual([...API_NAMES].sort());
    expect(esm.decodeTime(VECTOR)).toBe(VECTOR_TIME);
    expect(esm.getBackend().kind).toBe("wasm");
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
    expect(packageJson.exports["./duckdb"]).toEqual({
      import: { types: "./dist/duckdb.d.ts", default: "./dist/duckdb.js" },
      require: { types: "./dist/duckdb.d.cts", default: "./dist/duckdb.cjs" },
    });
    const esm = await import("../dist/duckdb.js");
    const cjs = createRequire(import.meta.url)("../dist/duckdb.cjs");
    for (const entry of [esm, cjs]) expect(Object.keys(entry)).toEqual(["registerFunctions"]);
    // The CommonJS bundle shares the main entry's library rather than carrying a copy.
    expect(readFileSync(new URL("../dist/duckdb.cjs", import.meta.url), "utf8")).toContain("require('./index.cjs')");
    expect(packageJson.peerDependencies).toEqual({ "@duckdb/node-api": packageJson.devDependencies["@duckdb/node-api"] });
    expect(packageJson.peerDependenciesMeta).toEqual({ "@duckdb/node-api": { optional: true } });
  });
});
