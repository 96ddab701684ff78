/**
 * The only randomness source: `crypto.getRandomValues`, drawn 64 KiB at a time into a pool so single IDs do not
 * pay for a call each (about 1.3 us per call measured here). Large fills go straight to the target (for batches,
 * that is WebAssembly memory) without passing through the pool.
 */
import { UlidError } from "./errors.js";
import type { FillRandom } from "./engine/types.js";

/** getRandomValues refuses more than 65536 bytes per call (QuotaExceededError). */
const MAX_DRAW = 65536;
/** Fills at least this large bypass the pool: copying them would cost more than a call. */
const DIRECT_FILL = 4096;

const pool = new Uint8Array(MAX_DRAW);
let poolUsed = MAX_DRAW;

function secureSource(): (array: Uint8Array) => unknown {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (array: Uint8Array) => unknown } }).crypto;
  if (typeof crypto?.getRandomValues !== "function") {
    throw new UlidError(
      "RANDOM_UNAVAILABLE",
      "no secure random source: globalThis.crypto.getRandomValues is missing, and no `random` option was given",
    );
  }
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
    secureSource()(pool);
    poolUsed = 0;
  }
  // A byte loop, not `subarray` + `set`: for the 10 bytes of one ID the view costs more than the copy
  // (bench/single.ts, ulid()).
  for (let i = 0; i < out.length; i++) out[i] = pool[poolUsed + i];
  poolUsed += out.length;
};

/** A caller's random source, checked, and given its own buffer so it never sees engine memory. */
export function callerRandom(random: unknown): FillRandom {
  if (typeof random !== "function") {
    throw new UlidError("INVALID_ARGUMENT", "the `random` option must be a function (out: Uint8Array) => void");
  }
  return (out) => {
    const own = new Uint8Array(out.length);
    random(own);
    out.set(own);
  };
}

/** The fill to use for an options object's `random`. */
export function randomFrom(random: unknown): FillRandom {
  return random === undefined ? fillSecureRandom : callerRandom(random);
}
