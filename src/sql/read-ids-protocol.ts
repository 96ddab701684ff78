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
