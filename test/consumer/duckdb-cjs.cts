// A CommonJS user of ulid-wasm/duckdb: the same types through the `require` entry (dist/duckdb.d.cts).
import duckdb = require("ulid-wasm/duckdb");
import nodeApi = require("@duckdb/node-api");

export async function connect(): Promise<string[]> {
  const connection = await (await nodeApi.DuckDBInstance.create()).connect();
  return duckdb.registerFunctions(connection, { prefix: "" });
}
