/**
 * ULID's one decode pass (`FormatCodec.canonicalMany`, behind `ulid decode`): the WebAssembly engine (SIMD and
 * scalar builds) and the TypeScript engine against an oracle made of the other batch calls (validity from
 * validateMany, times from timeMany, canonical text from decodeMany then encodeText), on random records: valid IDs
 * in random case and aliases, a bad char at every position, overflowing first chars, letters as separators, and
 * batches around the wasm chunk size, flagged and not.
 */
import { describe, expect, it } from "vitest";
import { jsUlidCodec } from "../src/engine/js-ulid.js";
import type { FormatCodec } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { seededUint32 as prng } from "./helpers/reference.js";

const RECORD = 27;

const next = prng(0xc0ffee);
const below = (n: number): number => next() % n;
const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;

/** Every accepted spelling of each canonical char. */
function spellings(ch: string): string[] {
  if (ch === "0") return ["0", "O", "o"];
  if (ch === "1") return ["1", "I", "i", "L", "l"];
  return [ch, ch.toLowerCase()];
}
/** Bytes no ULID char may be. */
const BAD_BYTES = [..."Uu!/:@[`{~ \0\x7f"].map((ch) => ch.charCodeAt(0)).concat([0x80, 0xc3, 0xff]);
const OVERFLOW_FIRST = [..."89AZzvV"].map((ch) => ch.charCodeAt(0));
const ALNUM = [..."07AUZaz"].map((ch) => ch.charCodeAt(0));

/** A random valid ULID's text, canonical or respelled. */
function randomId(respelled: boolean): string {
  const bytes = new Uint8Array(16);
  const kind = below(8);
  if (kind === 0) bytes.fill(0xff);
  else if (kind !== 1) for (let j = 0; j < 16; j++) bytes[j] = below(256);
  const id = jsUlidCodec.encodeOne(bytes, 0)!;
  return respelled ? [...id].map((ch) => pick(spellings(ch))).join("") : id;
}

/**
 * `n` text records ("\n"-separated; the last one's separator present or not), each made invalid with probability
 * `rate`: a bad byte at a random position, an overflowing first char, or a letter or digit as its separator.
 */
function records(n: number, rate: number, trailing = below(2) === 0): Uint8Array {
  const text = new Uint8Array(Math.max(0, RECORD * n - (trailing ? 0 : 1)));
  for (let i = 0; i < n; i++) {
    const id = randomId(below(2) === 0);
    for (let j = 0; j < 26; j++) text[RECORD * i + j] = id.charCodeAt(j);
    if (RECORD * i + 26 < text.length) text[RECORD * i + 26] = 0x0a;
    if (next() / 2 ** 32 >= rate) continue;
    const how = below(3);
    if (how === 0) text[RECORD * i + below(26)] = pick(BAD_BYTES);
    else if (how === 1) text[RECORD * i] = pick(OVERFLOW_FIRST);
    else if (RECORD * i + 26 < text.length) text[RECORD * i + 26] = pick(ALNUM);
    else text[RECORD * i + below(26)] = pick(BAD_BYTES);
  }
  return text;
}

interface Expected {
  readonly valid: Uint8Array;
  readonly times: Float64Array;
  /** The text with every valid record canonical, the invalid ones as they were. */
  readonly text: Uint8Array;
}

/** What the one pass must give, from the TS engine's other batch calls. */
function oracle(text: Uint8Array, count: number): Expected {
  const batch = { kind: "text", text } as const;
  const valid = new Uint8Array(count);
  jsUlidCodec.validateMany(batch, count, valid);
  const times = new Float64Array(count);
  jsUlidCodec.timeMany(batch, count, times, new Uint8Array(count));
  const ids = new Uint8Array(16 * count);
  jsUlidCodec.decodeMany(batch, count, ids, new Uint8Array(count));
  const canonical = new Uint8Array(RECORD * count);
  jsUlidCodec.encodeText(ids, count, canonical, 0x0a);
  const out = text.slice();
  for (let i = 0; i < count; i++) if (valid[i]) out.set(canonical.subarray(RECORD * i, RECORD * i + 26), RECORD * i);
  return { valid, times, text: out };
}

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
  expect(codec.canonicalMany!(flagged, count, times, flags)).toBe(firstInvalid);
  expectSame(flags, expected.valid, "flags");
  expectSame(times, expected.times.map((time, i) => (expected.valid[i] ? time : Number.NaN)), "times");
  expectSame(flagged, expected.text, "text");

  const unflagged = text.slice();
  const stopped = new Float64Array(count).fill(-1);
  expect(codec.canonicalMany!(unflagged, count, stopped)).toBe(firstInvalid);
  const done = firstInvalid < 0 ? count : firstInvalid;
  expectSame(stopped.subarray(0, done), expected.times.subarray(0, done), "times before the first invalid record");
  // The records before the first invalid one are canonical; the invalid one is untouched.
  const through = Math.min(text.length, RECORD * Math.min(count, done + 1));
  expectSame(unflagged.subarray(0, through), expected.text.subarray(0, through), "text");
}

const wasmBuilds = (["simd", "scalar"] as const).map((name) => [name, createWasmEngine(instantiateBuild(name === "simd"))!.codecs!.ulid] as const);
const engines: readonly (readonly [string, FormatCodec])[] = [["js", jsUlidCodec], ...wasmBuilds.map(([name, codec]) => [`wasm ${name}`, codec] as const)];
const CHUNK = instantiateBuild(true)!.exports.chunkSize();

describe.each(engines)("canonicalMany, %s engine", (_name, codec) => {
  it("is ULID's alone (the other formats take decodeMany then encodeText)", () => {
    expect(typeof codec.canonicalMany).toBe("function");
  });

  it.each([0, 1, 2, 100, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5])("reads %i records like the oracle", (n) => {
    for (const rate of [0, 0.01, 0.5]) expectLikeOracle(codec, records(n, rate), n);
  });

  it("rewrites lower case and aliases, and leaves canonical text as it is", () => {
    const text = new TextEncoder().encode("01arz3ndektsv4rrffq69g5fav\nOIL0000000000000000000000Z\n01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const times = new Float64Array(3);
    expect(codec.canonicalMany!(text, 3, times)).toBe(-1);
    expect(new TextDecoder().decode(text)).toBe("01ARZ3NDEKTSV4RRFFQ69G5FAV\n0110000000000000000000000Z\n01ARZ3NDEKTSV4RRFFQ69G5FAV");
    // The spec's example ULID (its time 1469922850259), and chars 0, 1, 1 then zeros: 32^8 + 32^7.
    expect([...times]).toEqual([1469922850259, 32 ** 8 + 32 ** 7, 1469922850259]);
  });

  it("finds a bad byte at every position, in a record on each side of a chunk edge", () => {
    for (let at = 0; at < 26; at++) {
      for (const bad of [pick(BAD_BYTES), pick(BAD_BYTES)]) {
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
