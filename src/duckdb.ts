/**
 * ulid-wasm/duckdb: every format's functions in DuckDB, through `@duckdb/node-api` (an optional peer dependency; the
 * main entry has no dependency). docs/sql.md shows them in use.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { registerScalarFunctions } from "./sql/scalar-functions.js";

export interface RegisterOptions {
  /** Prepended to every function's name (default ""): `{ prefix: "id_" }` gives `id_ulid_timestamp`. */
  prefix?: string;
}

/**
 * Registers on `connection` (a `DuckDBConnection`), for every format `F` of the registry: `F_valid`, `F_timestamp`,
 * `F_to_blob`, `F_from_blob`, `F_min`, `F_max`, `F_generate`, and for 16-byte formats `F_to_uuid` and
 * `F_from_uuid`. Functions are registered per connection, as DuckDB keeps them. Returns the names registered.
 */
export function registerFunctions(connection: DuckDBConnection, options?: RegisterOptions): string[] {
  const prefix = options?.prefix ?? "";
  return registerScalarFunctions(connection, prefix);
}
