/**
 * `--format parquet|arrow` on `generate`, `decode` and `scan`, read back by real readers: DuckDB (@duckdb/node-api)
 * for Parquet, apache-arrow for the Arrow IPC stream. Every column's type (the UUID logical type, the `arrow.uuid`
 * extension, millisecond UTC timestamps), every value against the text the same command prints and the library's
 * bytes, for IDs of every format; row groups over many rows; the usage and write errors. (DuckDB reads no Arrow IPC
 * file without an extension this machine cannot fetch; chDB reads both: test/clickhouse/.)
 */
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { type Table, tableFromIPC } from "apache-arrow";
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hex } from "../src/internal.js";
import { CLI, lines, runCli, runCliBytes } from "./helpers/cli.js";
import { type FormatKey, formats, objectid, snowflake, typeid, uuidv7, xid } from "../src/index.js";

/** Rows of a row group (src/printer/columnar-file.ts GROUP_ROWS). */
const GROUP_ROWS = 65536;

let dir: string;
let duck: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ulid-columnar-"));
  duck = await (await DuckDBInstance.create(":memory:")).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rows(sql: string): Promise<unknown[][]> {
  return (await duck.runAndReadAll(sql)).getRowsJS() as unknown[][];
}

/** `ulid ...args`, which must succeed quietly. */
async function ok(args: readonly string[], input?: string): Promise<string> {
  const result = await runCli(args, input);
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: "" });
  return result.stdout;
}

/** Parquet's schema of a file as DuckDB reads it: name -> [physical type, type length, logical type]. */
async function parquetSchema(file: string): Promise<Record<string, [string, unknown, string | null]>> {
  const schema = await rows(`SELECT name, type, type_length, logical_type FROM parquet_schema('${file}') WHERE type IS NOT NULL`);
  return Object.fromEntries(schema.map(([name, type, length, logical]) => [name, [type, length === null ? null : Number(length), logical as string | null]]));
}

const TIMESTAMP_MS_UTC = "TimestampType(isAdjustedToUTC=1, unit=TimeUnit(MILLIS=MilliSeconds(), MICROS=<null>, NANOS=<null>))";

/** The binary ID of `id` of format `name` (TypeID: with any prefix) as lower-case hex. */
function bytesHex(name: FormatKey, id: string): string {
  return hex(name === "typeid" ? typeid.decode(id) : (formats[name] as { decode(text: string): Uint8Array }).decode(id));
}

/** A column's values of an Arrow table as plain JavaScript values (timestamps as Unix ms). */
function arrowColumn(table: Table, name: string): unknown[] {
  return [...table.getChild(name)!].map((value) => (typeof value === "bigint" ? Number(value) : value instanceof Uint8Array ? hex(value) : value));
}

const CASES: readonly { name: FormatKey; args: readonly string[] }[] = [
  { name: "ulid", args: [] },
  { name: "flake", args: ["--type", "flake"] },
  { name: "baseuid", args: ["--type", "baseuid"] },
  { name: "uuidv7", args: ["--type", "uuidv7"] },
  { name: "ksuid", args: ["--type", "ksuid"] },
  { name: "typeid", args: ["--type", "typeid", "--prefix", "user"] },
  { name: "snowflake", args: ["--type", "snowflake", "--epoch", "discord"] },
];

