/**
 * `ulid scan --jobs N` prints exactly what one job prints, byte for byte, in the same order: on random logs cut
 * into many small ranges (ULID_SCAN_RANGE_BYTES), with JSON output, named files, --type uuidv7, time filters,
 * ANSI colours, CRLF, empty lines, lines ending exactly at a range's end, an empty file, a file without a
 * final newline and files whose size is not their length (/proc, /sys: what follows the size is read as one job reads it); with the main thread scanning ranges beside the workers, with every range a worker's
 * (ULID_SCAN_MAIN_THREAD=idle: on a small file the main thread would otherwise often scan it all before the
 * workers are up), and with the main thread taking over each range a worker has not handed over yet (=eager, as
 * on a busy machine). Run on the built bin: the worker thread is dist/scan-worker.js beside dist/cli.cjs.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the benchmarks, without types.
import { writeLog } from "../bench/log-fixture.mjs";
import { type CliResult, WITHOUT_WASM, runCli } from "./helpers/cli.js";

const A = "01KP7E2GJZT2E1V21R4FCE3N82";
const B = "01kp7rtpgzb62rc63xpyzenr1f";
const V7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
/** A Linux /sys file: its size reads 4096, longer than what it holds ("0-1\n"). */
const SYS_FILE = "/sys/devices/system/cpu/online";

