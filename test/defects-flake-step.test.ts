/**
 * Ulid-Flake's monotonic step within a millisecond is the drawn value of `entropySize` bytes, 1..2^(8n)-1, as the
 * reference's; a zero draw (which the reference draws again) steps by 1, so every ID still takes exactly
 * `entropySize` bytes. A table of draws per entropy size, on both engines, for a factory and for generateMany.
 */
import { describe, expect, it } from "vitest";
import { flake } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";

const T = 1735689600000;
const OVERFLOW = "MONOTONIC_OVERFLOW";

/** A `random` option that hands out `bytes` in order, however the requests are cut, recording their lengths. */
function byteStream(bytes: readonly number[]): { fill: (out: Uint8Array) => void; lengths: number[] } {
  let next = 0;
  const lengths: number[] = [];
  return {
    lengths,
    fill(out) {
      lengths.push(out.length);
      for (let i = 0; i < out.length; i++) out[i] = bytes[next++]!;
    },
  };
}

/** The `n` bytes of `value`, big-endian. */
function bytesOf(value: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(value / 256 ** (n - 1 - i)) % 256);
}

type Row = [name: string, entropySize: number, draw: number, step: number | typeof OVERFLOW];

/** Standalone: a 20-bit field, started at 0 by a zero stamp. */
const STANDALONE: Row[] = [
  ["0x00", 1, 0x00, 1],
  ["0x01", 1, 0x01, 1],
  ["0xFF", 1, 0xff, 0xff],
  ["0x00", 2, 0x0000, 1],
  ["0x01", 2, 0x0001, 1],
  ["0x0101", 2, 0x0101, 0x0101],
  ["0xFF", 2, 0xffff, 0xffff],
  ["0x00", 3, 0x000000, 1],
  ["0x01", 3, 0x000001, 1],
  ["the field's maximum", 3, 0x0fffff, 0xfffff],
  ["0xFF", 3, 0xffffff, OVERFLOW],
];

/** Scalable: a 15-bit field above the sid. */
const SCALABLE: Row[] = [
  ["0x00", 1, 0x00, 1],
  ["0x01", 1, 0x01, 1],
  ["0xFF", 1, 0xff, 0xff],
  ["0x00", 2, 0x0000, 1],
  ["0x01", 2, 0x0001, 1],
  ["the field's maximum", 2, 0x7fff, 0x7fff],
  ["0xFF", 2, 0xffff, OVERFLOW],
];

forEachEngine(() => {
  describe.each([
    ["standalone", STANDALONE, undefined, 3],
    ["scalable", SCALABLE, 9, 2],
  ] as const)("Ulid-Flake %s step", (_, rows, sid, stampBytes) => {
    const fieldOf = (text: string) => flake.fields(text, { scalable: sid !== undefined }).random;

    it.each(rows)("a draw of %s at entropySize %d: monotonicFactory", (_, entropySize, draw, step) => {
      const random = byteStream([...bytesOf(0, stampBytes), ...bytesOf(draw, entropySize)]);
      const next = flake.monotonicFactory({ entropySize, sid, random: random.fill, now: () => T });
      expect(fieldOf(next())).toBe(0);
      if (step === OVERFLOW) expectUlidError(() => next(), OVERFLOW);
      else expect(fieldOf(next())).toBe(step);
      expect(random.lengths).toEqual([stampBytes, entropySize]);
    });

    it.each(rows)("a draw of %s at entropySize %d: generateMany", (_, entropySize, draw, step) => {
      const random = byteStream([...bytesOf(0, stampBytes), ...bytesOf(draw, entropySize)]);
      const generate = () => flake.generateMany(2, { time: T, entropySize, sid, random: random.fill });
      if (step === OVERFLOW) {
        expectUlidError(generate, OVERFLOW);
        return;
      }
      const [first, second] = flake.encodeMany(generate());
      expect([fieldOf(first!), fieldOf(second!)]).toEqual([0, step]);
      expect(random.lengths.reduce((a, b) => a + b)).toBe(stampBytes + entropySize);
    });
  });
});
