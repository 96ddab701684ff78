/**
 * The random part of generated IDs is uniform: chi-square tests on the secure source as the library uses it, on
 * both engines, through the batch path (large fills straight from crypto.getRandomValues) and the single-ID path
 * (the 64 KiB pool). Each test fails only when its statistic passes the critical value for p = 1e-6, so a
 * correct generator fails about once in a million runs, while a stuck, biased or repeating source fails at once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { generateMany, setBackend, ulid } from "../src/index.js";
import { ENGINE_KINDS } from "./helpers/engines.js";
import { ALPHABET } from "./helpers/reference.js";

const IDS = 100_000;
/** The standard normal quantile for a one-sided p of 1e-6. */
const Z = 4.7534;

/** Upper critical value of chi-square with `df` degrees of freedom at p = 1e-6 (Wilson-Hilferty). */
function critical(df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + Z * Math.sqrt(a)) ** 3;
}

/** Chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: ArrayLike<number>, total: number): number {
  const expected = total / counts.length;
  let sum = 0;
  for (let i = 0; i < counts.length; i++) sum += (counts[i]! - expected) ** 2 / expected;
  return sum;
}

/** The random bytes (6..15) of every ID in a batch. */
function randomBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array((bytes.length / 16) * 10);
  for (let i = 0; i < bytes.length / 16; i++) out.set(bytes.subarray(16 * i + 6, 16 * i + 16), 10 * i);
  return out;
}

afterEach(() => setBackend("auto"));

describe.each(ENGINE_KINDS)("engine %s: random bits are uniform", (kind) => {
  it(`byte values over ${IDS} batch IDs (256 bins)`, () => {
    setBackend(kind);
    const random = randomBytes(generateMany(IDS, { monotonic: false }));
    const counts = new Float64Array(256);
    for (const byte of random) counts[byte]!++;
    expect(chiSquare(counts, random.length)).toBeLessThan(critical(255));
  });

  it(`each of the 80 bit positions over ${IDS} batch IDs`, () => {
    setBackend(kind);
    const random = randomBytes(generateMany(IDS, { monotonic: false }));
    // Per position, (ones - n/2)^2 / (n/4) is chi-square with 1 df; their sum over 80 positions has 80.
    let sum = 0;
    for (let bit = 0; bit < 80; bit++) {
      let ones = 0;
      for (let i = 0; i < IDS; i++) ones += (random[10 * i + (bit >> 3)]! >> (7 - (bit & 7))) & 1;
      sum += (ones - IDS / 2) ** 2 / (IDS / 4);
    }
    expect(sum).toBeLessThan(critical(80));
  });

  it(`the 16 random characters of ${IDS} ulid() IDs, per position (32 symbols)`, () => {
    setBackend(kind);
    // 80 random bits are exactly 16 characters of 5 bits, so each character is uniform over the alphabet.
    const counts = Array.from({ length: 16 }, () => new Float64Array(32));
    for (let i = 0; i < IDS; i++) {
      const id = ulid();
      for (let position = 0; position < 16; position++) counts[position]![ALPHABET.indexOf(id[10 + position]!)]!++;
    }
    for (const [position, histogram] of counts.entries()) {
      expect({ position, below: chiSquare(histogram, IDS) < critical(31) }).toEqual({ position, below: true });
    }
  });
});