describe.each(CASES)("ulid decode $args --format parquet|arrow", ({ name, args }) => {
  const width = formats[name].bytes;
  const count = 70_000;
  let ids: string;
  let expected: string[][];

  beforeAll(async () => {
    ids = join(dir, `${name}.txt`);
    // Random IDs of the format (each with the current time and fresh randomness), decoded by the text command.
    writeFileSync(ids, await ok(["new", String(count), ...args]));
    expected = lines(await ok(["decode", ids, ...args])).map((line) => line.split("\t"));
    expect(expected).toHaveLength(count);
  });

  it("writes a Parquet file DuckDB reads: UUID logical type for 16 bytes, ms UTC timestamps, every value", async () => {
    const file = join(dir, `${name}.parquet`);
    await ok(["decode", ids, ...args, "--format", "parquet", "-o", file]);
    expect(await parquetSchema(file)).toEqual({
      id: ["BYTE_ARRAY", null, "StringType()"],
      bytes: ["FIXED_LEN_BYTE_ARRAY", width, width === 16 ? "UUIDType()" : null],
      ts: ["INT64", null, TIMESTAMP_MS_UTC],
    });
    const types = await rows(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '${file}')`);
    expect(types).toEqual([["id", "VARCHAR"], ["bytes", width === 16 ? "UUID" : "BLOB"], ["ts", "TIMESTAMP WITH TIME ZONE"]]);
    const bytes = width === 16 ? "replace(bytes::VARCHAR, '-', '')" : "lower(hex(bytes))";
    const read = await rows(`SELECT id, epoch_ms(ts)::VARCHAR, strftime(ts AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.%gZ'), ${bytes} FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`);
    expect(read.map((row) => row.slice(0, 3))).toEqual(expected);
    expect(read.map((row) => row[3])).toEqual(expected.map(([id]) => bytesHex(name, id!)));
  });

  it("writes an Arrow IPC stream apache-arrow reads: FixedSizeBinary (arrow.uuid for 16 bytes), Timestamp ms UTC", async () => {
    const file = join(dir, `${name}.arrows`);
    await ok(["decode", ids, ...args, "--format", "arrow", "-o", file]);
    const table = tableFromIPC(readFileSync(file));
    expect(table.schema.fields.map((field) => [field.name, String(field.type), field.nullable, Object.fromEntries(field.metadata)])).toEqual([
      ["id", "Utf8", false, {}],
      ["bytes", `FixedSizeBinary[${width}]`, false, width === 16 ? { "ARROW:extension:name": "arrow.uuid", "ARROW:extension:metadata": "" } : {}],
      ["ts", "Timestamp<MILLISECOND, UTC>", false, {}],
    ]);
    expect(table.numRows).toBe(count);
    expect(arrowColumn(table, "id")).toEqual(expected.map(([id]) => id));
    expect(arrowColumn(table, "ts")).toEqual(expected.map(([, ms]) => Number(ms)));
    expect(arrowColumn(table, "bytes")).toEqual(expected.map(([id]) => bytesHex(name, id!)));
  });
});

describe("ulid decode --type typeid --format parquet (no --prefix)", () => {
  it("writes TypeIDs of any prefix, each as it is, with its UUID's bytes", async () => {
    const ids = Array.from({ length: 30_000 }, (_, i) => typeid.generate(Date.UTC(2026, 0, 1) + i, { prefix: ["user", "", "order_line"][i % 3] }));
    const file = join(dir, "prefixes.parquet");
    await ok(["decode", "--type", "typeid", "--format", "parquet", "-o", file], ids.join("\n") + "\n");
    const read = await rows(`SELECT id, epoch_ms(ts)::VARCHAR, replace(bytes::VARCHAR, '-', '') FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`);
    expect(read).toEqual(ids.map((id, i) => [id, String(Date.UTC(2026, 0, 1) + i), bytesHex("typeid", id)]));
  });
});

describe("ulid decode|generate --type snowflake --format parquet|arrow", () => {
  it("writes Snowflakes of every width, each with its 8 bytes and its time at the epoch given", async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => ((BigInt(i) * 0x9e3779b97f4a7c15n) & ((1n << 63n) - 1n)) >> BigInt(i % 64));
    const ids = values.map((value) => snowflake.fromBigInt(value));
    expect(new Set(ids.map((id) => id.length)).size).toBe(19);
    const file = join(dir, "snowflakes.parquet");
    await ok(["decode", "--type", "snowflake", "--epoch", "discord", "--format", "parquet", "-o", file], `${ids.join("\n")}\n`);
    const read = await rows(`SELECT id, epoch_ms(ts)::VARCHAR, lower(hex(bytes)) FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`);
    expect(read).toEqual(ids.map((id) => [id, String(snowflake.decodeTime(id, { epoch: "discord" })), bytesHex("snowflake", id)]));
    const { status, stdout } = await runCliBytes(["generate", "1000", "--type", "snowflake", "--worker", "5", "--format", "arrow"]);
    expect(status).toBe(0);
    const table = tableFromIPC(stdout);
    const made = arrowColumn(table, "id") as string[];
    expect(made.every((id, i) => i === 0 || snowflake.toBigInt(id) > snowflake.toBigInt(made[i - 1]!))).toBe(true);
    expect(arrowColumn(table, "bytes")).toEqual(made.map((id) => bytesHex("snowflake", id)));
    expect(arrowColumn(table, "ts")).toEqual(made.map((id) => snowflake.decodeTime(id)));
  });
});