const dir = mkdtempSync(join(tmpdir(), "ulid-scan-jobs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (text: string | Uint8Array): string => {
  const path = join(dir, `${files++}.log`);
  writeFileSync(path, text);
  return path;
};

/** What the main thread does beside the workers: its default, nothing, or taking over every late range at once. */
type MainThread = "scans too" | "idle" | "eager";
const MAIN_THREAD: readonly MainThread[] = ["scans too", "idle", "eager"];

/** The environment of a run in ranges of `rangeBytes`, the main thread doing `main`. */
const rangeEnv = (rangeBytes: number, main: MainThread): Record<string, string> => ({
  ULID_SCAN_RANGE_BYTES: String(rangeBytes),
  ...(main === "scans too" ? {} : { ULID_SCAN_MAIN_THREAD: main }),
});

/** Expects `ulid scan ...args` with `jobs` to print what it prints with one job (ranges of `rangeBytes`). */
async function expectSameAs(one: CliResult, args: string[], jobs: number, rangeBytes: number, main: MainThread): Promise<void> {
  expect(await runCli([...args, "--jobs", String(jobs)], undefined, rangeEnv(rangeBytes, main))).toEqual(one);
}

/** One job's result, after checking that `jobs` print the same, whatever the main thread does. */
async function expectSame(args: string[], jobs: number, rangeBytes: number): Promise<CliResult> {
  const one = await runCli([...args, "--jobs", "1"], undefined, rangeEnv(rangeBytes, "scans too"));
  await Promise.all(MAIN_THREAD.map((main) => expectSameAs(one, args, jobs, rangeBytes, main)));
  return one;
}

/** The pieces random log lines are made of: IDs in both cases, decoys, glued IDs, colours, CR, long runs. */
const PIECE = fc.constantFrom(
  A,
  B,
  V7,
  `req=${A}`,
  `x${A}`,
  `${A}9`,
  `"id":"${B}"`,
  `user_${A.toLowerCase()}`,
  B.toLowerCase(),
  "\x1b[36m",
  "\x1b[0m",
  "\x1b",
  "\r",
  " ",
  "\t",
  "INFO",
  "00000000000000000000000001",
  "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
  "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
  "é",
  "-".repeat(40),
);
const LINE = fc.array(PIECE, { maxLength: 8 }).map((pieces) => pieces.join(""));
const LOG = fc
  .record({ lines: fc.array(LINE, { maxLength: 60 }), crlf: fc.boolean(), finalNewline: fc.boolean() })
  .map(({ lines, crlf, finalNewline }) => {
    const text = lines.join(crlf ? "\r\n" : "\n");
    return finalNewline && lines.length > 0 ? `${text}\n` : text;
  });
/** The variants of output checked on each random log. */
const VARIANTS: string[][] = [
  [],
  ["--json"],
  ["-H"],
  ["--type", "uuidv7", "--json"],
  ["--since", "2026-04-15T03:00"],
  ["--type", "all", "--plausible", ".."],
  ["--type", "typeid,ulid", "--json", "-H"],
];

describe("ulid scan --jobs prints what one job prints", () => {
  it("on random logs cut into ranges of random size, every output variant", async () => {
    await fc.assert(
      fc.asyncProperty(
        LOG,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom(...VARIANTS),
        fc.constantFrom(...MAIN_THREAD),
        async (log, range, jobs, variant, main) => {
          const args = ["scan", file(log), ...variant];
          const one = await runCli([...args, "--jobs", "1"]);
          expect(one.status).toBe(0);
          await expectSameAs(one, args, jobs, range, main);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("finds every match in order on a log with many matches (so a test of equality is not one of empty outputs)", async () => {
    const line = `${A} and ${B}\n`;
    const path = file(line.repeat(500));
    const one = await expectSame(["scan", path, "--json"], 3, 97);
    const printed = one.stdout.trimEnd().split("\n").map((text) => JSON.parse(text) as { line: number; offset: number });
    expect(printed).toHaveLength(1000);
    expect(printed.map(({ line }) => line)).toEqual(Array.from({ length: 1000 }, (_, i) => (i >> 1) + 1));
    expect(printed[999]!.offset).toBe(499 * line.length + A.length + 5);
  });

  it("with lines that end exactly at a range's end, one byte before and one after", async () => {
    const line = `${A} x\n`;
    const path = file(line.repeat(300));
    for (const range of [line.length - 1, line.length, line.length + 1, 2 * line.length]) {
      expect((await expectSame(["scan", path], 2, range)).stdout.split("\n")).toHaveLength(301);
    }
  });

  it("on an empty file, a file without a final newline, and one long line across many ranges", async () => {
    expect((await expectSame(["scan", file("")], 2, 1)).stdout).toBe("");
    expect((await expectSame(["scan", file(`x\n${A}`)], 2, 3)).stdout).toBe(`2\t${A}\t2026-04-15T02:03:40.511Z\n`);
    const long = `${"word ".repeat(400)}${A}${" word".repeat(400)}`;
    expect((await expectSame(["scan", file(`${long}\n${long}`)], 3, 50)).stdout.split("\n")).toHaveLength(3);
  });

  it.skipIf(!existsSync("/proc/self/environ") || !existsSync(SYS_FILE))(
    "on regular files whose size is not their length: /proc/self/environ (size 0), a /sys file (4096), on both engines",
    async () => {
      // The command's own environment: an ID in it, and ULID_SCAN_RANGE_BYTES after it, so its offset is the same in every run.
      const env = { XID: A, XID_LOWER: B };
      for (const node of [[], WITHOUT_WASM]) {
        for (const args of [["scan", "/proc/self/environ"], ["scan", "--json", "/proc/self/environ"], ["scan", "-H", SYS_FILE, "/proc/self/environ"]]) {
          const one = await runCli([...args, "--jobs", "1"], undefined, { ...env, ...rangeEnv(16, "scans too") }, node);
          expect(one.status).toBe(0);
          expect(one.stdout).toContain(A);
          expect(one.stdout).toContain(B.toUpperCase());
          for (const main of MAIN_THREAD) {
            expect(await runCli([...args, "--jobs", "2"], undefined, { ...env, ...rangeEnv(16, main) }, node), `${args.join(" ")} ${main}`).toEqual(one);
          }
        }
      }
    },
  );

  it("with several files, named, one of them empty and one missing (reported, status 2)", async () => {
    const paths = [file(`${A}\n`.repeat(40)), file(""), join(dir, "missing.log"), file(`\x1b[36m${B}\x1b[0m\r\n`.repeat(30))];
    const one = await expectSame(["scan", ...paths], 2, 64);
    expect(one.status).toBe(2);
    expect(one.stderr).toContain("missing.log");
    expect(one.stdout.split("\n")).toHaveLength(71);
    expect((await expectSame(["scan", "--json", ...paths], 4, 5)).stdout.split("\n")).toHaveLength(71);
  });

  it("with many files one after another, a worker's late copy of a range taken over never lands in the next file", async () => {
    const paths = Array.from({ length: 6 }, (_, i) => file(`${i} ${A}\nx ${B} y\n`.repeat(200 + 37 * i)));
    const one = await expectSame(["scan", ...paths], 3, 40);
    expect(one.stdout.split("\n")).toHaveLength(2 * (6 * 200 + 37 * 15) + 1);
  });

  it("--stats is the same with jobs (counted in one job)", async () => {
    const path = file(`${A} ${B}\n00000000000000000000000001\n`.repeat(50));
    // A fixed window: the default one ends a day after now, which differs between two runs.
    expect((await expectSame(["scan", path, "--stats", "--json", "--plausible", "2000-01-01..2030-01-01"], 2, 10)).stdout).toContain('"matches":150');
  });

  it("on the realistic log, in ranges of the default size; by default (one job)", async () => {
    const path = join(dir, "realistic.log");
    const matches = writeLog(path, 9);
    // Every time believed, as writeLog counts its matches; and the default window, in one job and two.
    const [one, two, workersOnly, eager, byDefault] = await Promise.all([
      runCli(["scan", path, "--plausible", "..", "--jobs", "1"]),
      runCli(["scan", path, "--plausible", "..", "--jobs", "2"]),
      runCli(["scan", path, "--plausible", "..", "--jobs", "3"], undefined, { ULID_SCAN_MAIN_THREAD: "idle" }),
      runCli(["scan", path, "--plausible", "..", "--jobs", "2"], undefined, { ULID_SCAN_MAIN_THREAD: "eager" }),
      runCli(["scan", path, "--plausible", ".."]),
    ]);
    const [plausible, plausibleTwo] = await Promise.all([runCli(["scan", path]), runCli(["scan", path, "--jobs", "2"])]);
    expect(plausibleTwo).toEqual(plausible);
    expect(plausible.stdout.length).toBeLessThan(one.stdout.length);
    expect(two).toEqual(one);
    expect(workersOnly).toEqual(one);
    expect(eager).toEqual(one);
    expect(byDefault).toEqual(one);
    expect(one.stdout.split("\n")).toHaveLength(matches + 1);
  });
});

describe("ulid scan --jobs N", () => {
  it.each(["0", "257", "two", "1.5", "-1", "", "0x2"])("refuses %j with a usage error", async (jobs) => {
    const { status, stderr } = await runCli(["scan", file(`${A}\n`), `--jobs=${jobs}`]);
    expect(status).toBe(2);
    expect(stderr).toContain("--jobs must be a whole number from 1 to 256");
  });

  it("refuses a bad N with --stats too, which counts in one job", async () => {
    const { status, stderr } = await runCli(["scan", file(`${A}\n`), "--stats", "--jobs", "abc"]);
    expect(status).toBe(2);
    expect(stderr).toContain("--jobs must be a whole number from 1 to 256");
  });

  it("runs more than 10 threads with standard output a pipe and nothing on standard error", async () => {
    // Each worker's standard output piped into the process's added a listener to it: Node warned of a leak at 11.
    const path = file(`${A}\n`.repeat(50_000));
    const result = await runCli(["scan", path, "-j", "12"], undefined, rangeEnv(1 << 16, "scans too"));
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: "" });
    expect(result).toEqual(await runCli(["scan", path, "-j", "1"]));
  });

  it("takes -j, and scans standard input in one job", async () => {
    expect((await runCli(["scan", "-j", "2", file(`${A}\n`)])).stdout).toBe(`1\t${A}\t2026-04-15T02:03:40.511Z\n`);
    expect((await runCli(["scan", "-j", "2"], `x\n${A}\n`)).stdout).toBe(`2\t${A}\t2026-04-15T02:03:40.511Z\n`);
  });
});
