/**
 * The `read_ids(path, format := 'ulid')` table function: the IDs found in a file or in the files a glob names, one
 * row per match, with columns file, line, "offset", format, id and ts. Each query scans on a thread of its own, one
 * of a pool kept between queries (scan-thread-pool.ts, read-ids-worker.ts): DuckDB asks for rows synchronously, on
 * the JS thread, where the library's streaming scan (`scanChunks`) cannot be awaited. The main thread takes the
 * thread's batches as DuckDB asks for rows, waiting on shared memory when none is there yet, and writes only the
 * columns the query reads.
 */
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import type { DuckDBConnection, DuckDBTableFunctionBindInfo } from "@duckdb/node-api";
import { formats, scanText, UlidError, type ScanOptions } from "../index.js";
import { api, bindings, type Vector } from "./duckdb-bindings.js";
import { filesOf } from "./file-glob.js";
import { SqlFunctionError } from "./format-kernels.js";
import { fixedWidth } from "./id-texts.js";
import { BEAT, CANCELLED, CONSUMED, COUNTERS, PARKED, POSTED, STARTED, type MatchBatch, type ScanMessage, type ScanStart, type ScanTarget } from "./read-ids-protocol.js";
import { scanThreadPool, type ScanThreadPool } from "./scan-thread-pool.js";
import { copyIntoVector, writeLines, writeStrings, writeTimestamps } from "./vector-output.js";

type DataChunk = Parameters<typeof bindings.data_chunk_get_size>[0];

/** The columns, in order; the index of each is what DuckDB's projection names. */
const COLUMNS = ["file", "line", "offset", "format", "id", "ts"] as const;
const TWO_32 = 2 ** 32;
/** Rows of a DuckDB vector, the most one call may give: a batch (one chunk's matches) may take several calls. */
const VECTOR_ROWS = bindings.vector_size();

/** Registers `name` (read_ids, after the prefix) on `connection`; `worker` is the scanning thread's module. */
export function registerReadIds(connection: DuckDBConnection, name: string, worker: URL): void {
  const { VARCHAR, BIGINT, TIMESTAMPTZ } = api;
  const types = { file: VARCHAR, line: BIGINT, offset: BIGINT, format: VARCHAR, id: VARCHAR, ts: TIMESTAMPTZ };
  const fn = new api.DuckDBTableFunction();
  fn.setName(name);
  fn.addParameter(VARCHAR);
  fn.addNamedParameter("format", VARCHAR);
  fn.setSupportsProjectionPushdown(true);
  fn.setBindFunction((info) => {
    try {
      info.setBindData(bind(name, info));
      for (const column of COLUMNS) info.addResultColumn(column, types[column]);
    } catch (error) {
      info.setError(messageOf(name, error));
    }
  });
  fn.setInitFunction((info) => {
    info.setMaxThreads(1);
    try {
      // The columns the query reads (projection pushdown), by their index in COLUMNS, in the output's order.
      info.setInitData(new ScanThread(worker, scanThreadPool(worker), info.getBindData() as ScanTarget, info.getColumnIndexes()));
    } catch (error) {
      info.setError(messageOf(name, error));
    }
  });
  bindings.table_function_set_function(fn.table_function, (info, output) => {
    try {
      (bindings.function_get_init_data(info) as ScanThread).fill(name, output);
    } catch (error) {
      bindings.function_set_error(info, messageOf(name, error));
    }
  });
  connection.registerTableFunction(fn);
}

/** The files and the format option of a call; a bad one throws. */
function bind(name: string, info: DuckDBTableFunctionBindInfo): ScanTarget {
  const path = info.getParameter(0);
  if (typeof path !== "string") throw new SqlFunctionError(`${name}: the path must be a string, got ${String(path)}`);
  const option = info.getNamedParameter("format") ?? "ulid";
  const format = typeof option === "string" && option.includes(",") ? option.split(",").map((part) => part.trim()) : option;
  // The library's check of the option, and its message: a scan of nothing.
  scanText(new Uint8Array(0), { format: format as ScanOptions["format"] });
  const files = filesOf(path);
  if (files.length === 0) throw new SqlFunctionError(`${name}: no file matches ${JSON.stringify(path)}`);
  for (const file of files) {
    try {
      if (!statSync(file).isFile()) throw new SqlFunctionError(`${name}: ${JSON.stringify(file)} is no file`);
    } catch (error) {
      if (error instanceof SqlFunctionError) throw error;
      throw new SqlFunctionError(`${name}: cannot read ${JSON.stringify(file)}: ${(error as Error).message}`);
    }
  }
  const single = typeof format === "string" && format !== "all" ? format : null;
  return { files, format: format as ScanOptions["format"], single };
}

/**
 * Ends the job of a query DuckDB let go of without reading it to the end (a LIMIT): its thread stops at its next read
 * or batch, and goes back to the pool.
 */
const abandoned = new FinalizationRegistry<{ state: Int32Array; port: MessagePort }>(({ state, port }) => {
  Atomics.store(state, CANCELLED, 1);
  Atomics.notify(state, CONSUMED);
  port.close();
});