describe("ulid generate --format parquet|arrow", () => {
  it("writes row groups of 65536 rows, in order, with each group's time statistics", async () => {
    const file = join(dir, "many.parquet");
    const count = 2 * GROUP_ROWS + 1234;
    await ok(["generate", String(count), "--time", "2026-04-15T02:00:00Z", "--format", "parquet", "-o", file]);
    const groups = await rows(
      `SELECT row_group_id, row_group_num_rows, stats_min_value, stats_max_value FROM parquet_metadata('${file}') WHERE path_in_schema = 'ts' ORDER BY row_group_id`,
    );
    expect(groups.map(([group, rowsInGroup]) => [Number(group), Number(rowsInGroup)])).toEqual([[0, GROUP_ROWS], [1, GROUP_ROWS], [2, 1234]]);
    expect(groups.map(([, , min, max]) => [min, max])).toEqual(Array(3).fill(["2026-04-15 02:00:00+00", "2026-04-15 02:00:00+00"]));
    // A strictly increasing sequence, read back whole and in order, each ID decoding to its bytes.
    const [[total, increasing]] = (await rows(`
      SELECT count(*), bool_and(lag IS NULL OR id > lag)
      FROM (SELECT id, lag(id) OVER (ORDER BY file_row_number) AS lag FROM read_parquet('${file}', file_row_number = true))
    `)) as [[bigint, boolean]];
    expect([Number(total), increasing]).toEqual([count, true]);
    const sample = await rows(`SELECT id, replace(bytes::VARCHAR, '-', '') FROM read_parquet('${file}') USING SAMPLE 500 ROWS`);
    for (const [id, bytes] of sample) expect(bytes).toBe(bytesHex("ulid", id as string));
  });

  it("streams an Arrow IPC stream to a pipe, one record batch per row group", async () => {
    const { status, stdout } = await runCliBytes(["generate", String(GROUP_ROWS + 5), "--type", "uuidv7", "--format", "arrow"]);
    expect(status).toBe(0);
    const table = tableFromIPC(stdout);
    expect(table.batches.map((batch) => batch.numRows)).toEqual([GROUP_ROWS, 5]);
    const ids = arrowColumn(table, "id") as string[];
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(arrowColumn(table, "bytes")).toEqual(ids.map((id) => id.replaceAll("-", "")));
    // `-o -` is standard output too (no file named "-").
    const dash = await runCliBytes(["generate", "5", "--type", "uuidv7", "--format", "arrow", "-o", "-"]);
    expect({ status: dash.status, rows: tableFromIPC(dash.stdout).numRows }).toEqual({ status: 0, rows: 5 });
  });

  it("writes plain fixed-length binary with --plain-binary (Parquet and Arrow)", async () => {
    const file = join(dir, "plain.parquet");
    await ok(["generate", "10", "--format", "parquet", "--plain-binary", "-o", file]);
    expect((await parquetSchema(file)).bytes).toEqual(["FIXED_LEN_BYTE_ARRAY", 16, null]);
    expect(await rows(`SELECT DISTINCT typeof(bytes) FROM '${file}'`)).toEqual([["BLOB"]]);
    const { stdout } = await runCliBytes(["generate", "10", "--format", "arrow", "--plain-binary"]);
    const field = tableFromIPC(stdout).schema.fields[1]!;
    expect([String(field.type), field.metadata.size]).toEqual(["FixedSizeBinary[16]", 0]);
  });

  it("writes a valid empty file for no rows", async () => {
    const file = join(dir, "empty.parquet");
    await ok(["generate", "0", "--format", "parquet", "-o", file]);
    expect(await rows(`SELECT count(*) FROM '${file}'`)).toEqual([[0n]]);
    const { stdout } = await runCliBytes(["generate", "0", "--format", "arrow"]);
    expect(tableFromIPC(stdout).numRows).toBe(0);
  });
});

