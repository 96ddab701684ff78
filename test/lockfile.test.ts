// The lock files `npm ci` installs from are complete for every platform. npm writes a lock file without an optional
// package it could not fetch (a platform build the registry lacks at that version), and `npm ci` then refuses it on
// every machine ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). The fix is to pin a version whose
// platform packages all exist (package.json "overrides", test/runtimes/deps/package.json); this catches a relapse.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The project's own lock file, and the runtime suite's (installed by scripts/install-runtimes.mjs). */
const PROJECTS = [".", "test/runtimes/deps"];

const readJson = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));

/** Where Node would find `name` from the package at `path`: its own node_modules, then each parent's. */
function resolve(packages: Record<string, LockEntry>, path: string, name: string): string | undefined {
  let from = path;
  for (;;) {
    const candidate = `${from === "" ? "" : `${from}/`}node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (from === "") return undefined;
    const parent = from.lastIndexOf("/node_modules/");
    from = parent < 0 ? "" : from.slice(0, parent);
  }
}

describe.each(PROJECTS)("%s/package-lock.json", (project) => {
  const manifest = readJson(`${project}/package.json`);
  const lock = readJson(`${project}/package-lock.json`);
  const packages = lock.packages as Record<string, LockEntry>;

  it("lists package.json's dependencies as they are (npm ci refuses a lock file out of sync)", () => {
    expect(packages[""]!.dependencies ?? {}).toEqual(manifest.dependencies ?? {});
    expect(packages[""]!.devDependencies ?? {}).toEqual(manifest.devDependencies ?? {});
  });

  it("has an entry for every optional dependency of every package, so every platform's build is locked", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(packages, path, name)) missing.push(`${name} (wanted by ${path || "the project"})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
