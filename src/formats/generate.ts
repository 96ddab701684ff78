/**
 * Minting IDs, the same machinery for every format, ULID included: `generate` (one fresh ID), `monotonicFactory` (a
 * strictly increasing sequence) and `generateMany` (a batch, monotonic by default). Times are the format's raw time
 * field here; each format's file says how a caller's time becomes one (`field`). The monotonic rules are in
 * sequence.ts.
 */
import { checkClock, checkIndex, checkOptions, outputBuffer, plainBytes, stillWhole } from "../core/arguments.js";
import { batchCodec, singleCodec } from "../engine/backend.js";
import { GENERATE_CHUNK, type FillRandom } from "../engine/types.js";
import { randomFrom } from "../core/random.js";
import { binaryError, idError } from "./faults.js";
import type { Format } from "./codec.js";
import { inCase, lowercaseOption, type CaseOptions } from "./letter-case.js";
import { MonotonicSequence } from "./sequence.js";
import { afterLength, afterNeedsMonotonic, bufferChanged, monotonicOverflow, optionMustBe } from "../core/messages.js";

/** Options every generating call takes. */
export interface SourceOptions {
  /** Fills the array it is given with random bytes. Default: crypto.getRandomValues. */
  random?: (out: Uint8Array) => void;
  /** The clock, in the same units as the `time` argument; read once per ID (per step of 8192 in bulk). */
  now?: () => number;
}

/** Options of a monotonic generator. */
export interface MonotonicOptions extends SourceOptions {
  /** Continue strictly after this ID (text or bytes), as if the generator had made it. */
  after?: string | Uint8Array;
}

/** Options of `generate`: the sources, and the case of the text. */
export interface GenerateOptions extends SourceOptions, CaseOptions {}

/** Options of `monotonicFactory`: a monotonic generator's, and the case of the text. */
export interface MonotonicFactoryOptions extends MonotonicOptions, CaseOptions {}

export interface ManyOptions<Time> extends MonotonicOptions {
  /** One time for every ID. Default: the clock. */
  time?: Time;
  /** Strictly increasing over the whole batch (default true); false makes every ID fresh. */
  monotonic?: boolean;
  /** Write into this buffer instead of a new one. */
  out?: Uint8Array;
}

/**
 * Clock reads a generator (a monotonic batch, a factory's call) spends waiting for the next tick before it moves on
 * without it: at tens of ns a
 * `Date.now()`, a few ms, more than the longest wait a running millisecond clock can need. A coarser tick
 * (KSUID's second) is not waited for: the batch takes the next second at once, ahead of the clock by less than one,
 * rather than blocking the thread for up to a second (and its 2^128 payloads per second never run out otherwise).
 */
const MAX_WAIT_READS = 50_000;

/** How one format makes IDs under one set of options. */
export interface Minting {
  readonly format: Format;
  /** The engines' generation parameter (src/engine/specs.ts). */
  readonly param: number;
  /** The time field of a time the caller gave, or INVALID_TIME. */
  readonly field: (time: unknown) => number;
  /** The format's own clock, as a time `field` takes; read anew at each call (so fake timers reach it). */
  readonly clock: () => unknown;
  /** What one step of the time field is called in messages ("millisecond"). */
  readonly unit: string;
  /**
   * A generator's parameter, where it is not `param`: called once per generator (with its random source, before its
   * first ID), for the fields a generator draws once and keeps (a TSID's node, a Snowflake's worker) and how it starts
   * its counter (ObjectId's, XID's and TSID's with the top bit cleared, Snowflake's sequence at 0).
   */
  readonly sequenceParam?: (fill: FillRandom) => number;
  /**
   * With `sequenceParam`: the parameter of the generator that made `id`, for a sequence that continues after it
   * (`after`): its fields kept (a Snowflake's worker, a TSID's node, when not given), as if that generator went on.
   */
  readonly resumedParam?: (id: Uint8Array) => number;
  /**
   * For a format whose generator keeps its fields into a later tick (ObjectId, XID: the counter goes on, + 1): turns
   * the last ID, at `id[0]`, into the ID of the later time field `time`, in place. Without it a later tick's ID is
   * fresh (stamped).
   */
  readonly renew?: (id: Uint8Array, time: number) => void;
}

/** Where a generator's times come from; `real` when that is the format's own clock (the only one worth waiting for). */
interface TimeSource {
  read(): number;
  readonly real: boolean;
}

/** The source of times: a fixed one, the caller's `now`, or the format's clock. */
function timeSource(minting: Minting, now: unknown, fixed?: unknown): TimeSource {
  const clock = checkClock(now);
  if (fixed !== undefined) {
    const time = minting.field(fixed);
    return { read: () => time, real: false };
  }
  const source = clock ?? minting.clock;
  return { read: () => minting.field(source()), real: clock === undefined };
}

/** A new sequence for `minting`, continuing after `after` when it is given. */
function sequenceOf(minting: Minting, fill: FillRandom, after: unknown): MonotonicSequence {
  const { format } = minting;
  const sequence = new MonotonicSequence(format.spec.bytes, minting.param, fill, minting.renew, minting.sequenceParam);
  if (after === undefined) return sequence;
  const codec = singleCodec(format);
  let text: string;
  const bytes = new Uint8Array(format.spec.bytes);
  if (typeof after === "string") {
    if (!codec.decodeOne(after, bytes, 0)) throw idError(format, after);
    text = after;
  } else {
    const given = plainBytes(after, "the `after` option");
    if (given.length !== bytes.length) {
      throw afterLength(bytes.length, format.spec.label, given.length);
    }
    bytes.set(given);
    const encoded = codec.encodeOne(bytes, 0);
    if (encoded === null) throw binaryError(format, bytes, 0);
    text = encoded;
  }
  sequence.resume(bytes, codec.timeOne(text), minting.resumedParam?.(bytes));
  return sequence;
}