describe("ulid scan --format parquet|arrow", () => {
  /** A log of every scannable type, mixed on lines, in either case, with IDs of one time and of many. */
  function log(): string {
    const text: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const time = Date.UTC(2026, 3, 15) + i * 997;
      const ulid = formats.ulid.generate(time);
      const uuid = uuidv7.generate(time);
      const tid = typeid.generate(time, { prefix: i % 2 ? "user" : undefined });
      text.push(`${i} GET /orders/${i % 3 ? ulid : ulid.toLowerCase()} req=${uuid.toUpperCase()} by=${tid} etag=${"f".repeat(26)}`);
    }
    return text.join("\n") + "\n";
  }

  it("writes file, line, offset, type, id, bytes, ts for every match, as --json prints them", async () => {
    const path = join(dir, "app.log");
    writeFileSync(path, log());
    const types = "ulid,uuidv7,typeid";
    const json = lines(await ok(["scan", path, "--type", types, "--json", "-H"])).map((line) => JSON.parse(line));
    const file = join(dir, "scan.parquet");
    await ok(["scan", path, "--type", types, "--format", "parquet", "-o", file]);
    expect(await parquetSchema(file)).toEqual({
      file: ["BYTE_ARRAY", null, "StringType()"],
      line: ["INT64", null, null],
      offset: ["INT64", null, null],
      type: ["BYTE_ARRAY", null, "StringType()"],
      id: ["BYTE_ARRAY", null, "StringType()"],
      bytes: ["FIXED_LEN_BYTE_ARRAY", 16, "UUIDType()"],
      ts: ["INT64", null, TIMESTAMP_MS_UTC],
    });
    const read = await rows(
      `SELECT file, line, "offset", type, id, epoch_ms(ts), replace(bytes::VARCHAR, '-', '') FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`,
    );
    expect(json).toHaveLength(9000);
    expect(read.map(([f, line, offset, type, id, ms]) => ({ file: f, line: Number(line), offset: Number(offset), type, id, time: Number(ms) }))).toEqual(
      json.map(({ file: f, line, offset, type, id, time }) => ({ file: f, line, offset, type, id, time })),
    );
    expect(read.map((row) => row[6])).toEqual(json.map(({ type, id }) => bytesHex(type, id)));

    const arrow = tableFromIPC(await runCliBytes(["scan", path, "--type", types, "--format", "arrow"]).then(({ stdout }) => stdout));
    expect(arrowColumn(arrow, "offset")).toEqual(json.map(({ offset }) => offset));
    expect(arrowColumn(arrow, "type")).toEqual(json.map(({ type }) => type));
    expect(arrowColumn(arrow, "line")).toEqual(json.map(({ line }) => line));
  });

  it("writes variable-length bytes for types of several widths (--type all: ObjectIds and XIDs are 12 bytes)", async () => {
    const path = join(dir, "mixed.log");
    const time = Date.UTC(2026, 3, 15);
    writeFileSync(path, `${log()}oid=${objectid.generate(time)} xid=${xid.generate(time)}\n`);
    const json = lines(await ok(["scan", path, "--type", "all", "--json"])).map((line) => JSON.parse(line));
    expect(new Set(json.map(({ type }) => type))).toEqual(new Set(["ulid", "uuidv7", "typeid", "objectid", "xid"]));
    const file = join(dir, "all.parquet");
    await ok(["scan", path, "--type", "all", "--format", "parquet", "-o", file]);
    expect((await parquetSchema(file)).bytes).toEqual(["BYTE_ARRAY", null, null]);
    const read = await rows(`SELECT type, id, lower(hex(bytes)) FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`);
    expect(read).toEqual(json.map(({ type, id }) => [type, id, bytesHex(type, id)]));
  });

  it("keeps --since/--until and the plausible window, and names standard input", async () => {
    const file = join(dir, "window.parquet");
    const input = log();
    await ok(["scan", "--since", "2026-04-15T00:10", "--format", "parquet", "-o", file], input);
    const expected = lines(await ok(["scan", "--since", "2026-04-15T00:10"], input)).map((line) => line.split("\t")[1]);
    const read = await rows(`SELECT DISTINCT file FROM '${file}'`);
    expect(read).toEqual([["(standard input)"]]);
    expect((await rows(`SELECT id FROM read_parquet('${file}', file_row_number = true) ORDER BY file_row_number`)).map(([id]) => id)).toEqual(expected);
  });
});

