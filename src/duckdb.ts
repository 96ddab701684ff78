/**
 * ulid-wasm/duckdb: every format's functions in DuckDB, through `@duckdb/node-api` (an optional peer dependency; the
 * main entry has no dependency). docs/sql.md shows them in use.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { refusedRegistration, registrationArguments } from "./sql/arguments.js";
import { registerReadIds } from "./sql/read-ids.js";
import { registerScalarFunctions } from "./sql/scalar-functions.js";

/**
 * The scanning thread of `read_ids`, beside this entry in dist/ (the ESM entries and the CommonJS bundle all stand
 * at its root): a CommonJS bundle of src/sql/read-ids-worker.ts, which says why.
 */
const SCAN_THREAD = new URL("./sql/read-ids-worker.cjs", import.meta.url);

export interface RegisterOptions {
  /** Prepended to every function's name (default ""): `{ prefix: "id_" }` gives `id_ulid_timestamp`. */
  prefix?: string;
}

/**
 * Registers on `connection` (a `DuckDBConnection`), for every format `F` of the registry: `F_valid`, `F_timestamp`,
 * `F_to_blob`, `F_from_blob`, `F_min`, `F_max`, `F_generate`, and for 16-byte formats `F_to_uuid` and
 * `F_from_uuid`; and the table function `read_ids(path, format := 'ulid')`, the IDs found in a file or the files of a
 * glob. DuckDB keeps functions per database instance: registered through one connection, they are there for every
 * connection to the same instance. Returns the names registered. Another object than a connection, a closed one,
 * or a `prefix` that is no string or no Unicode text (a NUL, a lone surrogate), is a UlidError (INVALID_ARGUMENT).
 */
export function registerFunctions(connection: DuckDBConnection, options?: RegisterOptions): string[] {
  const checked = registrationArguments(connection, options);
  const { prefix } = checked;
  try {
    const names = registerScalarFunctions(checked.connection, prefix);
    registerReadIds(checked.connection, `${prefix}read_ids`, SCAN_THREAD);
    return [...names, `${prefix}read_ids`];
  } catch (error) {
    throw refusedRegistration(error);
  }
}
