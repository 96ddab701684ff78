/**
 * Bulk ingestion with COPY, on PGlite (from its /dev/blob) and on the server at ULID_TEST_PG (COPY FROM STDIN with
 * pg-copy-streams): generateMany's records in binary format, built by docs/storing.md's `binaryCopy` straight from the
 * records, into every binary column (./columns.ts); encodeManyText's output in text format into every column that
 * reads the format's own text; and, on the server only, the `ulid generate` command piped into `psql \copy`. Each
 * reads the table back and compares it with what went in. `npm run bench:postgres` times the same paths at 1M rows.
 */
import { spawn } from "node:child_process";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { expectSameArray } from "../helpers/arrays.js";
import { ROOT } from "../helpers/runtimes.js";
import { databaseForSuite, SERVER_URL } from "../helpers/postgres.js";
import { hex } from "../helpers/reference.js";
import { COLUMNS, createTable } from "./columns.js";
import { binaryCopy } from "./recipes/node-postgres.js";

/** Enough rows to cross the wasm engine's steps of 8192 twice. */
const ROWS = 20_000;

const suite = databaseForSuite();

describe("binaryCopy", () => {
  it("lays out PostgreSQL's binary COPY format: signature, flags, extension, rows of one field, trailer", () => {
    const records = Uint8Array.of(1, 2, 3, 4, 5, 6);
    // prettier-ignore
    expect([...binaryCopy(records, 3)]).toEqual([
      0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, // "PGCOPY\n\377\r\n\0"
      0, 0, 0, 0, 0, 0, 0, 0, // flags, header extension length
      0, 1, 0, 0, 0, 3, 1, 2, 3, // one field of 3 bytes
      0, 1, 0, 0, 0, 3, 4, 5, 6,
      0xff, 0xff, // trailer: -1
    ]);
    expect([...binaryCopy(new Uint8Array(0), 16)]).toHaveLength(21);
  });
});

describe.each(COLUMNS.filter((column) => column.storedHex !== null))("binary COPY into $label", (column) => {
  it(`stores ${ROWS} records of generateMany as they are, in their order`, async () => {
    const records = column.ref.api.generateMany(ROWS);
    const table = suite.table();
    await suite.db().query(createTable(table, column));
    await suite.db().copyIn(table, "binary", binaryCopy(records, column.ref.bytes));
    const rows = await suite.db().query<{ stored: string }>(`SELECT ${column.storedHex} AS stored FROM ${table} ORDER BY id`);
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((row) => row.stored).join("")).toBe(hex(records));
  });
});

describe.each(COLUMNS.filter((column) => column.readsIdText))("text COPY into $label", (column) => {
  it(`stores the ${ROWS} lines of encodeManyText, in their order`, async () => {
    const { api } = column.ref;
    const records = api.generateMany(ROWS);
    const table = suite.table();
    await suite.db().query(createTable(table, column));
    await suite.db().copyIn(table, "text", api.encodeManyText(records));
    const rows = await suite.db().query<{ text: string }>(`SELECT ${column.read} AS text FROM ${table} ORDER BY id`);
    expectSameArray(api.decodeMany(rows.map((row) => column.fromSql(row.text))), records, "records read back");
  });
});

describe.runIf(SERVER_URL !== undefined)("the ulid command piped into psql \\copy", () => {
  it("stores every UUID v7 it generates, in the order made", async () => {
    // psql is a session of its own, so the table is an ordinary one, dropped after the test.
    const table = suite.table();
    await suite.db().query(`CREATE TABLE ${table} (id uuid PRIMARY KEY)`);
    const generate = spawn(process.execPath, ["dist/cli.cjs", "generate", String(ROWS), "--type", "uuidv7"], { cwd: ROOT });
    const psql = spawn("psql", [SERVER_URL!, "-v", "ON_ERROR_STOP=1", "-qc", `\\copy ${table} FROM STDIN`]);
    const exited = (child: typeof psql) => new Promise<number | null>((done) => child.on("close", done));
    const codes = Promise.all([exited(generate), exited(psql)]);
    const output: Buffer[] = [];
    generate.stdout.on("data", (chunk: Buffer) => output.push(chunk)); // what went down the pipe, to compare
    await pipeline(generate.stdout, psql.stdin);
    expect(await codes).toEqual([0, 0]);
    const made = Buffer.concat(output).toString("latin1").trimEnd().split("\n");
    expect(made).toHaveLength(ROWS);
    const rows = await suite.db().query<{ id: string }>(`SELECT id::text AS id FROM ${table} ORDER BY id`);
    expect(rows.map((row) => row.id)).toEqual(made);
  });
});
