/**
 * Every format in each of its columns (./columns.ts) on a real PostgreSQL: PGlite in the deep tier, the server named
 * by ULID_TEST_PG in CI (`npm run test:postgres`). For each column, on both engines: ORDER BY id is the order the IDs
 * were made in, and for random IDs it is their byte order and their text order; a time range selected with the
 * format's `min`/`max` returns exactly the IDs made in it; what is read back decodes to the bytes that went in, and
 * those are the bytes Postgres stores and compares; bad text is refused by the format's decoder before any query.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flake, UlidError } from "../../src/index.js";
import { expectSameArray } from "../helpers/arrays.js";
import { forEachEngine } from "../helpers/engines.js";
import { expectUlidError, thrownBy } from "../helpers/errors.js";
import { databaseForSuite, SERVER_URL } from "../helpers/postgres.js";
import { compareBytes, hex, recordingRandom, shuffled } from "../helpers/reference.js";
import { propertyRuns } from "../helpers/tier.js";
import { COLUMNS, createTable, insertSql, type Column } from "./columns.js";

/** 2025-01-01T00:00:00.000Z, inside every format's range. */
const T = 1735689600000;

const suite = databaseForSuite();

/** A new table of `column`'s kind holding `ids`, inserted in one statement. */
async function store(column: Column, ids: readonly string[]): Promise<string> {
  const table = suite.table();
  await suite.db().query(createTable(table, column));
  await suite.db().query(insertSql(table, column), [ids.map(column.toSql)]);
  return table;
}

/**
 * The IDs of a table in `ORDER BY id`, read back as the format's text. The text gets a name of its own: `SELECT
 * id::text ... ORDER BY id` orders by the output column, the text (for a bigint, decimal text order).
 */
async function inIdOrder(column: Column, name: string, where = "", values: unknown[] = []): Promise<string[]> {
  const rows = await suite.db().query<{ text: string }>(`SELECT ${column.read} AS text FROM ${name} ${where} ORDER BY id`, values);
  return rows.map((row) => column.fromSql(row.text));
}

/** Times with several IDs each, the gaps from 1 ms up: ranges below select runs of them. */
const TIMES = [T - 1, T, T + 1, T + 2, T + 3, T + 1000, T + 1001, T + 86_400_000];
const PER_TIME = 25;

/**
 * IDs of one monotonic generator, PER_TIME at each of TIMES, in the order made, with the time each was made at. Its
 * randomness is seeded: Ulid-Flake's 20 random bits overflow within a millisecond for some random starts (a few in
 * a thousand, for 25 IDs), which is the format's limit, not what this suite tests.
 */
function madeAtTimes(column: Column): { id: string; time: number }[] {
  const next = column.ref.api.monotonicFactory({ random: recordingRandom(0x715e).fill });
  return TIMES.flatMap((time) => Array.from({ length: PER_TIME }, () => ({ id: next(time), time })));
}

it("runs on the database it was asked for", async () => {
  const [row] = await suite.db().query<{ version: string }>("SELECT version()");
  expect(suite.db().backend).toBe(SERVER_URL === undefined ? "pglite" : "server");
  expect(row!.version.includes("PGlite")).toBe(suite.db().backend === "pglite");
  expect(row!.version).toMatch(/^PostgreSQL \d+/);
});

