/**
 * Minting ULIDs in bulk. Work proceeds in steps of GENERATE_CHUNK IDs: the clock is read once per step (a step
 * takes well under a millisecond on either engine, so every ID still carries the time it was made in) and
 * randomness is drawn per step, identically on both engines.
 */
import { checkClock, checkIndex, checkOptions, outputBuffer } from "./args.js";
import { batchEngine } from "./backend.js";
import { UlidError } from "./errors.js";
import { GENERATE_CHUNK, ULID_BYTES, type Engine, type FillRandom } from "./engine/types.js";
import { randomFrom } from "./random.js";
import { toTime } from "./time.js";

export interface GenerateManyOptions {
  /** Unix ms (or Date) for every ID. Default: the clock. */
  time?: number | Date;
  /** Strictly increasing over the whole batch (default true); false draws fresh randomness for every ID. */
  monotonic?: boolean;
  /** Fills the array it is given: 10 bytes per new millisecond when monotonic, else 10 per ID of a step. */
  random?: (out: Uint8Array) => void;
  /** The clock, read once per step of 8192 IDs. Default: Date.now. */
  now?: () => number;
  /** Write into this buffer (at least 16 bytes per ID) instead of a new one. */
  out?: Uint8Array;
}

interface Plan {
  engine: Engine;
  count: number;
  out: Uint8Array;
  clock: () => number;
  fill: FillRandom;
  /** True on the real clock: a monotonic overflow waits for the next millisecond instead of failing. */
  mayWait: boolean;
}

/** `count` new ULIDs as 16*count bytes. */
export function generateMany(count: number, options?: GenerateManyOptions): Uint8Array {
  checkIndex(count, "count");
  const { time, monotonic = true, random, now, out } = checkOptions(options);
  if (typeof monotonic !== "boolean") {
    throw new UlidError("INVALID_ARGUMENT", "the `monotonic` option must be a boolean");
  }
  const size = count * ULID_BYTES;
  const target = outputBuffer(out, size);
  const callerClock = checkClock(now);
  const fixedTime = time === undefined ? undefined : toTime(time);
  const plan: Plan = {
    engine: batchEngine(),
    count,
    out: target,
    clock: fixedTime !== undefined ? () => fixedTime : callerClock ? () => toTime(callerClock()) : Date.now,
    fill: randomFrom(random),
    mayWait: fixedTime === undefined && callerClock === undefined,
  };
  try {
    if (monotonic) generateMonotonic(plan);
    else generateRandom(plan);
  } catch (error) {
    // No half-made batch is left behind in a caller's buffer.
    target.fill(0);
    throw error;
  }
  return target;
}

function generateRandom({ engine, count, out, clock, fill }: Plan): void {
  for (let done = 0; done < count; done += GENERATE_CHUNK) {
    const step = Math.min(GENERATE_CHUNK, count - done);
    engine.stampMany(step, clock(), fill, out, done * ULID_BYTES);
  }
}

function generateMonotonic({ engine, count, out, clock, fill, mayWait }: Plan): void {
  const seed = new Uint8Array(ULID_BYTES);
  let lastTime = -1;
  let done = 0;
  while (done < count) {
    const step = Math.min(GENERATE_CHUNK, count - done);
    const time = clock();
    let made = 0;
    if (time > lastTime) {
      engine.stampMany(1, time, fill, out, done * ULID_BYTES);
      seed.set(out.subarray(done * ULID_BYTES, (done + 1) * ULID_BYTES));
      lastTime = time;
      made = 1;
    }
    made += engine.incrementMany(seed, step - made, out, (done + made) * ULID_BYTES);
    done += made;
    if (made < step) {
      if (!mayWait) {
        throw new UlidError(
          "MONOTONIC_OVERFLOW",
          `monotonic overflow at element ${done}: the 80-bit random part is all ones at time ${lastTime}`,
          done,
        );
      }
      waitPast(lastTime);
    }
  }
}

/** Spins until the real clock passes `time` (at most about a millisecond, as `time` was read from it). */
function waitPast(time: number): void {
  while (Date.now() <= time) {
    // Busy wait: the batch is synchronous, and the next millisecond is near.
  }
}
