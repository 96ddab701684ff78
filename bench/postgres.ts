/**
 * Bulk ingestion into PostgreSQL (`npm run bench:postgres [-- ROWS]`, 1,000,000 rows by default): rows per second
 * into a `uuid PRIMARY KEY` column, end to end from no IDs to committed rows, four ways:
 *   - binary COPY: uuidv7.generateMany -> binaryCopy (docs/storing.md's recipe) -> COPY FROM STDIN (FORMAT binary);
 *   - text COPY: uuidv7.generateMany -> uuidv7.encodeManyText -> COPY FROM STDIN, one UUID per line;
 *   - the command line: `ulid generate N --type uuidv7 | psql -c '\copy ... FROM STDIN'`;
 *   - what users do today: the `uuid` package's v7() one at a time, in multi-row INSERTs of 1,000 rows
 *     (`INSERT ... VALUES ($1), ($2), ...`), each its own transaction.
 * The server: the one whose connection string is in ULID_TEST_PG, or else a throwaway cluster of Debian's
 * postgresql package (scripts/postgres-cluster.sh; as root it runs as the `postgres` user), removed at the end.
 * Each way runs ROUNDS times in rotated order into an emptied table; the figure is the median, since the machine
 * is shared. Every run checks the row count before it counts.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { uuidv7 } from "../src/index.js";
import { binaryCopy } from "../test/postgres/recipes/node-postgres.js";
import { median } from "./lib/measure.js";
import { PEER, uuid } from "./lib/peers.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ROWS = Number(process.argv[2] ?? 1_000_000);
const ROUNDS = 3;
const INSERT_BATCH = 1000;
const TABLE = "bench_ids";

/** A server to measure on, and how to let it go. */
function server(): { url: string; stop(): void } {
  if (process.env.ULID_TEST_PG) return { url: process.env.ULID_TEST_PG, stop() {} };
  const dir = mkdtempSync(join(tmpdir(), "ulid-bench-pg-"));
  const script = join(ROOT, "scripts/postgres-cluster.sh");
  const url = execFileSync(script, ["start", dir], { encoding: "utf8" }).trim();
  return { url, stop: () => execFileSync(script, ["stop", dir]) };
}

async function copyIn(client: pg.Client, sql: string, data: Uint8Array): Promise<void> {
  await pipeline(Readable.from([data]), client.query(copyFrom(sql)));
}

type Way = { name: string; run(client: pg.Client, url: string): Promise<void> };

const WAYS: Way[] = [
  {
    name: "binary COPY (generateMany -> binaryCopy)",
    run: (client) => copyIn(client, `COPY ${TABLE} FROM STDIN (FORMAT binary)`, binaryCopy(uuidv7.generateMany(ROWS), 16)),
  },
  {
    name: "text COPY (generateMany -> encodeManyText)",
    run: (client) => copyIn(client, `COPY ${TABLE} FROM STDIN`, uuidv7.encodeManyText(uuidv7.generateMany(ROWS))),
  },
  {
    name: "ulid generate --type uuidv7 | psql \\copy",
    async run(_client, url) {
      const command = `node dist/cli.cjs generate ${ROWS} --type uuidv7 | psql "$0" -v ON_ERROR_STOP=1 -qc '\\copy ${TABLE} FROM STDIN'`;
      const shell = spawn("bash", ["-o", "pipefail", "-c", command, url], { cwd: ROOT, stdio: "inherit" });
      const code = await new Promise<number | null>((done) => shell.on("close", done));
      if (code !== 0) throw new Error(`the pipeline exited with ${code}`);
    },
  },
  {
    name: `${PEER.uuid} v7(), INSERTs of ${INSERT_BATCH} rows`,
    async run(client) {
      for (let done = 0; done < ROWS; done += INSERT_BATCH) {
        const ids = Array.from({ length: Math.min(INSERT_BATCH, ROWS - done) }, () => uuid.v7());
        const values = ids.map((_, i) => `($${i + 1})`).join(", ");
        await client.query(`INSERT INTO ${TABLE} (id) VALUES ${values}`, ids);
      }
    },
  },
];

const { url, stop } = server();
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  const [{ version }] = (await client.query("SELECT version()")).rows as [{ version: string }];
  console.log(`${version}\n${ROWS.toLocaleString("en-US")} rows into ${TABLE} (id uuid PRIMARY KEY), median of ${ROUNDS} rounds\n`);
  await client.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await client.query(`CREATE TABLE ${TABLE} (id uuid PRIMARY KEY)`);
  const rates = new Map<Way, number[]>(WAYS.map((way) => [way, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < WAYS.length; i++) {
      const way = WAYS[(i + round) % WAYS.length]!;
      await client.query(`TRUNCATE ${TABLE}`);
      await client.query("CHECKPOINT"); // each run starts without the previous one's dirty pages to write
      const start = performance.now();
      await way.run(client, url);
      const seconds = (performance.now() - start) / 1000;
      const [{ count }] = (await client.query(`SELECT count(*)::int AS count FROM ${TABLE}`)).rows as [{ count: number }];
      if (count !== ROWS) throw new Error(`${way.name}: ${count} rows, not ${ROWS}`);
      rates.get(way)!.push(ROWS / seconds);
    }
  }
  const inserts = median(rates.get(WAYS.at(-1)!)!);
  console.log(`${"".padEnd(48)} ${"rows/s".padStart(9)}  vs INSERTs  per round`);
  for (const way of WAYS) {
    const rate = median(rates.get(way)!);
    const rounds = rates.get(way)!.map((r) => `${(r / 1e3).toFixed(0)}k`).join(" ");
    console.log(`${way.name.padEnd(48)} ${`${(rate / 1e3).toFixed(0)}k`.padStart(9)}  ${`${(rate / inserts).toFixed(1)}x`.padStart(10)}  ${rounds}`);
  }
  await client.query(`DROP TABLE ${TABLE}`);
} finally {
  await client.end();
  stop();
}
