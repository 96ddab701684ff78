/**
 * The one monotonic state machine (src/formats/sequence.ts) as a pure function: a table of (state, time) -> (ID,
 * state) transitions, on ULID's codec of each engine, with a fill that writes a known pattern. `after`, which starts a
 * sequence from a given ID, is tested on every format in format-after.test.ts.
 */
import { describe, expect, it } from "vitest";
import { jsUlidCodec } from "../src/engine/js-ulid.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { MonotonicSequence } from "../src/formats/sequence.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { refBytes, refEncode } from "./helpers/reference.js";

const FRESH = 0x33;
const fill = (out: Uint8Array): void => {
  out.fill(FRESH);
};
const random = (byte: number): Uint8Array => new Uint8Array(10).fill(byte);
const ALL_ONES = random(0xff);

/** A state (the last ID, or none) and a time asked for -> the ID made (or the code thrown) and the state after. */
interface Transition {
  readonly name: string;
  readonly last: { time: number; random: Uint8Array } | null;
  readonly time: number;
  readonly made: { time: number; random: Uint8Array } | "MONOTONIC_OVERFLOW";
}

/** `bytes` + 1 as an 80-bit big-endian number. */
function plusOne(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  let i = out.length - 1;
  while (out[i] === 0xff) out[i--] = 0;
  out[i]!++;
  return out;
}

const TABLE: readonly Transition[] = [
  { name: "first ID: fresh", last: null, time: 1000, made: { time: 1000, random: random(FRESH) } },
  { name: "time 0 is a time", last: null, time: 0, made: { time: 0, random: random(FRESH) } },
  { name: "new millisecond: fresh", last: { time: 1000, random: random(0x01) }, time: 1001, made: { time: 1001, random: random(FRESH) } },
  { name: "same millisecond: + 1", last: { time: 1000, random: random(0x01) }, time: 1000, made: { time: 1000, random: plusOne(random(0x01)) } },
  { name: "clock back: time kept, + 1", last: { time: 1000, random: random(0x01) }, time: 400, made: { time: 1000, random: plusOne(random(0x01)) } },
  { name: "carry across bytes", last: { time: 5, random: Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1, 0xff, 0xff) }, time: 5, made: { time: 5, random: Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 2, 0, 0) } },
  { name: "overflow: no successor", last: { time: 1000, random: ALL_ONES }, time: 1000, made: "MONOTONIC_OVERFLOW" },
  { name: "overflow with the clock back", last: { time: 1000, random: ALL_ONES }, time: 999, made: "MONOTONIC_OVERFLOW" },
  { name: "a later millisecond after an overflow: fresh", last: { time: 1000, random: ALL_ONES }, time: 1001, made: { time: 1001, random: random(FRESH) } },
];

const CODECS = [
  ["js", jsUlidCodec],
  ["wasm simd", createWasmEngine(instantiateBuild(true))!.codecs!.ulid],
  ["wasm scalar", createWasmEngine(instantiateBuild(false))!.codecs!.ulid],
] as const;

describe.each(CODECS)("the monotonic sequence on ULID's %s codec", (_engine, codec) => {
  it.each(TABLE)("$name", ({ last, time, made }) => {
    const sequence = new MonotonicSequence(16, 0, fill);
    if (last !== null) sequence.resume(refBytes(last.time, last.random), last.time);
    const before = sequence.lastTime;
    const id = sequence.nextOne(codec, time);
    if (made === "MONOTONIC_OVERFLOW") {
      expect(id).toBeNull();
      // The state is unchanged: the same ID is still the last one, and a later millisecond succeeds.
      expect(sequence.lastTime).toBe(before);
      expect(refEncode(sequence.nextOne(codec, before + 1)!)).toBe(refEncode(refBytes(before + 1, random(FRESH))));
      return;
    }
    expect(refEncode(id!)).toBe(refEncode(refBytes(made.time, made.random)));
    expect(sequence.lastTime).toBe(made.time);
  });

  it("writes a run of IDs, stopping where the random part runs out", () => {
    const sequence = new MonotonicSequence(16, 0, fill);
    sequence.resume(refBytes(7, Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd)), 7);
    const out = new Uint8Array(16 * 5);
    expect(sequence.next(codec, 7, 5, out, 0)).toBe(2);
    expect(refEncode(out, 16)).toBe(refEncode(refBytes(7, ALL_ONES)));
  });
});
