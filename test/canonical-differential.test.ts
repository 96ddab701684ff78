/**
 * ULID's one decode pass where the command's module does not make the lines (`canonicalUlidPass`, behind `ulid decode`
 * there; the command's module makes whole lines instead: test/lines-differential.test.ts), over ULID's codec on each
 * engine, against an oracle made of the other
 * batch calls (validity from validateMany, times from timeMany, canonical text from decodeMany then encodeText), on
 * random records (test/helpers/ulid-records.ts): valid IDs in random case and aliases, a bad char at every
 * position, overflowing first chars, letters as separators, and batches around the wasm chunk size, flagged and
 * not.
 */
import { describe, expect, it } from "vitest";
import { jsUlidCodec } from "../src/engine/js-ulid.js";
import type { FormatCodec } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { canonicalUlidPass } from "../src/printer/canonical-ulid-text.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { byTier } from "./helpers/tier.js";
import { ALNUM, BAD_BYTES, RECORD, oracle, recordMaker } from "./helpers/ulid-records.js";

const { pick, records } = recordMaker(0xc0ffee);

/** A failure names the first difference instead of printing both arrays. */
function expectSame<T>(actual: ArrayLike<T>, expected: ArrayLike<T>, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) expect({ what, index: i, value: actual[i] }).toEqual({ what, index: i, value: expected[i] });
  }
}

/** Runs `codec`'s one pass on a copy of `text`, flagged and not, against the oracle. */
function expectLikeOracle(codec: FormatCodec, text: Uint8Array, count: number): void {
  const expected = oracle(text, count);
  const firstInvalid = expected.valid.indexOf(0);

  const flagged = text.slice();
  const times = new Float64Array(count).fill(-1);
  const flags = new Uint8Array(count).fill(7);
  expect(canonicalUlidPass(codec, flagged, count, times, flags)).toBe(firstInvalid);
  expectSame(flags, expected.valid, "flags");
  expectSame(times, expected.times.map((time, i) => (expected.valid[i] ? time : Number.NaN)), "times");
  expectSame(flagged, expected.text, "text");

  const unflagged = text.slice();
  const stopped = new Float64Array(count).fill(-1);
  expect(canonicalUlidPass(codec, unflagged, count, stopped)).toBe(firstInvalid);
  const done = firstInvalid < 0 ? count : firstInvalid;
  expectSame(stopped.subarray(0, done), expected.times.subarray(0, done), "times before the first invalid record");
  // The records before the first invalid one are canonical; the invalid one is untouched.
  const through = Math.min(text.length, RECORD * Math.min(count, done + 1));
  expectSame(unflagged.subarray(0, through), expected.text.subarray(0, through), "text");
}

const engines: readonly (readonly [string, FormatCodec])[] = [
  ["js", jsUlidCodec],
  ["wasm simd", createWasmEngine(instantiateBuild(true))!.codecs!.ulid],
];
const CHUNK = instantiateBuild(true)!.exports.chunkSize();

describe.each(engines)("canonicalUlidPass, %s engine", (_name, codec) => {
  // Around the wasm chunk size; past three chunks in the deep tier.
  it.each([0, 1, 2, 100, CHUNK - 1, CHUNK, CHUNK + 1, ...byTier([], [3 * CHUNK + 5])])("reads %i records like the oracle", (n) => {
    for (const rate of [0, 0.01, 0.5]) expectLikeOracle(codec, records(n, rate), n);
  });

  it("rewrites lower case and aliases, and leaves canonical text as it is", () => {
    const text = new TextEncoder().encode("01arz3ndektsv4rrffq69g5fav\nOIL0000000000000000000000Z\n01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const times = new Float64Array(3);
    expect(canonicalUlidPass(codec, text, 3, times)).toBe(-1);
    expect(new TextDecoder().decode(text)).toBe("01ARZ3NDEKTSV4RRFFQ69G5FAV\n0110000000000000000000000Z\n01ARZ3NDEKTSV4RRFFQ69G5FAV");
    // The spec's example ULID (its time 1469922850259), and chars 0, 1, 1 then zeros: 32^8 + 32^7.
    expect([...times]).toEqual([1469922850259, 32 ** 8 + 32 ** 7, 1469922850259]);
  });

  it("finds a bad byte at every position, in a record on each side of a chunk edge", () => {
    for (let at = 0; at < 26; at++) {
      // Random bad bytes: one a position in the unit tier, two in the deep tier.
      for (const bad of byTier([pick(BAD_BYTES)], [pick(BAD_BYTES), pick(BAD_BYTES)])) {
        const n = CHUNK + 2;
        const text = records(n, 0);
        for (const i of [0, CHUNK - 1, CHUNK, n - 1]) text[RECORD * i + at] = bad;
        expectLikeOracle(codec, text, n);
      }
    }
  });

  it("stops at a letter or digit as separator, but not at the end of the text", () => {
    for (const alnum of ALNUM) {
      const text = records(CHUNK + 1, 0, false);
      text[RECORD * (CHUNK - 1) + 26] = alnum;
      expectLikeOracle(codec, text, CHUNK + 1);
    }
  });
});
