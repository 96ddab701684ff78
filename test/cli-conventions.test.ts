/**
 * The `ulid` command's conventions, on the built bin: --version, "did you mean", `help` of an unknown command,
 * `parse -`, the hint for a TIME in Unix seconds, one line and status 3 for write errors (ENOSPC, EIO: a terminal
 * gone away), and on a real terminal (util-linux `script` makes one): only the last command of a pipeline draws
 * progress, a message clears the progress line first, and Ctrl-C leaves a clean line with status 130.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, openSync, closeSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLI, runCli } from "./helpers/cli.js";

const A = "01ARYZ6S410000000000000000";
const has = (command: string): boolean => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const ulid = `"${process.execPath}" "${CLI}"`;
const CLEAR_LINE = "\r\x1b[2K";

/** Runs a shell command line on a fresh terminal; returns what the terminal received. */
function onTerminal(commandLine: string): string {
  return execFileSync("script", ["-qec", commandLine, "/dev/null"], { encoding: "latin1", timeout: 60_000 });
}

describe("ulid --version, help and mistyped commands", () => {
  it("prints the package name and version", async () => {
    const expected = { status: 0, stdout: "ulid-wasm 0.1.0\n", stderr: "" };
    expect(await runCli(["--version"])).toEqual(expected);
    expect(await runCli(["-V"])).toEqual(expected);
  });

  it.each([
    ["scna", "scan"],
    ["genrate", "generate"],
    ["decod", "decode"],
    ["PARSE", "parse"],
  ])("suggests a command for %j", async (typed, meant) => {
    const { status, stderr } = await runCli([typed]);
    expect(status).toBe(2);
    expect(stderr).toBe(`ulid: unknown command "${typed}" (did you mean "${meant}"?)\nRun 'ulid --help' for the commands.\n`);
  });

  it("makes no wild guess", async () => {
    expect((await runCli(["x"])).stderr).toBe(`ulid: unknown command "x"\nRun 'ulid --help' for the commands.\n`);
  });

  it("exits 2 for help of an unknown command, and suggests one", async () => {
    expect(await runCli(["help", "prase"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `ulid help: unknown command "prase" (did you mean "parse"?)\nRun 'ulid --help' for the commands.\n`,
    });
  });
});

describe("ulid parse -", () => {
  it("reads IDs from standard input, one per line, and names a bad line", async () => {
    const { status, stdout, stderr } = await runCli(["parse", "-", "--format", "json"], `${A}\nbad\r\n${A.toLowerCase()}\r\n`);
    expect(status).toBe(1);
    expect(stderr).toBe('line 2: a ULID has 26 characters, got 3: "bad"\n');
    expect(stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line).ulid)).toEqual([A, A]);
  });

  it("prints what parse of the same arguments prints", async () => {
    const ids = (await runCli(["new", "3", "--type", "uuidv7"])).stdout;
    const args = ids.trim().split("\n");
    expect((await runCli(["parse", "-", "--type", "uuidv7"], ids)).stdout).toBe(
      (await runCli(["parse", ...args, "--type", "uuidv7"])).stdout,
    );
    expect((await runCli(["parse", "-", A])).status).toBe(2);
  });
});

describe("a TIME of 10 digits", () => {
  it("is read as Unix ms, with a hint that it looks like Unix seconds", async () => {
    const { status, stdout, stderr } = await runCli(["from-time", "1776222698"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^0001MXY0FA[0-9A-Z]{16}\n$/);
    expect(stderr).toBe("ulid: hint: TIME 1776222698 is read as Unix ms (1970-01-21T13:23:42.698Z); for Unix seconds, write 1776222698000\n");
    expect((await runCli(["from-time", "1776222698000"])).stderr).toBe("");
  });
});

describe("write errors", () => {
  it.skipIf(!existsSync("/dev/full")).each([[["scan"]], [["decode"]], [["parse", "-"]]])(
    "ulid %j > /dev/full: one line, status 3",
    (args) => {
      const out = openSync("/dev/full", "w");
      try {
        const result = spawnSync(process.execPath, [CLI, ...args], { input: `x ${A}\n`.replace("x ", args[0] === "scan" ? "x " : ""), stdio: ["pipe", out, "pipe"] });
        expect({ status: result.status, stderr: result.stderr.toString() }).toEqual({
          status: 3,
          stderr: "ulid: cannot write standard output: no space left on device (ENOSPC)\n",
        });
      } finally {
        closeSync(out);
      }
    },
  );

  it.skipIf(!has("python3"))("a terminal that goes away (EIO): one line, status 3, no stack trace", () => {
    // The command writes to a pseudo-terminal whose other end is closed after the first bytes.
    const script = `
import os, subprocess, sys
master, slave = os.openpty()
child = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True)
os.close(slave)
os.read(master, 100)
os.close(master)
sys.stdout.write(child.stderr.read().decode() + "status " + str(child.wait()))`;
    const output = execFileSync("python3", ["-c", script, process.execPath, CLI, "generate", "100000000"], { encoding: "utf8" });
    expect(output).toBe("ulid: cannot write standard output: input/output error (EIO)\nstatus 3");
  });
});

describe.skipIf(!has("script"))("progress on a terminal", () => {
  it("is drawn by the last command of a pipeline only", () => {
    // Each command runs for more than the second before a bar shows, however fast the machine: the first
    // generate waits on a full pipe until decode starts, and decode waits for the second generate.
    const screen = onTerminal(
      `(${ulid} generate 3000000; sleep 1.5; ${ulid} generate 3000000) | (sleep 1.5; ${ulid} decode) > /dev/null`,
    );
    expect(screen).toMatch(/MB\/s/);
    expect(screen).not.toMatch(/IDs\/s/);
    expect(screen.endsWith(CLEAR_LINE)).toBe(true);
  });

  it("is not drawn under output lines on the terminal", () => {
    const screen = onTerminal(`${ulid} generate 3000000 --time 0 | ${ulid} decode | tail -1`);
    expect(screen).not.toMatch(/MB\/s|IDs\/s/);
  });

  it("is cleared before a message, so no message lands on it", () => {
    // The sleep keeps decode running past the bar's delay, however fast the machine.
    const screen = onTerminal(
      `(${ulid} generate 1000000; sleep 1.5; ${ulid} generate 1000000; echo bad) | ${ulid} decode > /dev/null; true`,
    );
    expect(screen).toMatch(/MB\/s/);
    expect(screen).toContain(`${CLEAR_LINE}line 2000001: a ULID has 26 characters, got 3: "bad"\r\n`);
  });

  it("is cleared by Ctrl-C at once, and the status is 130", () => {
    const start = performance.now();
    const screen = onTerminal(
      `${ulid} generate 1000000000 > /dev/null & pid=$!; sleep 3; kill -INT $pid; wait $pid; echo " status=$?"`,
    );
    // A billion IDs take 10 s or more: the signal is handled while they are made, not after.
    expect(performance.now() - start).toBeLessThan(8000);
    expect(screen).toMatch(/IDs\/s/);
    expect(screen).toMatch(new RegExp(`IDs/s${CLEAR_LINE.replace("[", "\\[")} status=130\\r\\n$`));
  });
});
