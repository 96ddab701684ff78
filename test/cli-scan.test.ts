/**
 * `ulid scan` of the built bin, run as a real process, on a generated log with known IDs at known lines: in JSON,
 * URLs, brackets, lower case, two on a line, and decoys that must not match. Also JSON output, --stats, the
 * --since/--until window, standard input, and a log larger than one read.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lines, runCli } from "./helpers/cli.js";
import { refEncode, refTime } from "./helpers/reference.js";
import { randomLog, referenceScan } from "./helpers/scan-reference.js";

/** A ULID at Unix ms `time` with random part `n` (so the IDs of a test are easy to tell apart). */
function idAt(time: number, n: number): string {
  const bytes = new Uint8Array(16);
  new DataView(bytes.buffer).setUint16(0, Math.floor(time / 2 ** 32));
  new DataView(bytes.buffer).setUint32(2, time % 2 ** 32);
  new DataView(bytes.buffer).setUint32(12, n);
  return refEncode(bytes);
}

const T0 = Date.UTC(2026, 3, 15, 2, 0, 0);
const MINUTE = 60_000;
const [J, U, B, L, P1, P2, C] = [0, 10, 20, 30, 40, 50, 60].map((minutes, n) => idAt(T0 + minutes * MINUTE, n + 1)) as [
  string, string, string, string, string, string, string,
];

/** The log, line by line: line numbers are 1-based indexes into this array. */
const LOG_LINES = [
  `{"ts":"2026-04-15T02:00:00Z","level":"info","request_id":"${J}","msg":"ok"}`,
  `127.0.0.1 - - "GET /api/orders/${U}?expand=items HTTP/1.1" 200 512`,
  "nothing to see here: 12345 ABCDEFGHJKMNPQRSTVWXYZ",
  `[${B}] worker started`,
  `level=debug trace=${L.toLowerCase()}`,
  `pair ${P1},${P2}`,
  // Decoys: 27 characters, an overflow, a U inside, glued to letters and digits, 25 characters.
  `decoys ${J}0 8${J.slice(1)} ${J.slice(0, 12)}U${J.slice(13)} x${J} ${J}y 9${J} ${J.slice(1)}`,
  `csv,${C},end`,
];
const LOG = `${LOG_LINES.join("\n")}\n`;
const EXPECTED: [number, string][] = [
  [1, J],
  [2, U],
  [4, B],
  [5, L],
  [6, P1],
  [6, P2],
  [8, C],
];

