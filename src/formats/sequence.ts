/**
 * The one monotonic state machine, for every format and every generating call (`monotonicFactory`,
 * `generateMany`, the CLI's streams): the last ID made and its time field.
 *
 *   state (last, lastTime)   time asked for       next ID                            new state
 *   -1 (nothing made yet)    t                    fresh: t and new randomness        (it, t)
 *   (L, T)                   t > T                fresh: t and new randomness, or    (it, t)
 *                                                 L renewed at t (ObjectId, XID)
 *   (L, T)                   t == T               the successor of L, time T kept    (it, T)
 *   (L, T)                   t < T (clock back)   the successor of L, time T kept    (it, T)
 *   (L, T)                   t <= T, L the last   none: MONOTONIC_OVERFLOW           (L, T) unchanged
 *   `after` A                                     as (A, time of A), with A's generator's fields (its
 *                                                 worker, its node) where the format draws them once
 *
 * The successor is the format's (`FormatCodec.advanceMany`): ULID and BaseUID add 1 to the random part, Ulid-Flake a
 * random increment, UUID v7 its counter + 1 with fresh low bits. A format whose generator keeps its fields into a
 * later tick renews the last ID there (`Minting.renew`: ObjectId and XID keep bytes 4-8 and count on, wrapping).
 *
 * Randomness is drawn before the state is read or written, and a draw that ran another call of the same sequence
 * (a `random` callback that calls its own generator) makes the decision again from the new state: the sequence stays
 * strictly increasing however its callbacks behave, and a callback that throws leaves it as it was.
 */
import type { FillRandom, FormatCodec } from "../engine/types.js";

export class MonotonicSequence {
  private readonly seed: Uint8Array;
  /** A freshly stamped ID, kept apart until it is known the draw did not re-enter the sequence. */
  private readonly fresh: Uint8Array;
  /** The time field of the last ID, -1 before the first. */
  lastTime = -1;
  /** Counts changes of state, so a step can tell whether a callback changed it meanwhile. */
  private changes = 0;

  constructor(
    bytes: number,
    private param: number,
    private readonly fill: FillRandom,
    private readonly renew?: (id: Uint8Array, time: number) => void,
    /** The generator's own parameter (`Minting.sequenceParam`), drawn before its first fresh ID. */
    private own?: (fill: FillRandom) => number,
  ) {
    this.seed = new Uint8Array(bytes);
    this.fresh = new Uint8Array(bytes);
  }

  /**
   * Continues after the ID `last` (its bytes), whose time field is `time`; `param`, when given, is the generator's
   * own parameter as `last` was made with it (`Minting.resumedParam`), kept instead of a new draw.
   */
  resume(last: Uint8Array, time: number, param?: number): void {
    this.seed.set(last);
    this.lastTime = time;
    if (param !== undefined) {
      this.param = param;
      this.own = undefined;
    }
    this.changes++;
  }

  /** The next ID for `time` in the sequence's own buffer (valid until the next call), or null on overflow. */
  nextOne(codec: FormatCodec, time: number): Uint8Array | null {
    return this.next(codec, time, 1, this.seed, 0) === 1 ? this.seed : null;
  }

  /**
   * Writes up to `count` next IDs for `time` at `out[at]`; returns how many: fewer than `count` where the format
   * has no successor left in the last time (none at all is MONOTONIC_OVERFLOW for the caller to report).
   */
  next(codec: FormatCodec, time: number, count: number, out: Uint8Array, at: number): number {
    const { seed, fresh, fill } = this;
    for (;;) {
      if (time <= this.lastTime) {
        // advanceMany draws first, then steps from the seed as it is after the draw.
        const made = codec.advanceMany(seed, count, this.param, fill, out, at);
        this.changes++;
        return made;
      }
      if (this.renew !== undefined && this.lastTime >= 0) {
        // Nothing drawn: no callback runs between reading the state and writing it.
        this.renew(seed, time);
      } else {
        const before = this.changes;
        const own = this.own;
        if (own !== undefined) {
          // Drawn here, not when the generator is made: a draw that calls the generator finds it made, and the
          // first draw to finish is kept (a re-entering call's, which made IDs with it).
          const drawn = own(fill);
          if (this.own === own) {
            this.param = drawn;
            this.own = undefined;
          }
          if (this.changes !== before) continue;
        }
        codec.stampMany(1, time, this.param, fill, fresh, 0);
        if (this.changes !== before) continue;
        seed.set(fresh);
      }
      this.lastTime = time;
      this.changes++;
      out.set(seed, at);
      return count === 1 ? 1 : 1 + this.next(codec, time, count - 1, out, at + seed.length);
    }
  }
}
