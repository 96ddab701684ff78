/**
 * `ulid scan --type uuidv7` reports each UUID once, whatever the text around it and however the input is read:
 * a UUID v7 alone on a line (37 bytes with its newline) was once reported twice. Run on the built bin, so it keeps
 * holding whichever scanner the command uses.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lines, runCli } from "./helpers/cli.js";

const V7 = "01908178-558b-77d9-a1da-7bcb522509b0";
const ISO = "2024-07-05T05:57:45.483Z";

/** Texts around one UUID v7 whose lengths sit around the scanner's 37-byte carry: before, after, both. */
const AROUND: [string, string][] = [
  ["", ""],
  ["", "\n"],
  ["", "\n\n"],
  ["", " \n"],
  [" ", ""],
  [" ", "\n"],
  ["x ", "\n"],
  ["\n", "\n"],
  ["", "\r\n"],
];

const dir = mkdtempSync(join(tmpdir(), "ulid-defects-scan-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("ulid scan --type uuidv7 reports a UUID once", () => {
  it.each(AROUND)("from standard input, %j before and %j after", async (before, after) => {
    const text = `${before}${V7}${after}`;
    const line = before.includes("\n") ? 2 : 1;
    const { status, stdout, stderr } = await runCli(["scan", "--type", "uuidv7"], text);
    expect({ status, stderr, lines: lines(stdout) }).toEqual({ status: 0, stderr: "", lines: [`${line}\t${V7}\t${ISO}`] });
  });

  it("from a file of one UUID line, and with --json", async () => {
    const file = join(dir, "one.log");
    writeFileSync(file, `${V7}\n`);
    const plain = await runCli(["scan", "--type", "uuidv7", file]);
    expect(lines(plain.stdout)).toEqual([`1\t${V7}\t${ISO}`]);
    const json = await runCli(["scan", "--type", "uuidv7", "--json"], `${V7}\n`);
    expect(lines(json.stdout).map((l) => JSON.parse(l))).toMatchObject([{ type: "uuidv7", id: V7 }]);
  });

  it("two UUIDs on lines of their own, each once", async () => {
    const other = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
    const { stdout } = await runCli(["scan", "--type", "uuidv7"], `${V7}\n${other}\n`);
    expect(lines(stdout).map((l) => l.split("\t")[1])).toEqual([V7, other]);
  });
});
