// IDs in PostgreSQL with node-postgres (npm install pg pg-copy-streams):
//   CREATE TABLE orders (id uuid PRIMARY KEY);   -- ULIDs, as their 16 bytes
//   CREATE TABLE events (id bigint PRIMARY KEY); -- Ulid-Flakes, as their 64-bit integer
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ClientBase } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { decodeMany, flake, formats, ulidToUUID, uuidToULID } from "ulid-wasm";

/** A node-postgres Client or Pool (PGlite's `query` has the same shape). */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export async function insertOrders(db: Queryable, ids: readonly string[]): Promise<void> {
  decodeMany(ids); // a bad ULID throws here (UlidError, `index` = its place in ids): nothing reaches the database
  await db.query("INSERT INTO orders (id) SELECT unnest($1::uuid[])", [ids.map(ulidToUUID)]);
}

/** ORDER BY id is ULID order: by time, and within a millisecond in the order a monotonic generator made them. */
export async function ordersInOrder(db: Queryable): Promise<string[]> {
  const { rows } = await db.query("SELECT id FROM orders ORDER BY id"); // a uuid arrives as its text
  return rows.map((row) => uuidToULID(row.id as string));
}

/** The orders made from `from` to `to` (Unix ms or Dates, both included), found on the primary key's index. */
export async function ordersBetween(db: Queryable, from: number | Date, to: number | Date): Promise<string[]> {
  const bounds = [ulidToUUID(formats.ulid.min(from)), ulidToUUID(formats.ulid.max(to))];
  const { rows } = await db.query("SELECT id FROM orders WHERE id BETWEEN $1 AND $2 ORDER BY id", bounds);
  return rows.map((row) => uuidToULID(row.id as string));
}

export async function insertEvents(db: Queryable, ids: readonly string[]): Promise<void> {
  // decodeMany refuses a bad ID with its index; toBigIntMany reads the 8-byte records as integers below 2^63.
  const values = Array.from(flake.toBigIntMany(flake.decodeMany(ids)));
  await db.query("INSERT INTO events (id) SELECT unnest($1::bigint[])", [values]);
}

export async function eventsInOrder(db: Queryable): Promise<string[]> {
  // Not `SELECT id::text ... ORDER BY id`: that orders by the output column, decimal text ("10" before "9").
  const { rows } = await db.query("SELECT id FROM events ORDER BY id"); // an int8 arrives as a string (or a bigint)
  return rows.map((row) => flake.fromBigInt(BigInt(row.id as string | bigint)));
}

const PGCOPY_SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // "PGCOPY\n\377\r\n\0"

/**
 * PostgreSQL's binary COPY data for one-column rows, built in one pass over fixed-width records (generateMany's):
 *   header:  the 11-byte signature | int32 flags = 0 | int32 header extension length = 0
 *   per row: int16 field count = 1 | int32 field length = width | the record's bytes
 *   trailer: int16 -1
 * A ULID's or UUID v7's 16 bytes are a `uuid` field as they are; a Ulid-Flake's 8 bytes are a `bigint` (big-endian,
 * sign bit 0); any record is a `bytea`.
 */
export function binaryCopy(records: Uint8Array, width: number): Uint8Array {
  const rows = records.length / width;
  const out = new Uint8Array(19 + rows * (6 + width) + 2);
  const view = new DataView(out.buffer);
  out.set(PGCOPY_SIGNATURE);
  let at = 19;
  for (let from = 0; from < records.length; from += width) {
    view.setInt16(at, 1);
    view.setInt32(at + 2, width);
    at += 6;
    for (let i = 0; i < width; i++) out[at++] = records[from + i]!;
  }
  view.setInt16(at, -1);
  return out;
}

/** Bulk ingestion: `await copyOrders(client, generateMany(1_000_000))`. */
export async function copyOrders(client: ClientBase, records: Uint8Array): Promise<void> {
  const copy = client.query(copyFrom("COPY orders (id) FROM STDIN (FORMAT binary)"));
  await pipeline(Readable.from([binaryCopy(records, 16)]), copy);
}
