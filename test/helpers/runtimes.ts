/**
 * Running the built package in other processes and runtimes, and judging the reports of test/runtimes/probe.mjs.
 * Node's own report (ESM) is the reference every other runtime must match.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type BuildOptions, build } from "esbuild";
import { expect } from "vitest";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = `${ROOT}test/runtimes/fixtures/`;
/**
 * Bun, Deno and workerd, from the npm packages pinned in test/runtimes/deps/ and installed into .cache/runtimes by
 * `npm run test:runtimes` (scripts/install-runtimes.mjs); called directly, not through npx, which adds its own output.
 */
export const BIN = `${ROOT}.cache/runtimes/node_modules/.bin/`;

const run = promisify(execFile);

/** What probe.mjs returns. */
export interface Report {
  backend: { kind: "wasm" | "js"; simd: boolean };
  selectWasm: unknown;
  results: Record<string, unknown>;
  enginesAgree: boolean;
  fresh: Record<string, boolean>;
}

/** Runs a command from the repository root and parses the JSON its stdout ends with. */
export async function runJson<T = Report>(command: string, args: readonly string[]): Promise<T> {
  const { stdout } = await run(command, args, { cwd: ROOT, maxBuffer: 16 << 20 });
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as T;
}

/** A fixture bundled by esbuild as an app's build bundles it (the package resolved by name), to one ESM file. */
export async function bundleFixture(file: string, options: BuildOptions): Promise<string> {
  const result = await build({
    entryPoints: [`${FIXTURES}${file}`],
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    write: false,
    ...options,
  });
  return result.outputFiles![0]!.text;
}

let reference: Promise<Report> | undefined;

/** Node's report from the ESM entry: what every runtime must reproduce. */
export function nodeReport(): Promise<Report> {
  reference ??= runJson(process.execPath, [`${FIXTURES}esm.mjs`]);
  return reference;
}

/**
 * Asserts that a runtime's report shows the expected engine under "auto", results identical to Node's, the TS
 * engine agreeing, and every check on real time and randomness passing.
 */
export async function expectReport(report: Report, kind: "wasm" | "js"): Promise<void> {
  const node = await nodeReport();
  expect(report.backend.kind).toBe(kind);
  expect(report.selectWasm).toEqual(kind === "wasm" ? "returned" : { code: "WASM_UNAVAILABLE", index: null });
  expect(report.results).toEqual(node.results);
  expect(report.enginesAgree).toBe(true);
  expect(report.fresh).toEqual({ ulidIsValid: true, ulidHasNow: true, batchIncreasing: true, singlesDistinct: true });
}