/** One fresh ID (time: the caller's, or now). */
export function generateOne(minting: Minting, time: unknown, options: GenerateOptions | undefined): string {
  const { random, now, lowercase } = checkOptions(options);
  const lower = lowercaseOption(minting.format, lowercase);
  const clock = checkClock(now) ?? minting.clock;
  const field = minting.field(time === undefined ? clock() : time);
  return inCase(singleCodec(minting.format).mintOne(field, minting.param, randomFrom(random)), lower);
}

/**
 * A generator of strictly increasing IDs; each call takes a time, or reads the clock. On the format's own clock a
 * counter that cannot step is no failure: the call waits for the next tick, as a batch does (`nextTickAfter`).
 */
export function monotonicGenerator(minting: Minting, options: MonotonicFactoryOptions | undefined): (time?: unknown) => string {
  const { random, now, after, lowercase } = checkOptions(options);
  const lower = lowercaseOption(minting.format, lowercase);
  const sequence = sequenceOf(minting, randomFrom(random), after);
  const clock = timeSource(minting, now);
  const { maxTime } = minting.format.spec;
  return (time) => {
    const codec = singleCodec(minting.format);
    let id = sequence.nextOne(codec, time === undefined ? clock.read() : minting.field(time));
    if (id === null && time === undefined && clock.real && sequence.lastTime < maxTime) {
      id = sequence.nextOne(codec, nextTickAfter(clock, sequence.lastTime));
    }
    if (id === null) throw monotonicOverflow(minting.format.spec.label, minting.unit, sequence.lastTime);
    return inCase(codec.encodeOne(id, 0)!, lower);
  };
}

/**
 * The time at which a sequence whose tick `last` ran out goes on, on the format's own clock: its next tick, waited for
 * (busy: the calls are synchronous, and the next tick is at most a tick away, the last time having come from this
 * clock). A clock behind the sequence (set back), or one that does not move (fake timers), would hold it for as long
 * as it lags: then the sequence goes on at `last + 1` at once, as if that tick had come.
 */
function nextTickAfter(source: TimeSource, last: number): number {
  let time = source.read();
  if (time < last) return last + 1;
  for (let reads = 1; time <= last && reads < MAX_WAIT_READS; reads++) time = source.read();
  return time > last ? time : last + 1;
}

/**
 * The time source and random fill of a batch into the caller's `out`, each checking after it ran that `out` is still
 * whole: a `random` or `now` callback may detach or shrink it, and the engines write each step after its callbacks,
 * so the batch stops there (INVALID_ARGUMENT) rather than writing into nothing or throwing a TypeError.
 */
function guardedSources(source: TimeSource, fill: FillRandom, out: Uint8Array): { source: TimeSource; fill: FillRandom } {
  const length = out.length;
  const check = (): void => {
    if (!stillWhole(out, length)) throw bufferChanged("out");
  };
  return {
    source: {
      read() {
        const time = source.read();
        check();
        return time;
      },
      real: source.real,
    },
    fill(bytes) {
      fill(bytes);
      check();
    },
  };
}

/**
 * `count` IDs, 8192 a step: the clock is read once per step and randomness drawn per step, identically on both
 * engines. On the format's own clock a monotonic overflow is no failure: in the sequence's current tick it waits
 * for the next one (at most a tick away); when the clock reads earlier than the sequence (it was set back) it moves
 * the sequence to its next tick at once rather than freezing for as long as the clock went back.
 */
function generateInto(minting: Minting, count: number, monotonic: boolean, options: Omit<ManyOptions<unknown>, "monotonic" | "out">, out: Uint8Array): void {
  const { time, random, now, after } = options;
  const { format, param } = minting;
  const size = format.spec.bytes;
  const { source, fill } = guardedSources(timeSource(minting, now, time), randomFrom(random), out);
  const codec = batchCodec(format);
  if (!monotonic) {
    if (after !== undefined) throw afterNeedsMonotonic();
    for (let done = 0; done < count; done += GENERATE_CHUNK) {
      const step = Math.min(GENERATE_CHUNK, count - done);
      codec.stampMany(step, source.read(), param, fill, out, done * size);
    }
    return;
  }
  const sequence = sequenceOf(minting, fill, after);
  let nextTick = -1;
  for (let done = 0; done < count; ) {
    const step = Math.min(GENERATE_CHUNK, count - done);
    const made = sequence.next(codec, Math.max(source.read(), nextTick), step, out, done * size);
    done += made;
    if (made === step) continue;
    const last = sequence.lastTime;
    if (!source.real || last >= format.spec.maxTime) throw monotonicOverflow(format.spec.label, minting.unit, last, done);
    nextTick = nextTickAfter(source, last);
  }
}

/** `count` IDs as one batch (its own monotonic sequence, unless `monotonic: false`); a failed batch leaves `out` zeroed. */
export function generateBatch(minting: Minting, count: number, options: ManyOptions<unknown> | undefined): Uint8Array {
  checkIndex(count, "count");
  const { monotonic = true, out, ...sources } = checkOptions(options);
  if (typeof monotonic !== "boolean") throw optionMustBe("monotonic", "a boolean", monotonic);
  const target = outputBuffer(out, count * minting.format.spec.bytes, "the batch");
  const length = target.length;
  try {
    generateInto(minting, count, monotonic, sources, target);
  } catch (error) {
    // No half-made batch is left behind in a caller's buffer (one a callback detached or shrank has none left).
    if (stillWhole(target, length)) target.fill(0);
    throw error;
  }
  return target;
}
