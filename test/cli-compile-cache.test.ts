/**
 * The built `ulid` bin turns on Node's compile cache (src/cli/bin.ts; `module.enableCompileCache`, Node 22.8 and
 * later): the command's bundle is compiled once and its code read back by later runs, which print the same bytes;
 * a cache that cannot be written, or a bundle that changed since the cache was written, changes nothing a user sees.
 * Each run is given a cache directory of its own (NODE_COMPILE_CACHE), so nothing here reads another run's cache.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import module from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI } from "./helpers/cli.js";
import { SPEC_ZERO_RANDOM } from "./vectors.js";

const DIR = mkdtempSync(join(tmpdir(), "ulid-compile-cache-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Whether this Node has the compile cache's API (22.8 and later); before it, the bin runs without a cache. */
const HAS_COMPILE_CACHE = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function";
const LOG = `a line ${SPEC_ZERO_RANDOM.ulid} and another\n`;

/**
 * Runs `bin` (the built command unless given) with `args`, its compile cache in `cache` (NODE_COMPILE_CACHE), or
 * off with `cache` null (NODE_DISABLE_COMPILE_CACHE=1); this process's own setting of either is left out.
 */
function run(args: string[], cache: string | null, bin = CLI): { status: number | null; stdout: string; stderr: string } {
  const { NODE_COMPILE_CACHE: _cache, NODE_DISABLE_COMPILE_CACHE: _disabled, ...env } = process.env;
  const setting = cache === null ? { NODE_DISABLE_COMPILE_CACHE: "1" } : { NODE_COMPILE_CACHE: cache };
  const { status, stdout, stderr } = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...env, ...setting } });
  return { status, stdout, stderr };
}

/** The files Node's compile cache wrote under `cache` (one directory per Node version and V8 flags). */
function cacheFiles(cache: string): string[] {
  if (!existsSync(cache)) return [];
  return readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("ulid and Node's compile cache", () => {
  const log = join(DIR, "app.log");
  writeFileSync(log, LOG);

  it("writes the cache on its first run where Node has one, and prints the same bytes cold and warm", () => {
    const cache = join(DIR, "cache");
    const cold = run(["scan", log], cache);
    expect(cacheFiles(cache).length > 0).toBe(HAS_COMPILE_CACHE);
    const warm = run(["scan", log], cache);
    expect(cold).toEqual({ status: 0, stdout: expect.stringContaining(SPEC_ZERO_RANDOM.ulid), stderr: "" });
    expect(warm).toEqual(cold);
  });

  it("runs as ever where the cache cannot be written, and says nothing of it", () => {
    const notADirectory = join(DIR, "a-file");
    writeFileSync(notADirectory, "");
    const expected = run(["scan", log], null);
    const result = run(["scan", log], join(notADirectory, "cache"));
    expect(result).toEqual(expected);
    expect(result.stderr).toBe("");
  });

  it("runs a changed bundle's code, not the cached code of the bundle before it (same length, same path)", () => {
    const cache = join(DIR, "cache-changed");
    const install = join(DIR, "install");
    cpSync(dirname(CLI), join(install, "dist"), { recursive: true });
    cpSync(join(dirname(CLI), "../package.json"), join(install, "package.json"));
    const bin = join(install, "dist/cli.cjs");
    const before = run(["--version"], cache, bin);
    expect(before.stdout).toMatch(/^ulid-wasm \S+\n$/);
    const bundle = join(install, "dist/cli-main.cjs");
    const source = readFileSync(bundle, "utf8");
    const changed = source.replace("return `${name} ${version}`;", "return `${name}_${version}`;");
    expect(changed.length).toBe(source.length);
    expect(changed).not.toBe(source);
    writeFileSync(bundle, changed);
    const after = run(["--version"], cache, bin);
    expect(after.stdout).toBe(before.stdout.replace(" ", "_"));
  });
});
