/**
 * What the `read_ids` scanning thread (read-ids-worker.ts) and the main thread (read-ids.ts) share: the messages on
 * their port, and an Int32Array over shared memory of counters: batches posted, batches taken, and a flag that the
 * query is over.
 */

/** Index of the batches posted, in the shared counters. */
export const POSTED = 0;
/** Index of the batches the main thread has taken. */
export const CONSUMED = 1;
/** Index of the flag set when the query no longer wants rows (it ended, or stopped at a LIMIT). */
export const CANCELLED = 2;
/** Index of the flag the scanning thread sets as it starts (a thread that never starts is then an error, not a wait). */
export const STARTED = 3;
export const COUNTERS = 4;

/** Rows of a batch: one DuckDB vector's worth. */
export const BATCH_ROWS = 2048;
/** Batches the scanning thread may post ahead of the main thread: enough to keep both busy, few enough to stay small. */
export const AHEAD = 4;

/**
 * Matches of one file, in order, as columns that cross threads cheaply: the numbers in typed arrays whose buffers
 * are transferred, the IDs as one string (one copy, where a string per match would be one each).
 */
export interface MatchBatch {
  readonly file: string;
  readonly count: number;
  /** The IDs, each followed by a newline but the last. */
  readonly ids: string;
  readonly lines: Float64Array;
  readonly offsets: Float64Array;
  /** Unix ms. */
  readonly times: Float64Array;
  /** Each match's format as an index into `formatNames`, when scanning for several; null when scanning for one. */
  readonly formats: Uint8Array | null;
  readonly formatNames: readonly string[];
}

export type ScanMessage =
  | { readonly kind: "batch"; readonly batch: MatchBatch }
  | { readonly kind: "done" }
  | { readonly kind: "error"; readonly message: string };
