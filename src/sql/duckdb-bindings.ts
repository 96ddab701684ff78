/**
 * DuckDB from Node: `@duckdb/node-api` (the caller's connection, function objects, types) and, for reading and
 * writing vectors in bulk, DuckDB's C API as `@duckdb/node-bindings` exposes it. The bindings are taken from the
 * copy that this `@duckdb/node-api` loads: handles are tagged by the native module that made them, so functions
 * made through another copy would be refused by the connection. `@duckdb/node-api` is an optional peer dependency
 * of this package and `@duckdb/node-bindings` its own dependency, which a strict package manager (pnpm) does not
 * let this package name directly.
 */
import { createRequire } from "node:module";
import type * as DuckDBApi from "@duckdb/node-api";
import type duckdb from "@duckdb/node-bindings";

const requireHere = createRequire(import.meta.url);

/** `@duckdb/node-api`, as the caller's connection was made by it. */
export const api: typeof DuckDBApi = requireHere("@duckdb/node-api");

/** The bindings beside it. */
export const bindings: typeof duckdb = createRequire(requireHere.resolve("@duckdb/node-api"))("@duckdb/node-bindings");

export type Vector = duckdb.Vector;
