/**
 * The generating commands of the built `ulid` bin, run as real processes: `new`, `monotonic`, `from-time`,
 * `generate` (text and binary), their usage errors and bad times, a reader that goes away early, and a pipe that
 * fills up.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeTime, isValid } from "../src/index.js";
import { CLI, lines, runCli, runCliBytes } from "./helpers/cli.js";
import { CANONICAL_ULID_PATTERN, firstNonIncreasing, firstNonIncreasingString, refTime } from "./helpers/reference.js";

describe("ulid new", () => {
  it("prints one random canonical ULID by default, with the current time", async () => {
    const before = Date.now();
    const { status, stdout, stderr } = await runCli(["new"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(lines(stdout)).toHaveLength(1);
    expect(stdout).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}\n$/);
    expect(decodeTime(stdout.trim())).toBeGreaterThanOrEqual(before);
  });

  it("prints N IDs, and nothing for 0", async () => {
    const ids = lines((await runCli(["new", "20000"])).stdout);
    expect(ids).toHaveLength(20000);
    expect(new Set(ids).size).toBe(20000);
    expect(ids.every((id) => CANONICAL_ULID_PATTERN.test(id))).toBe(true);
    expect(await runCli(["new", "0"])).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it.each([["-1"], ["x"], ["1.5"], ["1", "2"]])("exits 2 for the arguments %j", async (...args) => {
    const { status, stdout, stderr } = await runCli(["new", ...args]);
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toMatch(/^ulid new: .+\nUsage: ulid new \[N\]\n/);
  });
});

describe("ulid monotonic", () => {
  it("prints N strictly increasing IDs", async () => {
    const ids = lines((await runCli(["monotonic", "30000"])).stdout);
    expect(ids).toHaveLength(30000);
    expect(firstNonIncreasingString(ids)).toBe(-1);
  });

  it("exits 2 without N", async () => {
    const { status, stderr } = await runCli(["monotonic"]);
    expect(status).toBe(2);
    expect(stderr).toContain("missing N");
  });
});

describe("ulid from-time", () => {
  it.each([
    ["2026-04-15T00:00:00Z", Date.UTC(2026, 3, 15)],
    ["2026-04-15T00:00:00", Date.UTC(2026, 3, 15)],
    ["2026-04-15", Date.UTC(2026, 3, 15)],
    ["2026-04-15 05:11:38.123", Date.UTC(2026, 3, 15, 5, 11, 38, 123)],
    ["2026-04-15T07:11:38.1+02:00", Date.UTC(2026, 3, 15, 5, 11, 38, 100)],
    ["1469918176385", 1469918176385],
    ["0", 0],
  ])("pins every ID to %s (no offset means UTC)", async (time, expected) => {
    const ids = lines((await runCli(["from-time", time, "3"])).stdout);
    expect(ids).toHaveLength(3);
    expect(ids.map(refTime)).toEqual([expected, expected, expected]);
  });

  it.each([
    ["yesterday", /time "yesterday" is neither Unix ms nor ISO-8601/],
    ["2025-02-30", /time "2025-02-30" does not exist/],
    ["2026-04-15T00:00:00.1234Z", /at most 3 fraction digits/],
    ["1969-12-31T23:59:59Z", /time "1969-12-31T23:59:59Z" is not from 1970-01-01T00:00:00.000Z to \+010889-08-02T05:31:50.655Z \(Unix ms 0 to 281474976710655\)/],
    ["281474976710656", /time "281474976710656" is not from 1970-01-01T00:00:00.000Z/],
    // Years 0-99 are those years, not 1900-1999 (as Date.UTC reads them), and the message names the TIME given.
    ["0099-06-01", /time "0099-06-01" is not from 1970/],
    ["1970-01-01T00:00:00.000+00:01", /time "1970-01-01T00:00:00.000\+00:01" is not from 1970/],
  ])("exits 1 for the bad time %s, naming it", async (time, message) => {
    const { status, stdout, stderr } = await runCli(["from-time", time]);
    expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
    expect(stderr).toMatch(message);
  });

  it("exits 2 without TIME", async () => {
    expect((await runCli(["from-time"])).status).toBe(2);
  });
});

describe("ulid generate", () => {
  it("streams N strictly increasing IDs as text lines", async () => {
    const ids = lines((await runCli(["generate", "50000"])).stdout);
    expect(ids).toHaveLength(50000);
    expect(firstNonIncreasingString(ids)).toBe(-1);
    expect(ids.every((id) => isValid(id))).toBe(true);
  });

  it("writes 16-byte records with --binary, strictly increasing", async () => {
    const { status, stdout } = await runCliBytes(["generate", "20000", "--binary"]);
    expect(status).toBe(0);
    expect(stdout.length).toBe(16 * 20000);
    expect(firstNonIncreasing(new Uint8Array(stdout))).toBe(-1);
  });

  it("pins every ID to --time and still strictly increases across chunks", async () => {
    const ids = lines((await runCli(["generate", "20000", "--time", "2026-01-01"])).stdout);
    expect(new Set(ids.map(refTime))).toEqual(new Set([Date.UTC(2026, 0, 1)]));
    expect(firstNonIncreasingString(ids)).toBe(-1);
  });

  it.each([
    [["generate"], 2, /missing N/],
    [["generate", "ten"], 2, /N must be a non-negative integer, got "ten"/],
    [["generate", "5", "--bogus"], 2, /Unknown option '--bogus'/],
    [["generate", "5", "--time"], 2, /--time/],
    [["generate", "5", "--time", "soon"], 1, /time "soon"/],
  ])("exits with the right status for %j", async (args, expected, message) => {
    const { status, stdout, stderr } = await runCli(args);
    expect({ status, stdout }).toEqual({ status: expected, stdout: "" });
    expect(stderr).toMatch(message);
  });

  it("ends quietly with status 0 when the reader goes away (| head), whether the write fails with EPIPE or ECONNRESET", async () => {
    // Standard output is a socket here (a spawned process's pipe): closed with bytes unread, the next write fails
    // with ECONNRESET or EPIPE, as the timing falls (ECONNRESET in about a quarter of runs), so several runs.
    for (let run = 0; run < 8; run++) {
      const child = spawn(process.execPath, [CLI, "generate", "1000000000"], { stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const first = await new Promise<string>((resolve) => child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())));
      child.stdout.destroy();
      const status = await new Promise((resolve) => child.on("close", resolve));
      expect(first).toMatch(/^[0-7][0-9A-Z]{25}\n/);
      expect({ run, status, stderr }).toEqual({ run, status: 0, stderr: "" });
    }
  });
});

/** O_NONBLOCK in the octal flags of /proc/PID/fdinfo (Linux's asm-generic value). */
const O_NONBLOCK = 0o4000;

