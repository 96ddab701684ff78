/**
 * `ulid-wasm/duckdb`'s scalar functions in a real DuckDB, for every format of the registry: each function over
 * tables of several vectors (more than DuckDB's 2048 rows a vector, a whole vector of NULLs among them) against the
 * library's own answer for each row, NULLs, invalid values' errors, and generate's order. Deep tier: it loads
 * DuckDB's native library and runs thousands of rows per format (vitest.config.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, beforeAll } from "vitest";
import { formats, type FormatKey } from "ulid-wasm";
import type { DuckDBConnection } from "@duckdb/node-api";
import { column, connectWithFunctions, failure, rows, tableOf } from "../helpers/duckdb.js";

type Format = (typeof formats)[FormatKey];
const KEYS = Object.keys(formats) as FormatKey[];

/** IDs made from 2024-06 (Ulid-Flake's epoch is 2024) to 2100, or to 2080 for Snowflake (its 41 bits from Twitter's epoch end then). */
const FROM = Date.UTC(2024, 5, 1);
const TO = Date.UTC(2100, 0, 1);
const LAST: Partial<Record<FormatKey, number>> = { snowflake: Date.UTC(2080, 0, 1) };
/** Rows per table: three vectors and more. */
const ROWS = 7000;
/** A run of NULLs longer than a vector, so one vector at least is NULL throughout. */
const NULL_RUN = { from: 2500, to: 4700 };

/** mulberry32: every run the same rows. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** TypeID prefixes of several widths (and none), so a vector holds IDs of several lengths. */
const PREFIXES = ["user", "", "organization", "a_b"];

