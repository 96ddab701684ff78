/**
 * The benchmark model and its runner. A group is one operation (say "decodeTime, one ID"); its contenders are our
 * engines and the peers that have the operation. Every contender's output is checked against ours before anything
 * is timed, so a fast wrong answer fails the run instead of winning it.
 */
import { Bench } from "tinybench";
import { type BackendKind, setBackend } from "../../src/index.js";

export type Role = "ours" | "peer" | "reference";

export interface Contender {
  /** Row label: the engine for ours, the package and version for a peer. */
  readonly label: string;
  readonly role: Role;
  /** For ours: the backend selected while it runs. */
  readonly engine?: BackendKind;
  /** Where there are both: the result in a new array, or in the caller's buffer. */
  readonly variant?: "allocating" | "into buffer";
  /** One timed call: all of the group's IDs once. Returns the output, which `Group.verify` checks. */
  readonly run: () => unknown;
}

export interface Group {
  /** Stable key, used by bench:check and the JSON. */
  readonly id: string;
  readonly title: string;
  readonly scope: "single" | "bulk";
  /** IDs one `run` handles: results are IDs per second. */
  readonly ids: number;
  readonly contenders: readonly Contender[];
  /** Throws, naming what differs, unless one run's output is what ours gives. */
  readonly verify: (output: unknown, contender: Contender) => void;
}

/**
 * tinybench settings per round. The machine is shared and noisy, so a measurement is several short rounds, each
 * running every contender in turn (in a rotated order), and a contender's rate is its median over the rounds: a
 * burst of load from elsewhere then hits one round of every contender rather than all of one. Single-ID runs take a
 * fraction of a millisecond, so many samples per round; a bulk run up to a few seconds, so one per round (with no
 * warmup of its own: `verifyGroup` has just run each contender once).
 */
const SETTINGS = {
  single: { rounds: 5, time: 100, warmupTime: 50, iterations: 8, warmupIterations: 8 },
  bulk: { rounds: 3, time: 0, warmupTime: 0, iterations: 1, warmupIterations: 0 },
} as const;

/**
 * The clock every sample is read from: this process's CPU time (user + system, all its threads, so GC helper threads
 * count), in ms. The machines this runs on are shared: on wall time, another process taking the CPU for a second
 * made a bulk run look 4x slower; CPU time charges each contender only for what it ran. On a quiet machine the
 * two agree for this single-threaded work.
 */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Untimed CPU ms `repetitions` runs a call before timing it. */
const WARM_MS = 300;

/**
 * Calls per sample for `run` to take `sampleMs` of CPU time, after WARM_MS of untimed calls: V8 moves hot WebAssembly
 * and JavaScript to its optimizing compiler in background threads, which a loaded machine may run late, and the
 * first rounds should not time code still waiting for it.
 */
export function repetitions(run: () => unknown, sampleMs: number): number {
  for (const start = cpuNow(); cpuNow() - start < WARM_MS; ) run();
  const start = cpuNow();
  run();
  return Math.max(1, Math.ceil(sampleMs / Math.max(cpuNow() - start, 0.1)));
}

/** CPU ms per call of `run`, over `reps` calls. */
export function sample(run: () => unknown, reps: number): number {
  const start = cpuNow();
  for (let i = 0; i < reps; i++) run();
  return (cpuNow() - start) / reps;
}

/**
 * A full garbage collection before each bulk run (untimed; needs node --expose-gc): each run then pays for its own
 * allocations, not for collecting the millions of strings its predecessors left. Without it, a run's time swung 8x
 * with whichever one happened to trigger the major GC. The npm scripts also pass --single-threaded-gc: with V8's
 * concurrent sweeping, the collection went on in helper threads during the next (timed) run and slowed it 4x.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Our contenders run on their engine; everything else on "auto", so a peer never pays for our backend choice. */
function select(contender: Contender): void {
  setBackend(contender.engine ?? "auto");
}

/** Runs each contender once and checks its output; throws for the first one that differs from ours. */
export function verifyGroup(group: Group, contenders: readonly Contender[] = group.contenders): void {
  for (const contender of contenders) {
    select(contender);
    try {
      group.verify(contender.run(), contender);
    } catch (error) {
      throw new Error(`${group.title}: ${contender.label} does not agree with ulid-wasm: ${(error as Error).message}`);
    } finally {
      setBackend("auto");
    }
  }
}

/**
 * IDs per second of each contender in each round (the median of its samples there): `rates.get(c)[r]` is round r.
 * Contenders are measured side by side, so ratios between them are best taken round by round.
 */
export async function measureRounds(
  group: Group,
  contenders: readonly Contender[] = group.contenders,
  rounds: number = SETTINGS[group.scope].rounds,
): Promise<Map<Contender, number[]>> {
  const { time, warmupTime, iterations, warmupIterations } = SETTINGS[group.scope];
  const rates = new Map<Contender, number[]>(contenders.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    // Warm up in the first round only: later rounds run code the first one has already optimized.
    const bench = new Bench({
      time,
      iterations,
      warmup: round === 0 && warmupIterations > 0,
      warmupTime,
      warmupIterations,
      throws: true,
      now: cpuNow,
    });
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    for (const contender of order) {
      bench.add(contender.label, contender.run, {
        beforeAll: () => select(contender),
        beforeEach: group.scope === "bulk" ? collectGarbage : undefined,
        afterAll: () => setBackend("auto"),
      });
    }
    await bench.run();
    for (const [i, task] of bench.tasks.entries()) {
      const result = task.result;
      if (result.state !== "completed") throw new Error(`${group.title}: ${task.name} did not complete (${result.state})`);
      rates.get(order[i]!)!.push(result.throughput.p50 * group.ids);
    }
  }
  return rates;
}

/** IDs per second of each contender: its median over the rounds of `measureRounds`. */
export async function measure(group: Group): Promise<Map<Contender, number>> {
  const rounds = await measureRounds(group);
  return new Map([...rounds].map(([c, rates]) => [c, median(rates)]));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
