// The built package, as users load it: ESM and CommonJS entries, the same API names, no runtime dependencies.
import { readFileSync } from "node:fs";
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

  it("has no runtime dependencies and ships only dist and the README", () => {
    expect(packageJson.dependencies).toBeUndefined();
    expect(packageJson.files).toEqual(["dist", "README.md"]);
    expect(packageJson.sideEffects).toBe(false);
  });

  it("ships no Math.random", () => {
    for (const file of ["../dist/index.js", "../dist/index.cjs"]) {
      expect(readFileSync(new URL(file, import.meta.url), "utf8")).not.toContain("Math.random");
    }
  });
});
