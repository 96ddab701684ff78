/**
 * DuckDB (`npm run bench:duckdb [-- ROWS]`, 10,000,000 rows by default), the built `ulid-wasm/duckdb` in DuckDB
 * through @duckdb/node-api, in one process:
 *   - `SELECT max(ulid_timestamp(id))` over a VARCHAR column of ULIDs, against the same query through a scalar UDF
 *     written as users write one today: node-api's vector API row by row, each row through the `ulid` package's
 *     decodeTime;
 *   - `SELECT max(uuidv7_timestamp(id))` over a VARCHAR column of UUID v7s, against DuckDB's own
 *     `max(uuid_extract_timestamp(id::UUID))`, native code on every thread;
 *   - `read_ids` over a log file (bench/log-fixture.mjs) in MB/s, counting its rows (the scanning thread's work) and
 *     reading every column (the JS thread's too: a DuckDB string per match), against `ulid scan --plausible .. FILE
 *     > /dev/null` (every match, as read_ids gives them); and a read_ids query over a one-line file, what a query
 *     costs before its first byte, on a thread of the pool and on one it starts.
 * Each query runs ROUNDS times in rotated order; the figure is the median, since the machine is shared. The
 * answers are checked against each other before anything is timed. LOG_MB=N in the environment sizes the log
 * (200 MB by default).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DuckDBInstance, DuckDBScalarFunction, DuckDBTimestampTZValue, TIMESTAMPTZ, VARCHAR, type DuckDBConnection } from "@duckdb/node-api";
import * as ulidPackage from "ulid";
import { registerFunctions } from "../dist/duckdb.js";
import { IDLE_MS } from "../src/sql/read-ids-protocol.js";
import { median } from "./lib/measure.js";
// @ts-expect-error: a plain .mjs module, shared with the command's benchmarks
import { writeLog } from "./log-fixture.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROWS = Number(process.argv[2] ?? 10_000_000);
/** Rounds per comparison: the row-at-a-time UDF takes a minute and more per round over 10M rows. */
const ROUNDS = 3;
/** MB of the log file read_ids and `ulid scan` read. */
const LOG_MB = Number(process.env.LOG_MB ?? 200);
/** Queries of read_ids that start a thread, each after the pool has been idle IDLE_MS: 11 s apart. */
const STARTED_ROUNDS = 5;
/** `ulid scan` keeps only IDs of plausible times by default; read_ids, as scanText, keeps every match. */
const ALL_TIMES = ["--plausible", ".."];

/** The row-at-a-time UDF: node-api's vectors read and written row by row, the `ulid` package's decodeTime per row. */
function registerRowUdf(connection: DuckDBConnection): void {
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: "js_ulid_timestamp",
      returnType: TIMESTAMPTZ,
      parameterTypes: [VARCHAR],
      mainFunction: (_info, input, output) => {
        const ids = input.getColumnVector(0);
        for (let row = 0; row < input.rowCount; row++) {
          const id = ids.getItem(row) as string | null;
          output.setItem(row, id === null ? null : new DuckDBTimestampTZValue(BigInt(ulidPackage.decodeTime(id)) * 1000n));
        }
        output.flush();
      },
    }),
  );
}

async function timed(connection: DuckDBConnection, sql: string): Promise<{ seconds: number; value: string }> {
  const started = process.hrtime.bigint();
  const reader = await connection.runAndReadAll(sql);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, value: JSON.stringify(reader.getRowsJson()) };
}

/**
 * Runs each query ROUNDS times in rotated order; each one's seconds per round. Refuses queries whose answers
 * differ.
 */
async function compare(connection: DuckDBConnection, queries: Record<string, string>): Promise<Record<string, number[]>> {
  const names = Object.keys(queries);
  const answers = new Map<string, string>();
  for (const name of names) answers.set(name, (await timed(connection, queries[name]!)).value);
  if (new Set(answers.values()).size !== 1) throw new Error(`the queries disagree: ${JSON.stringify([...answers])}`);
  const seconds: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      seconds[name]!.push((await timed(connection, queries[name]!)).seconds);
    }
  }
  return seconds;
}

/** Makes `table` with `create`, compares the queries over it, prints medians and rounds, drops the table. */
async function compareOver(connection: DuckDBConnection, table: string, create: string, title: string, queries: Record<string, string>): Promise<void> {
  await connection.run(`CREATE TABLE ${table} AS ${create}`);
  const seconds = await compare(connection, queries);
  await connection.run(`DROP TABLE ${table}`);
  console.log(`\n${title}`);
  const ours = median(Object.values(seconds)[0]!);
  for (const [name, rounds] of Object.entries(seconds)) {
    const mid = median(rounds);
    const each = rounds.map((s) => s.toFixed(2)).join(" ");
    console.log(`  ${name.padEnd(70)} ${mid.toFixed(3)} s  ${(ROWS / mid / 1e6).toFixed(2)} M rows/s  ${(mid / ours).toFixed(2)}x ours  (rounds: ${each} s)`);
  }
}