describe("memory", () => {
  /** Prints the process's peak RSS (VmHWM, kB) on standard error as it exits. */
  const PEAK_HOOK = `data:text/javascript,${encodeURIComponent(
    'import { readFileSync } from "node:fs"; process.on("exit", () => process.stderr.write("peak " + /VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1] + "\\n"));',
  )}`;
  async function peakMB(args: readonly string[]): Promise<number> {
    const { status, stderr } = await runCli(args, undefined, undefined, ["--import", PEAK_HOOK]);
    expect(status).toBe(0);
    return Number(/peak (\d+)/.exec(stderr)![1]) / 1024;
  }

  it.runIf(process.platform === "linux")("stays flat: ten times the rows, the same peak (generate, and decode from a file)", async () => {
    const ids = join(dir, "memory.txt");
    writeFileSync(ids, await ok(["generate", "2000000"]));
    writeFileSync(join(dir, "memory-small.txt"), lines(readFileSync(ids, "utf8")).slice(0, 200_000).join("\n") + "\n");
    const out = join(dir, "memory.parquet");
    const small = await peakMB(["generate", "200000", "--format", "parquet", "-o", out]);
    const large = await peakMB(["generate", "2000000", "--format", "parquet", "-o", out]);
    const smallDecode = await peakMB(["decode", join(dir, "memory-small.txt"), "--format", "arrow", "-o", out]);
    const largeDecode = await peakMB(["decode", ids, "--format", "arrow", "-o", out]);
    // Holding the rows would take 54 bytes each: 97 MB more for the larger runs. A row group's columns take ~4 MB.
    expect(large - small).toBeLessThan(30);
    expect(largeDecode - smallDecode).toBeLessThan(30);
  });
});

