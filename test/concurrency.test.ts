/**
 * Concurrency and failure isolation: worker threads minting at the same moment (each sequence monotonic, no ID
 * shared between threads); one monotonic factory called from interleaved async tasks; and failed or re-entrant
 * batch calls, after which every later call gives exactly what it gives in a fresh state.
 */
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import {
  decodeMany,
  decodeTimeMany,
  encodeMany,
  encodeManyText,
  generateMany,
  monotonicFactory,
  setBackend,
  validateMany,
} from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { ENGINE_KINDS, forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import {
  MAX_RANDOM,
  bigIntToBytes,
  firstNonIncreasing,
  firstNonIncreasingString,
  recordingRandom,
  scriptedClock,
} from "./helpers/reference.js";
import { findDuplicate } from "./helpers/unique.js";

/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;
const WORKERS = 4;
const SINGLES = 20_000;
const BATCH = 100_000;

interface Minted {
  factoryBytes: Uint8Array;
  bytes: Uint8Array;
}

/** Starts the workers, releases them together once all are ready, and collects what each minted. */
async function mintInWorkers(): Promise<Minted[]> {
  const barrier = new SharedArrayBuffer(8);
  const gate = new Int32Array(barrier);
  const workers = Array.from(
    { length: WORKERS },
    (_, i) =>
      new Worker(new URL("./fixtures/generate-worker.mjs", import.meta.url), {
        workerData: { engine: ENGINE_KINDS[i % ENGINE_KINDS.length], singles: SINGLES, batch: BATCH, barrier },
      }),
  );
  const results = workers.map(
    (worker) =>
      new Promise<Minted>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      }),
  );
  while (Atomics.load(gate, 0) < WORKERS) await new Promise((resolve) => setTimeout(resolve, 1));
  Atomics.store(gate, 1, 1);
  Atomics.notify(gate, 1);
  try {
    return await Promise.all(results);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

describe("worker threads minting at once", () => {
  it(`${WORKERS} workers (both engines), ${SINGLES} factory IDs and ${BATCH} batch IDs each: each sequence increasing, no ID shared`, async () => {
    const minted = await mintInWorkers();
    for (const [i, { factoryBytes, bytes }] of minted.entries()) {
      expect({ worker: i, factory: firstNonIncreasing(factoryBytes), batch: firstNonIncreasing(bytes) }).toEqual({
        worker: i,
        factory: -1,
        batch: -1,
      });
    }
    const all = new Uint8Array(WORKERS * 16 * (SINGLES + BATCH));
    let at = 0;
    for (const { factoryBytes, bytes } of minted) {
      all.set(factoryBytes, at);
      all.set(bytes, at + factoryBytes.length);
      at += factoryBytes.length + bytes.length;
    }
    expect(findDuplicate(all)).toBeNull();
  });
});

describe("one monotonic factory, called from interleaved async tasks", () => {
  afterEach(() => setBackend("auto"));

  it.each(ENGINE_KINDS)("%s: IDs in call order are strictly increasing across real milliseconds", async (kind) => {
    setBackend(kind);
    const next = monotonicFactory();
    const ids: string[] = [];
    const task = async (id: number) => {
      for (let i = 0; i < 200; i++) {
        ids.push(next());
        // Yield to the other tasks: a timer now and then (the clock moves on), a microtask otherwise.
        await (i % (id + 2) === 0 ? new Promise((resolve) => setTimeout(resolve, 0)) : Promise.resolve());
        if (i % 50 === 0) generateMany(1000); // other work in between must not disturb the factory
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, id) => task(id)));
    expect(ids.length).toBe(4000);
    expect(firstNonIncreasingString(ids)).toBe(-1);
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBeGreaterThan(1);
  });

  it.each(ENGINE_KINDS)("%s: with a clock that steps back between tasks, still strictly increasing", async (kind) => {
    setBackend(kind);
    const clock = scriptedClock(Array.from({ length: 100 }, (_, i) => T + ((i * 7) % 5)));
    const next = monotonicFactory({ now: clock.now });
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 10; i++) {
          ids.push(next());
          await Promise.resolve();
        }
      }),
    );
    expect(firstNonIncreasingString(ids)).toBe(-1);
  });
});