const dir = mkdtempSync(join(tmpdir(), "ulid-scan-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const logFile = join(dir, "app.log");
writeFileSync(logFile, LOG);

describe("ulid scan", () => {
  it("prints LINE, ID (canonical) and ISO time for each match in a file, and no decoy", async () => {
    const { status, stdout, stderr } = await runCli(["scan", logFile]);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(lines(stdout)).toEqual(EXPECTED.map(([line, id]) => `${line}\t${id}\t${new Date(refTime(id)).toISOString()}`));
  });

  it("reads standard input with - or no argument", async () => {
    const fromFile = (await runCli(["scan", logFile])).stdout;
    expect((await runCli(["scan", "-"], LOG)).stdout).toBe(fromFile);
    expect((await runCli(["scan"], LOG)).stdout).toBe(fromFile);
  });

  it("prints one JSON object per match with --json, with the byte offset", async () => {
    const matches = lines((await runCli(["scan", "--json", logFile])).stdout).map((line) => JSON.parse(line));
    expect(matches.map(({ line, id }) => [line, id])).toEqual(EXPECTED);
    for (const { offset, id, type, time, iso } of matches) {
      expect(LOG.slice(offset, offset + 26).toUpperCase()).toBe(id);
      expect({ type, time, iso }).toEqual({ type: "ulid", time: refTime(id), iso: new Date(refTime(id)).toISOString() });
    }
  });

  it("keeps IDs created at or after --since and before --until (ISO without an offset is UTC)", async () => {
    const { stdout } = await runCli(["scan", logFile, "--since", "2026-04-15T02:10", "--until", String(T0 + 40 * MINUTE)]);
    expect(lines(stdout).map((line) => line.split("\t")[1])).toEqual([U, B, L]);
  });

  it("summarizes with --stats: matches, distinct IDs, first and last time, span, and a histogram", async () => {
    const { status, stdout } = await runCli(["scan", "--stats"], LOG + LOG);
    expect(status).toBe(0);
    const [summary, histogram] = stdout.split("\n\n");
    expect(lines(summary!)).toEqual([
      "matches   14",
      "distinct  7",
      "first     2026-04-15T02:00:00.000Z",
      "last      2026-04-15T03:00:00.000Z",
      "span      1h",
    ]);
    const rows = lines(histogram!);
    expect(rows[0]).toBe("mentions by creation time, per 5m:");
    expect(rows).toHaveLength(1 + 13);
    expect(rows[1]).toMatch(/^2026-04-15T02:00Z  █+ +2$/);
    expect(rows[2]).toMatch(/^2026-04-15T02:05Z {2} +0$/);
  });

  it("gives the summary as one JSON object with --stats --json", async () => {
    const stats = JSON.parse((await runCli(["scan", logFile, "--stats", "--json"])).stdout);
    expect(stats).toMatchObject({
      matches: 7,
      distinct: 7,
      first: "2026-04-15T02:00:00.000Z",
      last: "2026-04-15T03:00:00.000Z",
      spanMs: 60 * MINUTE,
      bucketMs: 5 * MINUTE,
    });
    expect(stats.histogram[0]).toEqual({ start: "2026-04-15T02:00:00.000Z", count: 1 });
    expect(stats.histogram.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(7);
  });

  it("says so for a log without IDs", async () => {
    expect((await runCli(["scan", "--stats"], "no ids\n")).stdout).toBe("matches   0\ndistinct  0\n");
    expect(await runCli(["scan"], "no ids\n")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("finds what the oracle finds in a random log larger than two reads (512 KiB each)", async () => {
    const log = randomLog(1_200_000, 42);
    const file = join(dir, "random.log");
    writeFileSync(file, log);
    // Every time believed: the random IDs are dated anywhere in ULID's range.
    const { status, stdout } = await runCli(["scan", "--json", "--plausible", "..", file]);
    expect(status).toBe(0);
    const found = lines(stdout).map((line) => JSON.parse(line));
    const expected = referenceScan(log);
    expect(found.length).toBe(expected.length);
    expect(found.map(({ line, offset, id }) => `${line}:${offset}:${id}`)).toEqual(
      expected.map(({ line, offset, id }) => `${line}:${offset}:${id}`),
    );
  });

  it.each([
    [["scan", "--since", "later"], 1, /time "later"/],
    [["scan", "--until"], 2, /--until/],
    [["scan", join(dir, "nope.log")], 2, /cannot read .*nope\.log: no such file/],
    [["scan", "a", "b"], 2, /cannot read a: no such file\nulid scan: cannot read b: no such file\n$/],
    [["scan", "--since", "2026-04-15T03:00", "--until", "2026-04-15T02:00"], 2, /--since must be before --until/],
    [["scan", "--since", "2026-04-15", "--until", "2026-04-15"], 2, /--since must be before --until/],
    [["scan", "--stats", "--plausible", "2026"], 2, /--plausible must be FROM\.\.UNTIL/],
    [["scan", "--stats", "--plausible", "2026-01-01..2025-01-01"], 2, /--plausible FROM must be before UNTIL/],
    [["scan", "--plausible", "2026"], 2, /--plausible must be FROM\.\.UNTIL/],
    [["scan", "--type", "ulid,ulid"], 2, /--type names a type twice/],
    [["scan", "--type", "ulid,"], 2, /--type must be ulid, uuidv7, typeid, objectid or xid for scan, several of them separated by commas, or all/],
    [["scan", "--type", "ulid,ksuid"], 2, /a KSUID .* cannot be told from ordinary words/],
  ])("exits with the right status for %j", async (args, expected, message) => {
    const { status, stderr } = await runCli(args, "");
    expect(status).toBe(expected);
    expect(stderr).toMatch(message);
  });
});
