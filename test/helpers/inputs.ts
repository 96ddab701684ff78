/** Shared tables of wrong inputs, each entry named for the test title. */
import { MAX_TIME } from "./reference.js";

const T = 1735689600000;

/**
 * Times that are not an integer Unix ms in 0..2^48-1 (decision 3), each with text its message must show.
 * `undefined` is absent on purpose: it means "now".
 */
export const BAD_TIMES: readonly [string, unknown, string][] = [
  ["negative", -1, "-1"],
  ["fractional", 1.5, "1.5"],
  ["NaN", Number.NaN, "NaN"],
  ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
  ["2^48", MAX_TIME + 1, String(MAX_TIME + 1)],
  ["invalid Date", new Date(Number.NaN), "NaN"],
  ["Date before 1970", new Date(-1), "-1"],
  ["Date after 2^48-1 ms", new Date(MAX_TIME + 1), String(MAX_TIME + 1)],
  ["string", String(T), String(T)],
  ["null", null, "null"],
  ["bigint", BigInt(T), String(T)],
  ["object", { valueOf: () => T }, "object"],
];

/** Things that are not a Uint8Array. */
export const NOT_BYTES: readonly [string, unknown][] = [
  ["number[]", Array.from({ length: 16 }, () => 0)],
  ["ArrayBuffer", new ArrayBuffer(16)],
  ["DataView", new DataView(new ArrayBuffer(16))],
  ["Int8Array", new Int8Array(16)],
  ["Uint8ClampedArray", new Uint8ClampedArray(16)],
  ["Uint16Array", new Uint16Array(16)],
  ["string", "01ARZ3NDEKTSV4RRFFQ69G5FAV"],
  ["null", null],
  ["undefined", undefined],
];

/** Offsets and counts that are not non-negative integers. */
export const BAD_OFFSETS: readonly [string, unknown][] = [
  ["negative", -1],
  ["fractional", 0.5],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["string", "0"],
  ["null", null],
  ["bigint", 0n],
];
