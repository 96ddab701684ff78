/**
 * Minting IDs of the other formats, the same machinery for each: `generate` (one fresh ID), `monotonicFactory` (a
 * strictly increasing sequence) and `generateMany` (a batch, monotonic by default). Times are the format's raw
 * time field here; each format's file says how a caller's time becomes one (`field`).
 *
 * Monotonic, per sequence (SPEC.md): a later time stamps a fresh ID; the same or an earlier time (the clock went
 * back) keeps the last time and takes the successor the format defines (`FormatCodec.advanceMany`). Where there
 * is none, MONOTONIC_OVERFLOW, and the sequence is left as it was, so a later time succeeds.
 */
import { checkClock, checkIndex, checkOptions, outputBuffer } from "../args.js";
import { batchEngine, singleEngine } from "../backend.js";
import { UlidError } from "../errors.js";
import type { FormatCodec } from "../engine/formats.js";
import { GENERATE_CHUNK, type Engine, type FillRandom } from "../engine/types.js";
import { randomFrom } from "../random.js";
import { codecOn } from "./codec.js";
import type { FormatRules } from "./faults.js";

/** Options every generating call takes. */
export interface SourceOptions {
  /** Fills the array it is given with random bytes. Default: crypto.getRandomValues. */
  random?: (out: Uint8Array) => void;
  /** The clock, in the same units as the `time` argument; read once per ID (per step of 8192 in bulk). */
  now?: () => number;
}

export interface ManyOptions<Time> extends SourceOptions {
  /** One time for every ID. Default: the clock. */
  time?: Time;
  /** Strictly increasing over the whole batch (default true); false makes every ID fresh. */
  monotonic?: boolean;
  /** Write into this buffer instead of a new one. */
  out?: Uint8Array;
}

/** How one format makes IDs under one set of options. */
export interface Minting {
  readonly rules: FormatRules;
  /** The engines' generation parameter (src/engine/formats.ts). */
  readonly param: number;
  /** The time field of a time the caller gave, or INVALID_TIME. */
  readonly field: (time: unknown) => number;
  /** The format's own clock, as a time `field` takes. */
  readonly clock: () => unknown;
  /** What one step of the time field is called in messages ("millisecond"). */
  readonly unit: string;
}

const codecOf = (minting: Minting, engine: Engine): FormatCodec => codecOn(engine, minting.rules.spec.name);

/** The source of times: a fixed one, the caller's `now`, or the format's clock (the only one worth waiting for). */
function timeSource(minting: Minting, now: unknown, fixed?: unknown): { read: () => number; real: boolean } {
  if (fixed !== undefined) {
    const time = minting.field(fixed);
    return { read: () => time, real: false };
  }
  const clock = checkClock(now);
  const source = clock ?? minting.clock;
  return { read: () => minting.field(source()), real: clock === undefined };
}

function overflow(minting: Minting, time: number, element?: number): UlidError {
  const where = element === undefined ? "" : ` at element ${element}`;
  return new UlidError(
    "MONOTONIC_OVERFLOW",
    `${minting.rules.label} monotonic overflow${where}: no successor within time field ${time}; try again in a later ${minting.unit}`,
    element,
  );
}

/** A monotonic sequence: the last ID made (the seed of the next) and its time field (-1 before the first). */
class Sequence {
  private readonly seed: Uint8Array;
  lastTime = -1;

  constructor(
    private readonly minting: Minting,
    private readonly fill: FillRandom,
  ) {
    this.seed = new Uint8Array(minting.rules.spec.bytes);
  }

  /** Continues the sequence with up to `count` IDs at `out[at]` for `time`; returns how many (fewer on overflow). */
  extend(codec: FormatCodec, time: number, count: number, out: Uint8Array, at: number): number {
    const { param, rules } = this.minting;
    if (time <= this.lastTime) return codec.advanceMany(this.seed, count, param, this.fill, out, at);
    codec.stampMany(1, time, param, this.fill, this.seed, 0);
    out.set(this.seed, at);
    this.lastTime = time;
    return count === 1 ? 1 : 1 + codec.advanceMany(this.seed, count - 1, param, this.fill, out, at + rules.spec.bytes);
  }
}

