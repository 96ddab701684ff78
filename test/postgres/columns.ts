/**
 * Where the Postgres suites store each format, as a table of columns: each format's natural column (ULID and UUID v7
 * in `uuid`, BaseUID and KSUID in `bytea`, Ulid-Flake in `bigint`), `bytea` for every format, and the canonical text
 * under COLLATE "C" (byte order, whatever the database's locale). TypeID adds its rows to COLUMNS.
 *
 * Values cross as text both ways and SQL converts them (a hex string to bytea, a decimal to bigint): node-postgres
 * and PGlite hand over bytea and int8 values differently, text alike, so one statement serves both clients.
 */
import { flake } from "../../src/index.js";
import { REF_BASEUID, REF_FLAKE, REF_KSUID, REF_ULID, REF_UUIDV7, type RefFormat } from "../helpers/format-reference.js";
import { bigIntToBytes, hex, refUuid } from "../helpers/reference.js";

export interface Column {
  readonly ref: RefFormat;
  /** The column's SQL type. */
  readonly type: string;
  /** Short name: "ulid as uuid". */
  readonly label: string;
  /** An ID's text as the SQL text `value` (below) reads. */
  toSql(id: string): string;
  /** SQL making the column's value of a text expression `x`. */
  value(x: string): string;
  /** SQL reading the column `id` as text, which `fromSql` turns back into the ID's text. */
  readonly read: string;
  fromSql(text: string): string;
  /** SQL giving the stored value's own bytes in hex (what Postgres compares), or null for text. */
  readonly storedHex: string | null;
  /** Whether the column's input text is the format's own text, so text COPY takes encodeManyText's output as it is. */
  readonly readsIdText: boolean;
  /**
   * A value of the column's SQL type that is no ID of the format, as the SQL text `value` reads, and whether Postgres
   * stores it (then reading it back must refuse it) or refuses it (a CHECK constraint); null when every value of the
   * type is an ID (any 16 bytes are a ULID).
   */
  readonly stray: { readonly sql: string; readonly stored: boolean } | null;
}

const unhex = (text: string, bytes: number) => bigIntToBytes(BigInt(`0x${text.replaceAll("-", "")}`), bytes);

/**
 * A 16-byte format's bytes as a `uuid`: Postgres compares uuids as 16 bytes (memcmp), as the formats sort.
 * `readsIdText`: the format's text is UUID text (UUID v7's; a ULID's is not).
 */
function uuidColumn(ref: RefFormat, readsIdText: boolean, stray: Column["stray"]): Column {
  return {
    ref,
    type: "uuid",
    label: `${ref.name} as uuid`,
    toSql: (id) => refUuid(ref.api.decode(id)),
    value: (x) => `${x}::uuid`,
    read: "id::text",
    fromSql: (text) => ref.api.encode(unhex(text, 16)),
    storedHex: "encode(uuid_send(id), 'hex')",
    readsIdText,
    stray,
  };
}

/**
 * Any format's bytes as a `bytea`, compared as bytes (memcmp, then length). The CHECK keeps out other lengths, which
 * `encode(bytes)` would not see: it reads the format's width from the start of a longer array.
 */
function byteaColumn(ref: RefFormat): Column {
  return {
    ref,
    type: `bytea CHECK (octet_length(id) = ${ref.bytes})`,
    label: `${ref.name} as bytea`,
    toSql: (id) => hex(ref.api.decode(id)),
    value: (x) => `decode(${x}, 'hex')`,
    read: "encode(id, 'hex')",
    fromSql: (text) => ref.api.encode(unhex(text, ref.bytes)),
    storedHex: "encode(id, 'hex')",
    readsIdText: false,
    stray: { sql: "00".repeat(ref.bytes + 1), stored: false },
  };
}

/**
 * Ulid-Flake as a `bigint` (signed int8) through flake.toBigInt: its sign bit is always 0, so every Ulid-Flake is
 * 0..2^63-1 and signed order is unsigned order (test/postgres/columns.test.ts proves the edges).
 */
const FLAKE_BIGINT: Column = {
  ref: REF_FLAKE,
  type: "bigint",
  label: "flake as bigint",
  toSql: (id) => flake.toBigInt(id).toString(),
  value: (x) => `${x}::bigint`,
  read: "id::text",
  fromSql: (text) => flake.fromBigInt(BigInt(text)),
  storedHex: "encode(int8send(id), 'hex')",
  readsIdText: false,
  stray: { sql: "-1", stored: true },
};

/** The canonical text, compared byte by byte (COLLATE "C"): the formats' text order is their byte order. */
function textColumn(ref: RefFormat): Column {
  return {
    ref,
    type: 'text COLLATE "C"',
    label: `${ref.name} as text`,
    toSql: (id) => id,
    value: (x) => x,
    read: "id",
    fromSql: (text) => ref.api.encode(ref.api.decode(text)),
    storedHex: null,
    readsIdText: true,
    stray: { sql: "not an ID", stored: true },
  };
}

export const COLUMNS: readonly Column[] = [
  uuidColumn(REF_ULID, false, null),
  byteaColumn(REF_ULID),
  textColumn(REF_ULID),
  uuidColumn(REF_UUIDV7, true, { sql: "017f22e2-79b0-4cc3-98c4-dc0c0c07398f", stored: true }), // version 4
  byteaColumn(REF_UUIDV7),
  textColumn(REF_UUIDV7),
  byteaColumn(REF_BASEUID),
  textColumn(REF_BASEUID),
  FLAKE_BIGINT,
  byteaColumn(REF_FLAKE),
  textColumn(REF_FLAKE),
  byteaColumn(REF_KSUID),
  textColumn(REF_KSUID),
];

/** A table of one column `id` of the given kind (a temporary table: it goes with the connection). */
export const createTable = (name: string, column: Column) =>
  `CREATE TEMPORARY TABLE ${name} (id ${column.type} PRIMARY KEY)`;

/** Inserts IDs given as text, in one statement. */
export const insertSql = (name: string, column: Column) =>
  `INSERT INTO ${name} (id) SELECT ${column.value("x")} FROM unnest($1::text[]) AS x`;
