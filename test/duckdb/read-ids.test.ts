/**
 * `read_ids` in a real DuckDB: files, globs and several formats against the library's `scanText` over the same
 * bytes (random log text with IDs, colour codes, long lines and bytes past ASCII), queries that read some columns
 * or stop early, and its errors. Deep tier (vitest.config.ts).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formats, scanText, type ScanOptions } from "ulid-wasm";
import { JsonDuckDBValueConverter, type DuckDBConnection } from "@duckdb/node-api";
import { column, connectWithFunctions, failure, rows } from "../helpers/duckdb.js";
import { propertyRuns } from "../helpers/tier.js";
import { ROOT } from "../helpers/runtimes.js";
import { IDLE_MS } from "../../src/sql/read-ids-protocol.js";
import { randomMixedLog } from "../helpers/scan-reference.js";

/**
 * Runs `script` (an ES module importing `duckdb`, the path of a ulid-wasm/duckdb entry) in a Node process of its
 * own, so that a scan that hangs ends the process (after 60 s) instead of this suite; its output and status.
 */
function inOwnProcess(script: string, duckdb: string, nodeOptions: string[] = []): { status: number | null; stdout: string; stderr: string } {
  const source = `import { registerFunctions } from ${JSON.stringify(duckdb)};\nimport { DuckDBInstance } from "@duckdb/node-api";\n${script}`;
  return spawnSync(process.execPath, [...nodeOptions, "--input-type=module", "-e", source], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
}

let db: DuckDBConnection;
let dir: string;
beforeAll(async () => {
  db = await connectWithFunctions();
  dir = mkdtempSync(join(tmpdir(), "ulid-read-ids-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Node options for `inOwnProcess` that load `source` (CommonJS, written to `name` in `dir`) into every worker thread
 * the process starts (the scanning threads start without the app's options): a preload of the process gives each
 * Worker the thread's.
 */
function inEveryThread(name: string, source: string): string[] {
  const inThread = join(dir, name);
  writeFileSync(inThread, source);
  const inProcess = join(dir, `every-thread-${name}`);
  writeFileSync(
    inProcess,
    `const threads = require("node:worker_threads");
    const { Worker } = threads;
    threads.Worker = class extends Worker {
      constructor(file, options) {
        super(file, { ...options, execArgv: ["--require", ${JSON.stringify(inThread)}] });
      }
    };
    require("node:module").syncBuiltinESMExports();`,
  );
  return ["--require", inProcess];
}

/**
 * Node options for `inOwnProcess` under which each of the first `threads` scanning threads runs `action` (CommonJS
 * statements) as it goes idle: at its IDLE_MS timer (src/sql/read-ids-protocol.ts), its word of state THREAD_IDLE.
 * `count` is the file the threads count themselves in, a character each. A thread rests before its job's last post
 * (read-ids-worker.ts), so an action that ends or blocks the thread goes through `process.nextTick`: it then runs once
 * that job's last steps are done, and before the thread can take another job from its queue of messages.
 */
function whenIdle(name: string, threads: number, action: string): { nodeOptions: string[]; count: string } {
  const count = join(dir, `${name}.count`);
  rmSync(count, { force: true });
  const nodeOptions = inEveryThread(
    `${name}.cjs`,
    `const { appendFileSync, existsSync, readFileSync } = require("node:fs");
    const set = setTimeout;
    globalThis.setTimeout = (fn, ms, ...args) => {
      if (ms === ${IDLE_MS} && (existsSync(${JSON.stringify(count)}) ? readFileSync(${JSON.stringify(count)}, "utf8").length : 0) < ${threads}) {
        appendFileSync(${JSON.stringify(count)}, "x");
        ${action}
      }
      return set(fn, ms, ...args);
    };`,
  );
  return { nodeOptions, count };
}

/** A piece of log text: IDs of every scannable format, words, separators, colour codes and bytes past ASCII. */
const piece = fc.oneof(
  fc.constant(0).map(() => formats.ulid.generate()),
  fc.constant(0).map(() => formats.ulid.generate().toLowerCase()),
  fc.constant(0).map(() => formats.uuidv7.generate()),
  fc.constantFrom("user", "", "a_b").map((prefix) => formats.typeid.generate(undefined, { prefix })),
  fc.constantFrom(" ", "\n", "\r\n", "=", '"', "/", "_", "\t", "é", "\u{1f600}", "\x1b[31m", "\x1b[0m", "x", "9"),
  fc.string({ maxLength: 12 }),
  fc.constantFrom("01ARYZ6S410000000000000000", "81ARYZ6S410000000000000000", "01ARYZ6S41000000000000000U"),
);
/** Bytes the scanning thread reads at a time (read-ids-worker.ts): a chunk of the scan, whose boundaries cut IDs. */
const READ_BYTES = 512 * 1024;

/**
 * Whole log files: sometimes long enough that a line and an ID cross the scanner's 64 KiB windows, or that the
 * pieces cross the thread's first read.
 */
const logText = fc.tuple(fc.array(piece, { maxLength: 400 }), fc.nat({ max: 4 })).map(([pieces, padding]) => {
  const text = pieces.join("");
  if (padding === 4) return `${"z".repeat(READ_BYTES - Math.ceil(text.length / 2))} ${text}`;
  return padding === 3 ? `${"x".repeat(65_530)} ${text}${"y ".repeat(40_000)}${text}` : text;
});

type Row = [string, string, string, string, string, string];

/** What read_ids must give for `files` (in this order): the library's scanText over each file's bytes. */
function expected(files: { path: string; bytes: Uint8Array }[], format: ScanOptions["format"], name: string): Row[] {
  return files.flatMap(({ path, bytes }) =>
    scanText(bytes, { format, lines: true }).map(
      (m) => [path, String(m.line), String(m.offset), m.format ?? name, m.id, String(Math.floor(m.time))] as Row,
    ),
  );
}

const QUERY = (path: string, format: string) =>
  `SELECT file, line, "offset", format, id, epoch_ms(ts) FROM read_ids('${path}', format := '${format}') ORDER BY file, "offset"`;

describe("read_ids", () => {
  it("finds what scanText finds, in random log files, for one format, a list and 'all'", async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(logText, { minLength: 1, maxLength: 3 }), fc.constantFrom("ulid", "uuidv7", "typeid", "ulid,uuidv7", "typeid,ulid", "all"), async (texts, option) => {
        const folder = join(dir, `round${round++}`);
        mkdirSync(folder);
        const files = texts.map((text, i) => {
          const bytes = new TextEncoder().encode(text);
          const path = join(folder, `app-${i}.log`);
          writeFileSync(path, bytes);
          return { path, bytes };
        });
        const format = option.includes(",") ? option.split(",") : option;
        const got = await rows(db, QUERY(join(folder, "*.log"), option));
        expect(got).toEqual(expected(files, format as ScanOptions["format"], option));
      }),
      { numRuns: propertyRuns(40) },
    );
  });

  it("gives every column as scanText does over a mixed log of several reads, with IDs cut where each read ends", async () => {
    // A TypeID of the longest prefix, cut in its prefix, at its "_" and in its suffix, and IDs of the other formats
    // cut, one at each read's end, amid a stretch of dense mixed log (a read holds over 2048 matches then: its batch
    // takes several vectors); lines without IDs between.
    const prefix = `a${"b_".repeat(30)}cd`;
    const typeId = `${prefix}_01h455vb4pex5vsknk084sn02q`;
    const cuts: [string, number][] = [
      [typeId, 1],
      [typeId, 40],
      [typeId, 63],
      [typeId, 64],
      [typeId, 70],
      ["user_01h455vb4pex5vsknk084sn02q", 2],
      [formats.ulid.generate().toLowerCase(), 13],
      [formats.uuidv7.generate().toUpperCase(), 8],
      [formats.objectid.generate(), 23],
      [formats.xid.generate(), 1],
    ];
    const bytes = new TextEncoder().encode("a line without IDs\n".repeat(Math.ceil(((cuts.length + 1) * READ_BYTES) / 19)));
    cuts.forEach(([id, cut], k) => {
      const at = (k + 1) * READ_BYTES - cut;
      bytes.set(Uint8Array.from(randomMixedLog(163_840, k), (char) => char.charCodeAt(0)).subarray(0, 163_840), at - 81_920);
      bytes.set(new TextEncoder().encode(` ${id}\n`), at - 1);
    });
    const path = join(dir, "reads.log");
    writeFileSync(path, bytes);
    for (const format of ["all", "typeid", "ulid,typeid", "uuidv7,objectid,xid"]) {
      const want = expected([{ path, bytes }], (format.includes(",") ? format.split(",") : format) as ScanOptions["format"], format);
      if (format === "all") {
        const found = want.filter((row) => cuts.some(([id, cut], k) => row[2] === String((k + 1) * READ_BYTES - cut) && row[4] === (row[3] === "ulid" ? id.toUpperCase() : id.toLowerCase())));
        expect(found).toHaveLength(cuts.length);
      }
      expect(await rows(db, QUERY(path, format))).toEqual(want);
    }
  });

  it("reads many files of a glob, each from its own start", async () => {
    const folder = join(dir, "many");
    mkdirSync(folder);
    const files = Array.from({ length: 40 }, (_, i) => {
      const bytes = new TextEncoder().encode(`${formats.typeid.generate(undefined, { prefix: "user" })} ${randomMixedLog(2000 + 97 * i, 100 + i)}`);
      const path = join(folder, `app-${String(i).padStart(2, "0")}.log`);
      writeFileSync(path, bytes);
      return { path, bytes };
    });
    expect(await rows(db, QUERY(join(folder, "*.log"), "all"))).toEqual(expected(files, "all", "all"));
  });

  it("reads a glob of directories (**) in sorted order, and a single file", async () => {
    const folder = join(dir, "tree");
    mkdirSync(join(folder, "b", "c"), { recursive: true });
    mkdirSync(join(folder, "a"), { recursive: true });
    const files = ["a/one.log", "b/two.log", "b/c/three.log", "top.log"].map((name, i) => {
      const bytes = new TextEncoder().encode(`start ${formats.ulid.generate()}\nnext ${formats.uuidv7.generate()} ${i}\n`);
      writeFileSync(join(folder, name), bytes);
      return { path: join(folder, name), bytes };
    });
    writeFileSync(join(folder, "b", "skip.txt"), formats.ulid.generate());
    const sorted = [...files].sort((x, y) => (x.path < y.path ? -1 : 1));
    expect(await rows(db, QUERY(join(folder, "**/*.log"), "all"))).toEqual(expected(sorted, "all", "all"));
    expect(await rows(db, QUERY(join(folder, "b/t?o.log"), "ulid"))).toEqual(expected([files[1]!], "ulid", "ulid"));
    expect(await rows(db, QUERY(files[3]!.path, "uuidv7"))).toEqual(expected([files[3]!], "uuidv7", "uuidv7"));
    // "**" last: every file below, as DuckDB's glob lists them (skip.txt holds a ULID too).
    const every = [...sorted, { path: join(folder, "b", "skip.txt"), bytes: readFileSync(join(folder, "b", "skip.txt")) }].sort((x, y) => (x.path < y.path ? -1 : 1));
    expect(await rows(db, QUERY(join(folder, "**"), "all"))).toEqual(expected(every, "all", "all"));
    expect(await column(db, `SELECT count(DISTINCT file) FROM glob('${join(folder, "**")}')`)).toEqual([String(every.length)]);
    // "**" twice named each file once per way of splitting its directories; DuckDB's glob refuses it, as read_ids.
    expect(await failure(db, `SELECT * FROM read_ids('${join(folder, "**", "**", "*.log")}')`)).toContain(`read_ids: "${join(folder, "**", "**", "*.log")}" holds "**" more than once`);
  });

  it("streams a file of many vectors, and stops early at a LIMIT", async () => {
    const ids = formats.ulid.encodeMany(formats.ulid.generateMany(300_000));
    const path = join(dir, "big.log");
    writeFileSync(path, ids.map((id, i) => `${i} GET /orders/${id} 200\n`).join(""));
    expect(await rows(db, `SELECT count(*), count(DISTINCT id), max(line) FROM read_ids('${path}')`)).toEqual([["300000", "300000", "300000"]]);
    expect(await column(db, `SELECT id FROM read_ids('${path}') LIMIT 3`)).toEqual(ids.slice(0, 3));
    // The connection goes on working after a scan it stopped.
    expect(await column(db, `SELECT count(*) FROM read_ids('${path}') WHERE line <= 10`)).toEqual(["10"]);
  });

  it("lets the threads of queries stopped at a LIMIT go, without waiting for garbage collection", () => {
    // A file of many reads, so each query's thread fills its batches ahead and waits for a reader that never comes.
    const path = join(dir, "limits.log");
    writeFileSync(path, formats.ulid.encodeMany(formats.ulid.generateMany(200_000)).map((id, i) => `${i} GET /orders/${id} 200\n`).join(""));
    // Threads of the process (Linux): before, at most during 40 queries 50 ms apart, and after, given 20 s. A thread
    // waits PARK_AFTER_MS (read-ids-protocol.ts) for a reader, then goes back to the pool, which keeps at most
    // MAX_IDLE of them and each for IDLE_MS: so at most 10 busy and 2 idle overlap however fast the queries run, and
    // after IDLE_MS none is left. Kept until garbage collection, they were one more per query (the memory reducer
    // collects them once the process idles for some seconds, hence the bound during the queries).
    const run = inOwnProcess(
      `import { readdirSync } from "node:fs";
      const threads = () => readdirSync("/proc/self/task").length;
      const instance = await DuckDBInstance.create(":memory:");
      const connection = await instance.connect();
      registerFunctions(connection);
      await connection.runAndReadAll("SELECT count(*) FROM range(10)");
      const before = threads();
      let most = before;
      for (let i = 0; i < 40; i++) {
        await connection.runAndReadAll("SELECT id FROM read_ids('${path}') LIMIT 1");
        most = Math.max(most, threads());
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const until = Date.now() + 20_000;
      while (threads() > before && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(JSON.stringify({ before, most, after: threads() }));`,
      "ulid-wasm/duckdb",
    );
    expect(run.stderr).toBe("");
    const { before, most, after } = JSON.parse(run.stdout) as { before: number; most: number; after: number };
    expect(most).toBeGreaterThan(before);
    expect(most - before).toBeLessThanOrEqual(20);
    expect(after).toBeLessThanOrEqual(before);
  });

  it("keeps its threads between queries: one at a time take one, two at once two, and idle ones end", () => {
    const [left, right] = ["pool-left.log", "pool-right.log"].map((name) => join(dir, name));
    const ids = formats.ulid.encodeMany(formats.ulid.generateMany(3_000));
    writeFileSync(left!, ids.map((id, i) => `${i} ${id}\n`).join(""));
    writeFileSync(right!, ids.filter((_, i) => i % 3 === 0).map((id) => `x ${id} ${formats.uuidv7.generate()}\n`).join(""));
    // The threads of the process (Linux, their ids) that were not there before the first query: a thread per query
    // was started and ended with it (46 ms each, on Node 20); now the pool's (src/sql/scan-thread-pool.ts) stay idle
    // between queries, up to MAX_IDLE (2) for IDLE_MS (10 s) each.
    const run = inOwnProcess(
      `import { readdirSync } from "node:fs";
      const threads = () => readdirSync("/proc/self/task");
      const instance = await DuckDBInstance.create(":memory:");
      const [connection, other] = [await instance.connect(), await instance.connect()];
      registerFunctions(connection);
      registerFunctions(other);
      await connection.runAndReadAll("SELECT count(*) FROM range(10)");
      const before = new Set(threads());
      const started = new Set();
      const look = () => threads().forEach((id) => before.has(id) || started.add(id));
      const answer = async (sql, on = connection) => (await on.runAndReadAll(sql)).getRowsJson()[0].map(String);
      const results = [];
      for (let i = 0; i < 12; i++) {
        const format = ["ulid", "all", "ulid,uuidv7"][i % 3];
        results.push(await answer("SELECT count(*), count(DISTINCT id) FROM read_ids('${right}', format := '" + format + "')"));
        look();
      }
      const oneAtATime = started.size;
      for (let i = 0; i < 4; i++) {
        const both = [connection, other].map((on) => answer("SELECT count(*) FROM read_ids('${left}') a JOIN read_ids('${right}') b USING (id)", on));
        results.push(...(await Promise.all(both)));
        look();
      }
      const atOnce = started.size;
      const until = Date.now() + 15_000;
      while (threads().some((id) => started.has(id)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(JSON.stringify({ oneAtATime, atOnce, results, left: threads().filter((id) => started.has(id)).length }));`,
      "ulid-wasm/duckdb",
    );
    expect(run.stderr).toBe("");
    const { oneAtATime, atOnce, results, left: idle } = JSON.parse(run.stdout) as { oneAtATime: number; atOnce: number; results: string[][]; left: number };
    expect(oneAtATime).toBe(1);
    // Two queries at once hold two threads; a join's two scans run one after the other, on one.
    expect(atOnce).toBe(2);
    expect(results).toEqual([...Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? ["1000", "1000"] : ["2000", "2000"])), ...Array(8).fill(["1000"])]);
    expect(idle).toBe(0);
  }, 30_000);

  it("gives a query that follows another at once the thread of the one before, however late its last steps run", () => {
    const path = join(dir, "back-to-back.log");
    writeFileSync(path, `a ${formats.ulid.generate()}\nb ${formats.uuidv7.generate()}\n`);
    // A preload in every thread stalls its close of a job's port, its step after the job's last post, by 100 ms, as a
    // loaded machine may: a thread that went idle only after it had left the query a new thread each time (the next
    // query starts as soon as "done" arrives).
    const nodeOptions = inEveryThread(
      "slow-close.cjs",
      `const { MessagePort } = require("node:worker_threads");
      const close = MessagePort.prototype.close;
      MessagePort.prototype.close = function (...args) {
        const until = Date.now() + 100;
        while (Date.now() < until);
        return close.apply(this, args);
      };`,
    );
    const run = inOwnProcess(
      `import { readdirSync } from "node:fs";
      const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      await connection.runAndReadAll("SELECT count(*) FROM range(10)");
      const before = new Set(readdirSync("/proc/self/task"));
      const started = new Set();
      const counts = [];
      for (let i = 0; i < 6; i++) {
        counts.push((await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}', format := 'all')")).getRowsJson()[0][0]);
        readdirSync("/proc/self/task").forEach((id) => before.has(id) || started.add(id));
      }
      console.log(JSON.stringify({ counts, started: started.size }));`,
      "ulid-wasm/duckdb",
      nodeOptions,
    );
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ counts: Array(6).fill("2"), started: 1 });
  }, 60_000);

  it("leaves no port of a query behind, whether it ended or stopped at a LIMIT", () => {
    // An open MessagePort is never collected, with the batches queued in it: a job's port left open held 3 KB of each
    // query's and ~3 MB of each LIMIT's (200 LIMITs grew the process by 600 MB). MessagePorts counted after 300 small
    // queries and 20 LIMITs, each LIMIT's query collected (its job given up, its thread back in the pool).
    const small = join(dir, "ports-small.log");
    writeFileSync(small, `a ${formats.ulid.generate()}\nb ${formats.uuidv7.generate()}\n`);
    const big = join(dir, "ports-big.log");
    writeFileSync(big, formats.ulid.encodeMany(formats.ulid.generateMany(200_000)).map((id, i) => `${i} ${id}\n`).join(""));
    const run = inOwnProcess(
      `import { queryObjects } from "node:v8";
      import { MessagePort } from "node:worker_threads";
      const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let i = 0; i < 300; i++) await connection.runAndReadAll("SELECT count(*), max(id) FROM read_ids('${small}', format := 'all')");
      for (let i = 0; i < 20; i++) await connection.runAndReadAll("SELECT id FROM read_ids('${big}') LIMIT 5");
      // The LIMITs' jobs given up (PARK_AFTER_MS), their queries collected and their ports closed by the registry.
      await pause(700);
      for (let i = 0; i < 3; i++) {
        gc();
        await pause(50);
      }
      console.log(queryObjects(MessagePort, { format: "count" }));`,
      "ulid-wasm/duckdb",
      ["--expose-gc", "--no-warnings"],
    );
    expect(run.stderr).toBe("");
    // The pool's threads' own ports, and Node's.
    expect(Number(run.stdout)).toBeLessThan(10);
  }, 60_000);

  it("fails a query whose thread cannot be made, saying why, and leaves no port behind", () => {
    const path = join(dir, "no-threads.log");
    writeFileSync(path, `a ${formats.ulid.generate()}\n`);
    // Every Worker throws, as when the system can make no more threads.
    const preload = join(dir, "no-more-threads.cjs");
    writeFileSync(
      preload,
      `const threads = require("node:worker_threads");
      threads.Worker = class {
        constructor() {
          throw new Error("no thread: the system can make no more");
        }
      };
      require("node:module").syncBuiltinESMExports();`,
    );
    const run = inOwnProcess(
      `import { queryObjects } from "node:v8";
      import { MessagePort } from "node:worker_threads";
      const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      const errors = new Set();
      for (let i = 0; i < 20; i++) {
        errors.add(await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')").then(() => "no error", (error) => error.message));
      }
      console.log(JSON.stringify({ errors: [...errors], ports: queryObjects(MessagePort, { format: "count" }) }));`,
      "ulid-wasm/duckdb",
      ["--require", preload, "--no-warnings"],
    );
    expect(run.stderr).toBe("");
    const { errors, ports } = JSON.parse(run.stdout) as { errors: string[]; ports: number };
    expect(errors).toEqual([expect.stringContaining("read_ids: no thread: the system can make no more")]);
    // Two a query were left open before: 41 in all.
    expect(ports).toBeLessThan(10);
  }, 60_000);

  it("goes on keeping threads after idle ones ended without a word", () => {
    const path = join(dir, "idle-dies.log");
    writeFileSync(path, `a ${formats.ulid.generate()}\nb ${formats.ulid.generate()}\n`);
    // A preload in every thread ends the first two threads as they go idle (at their IDLE_MS timer, 10 s), their
    // words of state THREAD_IDLE. Counted idle still, they would fill the pool (MAX_IDLE, 2), and
    // every thread after them would end with its query.
    const { nodeOptions, count: deaths } = whenIdle("die-when-idle", 2, "process.nextTick(() => process.exit(0));");
    const run = inOwnProcess(
      `import { readdirSync } from "node:fs";
      const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      const counts = [];
      let before;
      const started = new Set();
      for (let i = 0; i < 8; i++) {
        if (i === 3) before = new Set(readdirSync("/proc/self/task"));
        counts.push((await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')")).getRowsJson()[0][0]);
        if (i >= 3) readdirSync("/proc/self/task").forEach((id) => before.has(id) || started.add(id));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      console.log(JSON.stringify({ counts, started: started.size }));`,
      "ulid-wasm/duckdb",
      nodeOptions,
    );
    expect(run.stderr).toBe("");
    expect(readFileSync(deaths, "utf8")).toBe("xx");
    // The two that ended served the first two queries; the third query's thread, idle since, serves the five after
    // it, and none is started for them.
    expect(JSON.parse(run.stdout)).toEqual({ counts: Array(8).fill("2"), started: 0 });
  }, 60_000);

  it("hands a job on to a new thread where the idle thread it was given does not start it", () => {
    const path = join(dir, "idle-hangs.log");
    writeFileSync(path, `a ${formats.ulid.generate()}\nb ${formats.ulid.generate()}\n`);
    // A preload in every thread blocks the first thread for good as it goes idle (at its IDLE_MS timer, 10 s): the
    // next query is given it and waits. So does a query given an idle thread that died while the main thread was too
    // busy to see it end. That query waited 30 s and failed; a job an idle thread has not started within a second
    // goes to a new thread.
    const { nodeOptions } = whenIdle("hang-when-idle", 1, "process.nextTick(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));");
    const run = inOwnProcess(
      `import { readdirSync } from "node:fs";
      const threads = () => readdirSync("/proc/self/task");
      const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      await connection.runAndReadAll("SELECT count(*) FROM range(10)");
      const before = new Set(threads());
      const times = [];
      const counts = [];
      for (let i = 0; i < 4; i++) {
        const started = Date.now();
        counts.push((await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')")).getRowsJson()[0][0]);
        times.push((Date.now() - started) / 1000);
      }
      // The blocked thread is ended, and the one after it ends idle: none is left.
      const left = () => threads().filter((id) => !before.has(id)).length;
      const until = Date.now() + 15_000;
      while (left() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(JSON.stringify({ counts, times, left: left() }));`,
      "ulid-wasm/duckdb",
      nodeOptions,
    );
    expect(run.stderr).toBe("");
    const { counts, times, left } = JSON.parse(run.stdout) as { counts: string[]; times: number[]; left: number };
    expect(counts).toEqual(["2", "2", "2", "2"]);
    // The second query waits its second for the blocked thread, then runs on a new one; none waits 30 s.
    expect(times[1]).toBeGreaterThanOrEqual(1);
    expect(Math.max(...times)).toBeLessThan(10);
    expect(left).toBe(0);
  }, 60_000);

  it("gives every row to a reader that pauses longer than a thread waits, across lines, reads and files", async () => {
    // Two files of mixed logs (several IDs to a line, some lines long), each several reads: the thread that waited
    // for the paused reader ends, and the next must go on after the last match taken, on its line, in its file.
    const files = [0, 1].map((i) => {
      const text = Array.from({ length: 12 }, (_, k) => randomMixedLog(260_000, 500 + 12 * i + k)).join("\n");
      const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
      const path = join(dir, `paused-${i}.log`);
      writeFileSync(path, bytes);
      return { path, bytes };
    });
    const want = expected(files, "all", "all");
    const result = await db.stream(
      `SELECT file, line, "offset", format, id, epoch_ms(ts) FROM read_ids('${join(dir, "paused-*.log")}', format := 'all')`,
    );
    const got: Row[] = [];
    let pauses = 0;
    for (let chunk = 0; ; chunk++) {
      const data = await result.fetchChunk();
      if (data === null || data.rowCount === 0) break;
      got.push(...(data.convertRows(JsonDuckDBValueConverter) as Row[]));
      // Pauses past PARK_AFTER_MS (read-ids-protocol.ts): early in the first file, within it, and in the second.
      if (chunk === 3 || chunk === 40 || (got.length > (3 * want.length) / 4 && pauses < 3)) {
        pauses++;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
      }
    }
    expect(pauses).toBe(3);
    expect(got).toEqual(want);
  });

  it("gives no rows of another file when its file is rotated, removed, recreated or rewritten while the reader pauses", async () => {
    // Recreated: on ext4 the new file may take the old one's inode number; rewritten: copytruncate's way, in place.
    for (const change of ["rotate", "remove", "recreate", "rewrite"] as const) {
      const path = join(dir, `rotated-${change}.log`);
      const lines = (tag: string) => formats.ulid.encodeMany(formats.ulid.generateMany(100_000)).map((id, i) => `${tag} ${i} ${id}\n`).join("");
      writeFileSync(path, lines("old"));
      const want = await rows(db, `SELECT line, "offset", id FROM read_ids('${path}')`);
      const result = await db.stream(`SELECT line, "offset", id FROM read_ids('${path}')`);
      const got: unknown[][] = [];
      for (let chunk = 0; ; chunk++) {
        const data = await result.fetchChunk();
        if (data === null || data.rowCount === 0) break;
        got.push(...data.convertRows(JsonDuckDBValueConverter));
        if (chunk === 2) {
          // Past PARK_AFTER_MS: the thread ends, and the next must not read what the name now holds.
          await new Promise((resolve) => setTimeout(resolve, 1_200));
          if (change === "rotate") renameSync(path, `${path}.1`);
          if (change === "remove" || change === "recreate") rmSync(path);
          if (change !== "remove") writeFileSync(path, lines("new"));
        }
      }
      // The query fails where it would have read on (DuckDB's streaming client ends the stream there, without the
      // error: runAndReadAll gives it); what came before is the file's own.
      expect(got.length).toBeLessThan(want.length);
      expect(got).toEqual(want.slice(0, got.length));
    }
  });

  it("fails a query whose scanning thread dies after it started, rather than wait for ever", () => {
    // The thread ends (as out of memory would end it) after its second batch, without a word: the main thread takes
    // those two, then sees no heartbeat for 30 s (STALL_LIMIT_MS, src/sql/read-ids.ts). A preload in every thread
    // ends it at its second post.
    const path = join(dir, "dies.log");
    writeFileSync(path, formats.ulid.encodeMany(formats.ulid.generateMany(200_000)).map((id, i) => `${i} ${id}\n`).join(""));
    const nodeOptions = inEveryThread(
      "die-at-second-post.cjs",
      `const { MessagePort } = require("node:worker_threads");
      const post = MessagePort.prototype.postMessage;
      let posts = 0;
      MessagePort.prototype.postMessage = function (...args) {
        post.apply(this, args);
        if (++posts === 2) process.exit(0);
      };`,
    );
    const run = inOwnProcess(
      `const connection = await (await DuckDBInstance.create(":memory:")).connect();
      registerFunctions(connection);
      const started = Date.now();
      try {
        await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')");
        console.log("no error");
      } catch (error) {
        console.log(JSON.stringify({ message: error.message, seconds: Math.round((Date.now() - started) / 1000) }));
      }`,
      "ulid-wasm/duckdb",
      nodeOptions,
    );
    const { message, seconds } = JSON.parse(run.stdout) as { message: string; seconds: number };
    expect(message).toContain("read_ids: its scanning thread stopped: nothing for 30 s");
    expect(seconds).toBeGreaterThanOrEqual(30);
  }, 90_000);

  it("answers more queries at once than Node's thread pool has threads (4), where DuckDB runs them", () => {
    const path = join(dir, "concurrent.log");
    writeFileSync(path, `a ${formats.ulid.generate()}\nb ${formats.ulid.generate()} ${formats.uuidv7.generate()}\n`);
    // Six queries of read_ids, on connections of one instance, and three that busy the pool with a scalar function
    // while read_ids waits for its thread; in a plain process, and in one with a preload (as tsx and tracing agents
    // add: an ES module, whose loading on Node 20 waits for the pool).
    for (const nodeOptions of [[], ["--import", "data:text/javascript,export{}"]]) {
      const run = inOwnProcess(
        `const instance = await DuckDBInstance.create(":memory:");
        const connections = await Promise.all(Array.from({ length: 9 }, () => instance.connect()));
        registerFunctions(connections[0]);
        const queries = connections.map((connection, i) =>
          connection.runAndReadAll(i < 6 ? "SELECT count(*) FROM read_ids('${path}', format := 'all')" : "SELECT count(*) FILTER (WHERE ulid_valid(range::VARCHAR)) FROM range(300000)"),
        );
        console.log(JSON.stringify((await Promise.all(queries)).map((result) => result.getRowsJson()[0][0])));`,
        "ulid-wasm/duckdb",
        nodeOptions,
      );
      expect(run.stderr).toBe("");
      expect(run.stdout.trim()).toBe(JSON.stringify(["3", "3", "3", "3", "3", "3", "0", "0", "0"]));
    }
  });

  it("fails at once, saying why, where its scanning thread is missing (an app bundled without it)", () => {
    // The built entries with everything beside them but the thread, inside the repository so that @duckdb/node-api
    // resolves from its node_modules.
    mkdirSync(join(ROOT, "test-results"), { recursive: true });
    const copy = mkdtempSync(join(ROOT, "test-results", "duckdb-dist-"));
    try {
      cpSync(join(ROOT, "dist"), copy, { recursive: true });
      rmSync(join(copy, "sql", "read-ids-worker.cjs"));
      const path = join(dir, "concurrent.log");
      const run = inOwnProcess(
        `const connection = await (await DuckDBInstance.create(":memory:")).connect();
        registerFunctions(connection);
        try {
          await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')");
          console.log("no error");
        } catch (error) {
          console.log(error.message);
        }`,
        join(copy, "duckdb.node.js"),
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`read_ids: its scanning thread is missing: ${join(copy, "sql", "read-ids-worker.cjs")}`);
      // The thread there, but not the library it loads: an error of the query, and the process goes on.
      cpSync(join(ROOT, "dist", "sql", "read-ids-worker.cjs"), join(copy, "sql", "read-ids-worker.cjs"));
      rmSync(join(copy, "index.cjs"));
      const again = inOwnProcess(
        `const connection = await (await DuckDBInstance.create(":memory:")).connect();
        registerFunctions(connection);
        try {
          await connection.runAndReadAll("SELECT count(*) FROM read_ids('${path}')");
        } catch (error) {
          console.log(error.message);
        }
        console.log("went on");`,
        join(copy, "duckdb.node.js"),
      );
      expect(again.stdout).toMatch(/read_ids: Cannot find module .*index\.cjs/);
      expect(again.stdout).toContain("went on");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("refuses a missing file, a glob that matches nothing and a format scanning cannot read, naming them (a NUL in a path too)", async () => {
    expect(await failure(db, `SELECT * FROM read_ids('${join(dir, "missing.log")}')`)).toContain(`read_ids: cannot read "${join(dir, "missing.log")}"`);
    expect(await failure(db, `SELECT * FROM read_ids('${join(dir, "*.none")}')`)).toContain(`read_ids: no file matches "${join(dir, "*.none")}"`);
    expect(await failure(db, `SELECT * FROM read_ids('${join(dir, "big.log")}', format := 'ksuid')`)).toMatch(/read_ids: scanning finds ULIDs, .* only: a KSUID /);
    expect(await failure(db, `SELECT * FROM read_ids('${join(dir, "big.log")}', format := 'ulid,ulid')`)).toContain("read_ids: ");
    // DuckDB takes a message as a C string: a NUL in the path, written as it is, had cut the message there.
    expect(await failure(db, `SELECT * FROM read_ids('${join(dir, "big.log")}' || chr(0) || 'x')`)).toMatch(/read_ids: cannot read ".*big\.log\\u0000x": .*null bytes/);
  });
});