forEachEngine(() => {
  describe.each(COLUMNS)("$label", (column) => {
    const { api } = column.ref;

    it("ORDER BY id is the order a batch was made in", async () => {
      // On the real clock: a batch of Ulid-Flakes moves on to the next millisecond when one is full.
      const ids: string[] = api.encodeMany(api.generateMany(2000));
      const name = await store(column, shuffled(ids, 0x5eed));
      expect(await inIdOrder(column, name)).toEqual(ids);
    });

    it("ORDER BY id is the order one generator made IDs in, over times and within each", async () => {
      const ids = madeAtTimes(column).map(({ id }) => id);
      const name = await store(column, shuffled(ids, 0x5eed));
      expect(await inIdOrder(column, name)).toEqual(ids);
    });

    it("ORDER BY id is byte order and text order, for any IDs (the format's extremes included)", async () => {
      const record = fc.uint8Array({ minLength: column.ref.bytes, maxLength: column.ref.bytes });
      const extremes = [0x00, 0xff].map((fill) => column.ref.conform(new Uint8Array(column.ref.bytes).fill(fill)));
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(record.map(column.ref.conform), { selector: hex, maxLength: 40 }), async (random) => {
          const records = [...random, ...extremes].filter((bytes, i, all) => all.findIndex((b) => hex(b) === hex(bytes)) === i);
          const ids = records.map((bytes) => api.encode(bytes));
          const name = await store(column, ids);
          const stored = await inIdOrder(column, name);
          await suite.db().query(`DROP TABLE ${name}`);
          const byBytes = [...records].sort((a, b) => compareBytes(a, 0, b, 0, a.length)).map((bytes) => api.encode(bytes));
          expect(stored).toEqual(byBytes);
          expect(stored).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        }),
        { numRuns: propertyRuns(200), seed: 0x9e57 },
      );
    });

    it("reads back the text that went in, and stores exactly the format's bytes", async () => {
      const records = api.generateMany(1000);
      const ids = api.encodeMany(records);
      const name = await store(column, ids);
      const read = await inIdOrder(column, name);
      expect(read).toEqual(ids);
      expectSameArray(api.decodeMany(read), records, "records read back");
      if (column.storedHex === null) return;
      const rows = await suite.db().query<{ stored: string }>(`SELECT ${column.storedHex} AS stored FROM ${name} ORDER BY id`);
      expect(rows.map((row) => row.stored).join("")).toBe(hex(records));
    });

    it("a time range from min and max selects exactly the IDs made in it, on both sides of every edge", async () => {
      // Where the time field's unit (its tick) starts, for a time in ms: the ms itself but for BaseUID (32.768 us)
      // and KSUID (a second), whose IDs keep only the tick.
      const tickStart = (time: number): number => api.decodeTime(api.min(time));
      const made = madeAtTimes(column);
      const name = await store(column, shuffled(made.map(({ id }) => id), 0x5eed));
      const ranges: [number, number][] = [[T, T + 2], [T + 1, T + 1], [T + 3, T + 1000], [T - 1, T + 86_400_000], [T + 4, T + 999]];
      for (const [from, to] of ranges) {
        const where = `WHERE id BETWEEN ${column.value("$1")} AND ${column.value("$2")}`;
        const selected = await inIdOrder(column, name, where, [column.toSql(api.min(from)), column.toSql(api.max(to))]);
        const inRange = ({ time }: { time: number }) => tickStart(time) >= tickStart(from) && tickStart(time) <= tickStart(to);
        expect({ from, to, selected }).toEqual({ from, to, selected: made.filter(inRange).map(({ id }) => id) });
      }
    });

    it("bad text is refused by the format's decoder, naming its index, before it reaches the database", async () => {
      const ids = api.encodeMany(api.generateMany(10));
      const name = await store(column, []);
      const insertDecoded = async (texts: string[]) => {
        api.decodeMany(texts); // the application's check: throws before the query below is sent
        await suite.db().query(insertSql(name, column), [texts.map(column.toSql)]);
      };
      const badChar = column.ref.badChars[0]!;
      const bad = [
        { text: `${ids[7]!.slice(0, 5)}${badChar}${ids[7]!.slice(6)}`, code: "INVALID_CHAR" },
        { text: ids[7]!.slice(1), code: "INVALID_LENGTH" },
        { text: `${ids[7]!} `, code: "INVALID_LENGTH" },
      ];
      for (const { text, code } of bad) {
        const texts = ids.map((id, i) => (i === 7 ? text : id));
        const error = await insertDecoded(texts).then(() => null, (thrown: unknown) => thrown);
        expectUlidError(() => {
          throw error;
        }, code, 7);
      }
      expect(await suite.db().query(`SELECT id FROM ${name}`)).toEqual([]);
    });

    it.skipIf(column.stray === null)("what Postgres stores but is no ID is refused when read back, or refused by the column", async () => {
      const { sql, stored } = column.stray!;
      const name = await store(column, []);
      const insert = suite.db().query(`INSERT INTO ${name} (id) SELECT ${column.value("$1")}`, [sql]);
      if (!stored) {
        await expect(insert).rejects.toThrow(/check constraint/);
        return;
      }
      await insert;
      const [row] = await suite.db().query<{ text: string }>(`SELECT ${column.read} AS text FROM ${name}`);
      expect(thrownBy(() => column.fromSql(row!.text))).toBeInstanceOf(UlidError);
    });
  });
});

describe("Ulid-Flake as a signed bigint", () => {
  const column = COLUMNS.find(({ label }) => label === "flake as bigint")!;

  it("every Ulid-Flake is 0..2^63-1: the largest is bigint's largest, and one more is no Ulid-Flake and no bigint", async () => {
    const largest = flake.fromBigInt(2n ** 63n - 1n);
    expect(largest).toBe("7ZZZZZZZZZZZZ");
    const ids = ["0000000000000", flake.fromBigInt(2n ** 62n - 1n), flake.fromBigInt(2n ** 62n), largest];
    const name = await store(column, shuffled(ids, 0x5eed));
    expect(await inIdOrder(column, name)).toEqual(ids);
    const [row] = await suite.db().query<{ text: string }>(`SELECT id::text AS text FROM ${name} WHERE id = 9223372036854775807`);
    expect(flake.fromBigInt(BigInt(row!.text))).toBe(largest);
    expectUlidError(() => flake.fromBigInt(2n ** 63n), "OVERFLOW");
    expectUlidError(() => flake.decode("8000000000000"), "OVERFLOW", 0);
    await expect(suite.db().query("SELECT '9223372036854775808'::bigint")).rejects.toThrow(/out of range/);
  });

  it("signed order is unsigned order: the sign bit of every Ulid-Flake's bytes is 0", () => {
    const bytes = flake.generateMany(10_000);
    for (let i = 0; i < bytes.length; i += 8) expect(bytes[i]! & 0x80).toBe(0);
  });
});