/**
 * `ulid generate COUNT` writing a named pipe (so the test can see the writer's descriptor; a spawned child's "pipe"
 * stdio is a socket, not a pipe) whose reader opens it at once and reads only after `pause` seconds, so the writer
 * fills it and waits: the writer, what it ends with, the reader's `wc -l` of all it got, and a way to stop the reader.
 */
async function pipeWithSlowReader(dir: string, count: number, pause: number) {
  const fifo = join(dir, "out");
  execFileSync("mkfifo", [fifo]);
  const reader = spawn("sh", ["-c", `exec 3<"$0"; sleep ${pause}; wc -l <&3`, fifo], {
    stdio: ["ignore", "pipe", "inherit"],
    // A group of its own, so that stopping it stops its `sleep` too.
    detached: true,
  });
  const stopReader = (): void => {
    process.kill(-reader.pid!, "SIGTERM");
  };
  let counted = "";
  reader.stdout.on("data", (chunk: Buffer) => (counted += chunk.toString()));
  const readerDone = new Promise<string>((resolve) => reader.on("close", () => resolve(counted.trim())));
  const pipe = await open(fifo, "w");
  const writer = spawn(process.execPath, [CLI, "generate", String(count)], { stdio: ["ignore", pipe.fd, "pipe"] });
  await pipe.close();
  let stderr = "";
  writer.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const writerDone = new Promise<{ status: number | null; signal: string | null; stderr: string }>((resolve) =>
    writer.on("close", (status, signal) => resolve({ status, signal, stderr })),
  );
  await new Promise((resolve) => setTimeout(resolve, 600));
  return { writer, writerDone, readerDone, stopReader };
}

describe.runIf(process.platform === "linux")("ulid generate into a full pipe", () => {
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "ulid-pipe-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("blocks on the pipe (no non-blocking descriptor), then writes every ID once the reader reads", async () => {
    const count = 100_000;
    const { writer, writerDone, readerDone } = await pipeWithSlowReader(dir, count, 2);
    // Asleep in the kernel's pipe write (wchan), not polling for room: a non-blocking writer waits in epoll.
    let wchan = "";
    for (let tries = 0; tries < 50 && !wchan.includes("pipe_write"); tries++) {
      wchan = readFileSync(`/proc/${writer.pid}/wchan`, "utf8");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(wchan).toMatch(/pipe_write/);
    const fdinfo = readFileSync(`/proc/${writer.pid}/fdinfo/1`, "utf8");
    const flags = Number.parseInt(/^flags:\s+(\d+)/m.exec(fdinfo)![1]!, 8);
    expect(flags & O_NONBLOCK).toBe(0);
    expect(await writerDone).toEqual({ status: 0, signal: null, stderr: "" });
    expect(await readerDone).toBe(String(count));
  });

  it("ends at once on Ctrl-C while it waits for the reader", async () => {
    const { writer, writerDone, stopReader } = await pipeWithSlowReader(dir, 1_000_000_000, 30);
    try {
      const sent = performance.now();
      writer.kill("SIGINT");
      expect(await writerDone).toEqual({ status: null, signal: "SIGINT", stderr: "" });
      expect(performance.now() - sent).toBeLessThan(5000);
    } finally {
      stopReader();
    }
  });

  it("writes every ID through a pipe across its pieces and chunks, in order", () => {
    // Text is made and written 1213 lines at a time within chunks of 8192 IDs: 12,000 crosses both kinds of edge.
    const pipeline = '"$0" "$1" generate 12000 --time 2026-01-01 | cat';
    const text = execFileSync("sh", ["-c", pipeline, process.execPath, CLI], { encoding: "utf8" });
    const ids = lines(text);
    expect(ids).toHaveLength(12000);
    expect(firstNonIncreasingString(ids)).toBe(-1);
    expect(ids.every((id) => isValid(id) && refTime(id) === Date.UTC(2026, 0, 1))).toBe(true);
  });
});
