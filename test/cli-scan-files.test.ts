/**
 * `ulid scan` on real logs, on the built bin: coloured output (the kubectl line), several files named as
 * grep -H names them, --stats over all of them with implausible tokens kept apart, and a missing file reported
 * and skipped with exit status 2, as grep and ripgrep do.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lines, runCli } from "./helpers/cli.js";

const A = "01KP7E2GJZT2E1V21R4FCE3N82";
const B = "01KP7RTPGZB62RC63XPYZENR1F";
const UUID = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
const ISO_A = "2026-04-15T02:03:40.511Z";
const ISO_B = "2026-04-15T05:11:38.783Z";

const dir = mkdtempSync(join(tmpdir(), "ulid-scan-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const first = file("a.log", `req \x1b[36m${A}\x1b[0m\n`);
// An etag and a 26-digit number that decode to 1970 and year 10889: implausible.
const second = file("b.log", `\x1b[1;32mINFO\x1b[0m ${B} etag=00000000000000000000000001\n${A} 7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n`);
const uuids = file("c.log", `\x1b[38;5;208m${UUID}\x1b[0m\n`);

describe("ulid scan on coloured logs", () => {
  it("finds the ID of the issue's kubectl line, from standard input and from a file", async () => {
    const expected = { status: 0, stdout: `1\t${A}\t${ISO_A}\n`, stderr: "" };
    expect(await runCli(["scan"], `req \x1b[36m${A}\x1b[0m\n`)).toEqual(expected);
    expect(await runCli(["scan", first])).toEqual(expected);
  });

  it("finds a coloured UUID v7 with --type uuidv7", async () => {
    expect((await runCli(["scan", "--type", "uuidv7", uuids])).stdout).toBe(`1\t${UUID}\t2022-02-22T19:22:22.000Z\n`);
  });
});

describe("ulid scan with several files", () => {
  it("names the file on each match, as grep -H does", async () => {
    const { status, stdout, stderr } = await runCli(["scan", first, second, "--plausible", ".."]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(lines(stdout)).toEqual([
      `${first}\t1\t${A}\t${ISO_A}`,
      `${second}\t1\t${B}\t${ISO_B}`,
      `${second}\t1\t00000000000000000000000001\t1970-01-01T00:00:00.000Z`,
      `${second}\t2\t${A}\t${ISO_A}`,
      `${second}\t2\t7ZZZZZZZZZZZZZZZZZZZZZZZZZ\t+010889-08-02T05:31:50.655Z`,
    ]);
    // By default, the etag and the number dated 1970 and 10889 are left out.
    expect(lines((await runCli(["scan", first, second])).stdout)).toEqual([
      `${first}\t1\t${A}\t${ISO_A}`,
      `${second}\t1\t${B}\t${ISO_B}`,
      `${second}\t2\t${A}\t${ISO_A}`,
    ]);
  });

  it("names standard input '(standard input)', and -H / --no-filename force the choice", async () => {
    expect((await runCli(["scan", first, "-"], `${B}\n`)).stdout).toBe(
      `${first}\t1\t${A}\t${ISO_A}\n(standard input)\t1\t${B}\t${ISO_B}\n`,
    );
    expect((await runCli(["scan", "-H", first])).stdout).toBe(`${first}\t1\t${A}\t${ISO_A}\n`);
    expect((await runCli(["scan", "--no-filename", first, first])).stdout).toBe(`1\t${A}\t${ISO_A}\n`.repeat(2));
  });

  it("puts the file first in JSON, its name escaped", async () => {
    const odd = file('odd "name".log', `${A}\n`);
    const rows = lines((await runCli(["scan", "--json", first, odd])).stdout).map((line) => JSON.parse(line));
    expect(rows.map((row) => Object.keys(row)[0])).toEqual(["file", "file"]);
    expect(rows.map((row) => [row.file, row.line, row.offset, row.type, row.id])).toEqual([
      [first, 1, 9, "ulid", A],
      [odd, 1, 0, "ulid", A],
    ]);
  });

  it("reports a missing file on stderr, scans the others and ends with status 2", async () => {
    const missing = join(dir, "missing.log");
    const { status, stdout, stderr } = await runCli(["scan", missing, first]);
    expect(status).toBe(2);
    expect(stderr).toBe(`ulid scan: cannot read ${missing}: no such file\n`);
    expect(stdout).toBe(`${first}\t1\t${A}\t${ISO_A}\n`);
  });

  it("gives --stats over all the files, implausible tokens counted apart", async () => {
    const { status, stdout } = await runCli(["scan", "--stats", first, second]);
    expect(status).toBe(0);
    const [summary, histogram] = stdout.split("\n\n");
    expect(lines(summary!).map((row) => row.replace(/\.\..*/, ".."))).toEqual([
      "matches      5",
      "distinct     4",
      "implausible  2 (2 distinct): times outside 2000-01-01T00:00:00.000Z..",
      `first        ${ISO_A}`,
      `last         ${ISO_B}`,
      "span         3h 7m 58.272s",
    ]);
    expect(lines(histogram!)[0]).toBe("mentions by creation time, per 5m:");
    const json = JSON.parse((await runCli(["scan", "--stats", "--json", first, second, "--plausible", ".."])).stdout);
    expect(json).toMatchObject({ matches: 5, distinct: 4, implausible: { matches: 0, distinct: 0 }, first: "1970-01-01T00:00:00.000Z" });
  });
});
