/**
 * The inputs every contender reads: the same IDs as bytes, canonical strings, ASCII text and UUID text, seeded so
 * runs compare. Single-ID inputs have scattered times (no two share a millisecond); bulk inputs are
 * a realistic stream, a thousand IDs per millisecond. The random bytes carry UUIDv7's version and variant bits, so
 * the uuid package can read the same IDs as UUIDs.
 */
import { encodeMany, encodeManyText, ulidToUUID } from "../../src/index.js";
import { seededUint32 } from "../../test/helpers/reference.js";

/** mulberry32, the tests' seeded generator (a uint32 per call): inputs are the same on every run. */
export const prng = seededUint32;

/** IDs each single-ID run goes through (a power of two, kept small enough to stay in cache). */
export const SINGLE_COUNT = 1024;
/** IDs of each bulk run. */
export const BULK_COUNT = 1_000_000;
/** 2025-01-01T00:00:00.000Z: times are counted from here, so every input is the same on every run. */
const EPOCH = 1735689600000;

export interface Inputs {
  readonly count: number;
  /** 16 bytes per ID, packed. */
  readonly bytes: Uint8Array;
  readonly ids: readonly string[];
  readonly text: Uint8Array;
  /** The same 16 bytes as UUID text, for the uuid reference. */
  readonly uuids: readonly string[];
  readonly times: Float64Array;
}

/** `count` IDs; ID i has time `timeOf(i)` and seeded random bytes. */
function makeInputs(count: number, timeOf: (i: number) => number, seed: number): Inputs {
  const random = prng(seed);
  const bytes = Uint8Array.from({ length: 16 * count }, () => random() & 0xff);
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const time = timeOf(i);
    times[i] = time;
    for (let j = 5, t = time; j >= 0; j--, t = Math.floor(t / 256)) bytes[16 * i + j] = t % 256;
    // Version 7 and the RFC variant, so the same bytes are also a valid UUIDv7 for the uuid reference rows.
    bytes[16 * i + 6] = 0x70 | (bytes[16 * i + 6]! & 0x0f);
    bytes[16 * i + 8] = 0x80 | (bytes[16 * i + 8]! & 0x3f);
  }
  const ids = encodeMany(bytes);
  return {
    count,
    bytes,
    ids,
    text: encodeManyText(bytes),
    uuids: ids.map(ulidToUUID),
    times,
  };
}

/**
 * `strings`, after two full collections (with node --expose-gc, as the bench scripts run): survivors then live in the
 * old generation, which scavenges do not touch, so a cons string among them stays one.
 */
function settled(strings: string[]): string[] {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return strings;
}

/** Single-ID inputs: times about 2 hours apart, a different time prefix for every ID. */
export const single = makeInputs(SINGLE_COUNT, (i) => EPOCH + i * 7_919_993, 1);

/**
 * The same IDs as the three kinds of string V8 hands a decoder (`%DebugPrint` names them):
 * - flat: one sequential string, what encodeMany and JSON.parse give (`single.ids`);
 * - concatenated: what `a + b` gives, a ConsString of two parts (V8 makes one from 13 characters up). A peer's
 *   `encodeTime(t) + encodeRandom()` returns one. The first charCodeAt flattens it in place, so after the first
 *   timed run these are flattened conses, one indirection from their characters; "create then read" (single.ts)
 *   measures fresh ones. They are moved to the old generation before anything reads them (`settled`): a young
 *   flattened cons is replaced by its flat copy at the next scavenge, and a run then measured flat strings or
 *   conses depending on when one happened (16M/s or 22M/s for our decodeTime);
 * - sliced: a substring of a longer line, a SlicedString pointing into its parent (again from 13 characters),
 *   what `line.slice(at, at + 26)` or a regex match gives.
 */
export const stringKinds: Readonly<Record<"flat" | "concatenated" | "sliced", readonly string[]>> = {
  flat: single.ids,
  concatenated: settled(single.ids.map((id) => id.slice(0, 10) + id.slice(10))),
  sliced: single.ids.map((id, i) => {
    // A flat line (join builds a sequential string) with the ID in its middle.
    const line = [`{"level":"info","n":${i},"id":"`, id, `","msg":"request served"}`].join("");
    const at = line.indexOf(id);
    return line.slice(at, at + id.length);
  }),
};

let bulkInputs: Inputs | undefined;

/** Bulk inputs, made on first use (they take a few hundred MB as strings). */
export function bulk(): Inputs {
  bulkInputs ??= makeInputs(BULK_COUNT, (i) => EPOCH + Math.floor(i / 1000), 2);
  return bulkInputs;
}
