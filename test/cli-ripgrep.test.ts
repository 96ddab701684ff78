/**
 * `ulid scan` against ripgrep, the tool users compare it with: on the benchmark's realistic log (bench/log-fixture.mjs:
 * JSON and plain lines, IDs in both cases, decoys that must not match and tokens of the alphabet that must), both
 * find the same IDs on the same lines, in the same order. ripgrep must be installed (`apt-get install -y ripgrep`;
 * .ci/run installs it).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the benchmarks, without types.
import { writeLog } from "../bench/log-fixture.mjs";
import { CLI } from "./helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "ulid-ripgrep-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** What `ulid scan` finds, as a ripgrep pattern: 26 characters of the alphabet, first 0-7, in either case. */
const PATTERN = "\\b[0-7][0-9A-HJKMNP-TV-Z]{25}\\b";

describe("ulid scan and ripgrep", () => {
  it("find the same IDs on the same lines of a realistic log", () => {
    const rgVersion = spawnSync("rg", ["--version"]);
    if (rgVersion.status !== 0) throw new Error("ripgrep is not installed: apt-get install -y ripgrep");
    const log = join(dir, "app.log");
    const expected = writeLog(log, 3) as number;
    const run = (command: string, args: string[]): string[] => {
      const { status, stdout, stderr } = spawnSync(command, args, { encoding: "latin1", maxBuffer: 1 << 30 });
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      return stdout.split("\n").slice(0, -1);
    };
    // ripgrep knows nothing of times: every time believed.
    const ours = run(process.execPath, [CLI, "scan", "--plausible", "..", log]).map((line) => line.split("\t").slice(0, 2).join(":"));
    const theirs = run("rg", ["-n", "-o", "-i", PATTERN, log]).map((line) => line.toUpperCase());
    expect(ours.length).toBe(expected);
    expect(ours).toEqual(theirs);
  });
});