/**
 * How long a scanning thread may take to start before the query fails: the main thread waits for it blocked (DuckDB
 * asks for rows synchronously), so a thread that never runs would otherwise hold the process for ever. Starting
 * takes tens of milliseconds; this allows for a machine under heavy load.
 */
const START_LIMIT_MS = 30_000;
/**
 * How long a started thread may go without a heartbeat (BEAT) before the query fails: it beats at every chunk it
 * reads (milliseconds apart) and every tenth of a second it waits, so only a thread that died, or one whose read of a
 * chunk is stuck this long (a network file system gone), goes so long.
 */
const STALL_LIMIT_MS = 30_000;
/**
 * How long a thread taken from the pool may take to start its job before the job goes to a new thread instead (an
 * idle thread that ended while the main thread was busy still reads as idle: scan-thread-pool.ts).
 */
const RETAKE_MS = 1_000;
/** The longest single wait for the thread, after which the main thread looks again. */
const WAIT_STEP_MS = 250;

/** One query's scan: its job's thread, and the batch being turned into rows. */
class ScanThread {
  private port!: MessagePort;
  private state!: Int32Array;
  private worker!: Worker;
  /** Batches taken from the thread. */
  private received = 0;
  /** Where a thread started now would go on: after the last match taken (null: none yet). */
  private resumeAt: ScanStart | null = null;
  private finished = false;
  /** Whether the job went to a thread taken from the pool (not started for it). */
  private pooled = false;
  private batch: MatchBatch | null = null;
  /** The batch's next row, and where its ID's text starts in the batch's `ids`. */
  private at = 0;
  private idAt = 0;
  private words: Int32Array = new Int32Array(0);
  /** The format's name when the scan is for one: then the matches carry none. */
  private readonly single: string;

  /** When the thread was asked to start, in `performance.now()` ms. */
  private startedAt = 0;
  /** The thread's last heartbeat seen, and when it was seen to change (`performance.now()` ms). */
  private beat = 0;
  private beatAt = 0;

  constructor(
    module: URL,
    private readonly pool: ScanThreadPool,
    private readonly bound: ScanTarget,
    private readonly columns: readonly number[],
  ) {
    this.single = bound.single ?? "";
    // A bundler that copied the entry but not the thread beside it: said now, not after START_LIMIT_MS.
    try {
      statSync(module);
    } catch {
      throw new Error(`its scanning thread is missing: ${fileURLToPath(module)} (an app bundler must copy it beside ulid-wasm/duckdb's entry)`);
    }
    this.startThread(null);
  }

  /** Has a thread of the pool scan from `start` (null: the first file's start); `fresh`: a thread started for it. */
  private startThread(start: ScanStart | null, fresh = false): void {
    const channel = new MessageChannel();
    // The port of a job given up (PARKED) is done with: an open port is a handle that is never collected.
    this.port?.close();
    this.port = channel.port1;
    this.state = new Int32Array(new SharedArrayBuffer(COUNTERS * 4));
    this.received = 0;
    this.startedAt = this.beatAt = performance.now();
    this.beat = 0;
    const readsIds = this.columns.includes(COLUMNS.indexOf("id"));
    let run: ReturnType<ScanThreadPool["run"]>;
    try {
      run = this.pool.run({ ...this.bound, readsIds, port: channel.port2, state: this.state, start }, fresh);
    } catch (error) {
      // No thread (the system could make none): the ports, never collected while open, are closed.
      channel.port1.close();
      channel.port2.close();
      throw error;
    }
    this.worker = run.worker;
    this.pooled = run.pooled;
    this.port.unref();
    // Its own token: the job held is the newest one (a job given up for want of a reader is over).
    abandoned.unregister(this);
    abandoned.register(this, { state: this.state, port: this.port }, this);
  }

  /** Fills `output` with the next rows (up to a vector's, from one batch); no rows once the scan is over. */
  fill(name: string, output: DataChunk): void {
    if (this.batch === null || this.at === this.batch.count) {
      this.batch = this.next(name);
      this.at = 0;
      this.idAt = 0;
    }
    const batch = this.batch;
    if (batch === null) {
      bindings.data_chunk_set_size(output, 0);
      return;
    }
    const count = Math.min(batch.count - this.at, VECTOR_ROWS);
    this.columns.forEach((column, position) => this.write(COLUMNS[column]!, bindings.data_chunk_get_vector(output, position), batch, count));
    bindings.data_chunk_set_size(output, count);
    this.at += count;
  }

