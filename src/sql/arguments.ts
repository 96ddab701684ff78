/**
 * The checks of `registerFunctions`' arguments: a misuse is a UlidError (INVALID_ARGUMENT) saying what was
 * expected, as everywhere in the library, rather than a TypeError from inside DuckDB's client.
 */
import type { DuckDBConnection } from "@duckdb/node-api";
import { UlidError } from "../index.js";

/** The `prefix` option, checked, with the connection. */
export function registrationArguments(connection: unknown, options: unknown): { connection: DuckDBConnection; prefix: string } {
  if (!isConnection(connection)) throw refused("connection", "a DuckDBConnection of @duckdb/node-api", connection);
  if (options !== undefined && (typeof options !== "object" || options === null)) throw refused("options", "an object", options);
  let prefix: unknown;
  try {
    prefix = (options as { prefix?: unknown } | undefined)?.prefix ?? "";
  } catch {
    // Options that cannot be read (a revoked Proxy, a getter that throws) are no options object.
    throw refused("options", "an object", options);
  }
  if (typeof prefix !== "string") throw refused("the `prefix` option", "a string", prefix);
  // DuckDB takes names as C strings of UTF-8: "x\0" would register every function as "x", and a lone surrogate as
  // U+FFFD, either under names other than those returned.
  if (prefix.includes("\0") || LONE_SURROGATE.test(prefix)) {
    throw refused("the `prefix` option", "a string of Unicode text without NUL characters", prefix);
  }
  return { connection, prefix };
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What DuckDB's client threw as the functions were registered, as a UlidError: its plain Error says only that it
 * failed ("Failed to register scalar function"), which a closed connection causes, or one in a failed transaction.
 */
export function refusedRegistration(error: unknown): UlidError {
  if (error instanceof UlidError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new UlidError("INVALID_ARGUMENT", `DuckDB refused the functions (${reason.slice(0, 200)}): the connection must be open, and not in a failed transaction`);
}

/** Whether `value` has a connection's two registering methods; not what cannot be read (a revoked Proxy). */
function isConnection(value: unknown): value is DuckDBConnection {
  if (typeof value !== "object" || value === null) return false;
  try {
    const { registerScalarFunction, registerTableFunction } = value as Partial<DuckDBConnection>;
    return typeof registerScalarFunction === "function" && typeof registerTableFunction === "function";
  } catch {
    return false;
  }
}

function refused(subject: string, expected: string, value: unknown): UlidError {
  const got = typeof value === "string" ? JSON.stringify(value) : value === null ? "null" : typeof value === "object" ? "an object" : String(value);
  return new UlidError("INVALID_ARGUMENT", `${subject} must be ${expected}, got ${got}`);
}
