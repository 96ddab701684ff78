/**
 * The inspecting commands of the built `ulid` bin, run as real processes: `parse`, `validate` (arguments and
 * standard input), and the help and usage errors of the command as a whole.
 */
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CLI, lines, runCli } from "./helpers/cli.js";
import { SPEC_MAX, SPEC_OVERFLOW, SPEC_ZERO_RANDOM } from "./vectors.js";

const A = SPEC_ZERO_RANDOM;
const BAD_CHAR = `${A.ulid.slice(0, 10)}U${A.ulid.slice(11)}`;
const COMMANDS = ["new", "monotonic", "from-time", "parse", "validate", "generate", "decode", "scan"];

describe("ulid (the command itself)", () => {
  it("is the package's bin: an executable node script", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(pkg.bin).toEqual({ ulid: "./dist/cli.cjs", "ulid-wasm": "./dist/cli.cjs" });
    expect(readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    expect(statSync(CLI).mode & 0o111).not.toBe(0);
  });

  it.each([["--help"], ["-h"], ["help"]])("%s lists every command and exits 0", async (flag) => {
    const { status, stdout, stderr } = await runCli([flag]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    for (const command of COMMANDS) expect(stdout).toContain(`\n  ${command}`);
    expect(stdout).toContain("Exit status: 0 ok, 1 bad data");
  });

  it.each(COMMANDS)("%s --help shows its usage and exits 0", async (command) => {
    const { status, stdout, stderr } = await runCli([command, "--help"]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(stdout).toMatch(new RegExp(`^Usage: ulid ${command}`));
    expect(stdout).toContain("Example");
  });

  it("help COMMAND is COMMAND --help, and help help the overview", async () => {
    expect((await runCli(["help", "scan"])).stdout).toBe((await runCli(["scan", "--help"])).stdout);
    expect(await runCli(["help", "help"])).toEqual(await runCli(["help"]));
  });

  it("exits 2 with the overview on standard error without a command, with a pointer to it for an unknown one", async () => {
    const missing = await runCli([]);
    expect({ status: missing.status, stdout: missing.stdout }).toEqual({ status: 2, stdout: "" });
    expect(missing.stderr).toMatch(/^ulid: missing command\n\nUsage: ulid <command>/);
    expect(await runCli(["frobnicate"])).toEqual({
      status: 2,
      stdout: "",
      stderr: `ulid: unknown command "frobnicate"\nRun 'ulid --help' for the commands.\n`,
    });
  });
});

describe("ulid parse", () => {
  it("prints a block per ID, in canonical form", async () => {
    const { status, stdout } = await runCli(["parse", A.ulid, "01arYZ6S41oooooooooooooooo"]);
    const block = [
      A.ulid,
      `  time    ${A.time}`,
      "  iso     2016-07-30T22:36:16.385Z",
      "  random  00000000000000000000",
      "  bytes   01563df3648100000000000000000000",
      `  uuid    ${A.uuid}`,
    ].join("\n");
    expect({ status, stdout }).toEqual({ status: 0, stdout: `${block}\n\n${block}\n` });
  });

  it("prints one JSON object per line with --format json", async () => {
    const { status, stdout } = await runCli(["parse", A.ulid, SPEC_MAX.ulid, "--format", "json"]);
    expect(status).toBe(0);
    expect(lines(stdout).map((line) => JSON.parse(line))).toEqual([
      {
        ulid: A.ulid,
        time: A.time,
        iso: "2016-07-30T22:36:16.385Z",
        random: "00000000000000000000",
        bytes: "01563df3648100000000000000000000",
        uuid: A.uuid,
      },
      {
        ulid: SPEC_MAX.ulid,
        time: SPEC_MAX.time,
        iso: "+010889-08-02T05:31:50.655Z",
        random: "ff".repeat(10),
        bytes: "ff".repeat(16),
        uuid: SPEC_MAX.uuid,
      },
    ]);
  });

  it("names an invalid ID on standard error, still shows the others, and exits 1", async () => {
    const { status, stdout, stderr } = await runCli(["parse", SPEC_OVERFLOW, A.ulid, "--format", "json"]);
    expect(status).toBe(1);
    expect(JSON.parse(stdout).ulid).toBe(A.ulid);
    expect(stderr).toBe(
      `"${SPEC_OVERFLOW}" overflows 128 bits: the first character must be 0-7 (largest ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)\n`,
    );
  });

  it("exits 2 with an unknown format", async () => {
    const { status, stderr } = await runCli(["parse", A.ulid, "--format", "xml"]);
    expect(status).toBe(2);
    expect(stderr).toContain('--format must be text or json, got "xml"');
  });
});

describe("ulid validate", () => {
  it("exits 0 and prints nothing when every ID is valid", async () => {
    expect(await runCli(["validate", A.ulid, SPEC_MAX.ulid, A.ulid.toLowerCase()])).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("exits 1 and names each invalid ID with the reason: character and position, overflow, length", async () => {
    const { status, stdout, stderr } = await runCli(["validate", BAD_CHAR, A.ulid, SPEC_OVERFLOW, "01AR"]);
    expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
    expect(lines(stderr)).toEqual([
      `invalid character "U" (U+0055) at position 10 in "${BAD_CHAR}"`,
      `"${SPEC_OVERFLOW}" overflows 128 bits: the first character must be 0-7 (largest ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)`,
      'a ULID has 26 characters, got 4: "01AR"',
    ]);
  });

  it("reads one ID per line from standard input with -, naming bad lines", async () => {
    expect(await runCli(["validate", "-"], `${A.ulid}\n${SPEC_MAX.ulid}\n`)).toEqual({ status: 0, stdout: "", stderr: "" });
    const { status, stderr } = await runCli(["validate", "-"], `${A.ulid}\n${BAD_CHAR}\n\n${A.ulid}`);
    expect(status).toBe(1);
    expect(lines(stderr)).toEqual([
      `line 2: invalid character "U" (U+0055) at position 10 in "${BAD_CHAR}"`,
      'line 3: a ULID has 26 characters, got 0: ""',
    ]);
  });

  it("exits 2 with - among IDs", async () => {
    expect((await runCli(["validate", A.ulid, "-"])).status).toBe(2);
  });
});
