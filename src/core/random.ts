/**
 * The only randomness source: `crypto.getRandomValues`, drawn 64 KiB at a time into a pool so single IDs do not
 * pay for a call each (a call costs more than making an ID). Large fills go straight to the target (for batches,
 * that is WebAssembly memory) without passing through the pool, and so do a process's first few small ones. The
 * pool is emptied before a V8 startup snapshot is written (`node --build-snapshot`), so processes restored from it
 * never share its bytes.
 */
import type { FillRandom } from "../engine/types.js";
import { detachedBuffer, noSecureRandom, randomNotFunction } from "./messages.js";

/** getRandomValues refuses more than 65536 bytes per call (QuotaExceededError). */
const MAX_DRAW = 65536;
/** Fills at least this large bypass the pool: copying them would cost more than a call. */
const DIRECT_FILL = 4096;

const pool = new Uint8Array(MAX_DRAW);
let poolUsed = MAX_DRAW;
/** Whether this process has looked for a snapshot being built (at the first fill of the pool). */
let snapshotChecked = false;
/**
 * Small fills drawn straight from the source before the pool is first filled. Filling it means asking node:v8
 * whether a snapshot is being built (`emptyPoolInSnapshots`), 0.4-0.8 ms in a cold process where a direct call
 * costs a few microseconds: an app that makes a handful of IDs never pays for that question.
 */
let directFillsLeft = 16;

/** The part of Node's `v8.startupSnapshot` used here. */
interface StartupSnapshot {
  isBuildingSnapshot(): boolean | number;
  addSerializeCallback(callback: () => void): void;
}

/**
 * Empties the pool when a V8 startup snapshot is written: otherwise every process restored from it would draw the
 * same unused bytes, and make the same IDs. A process builds a snapshot from its start or never, and a pool never
 * filled holds nothing to hand over, so one look at the first fill is enough, and the hot path pays nothing. Found
 * through `process.getBuiltinModule` (Node 20.16+), not an import, so other runtimes never load node:v8. Emptying
 * it as the snapshot is written, not refilling it after a restore, also keeps its bytes out of the snapshot file.
 */
function emptyPoolInSnapshots(): void {
  snapshotChecked = true;
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  let startup: StartupSnapshot | undefined;
  try {
    const v8 = node?.getBuiltinModule?.("node:v8") as { startupSnapshot?: StartupSnapshot } | undefined;
    startup = v8?.startupSnapshot;
    // Truthy, not true: Node 20 answers 1.
    if (!startup?.isBuildingSnapshot()) return;
  } catch {
    return; // a runtime that imitates Node only in part: it builds no Node snapshot either
  }
  startup.addSerializeCallback(() => {
    pool.fill(0);
    poolUsed = MAX_DRAW;
  });
}

function secureSource(): (array: Uint8Array) => unknown {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (array: Uint8Array) => unknown } }).crypto;
  if (typeof crypto?.getRandomValues !== "function") throw noSecureRandom();
  return crypto.getRandomValues.bind(crypto);
}

/** Fills `out` with cryptographically secure random bytes. */
export const fillSecureRandom: FillRandom = (out) => {
  if (out.length >= DIRECT_FILL) {
    const draw = secureSource();
    for (let at = 0; at < out.length; at += MAX_DRAW) draw(out.subarray(at, at + MAX_DRAW));
    return;
  }
  if (poolUsed + out.length > MAX_DRAW) {
    if (directFillsLeft > 0) {
      directFillsLeft--;
      secureSource()(out);
      return;
    }
    if (!snapshotChecked) emptyPoolInSnapshots();
    secureSource()(pool);
    poolUsed = 0;
  }
  // A byte loop, not `subarray` + `set`: for the 10 bytes of one ID the view costs more than the copy
  // (bench/single.ts, ulid()).
  for (let i = 0; i < out.length; i++) out[i] = pool[poolUsed + i];
  poolUsed += out.length;
};

/**
 * A caller's random source, checked, and given its own buffer so it never sees engine memory. A source that
 * detaches (transfers) that buffer has given no bytes: INVALID_ARGUMENT, thrown before anything is taken from it, so
 * a generator is left as a source that throws leaves it.
 */
export function callerRandom(random: unknown): FillRandom {
  if (typeof random !== "function") throw randomNotFunction();
  return (out) => {
    const own = new Uint8Array(out.length);
    random(own);
    // A detached view reads as empty.
    if (own.length !== out.length) throw detachedBuffer("the array given to the `random` option");
    out.set(own);
  };
}

/** The fill to use for an options object's `random`. */
export function randomFrom(random: unknown): FillRandom {
  return random === undefined ? fillSecureRandom : callerRandom(random);
}