/** A fixed sequence of batch calls whose results depend only on their inputs. */
function scenario(): unknown[] {
  const random = recordingRandom(7);
  const bytes = generateMany(20_000, { time: T, random: random.fill });
  const text = encodeManyText(bytes);
  const loose = generateMany(20_000, {
    monotonic: false,
    now: scriptedClock([T, T + 1, T + 2]).now,
    random: random.fill,
  });
  const next = monotonicFactory({ random: random.fill, now: scriptedClock([T, T, T + 1]).now });
  return [
    bytes,
    text,
    loose,
    decodeMany(text),
    decodeTimeMany(encodeMany(loose)),
    validateMany(text),
    next(),
    next(),
    next(),
  ];
}

/** 20,000 IDs whose element 15,000 (in the second wasm chunk) has a U. */
function batchWithBadElement(): string[] {
  const ids: string[] = encodeMany(generateMany(20_000, { time: T }));
  ids[15_000] = `U${ids[15_000]!.slice(1)}`;
  return ids;
}

/** The same as text, with a "!" in record 15,000. */
function textWithBadRecord(): Uint8Array {
  const text = encodeManyText(generateMany(20_000, { time: T }));
  text[27 * 15_000 + 3] = 0x21;
  return text;
}

/** A fill that throws on its `n`th call. */
function randomFailingAt(n: number): (out: Uint8Array) => void {
  let calls = 0;
  return (out) => {
    if (++calls === n) throw new Error("random source failed");
    out.fill(calls);
  };
}

function failingClock(): number {
  throw new Error("clock failed");
}

/** Failing calls, each with the code it fails with (a caller's callback error reaches the caller as it is). */
const FAILURES: readonly [string, () => unknown, string][] = [
  [
    "generateMany, random throws mid-batch",
    () => generateMany(20_000, { monotonic: false, random: randomFailingAt(2) }),
    "not a UlidError: Error: random source failed",
  ],
  [
    "generateMany, the clock throws",
    () => generateMany(20_000, { now: failingClock }),
    "not a UlidError: Error: clock failed",
  ],
  [
    "generateMany, monotonic overflow mid-batch",
    () => generateMany(20_000, { time: T, random: (out) => out.set(bigIntToBytes(MAX_RANDOM - 9000n, 10)) }),
    "MONOTONIC_OVERFLOW",
  ],
  ["generateMany, out too small", () => generateMany(100, { out: new Uint8Array(16 * 99) }), "INVALID_LENGTH"],
  ["decodeMany, bad element in the second chunk", () => decodeMany(batchWithBadElement()), "INVALID_CHAR"],
  ["decodeMany, bad text record in the second chunk", () => decodeMany(textWithBadRecord()), "INVALID_LENGTH"],
  ["decodeTimeMany, bad element in the second chunk", () => decodeTimeMany(batchWithBadElement()), "INVALID_CHAR"],
  [
    "encodeManyText, out too small",
    () => encodeManyText(generateMany(10), { out: new Uint8Array(26) }),
    "INVALID_LENGTH",
  ],
  ["encodeManyText, bad separator", () => encodeManyText(generateMany(10), { separator: "A" }), "INVALID_ARGUMENT"],
];

describe("a failed batch call leaves nothing behind", () => {
  forEachEngine(() => {
    it.each(FAILURES)("%s: later calls give exactly what they give in a fresh state", (_, fail, code) => {
      const before = scenario();
      const fault = faultOf(fail);
      expect(typeof fault === "string" ? fault : fault.code).toBe(code);
      const after = scenario();
      for (const [i, result] of before.entries()) {
        if (ArrayBuffer.isView(result)) expectSameArray(after[i], result as Uint8Array, `scenario result ${i}`);
        else expect(after[i]).toEqual(result);
      }
    });

    it("a random callback that re-enters the library does not disturb the batch in progress", () => {
      const plain = recordingRandom(11);
      const expected = generateMany(30_000, { monotonic: false, time: T, random: plain.fill });
      const reentrant = recordingRandom(11);
      const ids = batchWithBadElement();
      const bytes = generateMany(30_000, {
        monotonic: false,
        time: T,
        random: (out) => {
          generateMany(9000, { time: T + 5 });
          encodeManyText(generateMany(9000, { monotonic: false }));
          faultOf(() => decodeMany(ids));
          reentrant.fill(out);
        },
      });
      expectSameArray(bytes, expected, "re-entrant vs plain");
    });
  });
});
