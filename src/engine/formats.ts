/**
 * The other sortable formats (Ulid-Flake, BaseUID, UUID v7) as the engines see them: fixed-size binary records and
 * fixed-width text records, plus a generation step. Engines implement `FormatCodec` once per format; the public
 * layer (`src/formats/`) gives the bits their meaning (epochs, tick units, node ids) and turns faults into errors.
 *
 * Every time an engine reads or writes is the format's raw time field, an integer: Ulid-Flake ms since its epoch,
 * BaseUID ticks of 2^15 ns, UUID v7 Unix ms.
 */
import { isAsciiAlphanumeric } from "../crockford.js";
import type { FillRandom, IdBatch } from "./types.js";

export type FormatName = "flake" | "baseuid" | "uuidv7";

export interface FormatSpec {
  readonly name: FormatName;
  /** The format's number in the WebAssembly ABI (assembly/formats.ts). */
  readonly wasmId: number;
  /** Bytes of a binary ID. */
  readonly bytes: number;
  /** Characters of a text ID; a text record is these and one separator byte. */
  readonly chars: number;
  /** Random bytes `stampMany` draws per ID, for a generation parameter. */
  stampRandom(param: number): number;
  /** Random bytes `advanceMany` draws per ID, for a generation parameter. */
  advanceRandom(param: number): number;
  /** Whether `byte` may separate text records: it is no ASCII letter or digit, and never part of an ID's text. */
  isSeparator(byte: number): boolean;
}

const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;

/**
 * Ulid-Flake's generation parameter, as both engines read it:
 *
 *   bits 0-4  sid (node id, 0-31)     bit 5  scalable layout     bits 6-7  entropySize (1-3 bytes)
 */
export function flakeParam(entropySize: number, sid: number | undefined): number {
  return (entropySize << 6) | (sid === undefined ? 0 : 0x20 | sid);
}

/** Whether a Ulid-Flake generation parameter selects the scalable layout. */
export function flakeScalable(param: number): boolean {
  return (param & 0x20) !== 0;
}

/** Ulid-Flake: 8 bytes, 13 Crockford chars. */
export const FLAKE: FormatSpec = {
  name: "flake",
  wasmId: 0,
  bytes: 8,
  chars: 13,
  // A new millisecond fills the random field: 20 bits from 3 bytes, or 15 bits (scalable) from 2.
  stampRandom: (param) => (flakeScalable(param) ? 2 : 3),
  advanceRandom: (param) => param >> 6,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte),
};

/** BaseUID: 15 bytes, 20 chars of the lexicographic Base64 alphabet (which holds `-` and `_`). */
export const BASEUID: FormatSpec = {
  name: "baseuid",
  wasmId: 1,
  bytes: 15,
  chars: 20,
  stampRandom: () => 9,
  // Within a tick the 72-bit random part counts up by one: nothing to draw.
  advanceRandom: () => 0,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte) && byte !== HYPHEN && byte !== UNDERSCORE,
};

/** UUID v7: 16 bytes, 36 chars (8-4-4-4-12 hex). */
export const UUIDV7: FormatSpec = {
  name: "uuidv7",
  wasmId: 2,
  bytes: 16,
  chars: 36,
  // rand_a and rand_b: 74 bits from 10 bytes.
  stampRandom: () => 10,
  // Each successor keeps the counter (42 bits) + 1 and draws its last 32 bits afresh.
  advanceRandom: () => 4,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte) && byte !== HYPHEN,
};

export const FORMAT_SPECS: Readonly<Record<FormatName, FormatSpec>> = { flake: FLAKE, baseuid: BASEUID, uuidv7: UUIDV7 };

/**
 * One format on one engine. Batch calls work on the first `count` elements (or records) and write their output
 * from index 0; generation calls take at most GENERATE_CHUNK IDs (so both engines draw randomness alike).
 */
export interface FormatCodec {
  /** The binary ID at `src[offset]` as text; null when those bytes are no ID of the format. */
  encodeOne(src: Uint8Array, offset: number): string | null;
  /** Decodes `text` (any string) into `dst[offset]`; false, with `dst` untouched, when it is invalid. */
  decodeOne(text: string, dst: Uint8Array, offset: number): boolean;
  /** The raw time field of `text` when the whole ID is valid, else -1. */
  timeOne(text: string): number;
  /** True exactly when `decodeOne` would succeed. */
  isValidOne(text: string): boolean;
  /**
   * `count` binary IDs as text in `dst`, each followed by `separator` when it is >= 0, else packed. Returns -1,
   * or the index of the first element that is no ID of the format (output from it on is unspecified).
   */
  encodeText(src: Uint8Array, count: number, dst: Uint8Array, separator: number): number;
  /** `count` binary IDs as strings into `out`; returns as `encodeText`. */
  encodeStrings(src: Uint8Array, count: number, out: string[]): number;
  /**
   * Decodes `count` IDs into `dst`. Returns -1, or the index of the first invalid element (output from it on is
   * unspecified). String elements must already be known to be strings of the right length.
   */
  decodeMany(batch: IdBatch, count: number, dst: Uint8Array): number;
  /** Raw time fields of `count` IDs into `dst`; returns as `decodeMany`. */
  timeMany(batch: IdBatch, count: number, dst: Float64Array): number;
  /** 1 per valid element, 0 per invalid one (any value in a string batch). */
  validateMany(batch: IdBatch, count: number, dst: Uint8Array): void;
  /**
   * Writes `count` fresh IDs of time field `time` at `dst[dstOffset]`, calling `fill` once with exactly
   * `stampRandom(param) * count` bytes.
   */
  stampMany(count: number, time: number, param: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): void;
  /**
   * Writes the successors of `seed` in its time at `dst[dstOffset]`, `count` at most, and leaves the last one in
   * `seed`; calls `fill` once with exactly `advanceRandom(param) * count` bytes (not at all for none). Stops early
   * where the next one would overflow the format's random field. Returns how many were written.
   */
  advanceMany(seed: Uint8Array, count: number, param: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): number;
}

export type FormatCodecs = Readonly<Record<FormatName, FormatCodec>>;
