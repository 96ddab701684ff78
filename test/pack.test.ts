// The tarball `npm pack` makes from the built package: the license, the README and the entries go in; the bin map. Spawns npm,
// so it is in the deep tier (vitest.config.ts).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url);

describe("npm pack", () => {
  it("packs the license, the README and the entries into the tarball (npm pack --dry-run)", () => {
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const args = ["pack", "--dry-run", "--json", "--ignore-scripts"];
    const output = execFileSync(npm, args, { cwd: ROOT, encoding: "utf8" });
    const [tarball] = JSON.parse(output) as [{ files: { path: string }[] }];
    const files = tarball.files.map((file) => file.path);
    const expected = ["LICENSE", "README.md", "package.json", "dist/index.js", "dist/index.cjs", "dist/cli.cjs", "dist/cli-main.cjs", "dist/cli-scan.cjs", "dist/scan-worker.js", "dist/sql/read-ids-worker.cjs"];
    expected.push("dist/index.node.js", "dist/duckdb.node.js", "dist/duckdb.js", "dist/duckdb.cjs", "dist/duckdb.d.ts", "dist/duckdb.d.cts");
    expect(files).toEqual(expect.arrayContaining(expected));
  });

  it("installs the command as `ulid` and as `ulid-wasm` (the `ulid` package installs a `ulid` too), one file", () => {
    const { bin, name, version } = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8"));
    expect(bin).toEqual({ ulid: "./dist/cli.cjs", "ulid-wasm": "./dist/cli.cjs" });
    const output = execFileSync(process.execPath, [new URL(bin["ulid-wasm"], ROOT).pathname, "--version"], { encoding: "utf8" });
    expect(output).toBe(`${name} ${version}\n`);
  });

  it("the license is MIT, the license package.json names", () => {
    const license = readFileSync(new URL("LICENSE", ROOT), "utf8");
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} the ulid-wasm authors\n/);
    expect(JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).license).toBe("MIT");
  });
});
