// Node: the built package by name through ESM `import`, CommonJS `require`, both in one process, and with
// WebAssembly refused (`--jitless`), where the TypeScript engine takes over with the same results.
import { describe, expect, it } from "vitest";
import { FIXTURES, type Report, expectReport, nodeReport, runJson } from "../helpers/runtimes.js";

describe("Node", () => {
  it("ESM import: the wasm engine, with the checks passing", async () => {
    await expectReport(await nodeReport(), "wasm");
  });

  it("CommonJS require: the same results", async () => {
    await expectReport(await runJson(process.execPath, [`${FIXTURES}cjs.cjs`]), "wasm");
  });

  it("ESM and CommonJS in one process: two copies, each with its own state, the same results", async () => {
    const dual = await runJson<{
      esm: Report;
      cjs: Report;
      separateState: boolean;
      distinctCopies: boolean;
      factoriesIncreasing: boolean;
    }>(process.execPath, [`${FIXTURES}dual.mjs`]);
    await expectReport(dual.esm, "wasm");
    await expectReport(dual.cjs, "wasm");
    expect({ separateState: dual.separateState, distinctCopies: dual.distinctCopies }).toEqual({
      separateState: true,
      distinctCopies: true,
    });
    expect(dual.factoriesIncreasing).toBe(true);
  });

  it("--jitless (no WebAssembly): the TypeScript engine, the same results", async () => {
    await expectReport(await runJson(process.execPath, ["--jitless", `${FIXTURES}esm.mjs`]), "js");
  });
});
