/**
 * The `ulid` command's input and output faults, on the built bin: a write error on standard output is one line on
 * stderr and status 3 (a reader that goes away stays quiet, status 0); a directory as standard input is an
 * unreadable input (status 2), not an empty one.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, lines, runCli } from "./helpers/cli.js";

/** Runs `ulid ...args` with the given descriptors for stdin and stdout, collecting stderr. */
function runWith(
  args: readonly string[],
  stdin: number | "ignore",
  stdout: number | "ignore",
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: [stdin, stdout, "pipe"] });
    const stderr: Buffer[] = [];
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stderr: Buffer.concat(stderr).toString("utf8") }));
  });
}

/** Runs with stdin or stdout opened on `path`, closing it after. */
async function runOn(args: readonly string[], path: string, as: "stdin" | "stdout") {
  const fd = openSync(path, as === "stdin" ? "r" : "w");
  try {
    return await runWith(args, as === "stdin" ? fd : "ignore", as === "stdout" ? fd : "ignore");
  } finally {
    closeSync(fd);
  }
}

describe("a write error on standard output", () => {
  const full = existsSync("/dev/full");
  it.skipIf(!full).each([
    [["new", "5"]],
    [["generate", "100000"]],
    [["generate", "1000", "--binary"]],
    [["parse", "01ARYZ6S410000000000000000"]],
    [["--help"]],
  ])("ulid %j > /dev/full: one line on stderr, status 3", async (args) => {
    const { status, stderr } = await runOn(args, "/dev/full", "stdout");
    const line = "ulid: cannot write standard output: no space left on device (ENOSPC)\n";
    expect({ status, stderr }).toEqual({ status: 3, stderr: line });
  });

  it("a reader that goes away is still no error: status 0, nothing on stderr", async () => {
    const child = spawn(process.execPath, [CLI, "generate", "100000000"], { stdio: ["ignore", "pipe", "pipe"] });
    const stderr: Buffer[] = [];
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.stdout.once("data", () => child.stdout.destroy());
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect({ status, stderr: Buffer.concat(stderr).toString() }).toEqual({ status: 0, stderr: "" });
  });

  it("is documented in the usage", async () => {
    const { stdout } = await runCli(["--help"]);
    expect(stdout).toMatch(/3 standard\s+output could not be written/);
  });
});

describe("a directory as standard input", () => {
  const dir = mkdtempSync(`${tmpdir()}/ulid-defects-dir-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.each([[["validate", "-"]], [["decode"]], [["decode", "-"]], [["scan", "-"]], [["scan", "--stats"]]])(
    "ulid %j < DIR: cannot read standard input, status 2",
    async (args) => {
      const { status, stderr } = await runOn(args, dir, "stdin");
      expect(status).toBe(2);
      expect(lines(stderr)).toEqual([`ulid ${args[0]}: cannot read standard input: it is a directory`]);
    },
  );
});

describe("a standard error nobody reads (a closed pipe)", () => {
  const dir = mkdtempSync(`${tmpdir()}/ulid-defects-stderr-`);
  const log = join(dir, "ids.log");
  writeFileSync(log, "at 01ARYZ6S410000000000000000 and 01ARZ3NDEKTSV4RRFFQ69G5FAV\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each run writes a message to standard error, which is closed by the time it does: the message is lost, and the
  // status is still the one the message went with, not 1 for an unhandled error.
  it.each([
    [["scan", join(dir, "missing.log"), log], 2],
    [["scan", log, "--bogus"], 2],
    [["scan", log, "--since", "1700000000"], 0],
    [["parse", "not-an-id"], 1],
  ])("ulid %j: its own status", async (args, expected) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.destroy();
    const status = await new Promise((resolve) => child.on("close", resolve));
    expect(status).toBe(expected);
  });
});
