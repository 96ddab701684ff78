/**
 * The database the Postgres suites (test/postgres/) run against: PGlite by default (real PostgreSQL compiled to
 * WebAssembly, in process, so `npm test` needs no server), or the server whose connection string is in
 * ULID_TEST_PG (.ci/run starts a throwaway cluster with scripts/postgres-cluster.sh and sets it). Suites create
 * temporary tables only, so files running in parallel on one server never meet and nothing outlives a connection.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Queryable } from "../postgres/recipes/node-postgres.js";
import { ROOT } from "./runtimes.js";

/** The server's connection string, when the suites run against a real server. */
export const SERVER_URL = process.env.ULID_TEST_PG || undefined;

export interface TestDatabase {
  readonly backend: "pglite" | "server";
  /** node-postgres' Client, or PGlite itself: both have `query(text, values)` resolving to `{ rows }`. */
  readonly client: Queryable;
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Streams `data` into `table` with `COPY ... FROM STDIN` (the server) or from PGlite's `/dev/blob`. */
  copyIn(table: string, format: "binary" | "text", data: Uint8Array): Promise<void>;
  /** Drizzle over this connection: drizzle-orm/node-postgres or drizzle-orm/pglite. */
  drizzle(): PgDatabase<PgQueryResultHKT>;
  close(): Promise<void>;
}

export async function openDatabase(): Promise<TestDatabase> {
  return SERVER_URL === undefined ? openPglite() : openServer(SERVER_URL);
}

/**
 * A suite's database: opened before its tests and closed after them. `table()` names a new table (unique on a shared
 * server too), which is dropped after the test that asked for it.
 */
export function databaseForSuite(): { db(): TestDatabase; table(): string } {
  let db: TestDatabase | undefined;
  let count = 0;
  const made: string[] = [];
  // No timeout of its own: PGlite starts in seconds on a quiet machine, far longer on a busy one (vitest.config.ts).
  beforeAll(async () => {
    db = await openDatabase();
  });
  afterEach(async () => {
    for (const name of made.splice(0)) await db!.query(`DROP TABLE IF EXISTS ${name}`);
  });
  afterAll(() => db?.close());
  return {
    db: () => db!,
    table() {
      const name = `ids_${process.pid}_${++count}`;
      made.push(name);
      return name;
    },
  };
}

/**
 * A new PGlite database. Creating one runs initdb (in WebAssembly): 3-14 s here, depending on what else the machine
 * runs. Loading a dump of a new cluster takes 1-2 s, so the first suite saves one in .cache/ (by PGlite's version)
 * and the others, and later runs, start from it. Written under a temporary name and renamed, so a suite never reads
 * a half-written dump.
 */
async function newPglite(): Promise<PGlite> {
  const { version } = JSON.parse(readFileSync(join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"));
  const dumpFile = join(ROOT, ".cache", `pglite-${version}-new-cluster.tar`);
  if (existsSync(dumpFile)) return PGlite.create({ loadDataDir: new Blob([readFileSync(dumpFile)]) });
  const db = await PGlite.create();
  const dump = new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  writeFileSync(`${dumpFile}.${process.pid}`, dump);
  renameSync(`${dumpFile}.${process.pid}`, dumpFile);
  return db;
}

async function openPglite(): Promise<TestDatabase> {
  const db = await newPglite();
  return {
    backend: "pglite",
    client: db,
    query: async (text, values) => (await db.query(text, values)).rows as never,
    async copyIn(table, format, data) {
      // PGlite has no COPY FROM STDIN; its virtual file /dev/blob reads the Blob passed with the query.
      await db.query(`COPY ${table} FROM '/dev/blob' (FORMAT ${format})`, [], { blob: new Blob([data as BlobPart]) });
    },
    drizzle: () => drizzlePglite(db) as never,
    close: () => db.close(),
  };
}

async function openServer(connectionString: string): Promise<TestDatabase> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return {
    backend: "server",
    client,
    query: async (text, values) => (await client.query(text, values)).rows,
    async copyIn(table, format, data) {
      await pipeline(Readable.from([data]), client.query(copyFrom(`COPY ${table} FROM STDIN (FORMAT ${format})`)));
    },
    drizzle: () => drizzleNodePostgres(client) as never,
    close: () => client.end(),
  };
}
