/**
 * Load (`npm run test:load`, run by .ci/run; minutes of work, so not part of `npm test`):
 * - 50,000,000 IDs through generateMany -> encodeManyText -> decodeMany in one process (10,000,000 more on the TS
 *   engine), a million at a time, each round checked byte for byte, with memory flat: after a forced GC, the
 *   heap and the array buffers hold in the last round what they held in the first rounds.
 * - 10,000,000 IDs from many generateMany calls (both engines, monotonic and not): no two equal, checked by sorting.
 * Figures are printed for the record.
 */
import { afterEach, describe, expect, it } from "vitest";
import { decodeMany, encodeManyText, generateMany, setBackend } from "../../src/index.js";
import { ENGINE_KINDS } from "../helpers/engines.js";
import { firstNonIncreasing } from "../helpers/reference.js";
import { findDuplicate } from "../helpers/unique.js";

const ROUND = 1_000_000;
/** Rounds per engine: the TS engine is about 13 times slower, so it does 10 (some 10 s) of the wasm engine's 50. */
const ROUNDS = { wasm: 50, js: 10 } as const;
/** Rounds before the baseline is taken: the JIT, the pools and the engine's scratch memory settle first. */
const WARM_UP = 5;
/** Allowed growth of heap + array buffers over the later rounds: a leak of one round's output (16 MB) fails. */
const MAX_GROWTH = 4 * 2 ** 20;
const UNIQUE_IDS = 10_000_000;
const UNIQUE_CALL = 100_000;

const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Heap and array buffers in use after full collections (the project runs with --expose-gc). Two: after one, a dead
 * 16 MB buffer is now and then still counted (its backing store is freed a collection later).
 */
function liveBytes(): number {
  const { gc } = globalThis as unknown as { gc: () => void };
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** One round: a million IDs into `bytes`, as text into `text`, decoded back and compared. */
function round(index: number, bytes: Uint8Array, text: Uint8Array): void {
  generateMany(ROUND, { out: bytes });
  encodeManyText(bytes, { out: text });
  const decoded = decodeMany(text);
  // Buffer.compare is a memcmp: a per-element check of 16 MB would cost more than the round itself.
  expect({ index, same: Buffer.compare(decoded, bytes) === 0 }).toEqual({ index, same: true });
  expect({ index, increasing: firstNonIncreasing(bytes) }).toEqual({ index, increasing: -1 });
}

afterEach(() => setBackend("auto"));

describe("load", () => {
  it.each(ENGINE_KINDS)(`%s: millions of IDs through generate, encode and decode, memory flat`, (kind) => {
    setBackend(kind);
    const rounds = ROUNDS[kind];
    const bytes = new Uint8Array(16 * ROUND);
    const text = new Uint8Array(27 * ROUND);
    let baseline = 0;
    let peakRss = 0;
    const start = performance.now();
    for (let index = 0; index < rounds; index++) {
      round(index, bytes, text);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (index === WARM_UP - 1) baseline = liveBytes();
    }
    const final = liveBytes();
    const seconds = (performance.now() - start) / 1000;
    const growth = final - baseline;
    console.log(
      `${kind}: ${rounds * ROUND} IDs in ${seconds.toFixed(1)} s (${((rounds * ROUND) / seconds / 1e6).toFixed(2)} M IDs/s ` +
        `through all three stages, with checks); live memory after round ${WARM_UP}: ${MB(baseline)}, ` +
        `growth since: ${MB(growth)}; peak RSS ${MB(peakRss)}`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH);
  });

  it(`no duplicates among ${UNIQUE_IDS} IDs from ${UNIQUE_IDS / UNIQUE_CALL} generateMany calls`, () => {
    const all = new Uint8Array(16 * UNIQUE_IDS);
    const start = performance.now();
    for (let call = 0; call < UNIQUE_IDS / UNIQUE_CALL; call++) {
      // Alternate engines and modes: monotonic batches start from fresh randomness, others draw it for every ID.
      setBackend(ENGINE_KINDS[call % 2]!);
      const out = all.subarray(16 * UNIQUE_CALL * call, 16 * UNIQUE_CALL * (call + 1));
      generateMany(UNIQUE_CALL, { monotonic: call % 4 < 2, out });
    }
    const generated = performance.now();
    const duplicate = findDuplicate(all);
    console.log(
      `unique: ${UNIQUE_IDS} IDs generated in ${((generated - start) / 1000).toFixed(1)} s, ` +
        `sorted and checked in ${((performance.now() - generated) / 1000).toFixed(1)} s: duplicate ${JSON.stringify(duplicate)}`,
    );
    expect(duplicate).toBeNull();
  });
});
