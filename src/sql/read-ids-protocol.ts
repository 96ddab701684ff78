/**
 * What the `read_ids` scanning thread (read-ids-worker.ts) and the main thread (read-ids.ts) share: the messages on
 * their port, and an Int32Array over shared memory of counters: batches posted, batches taken, flags that the
 * query is over, that the thread has started and that it has ended for want of a reader, and its heartbeat.
 */

/** Index of the batches posted, in the shared counters. */
export const POSTED = 0;
/** Index of the batches the main thread has taken. */
export const CONSUMED = 1;
/** Index of the flag set when the query no longer wants rows (it ended, or stopped at a LIMIT). */
export const CANCELLED = 2;
/** Index of the flag the scanning thread sets as it starts (a thread that never starts is then an error, not a wait). */
export const STARTED = 3;
/** Index of the flag the scanning thread sets as it ends, its batches untaken for PARK_AFTER_MS (read-ids.ts starts another). */
export const PARKED = 4;
/**
 * Index of the thread's heartbeat: a count it raises at every chunk it reads and every tenth of a second it waits,
 * so the main thread can tell a thread that died (out of memory) from a busy one, and fail the query, not wait.
 */
export const BEAT = 5;
export const COUNTERS = 6;

/**
 * How long the scanning thread waits for the main thread to take a batch before it ends, with the flag PARKED.
 * DuckDB says nothing when it lets go of a query before its end (a LIMIT), and a thread per such query kept until
 * garbage collection piled up: 90 threads and 1.3 GB after 80 queries. A query whose reader only paused is not
 * lost: when it asks for rows again, the main thread starts a thread where the last one left off (`ScanStart`).
 * Long beside the gaps between DuckDB's requests for rows (microseconds to milliseconds), short beside a query's life.
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
