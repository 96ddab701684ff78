/**
 * The checks of `registerFunctions`' arguments: a misuse is a UlidError (INVALID_ARGUMENT) saying what was
 * expected, as everywhere in the library, rather than a TypeError from inside DuckDB's client.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { UlidError } from "../index.js";

/**
 * The `prefix` option, checked, with the connection. What cannot be read (a revoked Proxy, a getter that throws) is
 * refused as what it should have been.
 */
export function registrationArguments(connection: unknown, options: unknown): { connection: DuckDBConnection; prefix: string } {
  if (!readable(() => isConnection(connection))) throw refused("connection", "a DuckDBConnection of @duckdb/node-api", connection);
  if (options !== undefined && (typeof options !== "object" || options === null)) throw refused("options", "an object", options);
  let prefix: unknown;
  if (!readable(() => ((prefix = (options as { prefix?: unknown } | undefined)?.prefix ?? ""), true))) throw refused("options", "an object", options);
  if (typeof prefix !== "string") throw refused("the `prefix` option", "a string", prefix);
  return { connection: connection as DuckDBConnection, prefix };
}

/** What `read` says, or false when reading throws. */
function readable(read: () => boolean): boolean {
  try {
    return read();
  } catch {
    return false;
  }
}

function isConnection(value: unknown): value is DuckDBConnection {
  if (typeof value !== "object" || value === null) return false;
  const { registerScalarFunction, registerTableFunction } = value as Partial<DuckDBConnection>;
  return typeof registerScalarFunction === "function" && typeof registerTableFunction === "function";
}

function refused(subject: string, expected: string, value: unknown): UlidError {
  const got = typeof value === "string" ? JSON.stringify(value) : value === null ? "null" : typeof value === "object" ? "an object" : String(value);
  return new UlidError("INVALID_ARGUMENT", `${subject} must be ${expected}, got ${got}`);
}
