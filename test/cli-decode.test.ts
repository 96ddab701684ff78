/**
 * `ulid decode` of the built bin, run as a real process: from a file and from standard input, text and JSON, bad
 * lines reported and skipped (or stopping with --strict), unreadable files named, and a million IDs streamed from
 * `ulid generate` through a pipe.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, lines, runCli } from "./helpers/cli.js";
import { refTime } from "./helpers/reference.js";
import { SPEC_MAX, SPEC_OVERFLOW, SPEC_ZERO_RANDOM } from "./vectors.js";

const A = SPEC_ZERO_RANDOM;
const ISO_A = "2016-07-30T22:36:16.385Z";
const ISO_MAX = "+010889-08-02T05:31:50.655Z";
const dir = mkdtempSync(join(tmpdir(), "ulid-decode-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ulid decode", () => {
  it("prints ID, Unix ms and ISO time per line, canonical, from a file", async () => {
    const file = join(dir, "ids.txt");
    writeFileSync(file, `${A.ulid}\r\n${SPEC_MAX.ulid.toLowerCase()}\n01arYZ6S41oooooooooooooooo`);
    const { status, stdout, stderr } = await runCli(["decode", file]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toBe(
      `${A.ulid}\t${A.time}\t${ISO_A}\n${SPEC_MAX.ulid}\t${SPEC_MAX.time}\t${ISO_MAX}\n${A.ulid}\t${A.time}\t${ISO_A}\n`,
    );
  });

  it("reads standard input with - or no argument, and prints JSON lines with --json", async () => {
    for (const args of [["decode", "--json"], ["decode", "-", "--json"]]) {
      const { status, stdout } = await runCli(args, `${A.ulid}\n`);
      expect(status).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ ulid: A.ulid, time: A.time, iso: ISO_A });
    }
  });

  it("reports a bad line on standard error as 'line N: reason', skips it, and exits 1 at the end", async () => {
    const { status, stdout, stderr } = await runCli(["decode"], `${A.ulid}\nnot an id\n${SPEC_OVERFLOW}\n${SPEC_MAX.ulid}\n`);
    expect(status).toBe(1);
    expect(lines(stdout).map((line) => line.split("\t")[0])).toEqual([A.ulid, SPEC_MAX.ulid]);
    expect(lines(stderr)).toEqual([
      'line 2: a ULID has 26 characters, got 9: "not an id"',
      `line 3: "${SPEC_OVERFLOW}" overflows 128 bits: the first character must be 0-7 (largest ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)`,
    ]);
  });

  it("stops at the first bad line with --strict, after printing the lines before it", async () => {
    const { status, stdout, stderr } = await runCli(["decode", "--strict"], `${A.ulid}\nnot an id\n${SPEC_MAX.ulid}\n`);
    expect(status).toBe(1);
    expect(stdout).toBe(`${A.ulid}\t${A.time}\t${ISO_A}\n`);
    expect(stderr).toBe('line 2: a ULID has 26 characters, got 9: "not an id"\n');
  });

  it("names a file it cannot read and exits 2", async () => {
    for (const [path, reason] of [
      [join(dir, "missing.txt"), "no such file"],
      [dir, "it is a directory"],
    ]) {
      const { status, stdout, stderr } = await runCli(["decode", path!]);
      expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `ulid decode: cannot read ${path}: ${reason}\n` });
    }
  });

  it("exits 2 for two files", async () => {
    expect((await runCli(["decode", "a", "b"])).status).toBe(2);
  });

  it("decodes 1,000,000 IDs from `ulid generate` through a pipe", async () => {
    const generate = spawn(process.execPath, [CLI, "generate", "1000000"], { stdio: ["ignore", "pipe", "inherit"] });
    const decode = spawn(process.execPath, [CLI, "decode"], { stdio: ["pipe", "pipe", "inherit"] });
    generate.stdout.pipe(decode.stdin);
    const exited = (child: ChildProcess) => new Promise((resolve) => child.on("close", resolve));
    const statuses = Promise.all([exited(generate), exited(decode)]);
    const start = Date.now();
    let count = 0;
    let last = "";
    let wrong = "";
    for await (const line of createInterface({ input: decode.stdout })) {
      const [id, ms, iso] = line.split("\t");
      // Checked without keeping the output: every ID above the last; the fields of every 1000th against the
      // (slow, BigInt) reference.
      if (!(id! > last)) wrong ||= line;
      if (count % 1000 === 0 && (Number(ms) !== refTime(id!) || iso !== new Date(Number(ms)).toISOString())) wrong ||= line;
      last = id!;
      count++;
    }
    expect(await statuses).toEqual([0, 0]);
    expect({ count, wrong }).toEqual({ count: 1_000_000, wrong: "" });
    expect(refTime(last)).toBeGreaterThanOrEqual(start - 60_000);
  });
});