/** `ROWS` IDs of the format at random times, NULL every 7th row and over NULL_RUN. */
function idsOf(key: FormatKey): (string | null)[] {
  const random = prng(KEYS.indexOf(key) + 1);
  const format: Format = formats[key];
  return Array.from({ length: ROWS }, (_, i) => {
    if (i % 7 === 3 || (i >= NULL_RUN.from && i < NULL_RUN.to)) return null;
    const time = FROM + Math.floor(random() * ((LAST[key] ?? TO) - FROM));
    if (key === "typeid") return formats.typeid.generate(time, { prefix: PREFIXES[i % PREFIXES.length]! });
    return format.generate(time);
  });
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex").toUpperCase();
const uuidText = (bytes: Uint8Array) => {
  const h = Buffer.from(bytes).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
const map = <T>(ids: (string | null)[], f: (id: string) => T) => ids.map((id) => (id === null ? null : f(id)));

let db: DuckDBConnection;
beforeAll(async () => {
  db = await connectWithFunctions();
});

describe.each(KEYS)("%s", (key) => {
  const format: Format = formats[key];
  const ids = idsOf(key);
  const sixteen = format.bytes === 16;
  const table = `ids_${key}`;
  beforeAll(() => tableOf(db, table, ids));

  it("F_timestamp: each ID's time to the millisecond, NULL for NULL", async () => {
    const got = await column(db, `SELECT epoch_ms(${key}_timestamp(v)) FROM ${table} ORDER BY i`);
    expect(got).toEqual(map(ids, (id) => String(Math.floor(format.decodeTime(id)))));
  });

  it("F_timestamp over values that lie anywhere in memory: computed per row, shuffled by a sort", async () => {
    const got = await rows(
      db,
      `SELECT i, epoch_ms(${key}_timestamp(substr(v || 'xyz', 1, length(v)))) FROM ${table} ORDER BY hash(i) LIMIT 6000`,
    );
    for (const [i, ms] of got) {
      const id = ids[Number(i)];
      expect(ms).toBe(id === null ? null : String(Math.floor(format.decodeTime(id!))));
    }
    expect(got.length).toBe(6000);
  });

  it("F_valid: true for each ID, NULL for NULL", async () => {
    expect(await column(db, `SELECT ${key}_valid(v) FROM ${table} ORDER BY i`)).toEqual(map(ids, () => true));
  });

  it("F_to_blob and F_from_blob: the ID's bytes, and back to its text", async () => {
    const got = await rows(db, `SELECT hex(${key}_to_blob(v)), ${key}_from_blob(${key}_to_blob(v)) FROM ${table} ORDER BY i`);
    const expected = ids.map((id) => (id === null ? [null, null] : [hex(format.decode(id)), format.encode(format.decode(id))]));
    expect(got).toEqual(expected);
  });

  it.runIf(sixteen)("F_to_uuid and F_from_uuid: the ID's 16 bytes as a UUID, and back", async () => {
    const got = await rows(db, `SELECT ${key}_to_uuid(v)::VARCHAR, ${key}_from_uuid(${key}_to_uuid(v)) FROM ${table} ORDER BY i`);
    const expected = ids.map((id) => (id === null ? [null, null] : [uuidText(format.decode(id)), format.encode(format.decode(id))]));
    expect(got).toEqual(expected);
  });

  it.runIf(!sixteen)("no F_to_uuid nor F_from_uuid for a format of another width", async () => {
    expect(await failure(db, `SELECT ${key}_to_uuid('x')`)).toMatch(/does not exist/);
  });

  it("F_min and F_max: the bounds of each time, which hold the ID made then", async () => {
    const times = map(ids, (id) => Math.floor(format.decodeTime(id)));
    const got = await rows(
      db,
      `SELECT ${key}_min(t), ${key}_max(t), v FROM (SELECT i, v, ${key}_timestamp(v) AS t FROM ${table}) ORDER BY i`,
    );
    expect(got.map((row) => row.slice(0, 2))).toEqual(times.map((t) => (t === null ? [null, null] : [format.min(t), format.max(t)])));
    if (key !== "baseuid" && key !== "typeid") {
      // Text order is byte order but for BaseUID's Base64 (its alphabet sorts as bytes do, its text too) and
      // TypeID (whose prefixes come first); the bounds hold each ID made in its millisecond.
      for (const [min, max, id] of got) if (id !== null) expect(min! <= id! && id! <= max!).toBe(true);
    }
  });

  it("F_generate: a new valid ID per row, strictly increasing in row order across vectors", async () => {
    const got = (await column(db, `SELECT ${key}_generate() FROM range(5000) ORDER BY range`)) as string[];
    expect(new Set(got).size).toBe(5000);
    for (const id of got) expect(format.isValid(id)).toBe(true);
    const bytes = got.map((id) => hex(format.decode(id)));
    for (let i = 1; i < bytes.length; i++) expect(bytes[i]! > bytes[i - 1]!).toBe(true);
  });

  it("F_valid over invalid values agrees with the library's isValid", async () => {
    const random = prng(99);
    const values = ids.slice(0, 3000).map((id, i) => {
      if (id === null) return null;
      switch (i % 6) {
        case 0:
          return id;
        case 1: {
          const at = Math.floor(random() * id.length);
          return `${id.slice(0, at)}${"!@Uu-_é~"[i % 8]}${id.slice(at + 1)}`;
        }
        case 2:
          return id.slice(0, -1);
        case 3:
          return `${id}0`;
        case 4:
          return id.toLowerCase();
        default:
          return ["", "abc", "0", id.slice(0, 12)][i % 4]!;
      }
    });
    await tableOf(db, `bad_${key}`, values);
    expect(await column(db, `SELECT ${key}_valid(v) FROM bad_${key} ORDER BY i`)).toEqual(map(values, (v) => format.isValid(v)));
  });

  it("F_valid over vectors without a value of the format's length: false for each, whatever the vector's size", async () => {
    // No value as long as the format's IDs: the batch is then of the first value's width, and reads as no records
    // of the format (its flags were once taken for the rows', and the rows past them read other memory: true).
    const short = (i: number): string => ["162", "99", "1", "12", "abc", "x_y", "0".repeat(30), "-", "ZZ", "é"][i % 10]!;
    for (const size of [1, 4, 63, 64, 65, 2048, 2049, 5000]) {
      const values = Array.from({ length: size }, (_, i) => (i % 97 === 96 ? null : short(i)));
      await tableOf(db, `short_${key}`, values);
      expect(await column(db, `SELECT ${key}_valid(v) FROM short_${key} ORDER BY i`)).toEqual(map(values, (v) => format.isValid(v)));
    }
    expect(await column(db, `SELECT count(*) FILTER (WHERE ${key}_valid(range::VARCHAR)) FROM range(3000)`)).toEqual([
      String(Array.from({ length: 3000 }, (_, i) => String(i)).filter((v) => format.isValid(v)).length),
    ]);
  });

  it("an invalid ID is an error naming the function and the value, even in a later vector", async () => {
    const bad = `${ids[1]!.slice(0, -2)}!${ids[1]!.slice(-1)}`;
    const values = ids.slice(0, 5000);
    values[4321] = bad;
    await tableOf(db, `one_bad_${key}`, values);
    for (const fn of ["timestamp", "to_blob", ...(sixteen ? ["to_uuid"] : [])]) {
      const message = await failure(db, `SELECT ${key}_${fn}(v) FROM one_bad_${key}`);
      expect(message).toContain(`${key}_${fn}: `);
      expect(message).toContain(bad);
    }
  });

  it("a blob of another width is an error naming the value", async () => {
    expect(await failure(db, `SELECT ${key}_from_blob('\\x01\\x02'::BLOB)`)).toContain(`${key}_from_blob: a binary ${key} ID has ${format.bytes} bytes, got 2: \\x01\\x02`);
    // A blob of a megabyte: its first 32 bytes shown, not all of them.
    const large = await failure(db, `SELECT ${key}_from_blob(repeat('\\xAA', 1000000)::BLOB)`);
    expect(large).toContain(`got 1000000: ${"\\xAA".repeat(32)}...`);
    expect(large.length).toBeLessThan(300);
  });

  it("a time the format cannot hold is an error naming the function", async () => {
    expect(await failure(db, `SELECT ${key}_min('infinity'::TIMESTAMPTZ)`)).toContain(`${key}_min: `);
  });

  it("NULL in, NULL out, for every function", async () => {
    const calls = [`${key}_valid(NULL)`, `${key}_timestamp(NULL)`, `${key}_to_blob(NULL)`, `${key}_from_blob(NULL)`, `${key}_min(NULL)`, `${key}_max(NULL)`];
    if (sixteen) calls.push(`${key}_to_uuid(NULL)`, `${key}_from_uuid(NULL)`);
    expect(await rows(db, `SELECT ${calls.join(", ")}`)).toEqual([calls.map(() => null)]);
  });
});

describe("named values and DuckDB's own functions", () => {
  it("reads the specification's ULID", async () => {
    expect(await rows(db, "SELECT ulid_timestamp('01ARYZ6S410000000000000000')::VARCHAR, ulid_to_uuid('01ARYZ6S410000000000000000')::VARCHAR")).toEqual([
      ["2016-07-30 22:36:16.385+00", "01563df3-6481-0000-0000-000000000000"],
    ]);
  });

  it("uuidv7_timestamp agrees with DuckDB's uuid_extract_timestamp over DuckDB's own uuidv7()", async () => {
    await db.run("CREATE TABLE duck_uuids AS SELECT uuidv7() AS u FROM range(10000)");
    const [[differ, total]] = (await rows(
      db,
      "SELECT count(*) FILTER (WHERE uuidv7_timestamp(u::VARCHAR) IS DISTINCT FROM uuid_extract_timestamp(u)), count(*) FROM duck_uuids",
    )) as [[string, string]];
    expect({ differ, total }).toEqual({ differ: "0", total: "10000" });
    expect(await column(db, "SELECT count(*) FROM duck_uuids WHERE uuidv7_from_uuid(u) <> u::VARCHAR OR uuidv7_to_uuid(u::VARCHAR) <> u")).toEqual(["0"]);
  });

  it("uuidv7_from_uuid refuses a UUID of another version, naming it", async () => {
    const message = await failure(db, "SELECT uuidv7_from_uuid('017f22e2-79b0-4cc3-98c4-dc0c0c07398f'::UUID)");
    expect(message).toContain("uuidv7_from_uuid: 017f22e2-79b0-4cc3-98c4-dc0c0c07398f: ");
  });

  it("Snowflakes of every width in one vector; a value holding a byte that ends a record is read on its own", async () => {
    const widths = Array.from({ length: 3000 }, (_, i) => String(((BigInt(i) * 0x9e3779b97f4a7c15n) & ((1n << 63n) - 1n)) >> BigInt(i % 64)));
    const { snowflake } = formats;
    // Digits around a comma, a space, a letter: each would end a record of decimal text.
    const bad = ["1212,4", "1212092628 29698048", "12120926280296980a8", "07", "9223372036854775808", ""];
    const values = [...widths.slice(0, 1000), ...bad, ...widths.slice(1000)];
    await tableOf(db, "snowflakes", values);
    expect(await column(db, "SELECT snowflake_valid(v) FROM snowflakes ORDER BY i")).toEqual(values.map((v) => snowflake.isValid(v)));
    await tableOf(db, "good_snowflakes", widths);
    const got = await rows(db, "SELECT epoch_ms(snowflake_timestamp(v))::VARCHAR, snowflake_from_blob(snowflake_to_blob(v)) FROM good_snowflakes ORDER BY i");
    expect(got).toEqual(widths.map((id) => [String(snowflake.decodeTime(id)), id]));
    // As docs/sql.md says: compared as numbers, each lies between the bounds of its time (as strings, most would not).
    const between = "v::BIGINT BETWEEN snowflake_min(snowflake_timestamp(v))::BIGINT AND snowflake_max(snowflake_timestamp(v))::BIGINT";
    expect(await column(db, `SELECT count(*) FILTER (WHERE ${between}) FROM good_snowflakes`)).toEqual(["3000"]);
    for (const value of bad.slice(0, 3)) {
      await tableOf(db, "one_bad_snowflake_value", [...widths.slice(0, 2100), value]);
      const message = await failure(db, "SELECT snowflake_timestamp(v) FROM one_bad_snowflake_value");
      expect(message).toContain("snowflake_timestamp: ");
      expect(message).toContain(value);
    }
  });

  it("a column of mixed TypeID prefixes decodes each under its own", async () => {
    const ids = ["user_01h455vb4pex5vsknk084sn02q", "post_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "organization_01h455vb4pex5vsknk084sn02q"];
    await tableOf(db, "typeids", ids);
    expect(await column(db, "SELECT typeid_to_uuid(v)::VARCHAR FROM typeids ORDER BY i")).toEqual(ids.map(() => "01890a5d-ac96-774b-bcce-b302099a8057"));
  });

  it("works from CommonJS as from ESM, read_ids' thread included", async () => {
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const { registerFunctions } = createRequire(import.meta.url)("ulid-wasm/duckdb");
    const connection = await (await DuckDBInstance.create(":memory:")).connect();
    registerFunctions(connection);
    const dir = mkdtempSync(join(tmpdir(), "ulid-duckdb-cjs-"));
    try {
      writeFileSync(join(dir, "a.log"), "GET /orders/01ARYZ6S410000000000000000 200\n");
      expect(await rows(connection, `SELECT ulid_timestamp(id)::VARCHAR, line FROM read_ids('${join(dir, "a.log")}')`)).toEqual([
        ["2016-07-30 22:36:16.385+00", "1"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses what is no open connection and a prefix that is no string or holds a NUL, as UlidErrors", async () => {
    const revoked = (): object => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    const { registerFunctions } = await import("ulid-wasm/duckdb");
    const { UlidError } = await import("ulid-wasm");
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const closed = await (await DuckDBInstance.create(":memory:")).connect();
    closed.closeSync();
    const cases: [unknown, unknown, string][] = [
      [closed, undefined, "DuckDB refused the functions (Failed to register scalar function): the connection must be open, and not in a failed transaction"],
      // DuckDB reads names as C strings of UTF-8: these prefixes would have registered every function as "x", and
      // under U+FFFD.
      [db, { prefix: "x\0" }, 'the `prefix` option must be a string of Unicode text without NUL characters, got "x\\u0000"'],
      [db, { prefix: "\ud800_" }, 'the `prefix` option must be a string of Unicode text without NUL characters, got "\\ud800_"'],
      [{}, undefined, "connection must be a DuckDBConnection of @duckdb/node-api, got an object"],
      [null, undefined, "connection must be a DuckDBConnection of @duckdb/node-api, got null"],
      [db, 5, "options must be an object, got 5"],
      [db, { prefix: 5 }, "the `prefix` option must be a string, got 5"],
      // What cannot be read: a revoked Proxy, a getter that throws.
      [revoked(), undefined, "connection must be a DuckDBConnection of @duckdb/node-api, got an object"],
      [db, revoked(), "options must be an object, got an object"],
      [
        db,
        {
          get prefix(): string {
            throw new TypeError("no");
          },
        },
        "options must be an object, got an object",
      ],
    ];
    for (const [connection, options, message] of cases) {
      let thrown: unknown;
      try {
        registerFunctions(connection as DuckDBConnection, options as { prefix?: string });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UlidError);
      expect(thrown).toMatchObject({ code: "INVALID_ARGUMENT", message });
    }
  });

  it("the prefix option names every function after it", async () => {
    const prefixed = await connectWithFunctions({ prefix: "id_" });
    expect(await rows(prefixed, "SELECT id_ulid_valid('01ARYZ6S410000000000000000'), id_ksuid_valid('x')")).toEqual([[true, false]]);
    expect(await failure(prefixed, "SELECT ulid_valid('x')")).toMatch(/does not exist/);
  });
});
