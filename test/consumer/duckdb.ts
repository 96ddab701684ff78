// An ES module user of ulid-wasm/duckdb: registerFunctions takes node-api's connection and the prefix option.
import { DuckDBInstance } from "@duckdb/node-api";
import { registerFunctions, type RegisterOptions } from "ulid-wasm/duckdb";

const connection = await (await DuckDBInstance.create()).connect();
const names: string[] = registerFunctions(connection);
const options: RegisterOptions = { prefix: "id_" };
registerFunctions(connection, options);
// @ts-expect-error the prefix is a string
registerFunctions(connection, { prefix: 1 });
// @ts-expect-error a connection, not an instance
registerFunctions(await DuckDBInstance.create());
export { names };
