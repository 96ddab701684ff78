/**
 * `ulid scan` over several types in one pass and its plausible window: `--type ulid,uuidv7` and `--type all`
 * against each format's regex reference on a mixed log (the type column in text, "type" and "id" in every JSON
 * object), the default window leaving out what `--stats` counts as implausible, `--plausible FROM..UNTIL` and `..`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scannableNames } from "../src/internal.js";
import { lines, runCli } from "./helpers/cli.js";
import { type ExpectedFormatMatch, randomMixedLog, referenceFormatsScan } from "./helpers/scan-reference.js";

const dir = mkdtempSync(join(tmpdir(), "ulid-scan-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = randomMixedLog(300_000, 77);
const path = join(dir, "mixed.log");
writeFileSync(path, Buffer.from(text, "latin1"));

const Y2000 = Date.UTC(2000, 0, 1);
const iso = (time: number): string => new Date(time).toISOString();
const textLine = (m: ExpectedFormatMatch): string => `${m.line}\t${m.format}\t${m.id}\t${iso(m.time)}`;

describe("ulid scan --type with several types", () => {
  it("prints a type column, matches as each format's reference finds them, each span once", async () => {
    for (const [type, list] of [
      ["ulid,uuidv7", ["ulid", "uuidv7"]],
      ["typeid,ulid", ["typeid", "ulid"]],
      ["all", scannableNames()],
    ] as const) {
      const expected = referenceFormatsScan(text, list);
      for (const format of list) expect(expected.filter((m) => m.format === format).length).toBeGreaterThan(100);
      const { status, stdout, stderr } = await runCli(["scan", path, "--type", type, "--plausible", ".."]);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(lines(stdout)).toEqual(expected.map(textLine));
    }
  });

  it("gives every JSON object its id and type, whatever the types", async () => {
    const expected = referenceFormatsScan(text, scannableNames());
    const all = lines((await runCli(["scan", path, "--type", "all", "--json", "--plausible", ".."])).stdout).map((line) => JSON.parse(line));
    expect(all.map(({ line, offset, type, id, time }) => ({ line, offset, format: type, id, time }))).toEqual(expected);
    expect(Object.keys(all[0])).toEqual(["line", "offset", "type", "id", "time", "iso"]);
    const one = lines((await runCli(["scan", path, "--type", "uuidv7", "--json"])).stdout).map((line) => JSON.parse(line));
    expect(one.length).toBeGreaterThan(50);
    expect(one.every(({ type, id }) => type === "uuidv7" && typeof id === "string")).toBe(true);
  });

  it("prints by default only plausible times, and --stats counts what it leaves out", async () => {
    const now = Date.now();
    const expected = referenceFormatsScan(text, scannableNames());
    const plausible = expected.filter((m) => m.time >= Y2000 && m.time < now + 86_400_000);
    expect(plausible.length).toBeGreaterThan(100);
    expect(plausible.length).toBeLessThan(expected.length - 100);
    const [printed, stats] = await Promise.all([
      runCli(["scan", path, "--type", "all"]),
      runCli(["scan", path, "--type", "all", "--stats", "--json"]),
    ]);
    expect(lines(printed.stdout)).toEqual(plausible.map(textLine));
    const counts = JSON.parse(stats.stdout) as { matches: number; implausible: { matches: number } };
    expect(counts.matches).toBe(expected.length);
    expect(counts.matches - counts.implausible.matches).toBe(plausible.length);
  });

  it("takes another window with --plausible FROM..UNTIL, and with --since and --until prints the times in both", async () => {
    const from = Date.UTC(2010, 0, 1);
    const until = Date.UTC(2020, 0, 1);
    const expected = referenceFormatsScan(text, ["uuidv7", "ulid"]);
    const inside = expected.filter((m) => m.time >= from && m.time < until);
    expect(inside.length).toBeGreaterThan(10);
    const window = await runCli(["scan", path, "--type", "uuidv7,ulid", "--plausible", "2010-01-01..2020-01-01"]);
    expect(lines(window.stdout)).toEqual(inside.map(textLine));
    const both = await runCli(["scan", path, "--type", "uuidv7,ulid", "--plausible", "2010-01-01..", "--until", "2020-01-01"]);
    expect(both.stdout).toBe(window.stdout);
    const open = await runCli(["scan", path, "--type", "uuidv7,ulid", "--plausible", "..2020-01-01"]);
    expect(lines(open.stdout)).toEqual(expected.filter((m) => m.time < until).map(textLine));
  });
});
