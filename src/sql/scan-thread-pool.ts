/**
 * The threads behind `read_ids` (read-ids-worker.ts), kept between queries. Starting one (Node's worker, then the
 * library and its WebAssembly) was most of a query over a small file: 46 ms on Node 20 against DuckDB's own 1 ms
 * (bench/duckdb.ts). A thread whose job is over stays idle, up to MAX_IDLE of them for IDLE_MS each
 * (read-ids-protocol.ts), and the next query takes it; a query that finds none idle starts one.
 *
 * A thread's word of state says whether it is idle, busy or gone, and both sides change it with compare-and-exchange
 * (read-ids-protocol.ts): the main thread cannot hand a job to a thread that is ending, nor two queries one thread.
 * Idle or busy, no thread keeps the process alive.
 */
import { Worker } from "node:worker_threads";
import { THREAD_BUSY, THREAD_GONE, THREAD_IDLE, type ScanJob, type ThreadShared } from "./read-ids-protocol.js";

interface PooledThread {
  readonly worker: Worker;
  readonly shared: ThreadShared;
}

/** A pool per thread module (ulid-wasm/duckdb's, beside its entry). */
const pools = new Map<string, ScanThreadPool>();

/** The pool of the scanning threads of module `module`. */
export function scanThreadPool(module: URL): ScanThreadPool {
  let pool = pools.get(module.href);
  if (pool === undefined) pools.set(module.href, (pool = new ScanThreadPool(module)));
  return pool;
}

export class ScanThreadPool {
  private readonly threads = new Set<PooledThread>();
  /** How many of the threads are idle (one word, shared with them all). */
  private readonly idle = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly module: URL) {}

  /**
   * Gives `job` to an idle thread, or to one started for it (always, when `fresh`); the thread's worker (to end it,
   * should it stall), and whether it was idle.
   */
  run(job: ScanJob, fresh = false): { worker: Worker; pooled: boolean } {
    const taken = fresh ? undefined : this.take();
    const { worker } = taken ?? this.start();
    worker.postMessage(job, [job.port]);
    // A thread taken idle may have ended with its 'exit' event not yet seen (the main thread busy): its job then never
    // starts, and read-ids.ts gives it to a fresh thread.
    return { worker, pooled: taken !== undefined };
  }

  /** An idle thread, now busy; undefined when none is. */
  private take(): PooledThread | undefined {
    for (const thread of this.threads) {
      if (Atomics.compareExchange(thread.shared.thread, 0, THREAD_IDLE, THREAD_BUSY) === THREAD_IDLE) {
        Atomics.sub(this.idle, 0, 1);
        return thread;
      }
    }
    return undefined;
  }

  /** A new thread, busy from its start. */
  private start(): PooledThread {
    const shared: ThreadShared = { thread: new Int32Array(new SharedArrayBuffer(4)), idle: this.idle };
    Atomics.store(shared.thread, 0, THREAD_BUSY);
    const worker = new Worker(this.module, {
      workerData: shared,
      // Without the app's Node options: a preload (--import, in NODE_OPTIONS too, as tsx and tracing agents add) goes
      // through the ES module loader, which on Node 20 waits for the thread pool (read-ids-worker.ts says why not).
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    const thread = { worker, shared };
    this.threads.add(thread);
    // The thread's own failures come as messages; this keeps one it could not report from ending the process.
    worker.on("error", () => undefined);
    worker.on("exit", () => {
      this.threads.delete(thread);
      // One that ended while idle without saying so (it says so when it ends of itself) no longer counts as idle.
      if (Atomics.compareExchange(shared.thread, 0, THREAD_IDLE, THREAD_GONE) === THREAD_IDLE) Atomics.sub(this.idle, 0, 1);
    });
    // An idle thread, or a busy one of a query stopped early, which gives its job up (read-ids-protocol.ts).
    worker.unref();
    return thread;
  }
}