const instance = await DuckDBInstance.create(":memory:");
const connection = await instance.connect();
registerFunctions(connection);
registerRowUdf(connection);
console.log(`DuckDB ${(await timed(connection, "SELECT version()")).value}, ${ROWS.toLocaleString("en")} rows, Node ${process.version}`);
console.log(`${cpus()[0]?.model ?? "?"}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
console.log(`DuckDB threads: ${(await timed(connection, "SELECT current_setting('threads')")).value}`);

await compareOver(connection, "ulids", `SELECT ulid_generate() AS id FROM range(${ROWS})`, "max(timestamp) over a VARCHAR column of ULIDs", {
  "ulid-wasm: max(ulid_timestamp(id))": "SELECT max(ulid_timestamp(id)) FROM ulids",
  "row-at-a-time UDF over the ulid package: max(js_ulid_timestamp(id))": "SELECT max(js_ulid_timestamp(id)) FROM ulids",
});
await compareOver(connection, "uuids", `SELECT uuidv7()::VARCHAR AS id FROM range(${ROWS})`, "max(timestamp) over a VARCHAR column of UUID v7s", {
  "ulid-wasm: max(uuidv7_timestamp(id))": "SELECT max(uuidv7_timestamp(id)) FROM uuids",
  "DuckDB: max(uuid_extract_timestamp(id::UUID))": "SELECT max(uuid_extract_timestamp(id::UUID)) FROM uuids",
});

const dir = mkdtempSync(join(tmpdir(), "ulid-bench-duckdb-"));
try {
  const log = join(dir, "app.log");
  const matches = writeLog(log, LOG_MB);
  const megabytes = statSync(log).size / 1e6;
  const rounds: { readIds: number[]; everyColumn: number[]; scan: number[] } = { readIds: [], everyColumn: [], scan: [] };
  const countQuery = `SELECT count(*) FROM read_ids('${log}')`;
  const everyColumnQuery = `SELECT count(file), max(line), max("offset"), max(format), max(id), max(ts) FROM read_ids('${log}')`;
  const count = (await timed(connection, countQuery)).value;
  const everyColumn = JSON.parse((await timed(connection, everyColumnQuery)).value) as string[][];
  const lines = execFileSync(process.execPath, [join(ROOT, "dist/cli.cjs"), "scan", ...ALL_TIMES, log], { maxBuffer: 2 ** 30 }).toString().split("\n").length - 1;
  if (count !== JSON.stringify([[String(matches)]]) || everyColumn[0]![0] !== String(matches) || lines !== matches) {
    throw new Error(`read_ids found ${count} (${everyColumn[0]![0]} reading every column), ulid scan ${lines}, the log holds ${matches}`);
  }
  for (let round = 0; round < ROUNDS; round++) {
    rounds.readIds.push((await timed(connection, countQuery)).seconds);
    rounds.everyColumn.push((await timed(connection, everyColumnQuery)).seconds);
    const started = process.hrtime.bigint();
    execFileSync("sh", ["-c", `"${process.execPath}" "${join(ROOT, "dist/cli.cjs")}" scan ${ALL_TIMES.join(" ")} "${log}" > /dev/null`]);
    rounds.scan.push(Number(process.hrtime.bigint() - started) / 1e9);
  }
  const rate = (seconds: number[]) => `${(megabytes / median(seconds)).toFixed(0)} MB/s (rounds: ${seconds.map((s) => (megabytes / s).toFixed(0)).join(" ")})`;
  console.log(`\nIDs in a ${megabytes.toFixed(0)} MB log (${matches.toLocaleString("en")} ULIDs)`);
  console.log(`  read_ids: SELECT count(*) FROM read_ids(file)   ${rate(rounds.readIds)}`);
  console.log(`  read_ids: every column (count(file), max(...))   ${rate(rounds.everyColumn)}`);
  console.log(`  ulid scan --plausible .. file > /dev/null        ${rate(rounds.scan)}`);

  // A query over a one-line file: what read_ids costs before its first byte, beside a query of DuckDB's own. One
  // after another, each takes the thread the one before left idle (src/sql/scan-thread-pool.ts); once the pool has
  // been idle IDLE_MS, its threads have ended, and a query starts one (Node's worker, the library's load in it and
  // its WebAssembly).
  const tiny = join(dir, "one-line.log");
  writeFileSync(tiny, "GET /orders/01ARYZ6S410000000000000000 200\n");
  const tinyQuery = `SELECT count(*) FROM read_ids('${tiny}')`;
  const latency: { kept: number[]; started: number[]; own: number[] } = { kept: [], started: [], own: [] };
  for (let round = 0; round < 31; round++) {
    latency.kept.push((await timed(connection, tinyQuery)).seconds);
    latency.own.push((await timed(connection, "SELECT count(*) FROM range(3)")).seconds);
  }
  for (let round = 0; round < STARTED_ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1_000));
    latency.started.push((await timed(connection, tinyQuery)).seconds);
  }
  const ms = (seconds: number[]) => `${(1000 * median(seconds)).toFixed(1)} ms`;
  console.log(`
A query over a one-line file: read_ids ${ms(latency.kept)} on a thread kept from the query before (median of 31),
${ms(latency.started)} on one it starts (median of ${STARTED_ROUNDS}, each after the pool's ${IDLE_MS / 1000} s idle); SELECT count(*) FROM range(3) ${ms(latency.own)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
connection.closeSync();
