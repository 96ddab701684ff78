/**
 * The command line's pure rules: when a progress line may be drawn, what it counts over a job of several inputs,
 * and which command a mistyped one means.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Progress, type ProgressSurroundings, mayDrawProgress } from "../src/cli/progress.js";
import { processInput } from "../src/cli/process-input.js";
import { closest } from "../src/cli/suggest.js";
import { totalSize } from "../src/cli/commands/scan.js";

describe("mayDrawProgress", () => {
  it.each([
    // stderr terminal, stdout terminal, stdout pipe, quiet -> draw
    [true, false, false, false, true], // ulid generate N > file (or /dev/null)
    [true, false, true, false, false], // ulid generate N | ulid decode: the first of a pipeline
    [true, false, true, true, false], // a quiet command feeding a pipe still does not draw
    [true, true, false, false, false], // ulid scan app.log on a terminal: lines would land on the bar
    [true, true, false, true, true], // ulid scan app.log --stats on a terminal: nothing printed until the end
    [false, false, false, false, false], // stderr into a log file
    [false, true, false, true, false],
  ])("stderr terminal %s, stdout terminal %s, stdout pipe %s, quiet %s: %s", (stderr, stdout, pipe, quiet, draw) => {
    expect(mayDrawProgress({ stderrIsTerminal: stderr, stdoutIsTerminal: stdout, stdoutIsPipe: pipe }, quiet)).toBe(draw);
  });
});

/** Surroundings where a line may be drawn, a clock the test moves, and what was written. */
function fakeSurroundings(): ProgressSurroundings & { ms: number; written: string[] } {
  const fake = {
    terminals: { stderrIsTerminal: true, stdoutIsTerminal: false, stdoutIsPipe: false },
    ms: 0,
    written: [] as string[],
    now: () => fake.ms,
    write: (text: string) => void fake.written.push(text),
  };
  return fake;
}

/** An input of `chunks` chunks of `size` bytes, each taking `ms` on the fake clock to read. */
function slowInput(fake: { ms: number }, chunks: number, size: number, ms: number) {
  return {
    size: chunks * size,
    chunks: (async function* () {
      for (let i = 0; i < chunks; i++) {
        fake.ms += ms;
        yield new Uint8Array(size);
      }
    })(),
  };
}

describe("progress over a job of several inputs", () => {
  it("draws once the whole job has run a second, counting every input's bytes, not each input's alone", async () => {
    const fake = fakeSurroundings();
    // Four files of 2 chunks of 1 MB, 300 ms a chunk: each file alone takes 0.6 s, under the threshold.
    const progress = new Progress("bytes", 8_000_000, false, fake);
    let before = 0;
    for (let file = 0; file < 4; file++) {
      progress.nextInput(before);
      before += await processInput(slowInput(fake, 2, 1_000_000, 300), () => {}, async () => {}, false, progress);
    }
    const lines = fake.written.filter((text) => text.includes("MB"));
    expect(lines.length).toBeGreaterThan(0);
    // The first line comes in the second file (1.2 s in), at 4 MB of the job's 8: 50%.
    expect(lines[0]).toContain("[###############...............]  50%  4.0 MB");
    expect(lines.at(-1)).toContain("100%  8.0 MB");
    // The job's caller clears the line, not each input.
    expect(fake.written.at(-1)).not.toBe("\r\x1b[2K");
    progress.clear();
    expect(fake.written.at(-1)).toBe("\r\x1b[2K");
  });

  it("keeps each input's own line quiet when each is under a second, as without a job", async () => {
    const fake = fakeSurroundings();
    for (let file = 0; file < 4; file++) {
      const own = new Progress("bytes", 2_000_000, false, fake);
      let done = 0;
      for await (const chunk of slowInput(fake, 2, 1_000_000, 300).chunks) await own.update((done += chunk.length));
    }
    expect(fake.written).toEqual([]);
  });

  it("draws nothing where a line may not be drawn, however long the job", async () => {
    const fake = fakeSurroundings();
    fake.terminals.stdoutIsPipe = true;
    const progress = new Progress("bytes", undefined, false, fake);
    await processInput(slowInput(fake, 10, 1_000_000, 300), () => {}, async () => {}, false, progress);
    expect(fake.written).toEqual([]);
  });
});

describe("the size of a scan's job (totalSize), for its bar", () => {
  const dir = mkdtempSync(join(tmpdir(), "ulid-total-"));
  const file = (name: string, bytes: number): string => {
    writeFileSync(join(dir, name), "x".repeat(bytes));
    return join(dir, name);
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("adds up the regular files, and counts nothing for one that cannot be read (a directory, a missing file)", () => {
    const [a, b] = [file("a.log", 1000), file("b.log", 234)];
    expect(totalSize([a, b])).toBe(1234);
    expect(totalSize([a, dir, join(dir, "missing.log"), b])).toBe(1234);
  });

  it.runIf(process.platform === "linux")("is unknown with an input of no size known in advance (a FIFO)", () => {
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    expect(totalSize([file("c.log", 10), fifo])).toBeUndefined();
  });
});

describe("closest", () => {
  const COMMANDS = ["new", "monotonic", "from-time", "parse", "validate", "generate", "decode", "scan"];

  it.each([
    ["scna", "scan"],
    ["sacn", "scan"],
    ["genrate", "generate"],
    ["generat", "generate"],
    ["valdate", "validate"],
    ["monotnic", "monotonic"],
    ["fromtime", "from-time"],
    ["DECODE", "decode"],
    ["nwe", "new"],
  ])("takes %j for %j", (typed, meant) => {
    expect(closest(typed, COMMANDS)).toBe(meant);
  });

  it.each(["x", "ls", "frobnicate", "help-me", "sc"])("makes no guess for %j", (typed) => {
    expect(closest(typed, COMMANDS)).toBeUndefined();
  });
});
