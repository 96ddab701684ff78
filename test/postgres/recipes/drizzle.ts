// IDs in PostgreSQL with Drizzle ORM (npm install drizzle-orm, and pg or @electric-sql/pglite): column types that
// store an ID in its binary column and hand the application its text.
import { between } from "drizzle-orm";
import { customType, pgTable, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { decode, encode, flake, formats, ulidToUUID, uuidToULID } from "ulid-wasm";

/** A ULID in a `uuid` column: its 16 bytes, so ORDER BY is ULID order. (UUID v7s need no custom type: `uuid()`.) */
export const ulidUuid = customType<{ data: string; driverData: string }>({
  dataType: () => "uuid",
  toDriver: (id) => ulidToUUID(id), // throws a UlidError for a bad ULID before the query is sent
  fromDriver: (uuid) => uuidToULID(uuid),
});

/**
 * A ULID in a `bytea` column: 16 bytes, compared as bytes. Give the column `CHECK (octet_length(parcel) = 16)`:
 * `encode` reads the first 16 bytes of a longer value without a word.
 */
export const ulidBytea = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (id) => decode(id),
  fromDriver: (bytes) => encode(bytes),
});

/** A Ulid-Flake in a `bigint` column: below 2^63, so the signed order is the IDs' order. */
export const flakeBigint = customType<{ data: string; driverData: bigint | string }>({
  dataType: () => "bigint",
  toDriver: (id) => flake.toBigInt(id),
  fromDriver: (value) => flake.fromBigInt(BigInt(value)), // node-postgres reads int8 as a string, PGlite as a bigint
});

export const shipments = pgTable("shipments", {
  id: ulidUuid("id").primaryKey(),
  parcel: ulidBytea("parcel").notNull(),
  scan: flakeBigint("scan").notNull(),
});

/** The shipments made from `from` to `to` (Unix ms or Dates, both included): min and max go through ulidUuid too. */
export function shipmentsBetween(db: PgDatabase<PgQueryResultHKT>, from: number | Date, to: number | Date) {
  const made = between(shipments.id, formats.ulid.min(from), formats.ulid.max(to));
  return db.select().from(shipments).where(made).orderBy(shipments.id);
}
