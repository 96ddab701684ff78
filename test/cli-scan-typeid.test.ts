/**
 * `ulid scan --type typeid` as a real process: the TypeIDs of random logs full of decoys as the regular-expression
 * reference finds them (helpers/scan-reference.ts), printed as found with line, offset and time, in plain and JSON
 * output; named files, standard input, colours, time windows, --stats; and --jobs printing what one job prints,
 * byte for byte.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { latin1 } from "./helpers/reference.js";
import { type CliResult, type ScanJsonMatch, lines, runCli } from "./helpers/cli.js";
import { randomTypeIdLog, referenceTypeIdScan } from "./helpers/scan-reference.js";

const VECTOR = "prefix_01h455vb4pex5vsknk084sn02q";
const VECTOR_ISO = "2023-06-30T03:34:18.518Z";
const NIL = "00000000000000000000000000";
/** The largest time a Date holds: later ones (the suffixes of random logs reach 2^48 - 1 ms) have no toISOString. */
const MAX_DATE_MS = 8.64e15;

const dir = mkdtempSync(join(tmpdir(), "ulid-scan-typeid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** A file holding `text` as Latin-1 bytes (one byte per char, as the reference reads them). */
const file = (text: string): string => {
  const path = join(dir, `${files++}.log`);
  writeFileSync(path, latin1(text));
  return path;
};

const parsed = (result: CliResult): ScanJsonMatch[] => lines(result.stdout).map((line) => JSON.parse(line) as ScanJsonMatch);

describe("ulid scan --type typeid", () => {
  it("prints each TypeID as found, with its line and the time of its UUID, in plain and JSON output", async () => {
    const text = `{"id":"${VECTOR}"}\nuser=pre_fix_${NIL} User_${NIL} \x1b[36m${VECTOR}\x1b[0m\n${VECTOR.toUpperCase()}`;
    const path = file(text);
    // Every time believed (the nil UUID's is 1970).
    const plain = await runCli(["scan", "--type", "typeid", "--plausible", "..", path]);
    expect(plain).toEqual({
      status: 0,
      stdout: `1\t${VECTOR}\t${VECTOR_ISO}\n2\tpre_fix_${NIL}\t1970-01-01T00:00:00.000Z\n2\t${VECTOR}\t${VECTOR_ISO}\n`,
      stderr: "",
    });
    expect(parsed(await runCli(["scan", "--type", "typeid", "--json", "--plausible", "..", path]))).toEqual([
      { line: 1, offset: 7, type: "typeid", id: VECTOR, time: 0x01890a5dac96, iso: VECTOR_ISO },
      { line: 2, offset: 48, type: "typeid", id: `pre_fix_${NIL}`, time: 0, iso: "1970-01-01T00:00:00.000Z" },
      { line: 2, offset: 120, type: "typeid", id: VECTOR, time: 0x01890a5dac96, iso: VECTOR_ISO },
    ]);
    // By default, only plausible times: not 1970's.
    expect((await runCli(["scan", "--type", "typeid", path])).stdout).toBe(`1\t${VECTOR}\t${VECTOR_ISO}\n2\t${VECTOR}\t${VECTOR_ISO}\n`);
    // Standard input, and a time window.
    expect(await runCli(["scan", "--type", "typeid", "--since", "2020-01-01"], text)).toEqual({
      status: 0,
      stdout: `1\t${VECTOR}\t${VECTOR_ISO}\n2\t${VECTOR}\t${VECTOR_ISO}\n`,
      stderr: "",
    });
  });

  it("finds what the reference finds in random logs of TypeIDs and decoys", async () => {
    for (const seed of [1, 2, 3]) {
      const text = randomTypeIdLog(40_000, seed);
      const expected = referenceTypeIdScan(text);
      expect(expected.length).toBeGreaterThan(100);
      const found = parsed(await runCli(["scan", "--type", "typeid", "--json", "--plausible", "..", file(text)]));
      expect(found.map(({ iso: _, ...match }) => match)).toEqual(
        expected.map(({ id, offset, time, line }) => ({ line, offset, type: "typeid", id, time })),
      );
      for (const { time, iso } of found) if (time < MAX_DATE_MS) expect(iso).toBe(new Date(time).toISOString());
    }
  });

  it("names the files with several, or with -H, and goes on past a missing one (status 2)", async () => {
    const a = file(`${VECTOR}\n`);
    const b = file(`x ${NIL}\n`);
    const result = await runCli(["scan", "--type", "typeid", "--plausible", "..", a, join(dir, "missing.log"), b]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("missing.log");
    expect(result.stdout).toBe(`${a}\t1\t${VECTOR}\t${VECTOR_ISO}\n${b}\t1\t${NIL}\t1970-01-01T00:00:00.000Z\n`);
    expect(parsed(await runCli(["scan", "--type", "typeid", "-H", "--json", a]))).toEqual([
      { file: a, line: 1, offset: 0, type: "typeid", id: VECTOR, time: 0x01890a5dac96, iso: VECTOR_ISO },
    ]);
  });

  it("--stats counts matches, distinct UUIDs (a prefix is a tag on the UUID) and implausible times", async () => {
    const path = file(`${VECTOR} ${VECTOR} user_${VECTOR.slice(-26)} ${NIL}\n`.repeat(20));
    const { status, stdout } = await runCli(["scan", "--type", "typeid", path, "--stats", "--json", "--plausible", "2000-01-01..2030-01-01"]);
    expect(status).toBe(0);
    const stats = JSON.parse(stdout) as { matches: number; distinct: number; implausible: { matches: number; distinct: number }; first: string };
    expect(stats).toMatchObject({ matches: 80, distinct: 2, implausible: { matches: 20, distinct: 1 }, first: VECTOR_ISO });
  });

  it("--jobs prints what one job prints, byte for byte, with ranges cut anywhere (inside long prefixes too)", async () => {
    const text = randomTypeIdLog(30_000, 7);
    const path = file(text);
    // Every time believed, for lines enough (the random TypeIDs are dated anywhere), and the default window once.
    for (const variant of [["--plausible", ".."], ["--json", "--plausible", ".."], ["-H", "--plausible", ".."], ["--since", "1990-01-01", "--plausible", ".."], []]) {
      for (const range of [1, 37, 500]) {
        const env = { ULID_SCAN_RANGE_BYTES: String(range) };
        const args = ["scan", "--type", "typeid", path, ...variant];
        const [one, two] = await Promise.all([
          runCli([...args, "--jobs", "1"], undefined, env),
          runCli([...args, "--jobs", "2"], undefined, env),
        ]);
        expect(two).toEqual(one);
        expect(one.status).toBe(0);
        if (variant.length > 0) expect(lines(one.stdout).length).toBeGreaterThan(50);
      }
    }
  });
});
