/**
 * Strictly increasing ULIDs, a chunk at a time, for streams longer than one `generateMany` batch (each batch is
 * its own monotonic sequence). A chunk in a later millisecond starts afresh; otherwise it continues from the last
 * ID made: same time, random part + 1. Each chunk carries the one time read for it, as `generateMany` reads the
 * clock once per step of the same size.
 */
import { UlidError } from "../errors.js";
import { generateMany } from "../generate-many.js";
import { incrementRandom, readTime } from "../engine/js-codec.js";
import { RANDOM_BYTES, ULID_BYTES } from "../engine/types.js";

export class MonotonicChunks {
  private readonly last = new Uint8Array(ULID_BYTES);
  private lastTime = -1;

  /** `time`: pin every ID to this Unix ms (the sequence then ends in MONOTONIC_OVERFLOW after 2^80 IDs at most). */
  constructor(private readonly time?: number) {}

  /** The next `count` IDs, written into `out` (16 bytes each, exactly); returns them (a view of `out`). */
  next(count: number, out: Uint8Array): Uint8Array {
    for (;;) {
      const time = this.time ?? Date.now();
      try {
        const ids = time > this.lastTime ? generateMany(count, { time, out }) : this.continued(count, out);
        if (count > 0) {
          this.last.set(ids.subarray(ids.length - ULID_BYTES));
          this.lastTime = readTime(this.last, 0);
        }
        return ids;
      } catch (error) {
        const exhausted = error instanceof UlidError && error.code === "MONOTONIC_OVERFLOW";
        if (this.time !== undefined || !exhausted) throw error;
        // On the real clock an exhausted millisecond is no failure: the next one starts afresh.
        while (Date.now() <= Math.max(time, this.lastTime)) {
          // Busy wait: at most a millisecond.
        }
      }
    }
  }

  /** `count` IDs after the last one, in its millisecond. */
  private continued(count: number, out: Uint8Array): Uint8Array {
    const first = this.last.slice();
    if (!incrementRandom(first, 0)) {
      throw new UlidError(
        "MONOTONIC_OVERFLOW",
        `monotonic overflow: the 80-bit random part is all ones at time ${this.lastTime}`,
      );
    }
    const random = first.subarray(ULID_BYTES - RANDOM_BYTES);
    return generateMany(count, { time: this.lastTime, random: (bytes) => bytes.set(random), out });
  }
}