  /** The next batch of matches, waiting for the thread when none is there yet; null at the end. */
  private next(name: string): MatchBatch | null {
    for (;;) {
      if (this.finished) return null;
      const received = receiveMessageOnPort(this.port);
      if (received === undefined) {
        // Every batch the thread posted before it parked is taken: another goes on after the last.
        if (Atomics.load(this.state, PARKED) !== 0) {
          this.startThread(this.resumeAt);
          continue;
        }
        this.checkAlive(name);
        Atomics.wait(this.state, POSTED, this.received, WAIT_STEP_MS);
        continue;
      }
      this.received++;
      Atomics.store(this.state, CONSUMED, this.received);
      Atomics.notify(this.state, CONSUMED);
      const message = received.message as ScanMessage;
      if (message.kind === "batch") {
        const { fileIndex, count, offsets, lines, times, formats } = message.batch;
        const last = count - 1;
        this.resumeAt = { file: fileIndex, offset: offsets[last]!, line: lines[last]!, time: times[last]!, format: formats?.[last] ?? 0 };
        return message.batch;
      }
      this.finish();
      if (message.kind === "error") throw new SqlFunctionError(`${name}: ${message.message}`);
    }
  }

  /** Marks the scan over: no more rows, and nothing left for `abandoned` to end. */
  private finish(): void {
    this.finished = true;
    this.port.close();
    abandoned.unregister(this);
  }

  /** Fails the query if the thread has not started within START_LIMIT_MS, or has not beaten for STALL_LIMIT_MS. */
  private checkAlive(name: string): void {
    const now = performance.now();
    let stalled: string | null = null;
    if (Atomics.load(this.state, STARTED) === 0) {
      if (this.pooled && now - this.startedAt > RETAKE_MS) {
        // An idle thread starts a job within microseconds: this one ended (or hangs) while idle, and its end was not yet
        // seen. Its job, should it ever start, finds itself cancelled; the thread is ended (one that hangs would
        // otherwise stay busy for good).
        Atomics.store(this.state, CANCELLED, 1);
        const stale = this.worker;
        this.startThread(this.resumeAt, true);
        void stale.terminate();
        return;
      }
      if (now - this.startedAt > START_LIMIT_MS) stalled = `did not start within ${START_LIMIT_MS / 1000} s`;
    } else if (Atomics.load(this.state, BEAT) !== this.beat) {
      this.beat = Atomics.load(this.state, BEAT);
      this.beatAt = now;
    } else if (now - this.beatAt > STALL_LIMIT_MS) {
      stalled = `stopped: nothing for ${STALL_LIMIT_MS / 1000} s (it died, out of memory, or a read is stuck)`;
    }
    if (stalled === null) return;
    this.finish();
    void this.worker.terminate();
    throw new SqlFunctionError(`${name}: its scanning thread ${stalled}`);
  }

  /** Writes `count` rows of `column` from the batch's current row into `vector`. */
  private write(column: (typeof COLUMNS)[number], vector: Vector, batch: MatchBatch, count: number): void {
    const from = this.at;
    switch (column) {
      case "file":
        return constant(vector, batch.file);
      case "line":
        return this.writeIntegers(vector, batch.lines, from, count);
      case "offset":
        return this.writeIntegers(vector, batch.offsets, from, count);
      case "format":
        if (batch.formats === null) return constant(vector, this.single);
        for (let i = 0; i < count; i++) bindings.vector_assign_string_element(vector, i, batch.names[batch.formats[from + i]!]!);
        return;
      case "id": {
        // Records of one width are written through kept views (writeStrings), the others each up to its newline.
        const ids = batch.ids!.subarray(this.idAt);
        const width = fixedWidth(batch.names, formats);
        if (width === 0) this.idAt += writeLines(vector, ids, count, noRow);
        else {
          writeStrings(vector, ids, width + 1, width, count, noRow);
          this.idAt += count * (width + 1);
        }
        return;
      }
      case "ts":
        this.words = wordsFor(this.words, count);
        return writeTimestamps(vector, batch.times.subarray(from, from + count), count, this.words);
    }
  }

  /**
   * BIGINT values from whole numbers below 2^53 (lines and offsets):
   *   int64, little-endian: word 2i the low 32 bits, word 2i+1 the high ones
   */
  private writeIntegers(vector: Vector, values: Float64Array, from: number, count: number): void {
    const words = (this.words = wordsFor(this.words, count));
    for (let i = 0; i < count; i++) {
      const value = values[from + i]!;
      const high = Math.floor(value / TWO_32);
      words[2 * i] = value - high * TWO_32;
      words[2 * i + 1] = high;
    }
    copyIntoVector(vector, words, count * 8);
  }
}

/** Makes `vector` a constant vector of `text`: one value for all its rows (a batch is one file's). */
function constant(vector: Vector, text: string): void {
  bindings.vector_reference_value(vector, bindings.create_varchar(text));
}

/** No row is skipped (`writeLines`): read_ids gives no NULL. */
function noRow(): boolean {
  return false;
}

function wordsFor(words: Int32Array, count: number): Int32Array {
  return words.length >= 2 * count ? words : new Int32Array(2 * count);
}

function messageOf(name: string, error: unknown): string {
  if (error instanceof SqlFunctionError) return error.message;
  if (error instanceof UlidError) return `${name}: ${error.message}`;
  return `${name}: ${error instanceof Error ? error.message : String(error)}`;
}
