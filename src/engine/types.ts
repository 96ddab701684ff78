/**
 * The one interface both engines implement: the pure TypeScript engine (`js.ts`) and the WebAssembly engine
 * (`wasm.ts`). The public API (`src/ulid.ts`, `src/bulk.ts`) validates arguments, picks an engine and turns
 * faults into `UlidError`s; engines only do the codec work and report *where* input is bad, never why (the
 * explanation is computed once, engine-independently, in `src/faults.ts`).
 *
 * Binary ULIDs are 16 bytes each, packed back to back. Text batches are ASCII records: 26 characters, then one
 * separator byte; the last record's separator is optional.
 */
import type { FormatCodecs } from "./formats.js";

/** Bytes a text record occupies: 26 ID characters and one separator. */
export const TEXT_RECORD = 27;
/** Characters in a ULID. */
export const ULID_CHARS = 26;
/** Bytes in a binary ULID. */
export const ULID_BYTES = 16;
/** Random bytes in a ULID (bytes 6..15). */
export const RANDOM_BYTES = 10;

/** A batch of IDs to decode or validate. */
export type IdBatch =
  | { readonly kind: "strings"; readonly ids: readonly string[] }
  | { readonly kind: "text"; readonly text: Uint8Array };

/** Fills the whole array it is given with random bytes. */
export type FillRandom = (out: Uint8Array) => void;

export interface Engine {
  readonly kind: "wasm" | "js";
  /** Whether the engine runs the SIMD build. */
  readonly simd: boolean;

  // ---- one ID ----

  /** The 16 bytes at `src[offset]` as 26 canonical characters. */
  encodeOne(src: Uint8Array, offset: number): string;
  /** Decodes `id` (any string) into `dst[offset..offset+16)`; false, with `dst` untouched, when it is invalid. */
  decodeOne(id: string, dst: Uint8Array, offset: number): boolean;
  /** Unix ms of `id` when the whole ID is valid, else -1. */
  decodeTimeOne(id: string): number;
  /** True exactly when `decodeOne` would succeed. */
  isValidOne(id: string): boolean;
  /**
   * A new ULID as text: `time`, then 10 random bytes from one `fill` call. The same as `stampMany(1, ...)` then
   * `encodeOne`, without the trip through 16 bytes (`ulid()`'s hot path).
   */
  mintOne(time: number, fill: FillRandom): string;

  // ---- batches: the first `count` elements (or records) of a batch; output from index 0 ----

  /**
   * `count` IDs from `src` (16 bytes each) as text in `dst`: 26 characters each, each followed by `separator`
   * when `separator >= 0` (stride 27), else packed (stride 26).
   */
  encodeText(src: Uint8Array, count: number, dst: Uint8Array, separator: number): void;
  /** `count` IDs from `src` as canonical strings. */
  encodeStrings(src: Uint8Array, count: number): string[];
  /**
   * Decodes `count` IDs into `dst` (16 bytes each). Returns -1 when all are valid, else the element index of the
   * first invalid one (output from that element on is unspecified). String elements must already be known to be
   * 26-character strings. In a text batch, a record's separator must not be an ASCII letter or digit.
   */
  decodeMany(batch: IdBatch, count: number, dst: Uint8Array): number;
  /** Unix ms of `count` IDs into `dst`; returns as `decodeMany`. */
  decodeTimeMany(batch: IdBatch, count: number, dst: Float64Array): number;
  /** 1 per valid element, 0 per invalid one (any string, any value in a string batch). */
  validateMany(batch: IdBatch, count: number, dst: Uint8Array): void;

  // ---- generation (count <= GENERATE_CHUNK, so both engines draw randomness in identical pieces) ----

  /**
   * Writes `count` IDs at `dst[dstOffset]`: each is `time` followed by 10 random bytes. The engine calls
   * `fill` once with a buffer of exactly `10 * count` bytes to take the randomness from.
   */
  stampMany(count: number, time: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): void;
  /**
   * Writes seed+1, seed+2, ... (the 80-bit random part incremented with carry, time unchanged) at
   * `dst[dstOffset]`, `count` IDs at most, and leaves the last one written in `seed`. Stops early when the
   * random part is all ones. Returns how many were written. `dst` may be `seed` itself (count 1, offset 0): one step
   * in place, as a monotonic generator takes it.
   */
  incrementMany(seed: Uint8Array, count: number, dst: Uint8Array, dstOffset: number): number;

  // ---- finding IDs in text (the window loop, chunk boundaries and lines are in src/scanner.ts) ----

  /**
   * Finds the ULID tokens in `text` (at most SCAN_BYTES bytes): 26 characters of the canonical alphabet in either
   * case (no aliases, no U), no ASCII letter or digit directly before or after, the first character 0-7. Writes
   * each one's offset in `text` to `offsets` and its Unix ms to `times`, in order, and returns how many.
   * `afterAlnum`: the byte before `text` is a letter or digit. `atEnd`: nothing follows `text`; otherwise a token
   * that reaches its end is left out (what follows might glue it), for the caller to pass again.
   */
  scanWindow(text: Uint8Array, afterAlnum: boolean, atEnd: boolean, offsets: Uint32Array, times: Float64Array): number;

  // ---- the other formats (Ulid-Flake, BaseUID, UUID v7): see formats.ts ----

  /**
   * The engine's own codecs for the other formats; null on the TypeScript engine, whose codecs (js-formats.ts) the
   * formats layer imports itself, so that a bundle of ULID functions alone does not carry them.
   */
  readonly formats: FormatCodecs | null;
}

/** IDs per generation step: the unit of randomness draws and clock reads in bulk generation. */
export const GENERATE_CHUNK = 8192;

/** Most bytes one `scanWindow` call searches: the size of the wasm scan region (assembly/layout.ts). */
export const SCAN_BYTES = 65536;
/** Most matches in SCAN_BYTES: 26 characters each and a border byte between two. */
export const SCAN_MATCHES = Math.floor((SCAN_BYTES + 1) / TEXT_RECORD);
