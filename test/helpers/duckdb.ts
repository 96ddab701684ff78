/**
 * A real DuckDB for the SQL suites (test/duckdb/): an in-memory database per suite through @duckdb/node-api, with
 * the package's functions registered as a user registers them (`ulid-wasm/duckdb`, the built entry).
 */
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { registerFunctions } from "ulid-wasm/duckdb";

export async function connectWithFunctions(options?: { prefix?: string }): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  registerFunctions(connection, options);
  return connection;
}

/** The rows of a query, values as JSON (BIGINTs as strings, TIMESTAMPTZs as text). */
export async function rows(connection: DuckDBConnection, sql: string): Promise<unknown[][]> {
  return (await connection.runAndReadAll(sql)).getRowsJson() as unknown[][];
}

/** The only column of a query. */
export async function column(connection: DuckDBConnection, sql: string): Promise<unknown[]> {
  return (await rows(connection, sql)).map((row) => row[0]);
}

/** A table `name (i BIGINT, v VARCHAR)` of `values` in order (null for NULL), through the appender. */
export async function tableOf(connection: DuckDBConnection, name: string, values: readonly (string | null)[]): Promise<void> {
  await connection.run(`CREATE OR REPLACE TABLE ${name} (i BIGINT, v VARCHAR)`);
  const appender = await connection.createAppender(name);
  values.forEach((value, i) => {
    appender.appendBigInt(BigInt(i));
    if (value === null) appender.appendNull();
    else appender.appendVarchar(value);
    appender.endRow();
  });
  appender.closeSync();
}

/** The message of what `sql` fails with (the test fails if it succeeds). */
export async function failure(connection: DuckDBConnection, sql: string): Promise<string> {
  try {
    await connection.run(sql);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`no error from ${sql}`);
}
