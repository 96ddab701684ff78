/**
 * ClickHouse, through chDB (ClickHouse in process; installed into .cache/chdb by scripts/install-chdb.mjs before the
 * deep tier): it reads the command's Parquet and Arrow files with the types docs/sql.md names; its UUIDv7ToDateTime
 * (and, as chDB's build lacks ULIDStringToDateTime, its own arithmetic on ULID text) agrees with `ulid decode` on a
 * million random IDs each; and docs/sql.md's executable UDF recipe, its files taken from the page, runs `ulid decode`
 * under ClickHouse, row for row, and fails a query on a bad ID.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormatKey, formats, ksuid, typeid, uuidv7 } from "../../src/index.js";
import { hex } from "../../src/internal.js";
import { CLI, lines, runCli } from "../helpers/cli.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const CHDB = join(ROOT, ".cache/chdb/node_modules/chdb");
/** chDB's engine is published for Linux x64 only (scripts/install-chdb.mjs). */
const ENGINE_PUBLISHED = process.platform === "linux" && process.arch === "x64";

interface ChdbSession {
  query(sql: string, format?: string): string;
  cleanup(): void;
}
type SessionClass = new (path?: string, options?: { connectionArgs?: readonly string[] }) => ChdbSession;

function sessionClass(): SessionClass {
  if (!existsSync(CHDB)) throw new Error("chDB is not installed: run `node scripts/install-chdb.mjs` (`npm run test:deep` does)");
  return (createRequire(import.meta.url)(CHDB) as { Session: SessionClass }).Session;
}

/** `ulid ...args`, which must succeed quietly. */
async function ok(args: readonly string[], input?: string): Promise<string> {
  const result = await runCli(args, input);
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: "" });
  return result.stdout;
}

/** Rows of a TabSeparated result. */
function tsv(text: string): string[][] {
  return lines(text).map((line) => line.split("\t"));
}

const PAGE = readFileSync(join(ROOT, "docs/sql.md"), "utf8");
const UDF_SECTION = PAGE.slice(PAGE.indexOf("### Every format in a cluster"));

/** The code block of `language` in docs/sql.md's UDF recipe that contains `containing`. */
function block(language: string, containing: string): string {
  return [...UDF_SECTION.matchAll(/```(\w+)\n([\s\S]*?)```/g)].find(([, lang, body]) => lang === language && body!.includes(containing))![2]!;
}

/**
 * docs/sql.md's two files of the UDF recipe, where a server keeps them (its configuration directory and
 * user_scripts_path, here under `dir`), `ulid` on the PATH the scripts run with, and a configuration naming both;
 * returns that configuration's path.
 */
