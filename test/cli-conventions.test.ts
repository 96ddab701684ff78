/**
 * The `ulid` command's conventions, on the built bin: --version, "did you mean" for a command or an option, `help`
 * of an unknown command, `parse -`, `parse` and `validate` reading a pipe or a file when given no ID, a leading
 * UTF-8 byte order mark skipped (and said so in the help), the hint for a TIME in Unix seconds, one line and status 3 for write errors (ENOSPC, EIO: a terminal
 * gone away), and on a real terminal (util-linux `script` makes one): only the last command of a pipeline draws
 * progress, a message clears the progress line first, and Ctrl-C leaves a clean line with status 130.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, lines, runCli } from "./helpers/cli.js";

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

  it.each(["toString", "__proto__", "constructor", "hasOwnProperty"])("takes %j, a name every object has, for no command", async (name) => {
    expect(await runCli([name])).toEqual({ status: 2, stdout: "", stderr: `ulid: unknown command "${name}"\nRun 'ulid --help' for the commands.\n` });
    expect((await runCli(["help", name])).status).toBe(2);
  });

  it("exits 2 for help of an unknown command, and suggests one", async () => {
    expect(await runCli(["help", "prase"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `ulid help: unknown command "prase" (did you mean "parse"?)\nRun 'ulid --help' for the commands.\n`,
    });
  });
});

describe("a mistyped option", () => {
  it.each([
    [["decode", "--jsn"], "decode", "--jsn", "--json"],
    [["parse", "--fromat", "json", A], "parse", "--fromat", "--format"],
    [["parse", "--fromat=json", A], "parse", "--fromat", "--format"],
    [["generate", "3", "--tpye", "uuidv7"], "generate", "--tpye", "--type"],
    [["scan", "--job", "2"], "scan", "--job", "--jobs"],
    [["validate", "--hlep"], "validate", "--hlep", "--help"],
  ])("%j gets a suggestion and status 2", async (args, command, typed, meant) => {
    const { status, stdout, stderr } = await runCli(args, "");
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(lines(stderr)[0]).toBe(`ulid ${command}: Unknown option '${typed}' (did you mean '${meant}'?)`);
  });

  it("makes no wild guess", async () => {
    const { status, stderr } = await runCli(["decode", "--bogus"], "");
    expect(status).toBe(2);
    expect(lines(stderr)[0]).toBe("ulid decode: Unknown option '--bogus'");
  });
});

describe("parse and validate given no ID", () => {
  const dir = mkdtempSync(join(tmpdir(), "ulid-conventions-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ids = ["01ARZ3NDEKTSV4RRFFQ69G5FAV", A, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"];

  it.each([[[]], [["--format", "json"]], [["--type", "uuidv7"]]])("parse %j reads a pipe as parse - does: a result a line", async (options) => {
    const input = options.includes("uuidv7") ? (await runCli(["new", "3", "--type", "uuidv7"])).stdout : `${ids.join("\n")}\n`;
    const piped = await runCli(["parse", ...options], input);
    expect(piped).toEqual(await runCli(["parse", "-", ...options], input));
    expect(piped).toEqual(await runCli(["parse", ...options, ...lines(input)]));
    expect(piped.status).toBe(0);
  });

  it("parse names a bad line by its number and shows the others, status 1", async () => {
    const { status, stdout, stderr } = await runCli(["parse", "--format", "json"], `${A}\nbad\n${ids[0]}\n`);
    expect(status).toBe(1);
    expect(stderr).toBe('line 2: a ULID has 26 characters, got 3: "bad"\n');
    expect(lines(stdout).map((line) => JSON.parse(line).ulid)).toEqual([A, ids[0]]);
  });

  it("validate reads a pipe as validate - does: status 1 when any line is invalid", async () => {
    expect(await runCli(["validate"], `${ids.join("\n")}\n`)).toEqual({ status: 0, stdout: "", stderr: "" });
    const mixed = `${A}\n${A.slice(1)}\n${A}\n8${A.slice(1)}\n`;
    const piped = await runCli(["validate"], mixed);
    expect(piped).toEqual(await runCli(["validate", "-"], mixed));
    expect(piped.status).toBe(1);
    expect(lines(piped.stderr).map((line) => line.slice(0, 7))).toEqual(["line 2:", "line 4:"]);
  });

  it("reads standard input that is a file (< ids.txt)", () => {
    const file = join(dir, "ids.txt");
    writeFileSync(file, `${ids.join("\n")}\n`);
    const input = openSync(file, "r");
    try {
      const parsed = spawnSync(process.execPath, [CLI, "parse", "--format", "json"], { stdio: [input, "pipe", "pipe"], encoding: "utf8" });
      expect(parsed.status).toBe(0);
      expect(lines(parsed.stdout).map((line) => JSON.parse(line).ulid)).toEqual(ids);
    } finally {
      closeSync(input);
    }
  });

  it("takes empty input as no IDs: nothing printed, status 0 (as parse -, validate - and decode do)", async () => {
    for (const args of [["parse"], ["parse", "-"], ["validate"], ["validate", "-"], ["decode"]]) {
      expect(await runCli(args, "")).toEqual({ status: 0, stdout: "", stderr: "" });
    }
  });

  it.skipIf(!has("script"))("is a usage error on a terminal (status 2), which would wait for typing", () => {
    for (const command of ["parse", "validate"]) {
      const run = spawnSync("script", ["-qec", `${ulid} ${command}; echo " status=$?"`, "/dev/null"], { encoding: "latin1", input: "" });
      expect(run.stdout).toContain(`ulid ${command}: missing ID: give one or more IDs, or - (or a pipe) to read standard input`);
      expect(run.stdout).toMatch(/ status=2\r?\n$/);
    }
  });
});

describe("a UTF-8 byte order mark at the start of the input", () => {
  const BOM = "\ufeff";
  const input = `${A}\n01ARZ3NDEKTSV4RRFFQ69G5FAV\n`;

  it.each([[["decode"]], [["decode", "--json"]], [["parse"]], [["parse", "-"]], [["validate"]], [["validate", "-"]]])(
    "is skipped by %j, and only there",
    async (args) => {
      const plain = await runCli(args, input);
      expect(plain.status).toBe(0);
      expect(await runCli(args, BOM + input)).toEqual(plain);
      // Anywhere else it is a bad character: line 2 here.
      const later = await runCli(args, `${A}\n${BOM}${A}\n`);
      expect(later.status).toBe(1);
      expect(later.stderr).toMatch(/^line 2: /);
    },
  );

  it.each(["decode", "parse", "validate"])("is documented in ulid %s --help", async (command) => {
    const { status, stdout } = await runCli([command, "--help"]);
    expect(status).toBe(0);
    expect(stdout.replace(/\s+/g, " ")).toContain("A UTF-8 byte order mark at the start of the input is skipped.");
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
