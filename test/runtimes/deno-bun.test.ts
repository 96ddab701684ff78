// Deno and Bun, from their npm packages (installed by `npm run test:runtimes`, see test/helpers/runtimes.ts): each
// runs the ESM fixture, which imports the built package by name (resolved through package.json "exports", as an
// app's import would be).
import { describe, it } from "vitest";
import { BIN, FIXTURES, expectReport, runJson } from "../helpers/runtimes.js";

describe("other server runtimes", () => {
  it("Deno: the wasm engine, the same results as Node", async () => {
    // Deno reads files and the environment only when allowed: the fixture and the package it imports.
    await expectReport(await runJson(`${BIN}deno`, ["run", "--allow-read", `${FIXTURES}esm.mjs`]), "wasm");
  });

  it("Bun: the wasm engine, the same results as Node", async () => {
    await expectReport(await runJson(`${BIN}bun`, [`${FIXTURES}esm.mjs`]), "wasm");
  });
});
