import { DuckDBInstance, listValue } from "@duckdb/node-api";
import { registerFunctions } from "ulid-wasm/duckdb";

/**
 * Orders the logs mention, hour by hour: every ULID, UUID v7 and TypeID in the log files `logs` (a glob), joined
 * with an `orders` table whose keys are UUIDs, and the hour each order was made in, read from its ID.
 */
export async function mentionsPerHour(logs: string, orders: string[]) {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  registerFunctions(connection);

  // Keep IDs as UUIDs: 16 bytes, in the order of their time, whatever text they came in.
  await connection.run("CREATE TABLE orders (id UUID PRIMARY KEY)");
  await connection.run("INSERT INTO orders SELECT ulid_to_uuid(unnest($1::VARCHAR[]))", [listValue(orders)]);

  const reader = await connection.runAndReadAll(
    `SELECT date_trunc('hour', ulid_timestamp(ulid_from_uuid(o.id))) AS hour,
            count(*) AS mentions,
            count(DISTINCT o.id) AS orders
       FROM read_ids($1, format := 'all') AS m
       JOIN orders AS o ON o.id = CASE m.format WHEN 'ulid' THEN ulid_to_uuid(m.id)
                                                WHEN 'uuidv7' THEN uuidv7_to_uuid(m.id)
                                                ELSE typeid_to_uuid(m.id) END
      GROUP BY hour
      ORDER BY hour`,
    [logs],
  );
  connection.closeSync();
  return reader.getRowObjectsJson();
}
