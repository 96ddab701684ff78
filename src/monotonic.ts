/**
 * Monotonic ULIDs from one generator: strictly increasing for as long as the generator lives.
 *
 * A later millisecond draws fresh randomness. The same millisecond, or an earlier one (the clock stepped back),
 * keeps the last time and adds 1 to the 80-bit random part. When that part is all ones the call throws
 * MONOTONIC_OVERFLOW and the generator is left as it was, so a call in a later millisecond succeeds.
 */
import { checkClock, checkOptions } from "./args.js";
import { singleEngine } from "./backend.js";
import { UlidError } from "./errors.js";
import { ULID_BYTES, type FillRandom } from "./engine/types.js";
import { randomFrom } from "./random.js";
import { toTime } from "./time.js";

export interface MonotonicOptions {
  /** Fills the array it is given (exactly 10 bytes, once per new millisecond). Default: crypto.getRandomValues. */
  random?: (out: Uint8Array) => void;
  /** The clock, read once per ID generated without an explicit time. Default: Date.now. */
  now?: () => number;
}

/** The state of one monotonic sequence: the last ID made, and its time (-1 before the first). */
export class MonotonicState {
  readonly last = new Uint8Array(ULID_BYTES);
  lastTime = -1;

  /** Advances to the ID for `time` and returns it in `last`; throws MONOTONIC_OVERFLOW leaving state as it was. */
  advance(time: number, fill: FillRandom): Uint8Array {
    const engine = singleEngine();
    if (time > this.lastTime) {
      engine.stampMany(1, time, fill, this.last, 0);
      this.lastTime = time;
    } else if (engine.incrementMany(this.last, 1, this.last, 0) === 0) {
      throw new UlidError(
        "MONOTONIC_OVERFLOW",
        `monotonic overflow: the 80-bit random part is all ones at time ${this.lastTime}; try again in a later millisecond`,
      );
    }
    return this.last;
  }
}

/** A generator of strictly increasing ULIDs (`time` as for `ulid`). */
export function monotonicFactory(options?: MonotonicOptions): (time?: number | Date) => string {
  const { random, now } = checkOptions(options);
  const fill = randomFrom(random);
  const clock = checkClock(now) ?? Date.now;
  const state = new MonotonicState();
  return (time) => singleEngine().encodeOne(state.advance(toTime(time === undefined ? clock() : time), fill), 0);
}
