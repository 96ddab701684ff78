/**
 * `ulid decode` of the built bin, run as a real process: from a file and from standard input, text and JSON, bad
 * lines reported and skipped (or stopping with --strict), unreadable files named, and a million IDs streamed from
 * `ulid generate` through a pipe; standard input of every kind (a file, a pipe, a socket, a pipe left non-blocking)
 * printing what the same file named prints.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, lines, runCli } from "./helpers/cli.js";
import { formats } from "../src/index.js";
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

  it.runIf(process.platform !== "win32")("skips a byte order mark split across reads of a pipe, which reuse one buffer", () => {
    // The mark's first byte, then, once the command has read it, the rest: its kept first byte must be a copy, not a
    // view of the buffer the next read overwrites.
    for (const [first, rest] of [["\\357", "\\273\\277"], ["\\357\\273", "\\277"]]) {
      for (const args of [["decode"], ["validate", "-"]]) {
        const script = `(printf '${first}'; sleep 0.3; printf '${rest}01ARYZ6S410000000000000000\\n') | "$0" "$@"`;
        const run = spawnSync("sh", ["-c", script, process.execPath, CLI, ...args], { encoding: "utf8" });
        expect({ args, status: run.status, stderr: run.stderr }).toEqual({ args, status: 0, stderr: "" });
        if (args[0] === "decode") expect(run.stdout).toBe("01ARYZ6S410000000000000000\t1469918176385\t2016-07-30T22:36:16.385Z\n");
      }
    }
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

  it("prints the same bytes from standard input of every kind as from the file named", () => {
    // Big enough for many reads of a pipe (64 KiB each, lines cut across them): IDs in both cases, a bad line, CRLF.
    const ids = Array.from({ length: 60_000 }, (_, i) => {
      const id = formats.ulid.encode(formats.ulid.generateMany(1, { time: 1_700_000_000_000 + (i >> 4) }));
      return i % 7 === 3 ? id.toLowerCase() : i % 11 === 5 ? `${id}\r` : id;
    });
    ids.splice(30_000, 0, "not-an-id");
    const file = join(dir, "kinds.txt");
    writeFileSync(file, `${ids.join("\n")}\n`);
    const run = (command: string, options: { input?: number } = {}) => {
      const { status, stdout, stderr } = spawnSync("sh", ["-c", command], { stdio: [options.input ?? "ignore", "pipe", "pipe"], maxBuffer: 1 << 30 });
      return { status, stdout: stdout.toString("latin1"), stderr: stderr.toString() };
    };
    const node = JSON.stringify(process.execPath);
    const cli = JSON.stringify(CLI);
    // A module run first that makes Node's stream of standard input, which makes a pipe non-blocking: decode's
    // plain reads then meet EAGAIN and read the rest as a stream.
    const nonBlocking = `--import ${JSON.stringify(`data:text/javascript,process.stdin;`)}`;
    for (const json of ["", "--json"]) {
      const named = run(`${node} ${cli} decode ${json} ${JSON.stringify(file)}`);
      expect(named.status).toBe(1);
      expect(named.stderr).toBe(`line 30001: a ULID has 26 characters, got 9: "not-an-id"\n`);
      expect(lines(named.stdout)).toHaveLength(60_000);
      const input = openSync(file, "r");
      try {
        expect(run(`${node} ${cli} decode ${json}`, { input })).toEqual(named);
      } finally {
        closeSync(input);
      }
      expect(run(`cat ${JSON.stringify(file)} | ${node} ${cli} decode ${json}`)).toEqual(named);
      // A writer that starts late, so the first read finds the pipe empty.
      expect(run(`{ sleep 0.3; cat ${JSON.stringify(file)}; } | ${node} ${nonBlocking} ${cli} decode ${json}`)).toEqual(named);
    }
  });
});
