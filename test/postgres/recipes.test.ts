/**
 * The recipes of docs/storing.md (./recipes/), run as written: docs/storing.md holds each file verbatim, and each is
 * run against the database of the Postgres suites (PGlite in `npm test`, the server at ULID_TEST_PG in CI). They
 * import the package by name, so they run on the built package (dist/), as a user's code does.
 */
import { readFileSync } from "node:fs";
import { asc } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { decode, encodeMany, flake, generateMany, UlidError, ulidToUUID, uuidv7 } from "ulid-wasm";
import { databaseForSuite, SERVER_URL, type TestDatabase } from "../helpers/postgres.js";
import { hex } from "../helpers/reference.js";
import * as drizzleRecipe from "./recipes/drizzle.js";
import * as pgRecipe from "./recipes/node-postgres.js";

const STORING = readFileSync(new URL("../../docs/storing.md", import.meta.url), "utf8");
const recipe = (file: string) => readFileSync(new URL(`./recipes/${file}`, import.meta.url), "utf8");

const suite = databaseForSuite();

/** `count` ULIDs, strictly increasing (made at `time`, or now). */
const ulids = (count: number, time?: number): string[] => encodeMany(generateMany(count, { time }));

/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;
/** ULIDs made at T - 1 .. T + 2 ms, 5 each, in order, with their times. */
const madeAroundT = () => [-1, 0, 1, 2].flatMap((ms) => ulids(5, T + ms).map((id) => ({ id, time: T + ms })));
const madeBetween = (made: { id: string; time: number }[], from: number, to: number) =>
  made.filter(({ time }) => time >= from && time <= to).map(({ id }) => id);

const TABLES = {
  orders: "CREATE TEMPORARY TABLE orders (id uuid PRIMARY KEY)",
  events: "CREATE TEMPORARY TABLE events (id bigint PRIMARY KEY)",
  shipments:
    "CREATE TEMPORARY TABLE shipments (id uuid PRIMARY KEY, parcel bytea NOT NULL CHECK (octet_length(parcel) = 16), scan bigint NOT NULL)",
};
let db: TestDatabase;
beforeAll(async () => {
  db = suite.db();
  for (const create of Object.values(TABLES)) await db.query(create);
});
afterEach(async () => {
  for (const name of Object.keys(TABLES)) await db.query(`DELETE FROM ${name}`);
});

it.each(["node-postgres.ts", "drizzle.ts"])("docs/storing.md shows recipes/%s as it is", (file) => {
  expect(STORING).toContain(`\`\`\`ts\n${recipe(file)}\`\`\``);
});

describe("node-postgres", () => {
  it("ULIDs in a uuid column come back in the order made", async () => {
    const ids = ulids(3000);
    await pgRecipe.insertOrders(db.client, [...ids].reverse());
    expect(await pgRecipe.ordersInOrder(db.client)).toEqual(ids);
  });

  it("a time range selects exactly the orders made in it", async () => {
    const made = madeAroundT();
    await pgRecipe.insertOrders(db.client, made.map(({ id }) => id).reverse());
    expect(await pgRecipe.ordersBetween(db.client, T, T + 1)).toEqual(madeBetween(made, T, T + 1));
    expect(await pgRecipe.ordersBetween(db.client, new Date(T + 2), new Date(T + 9))).toEqual(madeBetween(made, T + 2, T + 2));
  });

  it("a bad ULID is refused with its index, and nothing is inserted", async () => {
    const ids = ulids(5);
    const error = await pgRecipe.insertOrders(db.client, ids.map((id, i) => (i === 3 ? `${id.slice(0, 25)}U` : id))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UlidError);
    expect({ code: (error as UlidError).code, index: (error as UlidError).index }).toEqual({ code: "INVALID_CHAR", index: 3 });
    expect(await pgRecipe.ordersInOrder(db.client)).toEqual([]);
  });

  it("Ulid-Flakes in a bigint column come back in the order made, across the decimal widths", async () => {
    // From 1-digit integers to 19: decimal text order would put "10" before "9"; integer order does not.
    const ids = [0n, 9n, 10n, 2n ** 32n, 2n ** 62n, 2n ** 63n - 1n].map((value) => flake.fromBigInt(value));
    const made = [...ids, ...flake.encodeMany(flake.generateMany(1000))].sort();
    await pgRecipe.insertEvents(db.client, [...made].reverse());
    expect(await pgRecipe.eventsInOrder(db.client)).toEqual(made);
    await expect(pgRecipe.insertEvents(db.client, ["0000000000000", "8000000000000"])).rejects.toMatchObject({ code: "OVERFLOW", index: 1 });
  });

  it("binary COPY of generateMany's records stores them as made", async () => {
    const records = generateMany(10_000);
    if (db.backend === "server") await pgRecipe.copyOrders(db.client as never, records);
    // PGlite takes COPY data from its /dev/blob rather than the protocol's COPY FROM STDIN that pg-copy-streams speaks.
    else await db.copyIn("orders", "binary", pgRecipe.binaryCopy(records, 16));
    const rows = await db.query<{ stored: string }>("SELECT encode(uuid_send(id), 'hex') AS stored FROM orders ORDER BY id");
    expect(rows.map((row) => row.stored).join("")).toBe(hex(records));
  });
});

describe("Drizzle", () => {
  const { shipments } = drizzleRecipe;

  it("stores each column as its binary type and reads the IDs back, in the order made", async () => {
    const orm = db.drizzle();
    const ids = ulids(50);
    const parcels = ulids(50);
    const scans = flake.encodeMany(flake.generateMany(50));
    const rows = ids.map((id, i) => ({ id, parcel: parcels[i]!, scan: scans[i]! }));
    await orm.insert(shipments).values([...rows].reverse());
    expect(await orm.select().from(shipments).orderBy(asc(shipments.id))).toEqual(rows);
    // What Postgres holds: the ULID's 16 bytes as the uuid and as the bytea, the Ulid-Flake's integer.
    const [stored] = await db.query<{ id: string; parcel: string; scan: string }>(
      "SELECT id::text AS id, encode(parcel, 'hex') AS parcel, scan::text AS scan FROM shipments ORDER BY id LIMIT 1",
    );
    expect(stored).toEqual({ id: ulidToUUID(ids[0]!), parcel: hex(decode(parcels[0]!)), scan: flake.toBigInt(scans[0]!).toString() });
  });

  it("a time range selects exactly the shipments made in it", async () => {
    const made = madeAroundT();
    const scans = flake.encodeMany(flake.generateMany(made.length));
    await db.drizzle().insert(shipments).values(made.map(({ id }, i) => ({ id, parcel: id, scan: scans[i]! })));
    const between = await drizzleRecipe.shipmentsBetween(db.drizzle(), T, T + 1);
    expect(between.map(({ id }) => id)).toEqual(madeBetween(made, T, T + 1));
  });

  it("refuses a bad ID before the query is sent", async () => {
    const orm = db.drizzle();
    const row = { id: ulids(1)[0]!, parcel: ulids(1)[0]!, scan: uuidv7.generate() };
    await expect(orm.insert(shipments).values(row)).rejects.toBeInstanceOf(UlidError);
    expect(await orm.select().from(shipments)).toEqual([]);
  });
});

it("runs on the database it was asked for", () => {
  expect(db.backend).toBe(SERVER_URL === undefined ? "pglite" : "server");
});