/** The binary ID `generateOne` makes, reused: the call returns its text. */
const one = new Uint8Array(16);

/** One fresh ID (time: the caller's, or now). */
export function generateOne(minting: Minting, time: unknown, options: SourceOptions | undefined): string {
  const { random, now } = checkOptions(options);
  const clock = checkClock(now) ?? minting.clock;
  const codec = codecOf(minting, singleEngine());
  codec.stampMany(1, minting.field(time === undefined ? clock() : time), minting.param, randomFrom(random), one, 0);
  return codec.encodeOne(one, 0)!;
}

/** A generator of strictly increasing IDs; each call takes a time, or reads the clock. */
export function monotonicGenerator(minting: Minting, options: SourceOptions | undefined): (time?: unknown) => string {
  const { random, now } = checkOptions(options);
  const sequence = new Sequence(minting, randomFrom(random));
  const clock = timeSource(minting, now);
  const id = new Uint8Array(minting.rules.spec.bytes);
  return (time) => {
    const codec = codecOf(minting, singleEngine());
    const field = time === undefined ? clock.read() : minting.field(time);
    if (sequence.extend(codec, field, 1, id, 0) === 0) throw overflow(minting, sequence.lastTime);
    return codec.encodeOne(id, 0)!;
  };
}

/**
 * Batches of IDs, 8192 a step: the clock is read once per step and randomness drawn per step, identically on both
 * engines. Monotonic batches continue one sequence from call to call. On the format's own clock a monotonic
 * overflow waits for the next tick instead of failing.
 */
export class BatchStream {
  private readonly source: { read: () => number; real: boolean };
  private readonly fill: FillRandom;
  private readonly sequence: Sequence;

  constructor(
    private readonly minting: Minting,
    private readonly monotonic: boolean,
    { time, random, now }: Omit<ManyOptions<unknown>, "monotonic" | "out">,
  ) {
    this.source = timeSource(minting, now, time);
    this.fill = randomFrom(random);
    this.sequence = new Sequence(minting, this.fill);
  }

  /** The next `count` IDs into `out` (exactly their size); on a fault, `out` is left zeroed. */
  next(count: number, out: Uint8Array): Uint8Array {
    const { minting, source, fill, sequence } = this;
    const size = minting.rules.spec.bytes;
    const codec = codecOf(minting, batchEngine());
    try {
      for (let done = 0; done < count; ) {
        const step = Math.min(GENERATE_CHUNK, count - done);
        const field = source.read();
        if (!this.monotonic) {
          codec.stampMany(step, field, minting.param, fill, out, done * size);
          done += step;
          continue;
        }
        const made = sequence.extend(codec, field, step, out, done * size);
        done += made;
        if (made < step) {
          if (!source.real) throw overflow(minting, sequence.lastTime, done);
          // Busy wait: the batch is synchronous, and the next tick is near (the last time came from this clock).
          while (source.read() <= sequence.lastTime);
        }
      }
    } catch (error) {
      // No half-made batch is left behind in a caller's buffer.
      out.fill(0);
      throw error;
    }
    return out;
  }
}

/** `count` IDs as one batch (its own monotonic sequence, unless `monotonic: false`). */
export function generateBatch(minting: Minting, count: number, options: ManyOptions<unknown> | undefined): Uint8Array {
  checkIndex(count, "count");
  const { monotonic = true, out, ...sources } = checkOptions(options);
  if (typeof monotonic !== "boolean") throw new UlidError("INVALID_ARGUMENT", "the `monotonic` option must be a boolean");
  const target = outputBuffer(out, count * minting.rules.spec.bytes);
  return new BatchStream(minting, monotonic, sources).next(count, target);
}