describe("errors", () => {
  it.each([
    [["generate", "5", "--format", "parquet"], /--format parquet needs -o FILE/],
    [["generate", "5", "--format", "parquet", "-o", "-"], /--format parquet needs -o FILE \(not standard output\)/],
    [["generate", "5", "-o", "-"], /-o is for --format parquet or arrow/],
    [["generate", "5", "--format", "csv", "-o", "x"], /--format must be text, parquet or arrow/],
    [["generate", "5", "--plain-binary"], /--plain-binary is for --format parquet or arrow/],
    [["generate", "5", "-o", "x.txt"], /-o is for --format parquet or arrow/],
    [["generate", "5", "--binary", "--format", "arrow"], /--binary does not go with --format arrow/],
    [["decode", "--json", "--format", "parquet", "-o", "x"], /--json does not go with --format parquet/],
    [["scan", "--stats", "--format", "arrow"], /--stats does not go with --format arrow/],
  ])("exits 2 for %j", async (args, message) => {
    const { status, stdout, stderr } = await runCli(args as string[], "");
    expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
    expect(stderr).toMatch(message);
  });

  it("exits 2 when -o is one of the inputs (it would be emptied before it is read), and leaves it as it was", async () => {
    const log = join(dir, "input.log");
    const text = "01ARZ3NDEKTSV4RRFFQ69G5FAV\n";
    writeFileSync(log, text);
    for (const [args, input] of [
      [["scan", log, "--format", "parquet", "-o", log], undefined],
      [["scan", join(dir, "missing.log"), log, "--format", "arrow", "-o", log], undefined],
      [["decode", log, "--format", "parquet", "-o", log], undefined],
    ] as const) {
      const { status, stdout, stderr } = await runCli(args, input);
      expect({ status, stdout }).toEqual({ status: 2, stdout: "" });
      expect(stderr).toMatch(new RegExp(`^ulid \\w+: -o ${log} is also an input \\(${log}\\)`));
      expect(readFileSync(log, "utf8")).toBe(text);
    }
    // Standard input read from the file (`< input.log`).
    const stdin = openSync(log, "r");
    const child = spawnSync(process.execPath, [CLI, "decode", "--format", "parquet", "-o", log], { stdio: [stdin, "pipe", "pipe"], encoding: "utf8" });
    closeSync(stdin);
    expect(child.status).toBe(2);
    expect(child.stderr).toMatch(/is also an input \(standard input\)/);
    expect(readFileSync(log, "utf8")).toBe(text);
    // Standard output appended to an input (`>> input.log`) would grow it for as long as it is read.
    for (const args of [["scan", log], ["scan", log, "--format", "arrow"], ["decode", log], ["decode"]]) {
      const input = args.length === 1 ? openSync(log, "r") : "ignore";
      const out = openSync(log, "a");
      const appended = spawnSync(process.execPath, [CLI, ...args], { stdio: [input, out, "pipe"], encoding: "utf8" });
      closeSync(out);
      if (input !== "ignore") closeSync(input);
      expect({ args, status: appended.status }).toEqual({ args, status: 2 });
      expect(appended.stderr).toMatch(/^ulid \w+: standard output is also an input \((standard input|.*input\.log)\): it would grow as it is read\n/);
      expect(readFileSync(log, "utf8")).toBe(text);
    }
    // A summary is written once the input is read.
    const out = openSync(log, "a");
    expect(spawnSync(process.execPath, [CLI, "scan", log, "--stats", "--plausible", ".."], { stdio: ["ignore", out, "pipe"] }).status).toBe(0);
    closeSync(out);
  });

  it("removes what a run that fails midway wrote to -o FILE (a partial file would look like a result)", async () => {
    const file = join(dir, "partial.parquet");
    writeFileSync(file, "an older file");
    // A pinned millisecond holds 4,096 Snowflakes of one worker: the run fails (status 1) after the file's start.
    for (const format of ["parquet", "arrow"]) {
      const { status, stderr } = await runCli(["generate", "9000", "--type", "snowflake", "--time", "2026-04-15", "--format", format, "-o", file]);
      expect({ format, status, exists: existsSync(file) }).toEqual({ format, status: 1, exists: false });
      expect(stderr).toMatch(/^ulid generate: the TIME given held 4096 Snowflakes/);
    }
    // A device given as FILE is no file of ours to remove.
    expect((await runCli(["generate", "100000", "--format", "arrow", "-o", "/dev/full"])).status).toBe(3);
    expect(existsSync("/dev/full")).toBe(true);
  });

  it("exits 3 naming the file when -o cannot be created or written", async () => {
    const missing = join(dir, "no-such-dir", "ids.parquet");
    const created = await runCli(["generate", "5", "--format", "parquet", "-o", missing]);
    expect(created.status).toBe(3);
    expect(created.stderr).toBe(`ulid generate: cannot write ${missing}: no such file\n`);
    const full = await runCli(["generate", "100000", "--format", "arrow", "-o", "/dev/full"]);
    expect(full.status).toBe(3);
    expect(full.stderr).toBe("ulid generate: cannot write /dev/full: no space left on device (ENOSPC)\n");
  });

  it("exits 1 for a bad line and still finishes the file with the good ones (and stops at it with --strict)", async () => {
    const [a, b] = lines(await ok(["generate", "2"]));
    const file = join(dir, "bad.parquet");
    const result = await runCli(["decode", "--format", "parquet", "-o", file], `${a}\nnot-an-id\n${b}\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^line 2: /);
    expect(await rows(`SELECT id FROM '${file}'`)).toEqual([[a], [b]]);
    const strict = await runCli(["decode", "--strict", "--format", "parquet", "-o", file], `${a}\nnot-an-id\n${b}\n`);
    expect(strict.status).toBe(1);
    expect(await rows(`SELECT id FROM '${file}'`)).toEqual([[a]]);
  });
});
