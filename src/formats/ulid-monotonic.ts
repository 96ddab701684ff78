/**
 * Monotonic ULIDs from one generator: ULID's sequence of the shared machinery (src/formats/sequence.ts), in a module
 * of its own so a bundle of single-ID functions carries no batch code.
 */
import { monotonicGenerator, type MonotonicFactoryOptions } from "./generate.js";
import type { Ulid } from "./schema.js";
import { ULID_MINTING } from "./ulid-format.js";

export interface MonotonicOptions extends MonotonicFactoryOptions {
  /** Fills the array it is given (exactly 10 bytes, once per new millisecond). Default: crypto.getRandomValues. */
  random?: (out: Uint8Array) => void;
  /** The clock, read once per ID generated without an explicit time. Default: Date.now. */
  now?: () => number;
}

/** A generator of strictly increasing ULIDs (`time` as for `ulid`). */
export function monotonicFactory(options?: MonotonicOptions): (time?: number | Date) => Ulid {
  return monotonicGenerator(ULID_MINTING, options) as (time?: number | Date) => Ulid;
}