function udfConfig(dir: string): string {
  const config = join(dir, "udf");
  const scripts = join(config, "user_scripts");
  const bin = join(config, "bin");
  for (const folder of [scripts, bin]) mkdirSync(folder, { recursive: true });
  writeFileSync(join(config, "ulid_function.xml"), block("xml", "<functions>"));
  writeFileSync(join(scripts, "ulid-unix-ms"), block("sh", "ulid decode"));
  writeFileSync(join(bin, "ulid"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(scripts, "ulid-unix-ms"), 0o755);
  chmodSync(join(bin, "ulid"), 0o755);
  writeFileSync(
    join(config, "config.xml"),
    `<clickhouse><user_scripts_path>${scripts}</user_scripts_path>` +
      `<user_defined_executable_functions_config>${config}/*_function.xml</user_defined_executable_functions_config></clickhouse>`,
  );
  process.env.PATH = `${bin}:${process.env.PATH}`;
  return join(config, "config.xml");
}

/** `count` random binary IDs of 16 bytes whose first 48 bits (their Unix ms) are random too. */
function randomIds(count: number): Uint8Array {
  const bytes = new Uint8Array(16 * count);
  for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  return bytes;
}

describe.runIf(ENGINE_PUBLISHED)("ClickHouse (chDB)", () => {
  let dir: string;
  let session: ChdbSession;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ulid-clickhouse-"));
    // One engine per process: the session has docs/sql.md's functions configured for the UDF tests below.
    session = new (sessionClass())(undefined, { connectionArgs: [`--config-file=${udfConfig(dir)}`] });
  });
  afterAll(() => {
    session?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  describe("reads the command's files", () => {
    const CASES: readonly { name: FormatKey; args: string[]; type: string }[] = [
      { name: "ulid", args: [], type: "UUID" },
      { name: "flake", args: ["--type", "flake"], type: "FixedString(8)" },
      { name: "baseuid", args: ["--type", "baseuid"], type: "FixedString(15)" },
      { name: "uuidv7", args: ["--type", "uuidv7"], type: "UUID" },
      { name: "ksuid", args: ["--type", "ksuid"], type: "FixedString(20)" },
      { name: "typeid", args: ["--type", "typeid", "--prefix", "order"], type: "UUID" },
    ];

    it.each(CASES)("$name: Parquet and Arrow, with the types of docs/sql.md and the text command's values", async ({ name, args, type }) => {
      const ids = join(dir, `${name}.txt`);
      writeFileSync(ids, await ok(["new", "5000", ...args]));
      const expected = tsv(await ok(["decode", ids, ...args]));
      const parquet = join(dir, `${name}.parquet`);
      const arrow = join(dir, `${name}.arrows`);
      await ok(["decode", ids, ...args, "--format", "parquet", "-o", parquet]);
      await ok(["decode", ids, ...args, "--format", "arrow", "-o", arrow]);
      for (const file of [`file('${parquet}', Parquet)`, `file('${arrow}', ArrowStream)`]) {
        expect(tsv(session.query(`DESCRIBE ${file}`, "TSV")).map((row) => row.slice(0, 2))).toEqual([
          ["id", "String"],
          ["bytes", type],
          ["ts", "DateTime64(3, \\'UTC\\')"],
        ]);
        const bytes = type === "UUID" ? "replaceAll(toString(bytes), '-', '')" : "lower(hex(bytes))";
        const read = tsv(session.query(`SELECT id, toUnixTimestamp64Milli(ts), ${bytes} FROM ${file}`, "TSV"));
        expect(read.map(([id, ms]) => [id, ms])).toEqual(expected.map(([id, ms]) => [id, ms]));
        const decode = name === "typeid" ? (id: string) => typeid.decode(id) : (id: string) => (formats[name] as { decode(text: string): Uint8Array }).decode(id);
        expect(read.map(([, , b]) => b)).toEqual(expected.map(([id]) => hex(decode(id!))));
      }
    });

    it("reads --plain-binary as FixedString(16), and scan's columns", async () => {
      const plain = join(dir, "plain.parquet");
      await ok(["generate", "3", "--format", "parquet", "--plain-binary", "-o", plain]);
      expect(tsv(session.query(`DESCRIBE file('${plain}')`, "TSV"))[1]!.slice(0, 2)).toEqual(["bytes", "FixedString(16)"]);
      const log = join(dir, "app.log");
      writeFileSync(log, `a ${formats.ulid.generate(Date.UTC(2026, 3, 15))} b ${uuidv7.generate(Date.UTC(2026, 3, 15))}\n`);
      const scanned = join(dir, "scan.parquet");
      await ok(["scan", log, "--type", "ulid,uuidv7,typeid", "--format", "parquet", "-o", scanned]);
      expect(tsv(session.query(`DESCRIBE file('${scanned}')`, "TSV")).map((row) => row.slice(0, 2))).toEqual([
        ["file", "String"],
        ["line", "Int64"],
        ["offset", "Int64"],
        ["type", "String"],
        ["id", "String"],
        ["bytes", "UUID"],
        ["ts", "DateTime64(3, \\'UTC\\')"],
      ]);
      expect(tsv(session.query(`SELECT file, line, offset, type, toUnixTimestamp64Milli(ts) FROM file('${scanned}')`, "TSV"))).toEqual([
        [log, "1", "2", "ulid", String(Date.UTC(2026, 3, 15))],
        [log, "1", "31", "uuidv7", String(Date.UTC(2026, 3, 15))],
      ]);
    });
  });

  it("runs docs/sql.md's queries of the command's files", async () => {
    const console_ = /```console\n([\s\S]*?)```/.exec(PAGE.slice(PAGE.indexOf("### Reading the command's")))![1]!.replaceAll("\\\n", "");
    const queries = [...console_.matchAll(/-q "([^"]+)"/g)].map(([, query]) => query!);
    expect(queries).toHaveLength(2);
    const log = join(dir, "api.log");
    const time = Date.UTC(2026, 3, 15, 2);
    writeFileSync(log, `${formats.ulid.generate(time)} ${uuidv7.generate(time + 3_600_000)} ${formats.ulid.generate(time)}\n`);
    const scanned = join(dir, "ids.parquet");
    await ok(["scan", log, "--type", "ulid,uuidv7,typeid", "--format", "parquet", "-o", scanned]);
    const byType = tsv(session.query(queries[0]!.replace("'ids.parquet'", `'${scanned}'`), "TSV"));
    expect(byType.sort()).toEqual([
      ["ulid", "2", "2", "2026-04-15 02:00:00.000", "2026-04-15 02:00:00.000"],
      ["uuidv7", "1", "1", "2026-04-15 03:00:00.000", "2026-04-15 03:00:00.000"],
    ]);
    const ksuids = join(dir, "ksuids.txt");
    writeFileSync(ksuids, [0, 1, 3_600_000].map((offset) => ksuid.generate(time + offset)).join("\n") + "\n");
    const arrow = join(dir, "ksuids.arrows");
    await ok(["decode", ksuids, "--type", "ksuid", "--format", "arrow", "-o", arrow]);
    // The page pipes the stream into `clickhouse local`, which names standard input `table`.
    const hours = tsv(session.query(queries[1]!.replace("FROM table", `FROM file('${arrow}', ArrowStream)`), "TSV"));
    expect(hours).toEqual([["2026-04-15 02:00:00", "2"], ["2026-04-15 03:00:00", "1"]]);
  });

  describe("agrees with ClickHouse's ID functions on a million IDs", () => {
    const MILLION = 1_000_000;

    it("UUIDv7ToDateTime, over times across all 48 bits", async () => {
      const bytes = randomIds(MILLION);
      for (let at = 0; at < bytes.length; at += 16) {
        bytes[at + 6] = 0x70 | (bytes[at + 6]! & 0x0f); // version 7
        bytes[at + 8] = 0x80 | (bytes[at + 8]! & 0x3f); // the RFC variant
      }
      const text = join(dir, "uuids.txt");
      writeFileSync(text, uuidv7.encodeManyText(bytes));
      const file = join(dir, "uuids.parquet");
      await ok(["decode", text, "--type", "uuidv7", "--format", "parquet", "-o", file]);
      const [[count, times, ids, ours]] = tsv(
        session.query(
          `SELECT count(), countIf(toUnixTimestamp64Milli(UUIDv7ToDateTime(toUUID(id), 'UTC')) != toUnixTimestamp64Milli(ts)),
                  countIf(toUUID(id) != bytes), toString(sum(toInt128(toUnixTimestamp64Milli(ts)))) FROM file('${file}')`,
          "TSV",
        ),
      ) as [[string, string, string, string]];
      expect([Number(count), Number(times), Number(ids)]).toEqual([MILLION, 0, 0]);
      // And the times are the ones the bytes hold.
      let sum = 0n;
      const view = new DataView(bytes.buffer);
      for (let at = 0; at < bytes.length; at += 16) sum += BigInt(view.getUint32(at) * 65536 + view.getUint16(at + 4));
      expect(BigInt(ours)).toBe(sum);
    });

    it("ULIDs: ClickHouse's arithmetic on the text (docs/sql.md), chDB's build having no ULIDStringToDateTime", async () => {
      expect(() => session.query("SELECT ULIDStringToDateTime('01ARYZ6S410000000000000000')")).toThrow(/ULIDStringToDateTime` does not exist/);
      const text = join(dir, "ulids.txt");
      // Every third ID in lower case: the command reads either case, and so must the expression.
      const ids = lines(new TextDecoder().decode(formats.ulid.encodeManyText(randomIds(MILLION))));
      writeFileSync(text, ids.map((id, i) => (i % 3 === 0 ? id.toLowerCase() : id)).join("\n") + "\n");
      const file = join(dir, "ulids.parquet");
      await ok(["decode", text, "--format", "parquet", "-o", file]);
      const fold = /```sql\n\s*(arrayFold[\s\S]*?)\n\s*```/.exec(readFileSync(join(ROOT, "docs/sql.md"), "utf8"))![1]!;
      const [[count, differing]] = tsv(
        session.query(`SELECT count(), countIf(${fold} != toUnixTimestamp64Milli(ts)) FROM file('${file}')`, "TSV"),
      ) as [[string, string]];
      expect([Number(count), Number(differing)]).toEqual([MILLION, 0]);
    });
  });

  describe("docs/sql.md's executable UDF over `ulid decode`", () => {
    const udf = { query: (sql: string, format?: string) => session.query(sql, format) };

    it("runs the page's query: TypeIDs of any prefix, their times row for row over several blocks", async () => {
      const ids = Array.from({ length: 150_000 }, (_, i) => typeid.generate(Date.UTC(2020, 0, 1) + i * 7919, { prefix: ["user", "order", ""][i % 3] }));
      const file = join(dir, "events.txt");
      writeFileSync(file, ids.join("\n") + "\n");
      udf.query("CREATE TABLE events (id String) ENGINE = Memory");
      udf.query(`INSERT INTO events SELECT * FROM file('${file}', LineAsString)`);
      const read = tsv(udf.query(block("sql", "typeid_unix_ms"), "TSV"));
      const expected = ids
        .map((id) => [id, new Date(typeid.decodeTime(id)).toISOString().replace("T", " ").replace("Z", "")])
        .sort((a, b) => (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0));
      expect(read).toEqual(expected);
    });

    it.each<[string, () => string, (id: string) => number]>([
      ["ulid_unix_ms", () => formats.ulid.generate(Math.floor(Math.random() * 2 ** 47)), (id) => formats.ulid.decodeTime(id)],
      // KSUID's epoch, 1400000000 s, plus up to 34 years.
      ["ksuid_unix_ms", () => ksuid.generate(1_400_000_000_000 + Math.floor(Math.random() * 2 ** 40)), (id) => ksuid.decodeTime(id)],
    ])("%s: each value's Unix ms, in the rows' order", (name, make, time) => {
      const ids = Array.from({ length: 100_000 }, () => make());
      const file = join(dir, `${name}.txt`);
      writeFileSync(file, ids.join("\n") + "\n");
      const read = tsv(udf.query(`SELECT id, ${name}(id) FROM file('${file}', LineAsString, 'id String') SETTINGS max_threads = 1`, "TSV"));
      expect(read).toEqual(ids.map((id) => [id, String(time(id))]));
    });

    it("fails the query on an invalid ID instead of returning shifted rows", () => {
      const good = formats.ulid.generate();
      expect(() => udf.query(`SELECT ulid_unix_ms(id) FROM values('id String', ('${good}'), ('not-an-id'), ('${good}'))`, "TSV")).toThrow(
        /ulid_unix_ms.*wrong result, expected 3 row\(s\), actual 1/s,
      );
    });
  });
});
