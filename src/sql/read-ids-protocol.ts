/**
 * What a `read_ids` scanning thread (read-ids-worker.ts) and the main thread (read-ids.ts, scan-thread-pool.ts) share:
 * the job a thread is given, the messages on the job's port, and an Int32Array over shared memory of counters per
 * job: batches posted, batches taken, flags that the query is over, that the thread has started the job and that it
 * has given the job up for want of a reader, and its heartbeat. Besides, each thread's word of state in the pool
 * (THREAD_IDLE and the rest) and the pool's count of idle threads.
 */
import type { MessagePort } from "node:worker_threads";
import type { ScanOptions } from "../index.js";

/** Index of the batches posted, in the shared counters. */
export const POSTED = 0;
/** Index of the batches the main thread has taken. */
export const CONSUMED = 1;
/** Index of the flag set when the query no longer wants rows (it ended, or stopped at a LIMIT). */
export const CANCELLED = 2;
/** Index of the flag the scanning thread sets as it starts the job (a thread that never starts is then an error, not a wait). */
export const STARTED = 3;
/** Index of the flag the scanning thread sets as it gives the job up, its batches untaken for PARK_AFTER_MS (read-ids.ts goes on with another). */
export const PARKED = 4;
/**
 * Index of the thread's heartbeat: a count it raises at every chunk it reads and every tenth of a second it waits,
 * so the main thread can tell a thread that died (out of memory) from a busy one, and fail the query, not wait.
 */
export const BEAT = 5;
export const COUNTERS = 6;

/**
 * How long the scanning thread waits for the main thread to take a batch before it gives the job up, with the flag
 * PARKED, and goes back to the pool. DuckDB says nothing when it lets go of a query before its end (a LIMIT), and a
 * thread held per such query until garbage collection piled up: 90 threads and 1.3 GB after 80 queries. A query whose
 * reader only paused is not lost: when it asks for rows again, the main thread has a thread go on where the last one
 * left off (`ScanStart`). Long beside the gaps between DuckDB's requests for rows (microseconds to milliseconds),
 * short beside a query's life.
 */
export const PARK_AFTER_MS = 500;

/**
 * Where a scanning thread starts: at the file of index `file` in the query's list, after its match at byte `offset`
 * on line `line` (the last one the main thread took from the thread before), whose time was `time` and format
 * `format` (an index into the scan's names). The thread opens the file again by its name and must find that match
 * there again, or the file changed during the pause (rotated, removed, rewritten) and the query fails: nothing of
 * another file passes for the rest of this one.
 */
export interface ScanStart {
  readonly file: number;
  readonly offset: number;
  readonly line: number;
  readonly time: number;
  readonly format: number;
}

/**
 * Batches the scanning thread may post ahead of the main thread: enough to keep both busy, few enough to stay small
 * (a batch is one chunk's matches: at most a few tens of thousands of rows).
 */
export const AHEAD = 4;

/**
 * The matches of one chunk of one file, in order, as the scan's columns (`columns: true`), whose buffers are
 * transferred: nothing is copied or made per match.
 */
export interface MatchBatch {
  readonly file: string;
  /** The file's index in the query's list of files. */
  readonly fileIndex: number;
  readonly count: number;
  readonly lines: Float64Array;
  readonly offsets: Float64Array;
  /** Unix ms. */
  readonly times: Float64Array;
  /** Each match's format as an index into `names`, when scanning for several; null when scanning for one. */
  readonly formats: Uint8Array | null;
  readonly names: readonly string[];
  /** The IDs' text, each followed by "\n" (id-texts.ts); null when the query does not read them. */
  readonly ids: Uint8Array | null;
}

export type ScanMessage =
  | { readonly kind: "batch"; readonly batch: MatchBatch }
  | { readonly kind: "done" }
  | { readonly kind: "error"; readonly message: string };

/** What a query scans (its bind data): its files, and the format option. */
export interface ScanTarget {
  readonly files: readonly string[];
  readonly format: ScanOptions["format"];
  /** The name of the one format scanned for, or null when the matches name theirs. */
  readonly single: string | null;
}

/** What a thread of the pool is given for a query: what it scans, where to start, its port and counters. */
export interface ScanJob extends ScanTarget {
  /** Whether the query reads the `id` column (the IDs' text is made only then). */
  readonly readsIds: boolean;
  readonly port: MessagePort;
  /** The job's counters (POSTED to BEAT), COUNTERS of them. */
  readonly state: Int32Array;
  /** Where to start: null for the first file's start, else after the last match a thread before took to the main thread. */
  readonly start: ScanStart | null;
}

/**
 * A thread's word of state in the pool (`ThreadShared.thread`), which the main thread and the thread change with
 * compare-and-exchange: the main thread takes an idle thread (THREAD_IDLE to THREAD_BUSY) and then posts it a job,
 * and the thread goes back (THREAD_BUSY to THREAD_IDLE) once a job is over, or ends (THREAD_IDLE to THREAD_GONE) after
 * IDLE_MS without one. Whichever exchange comes first wins: a thread is never both given a job and gone.
 */
export const THREAD_BUSY = 0;
export const THREAD_IDLE = 1;
export const THREAD_GONE = 2;

/** What each thread of a pool is started with: its own word of state, and the pool's count of idle threads. */
export interface ThreadShared {
  /** One word: THREAD_BUSY, THREAD_IDLE or THREAD_GONE. */
  readonly thread: Int32Array;
  /** One word: how many of the pool's threads are idle, at most MAX_IDLE. */
  readonly idle: Int32Array;
}

/**
 * Idle threads a pool keeps. Starting a thread (Node's worker, then the library and its WebAssembly) is most of a
 * query over a small file: 46 ms on Node 20 against DuckDB's own 1 ms (bench/duckdb.ts). Two serve a query that
 * joins two scans; more would hold memory for queries at once, which are rarer.
 */
export const MAX_IDLE = 2;

/**
 * How long an idle thread waits for a job before it ends: long beside the gaps between an app's queries; a person's
 * may be longer, and then the next query starts a thread again, a few tens of milliseconds they do not notice. An
 * idle thread holds only memory, and keeps no process alive.
 */
export const IDLE_MS = 10_000;
