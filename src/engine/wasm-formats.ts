/**
 * The WebAssembly engine for the other formats: assembly/formats.ts over the ULID scratch regions (free between
 * calls), batches cut into chunks of `formatChunk` records. As for ULID, results are always copied out and no view
 * over linear memory reaches a user; `stampMany`/`advanceMany` hand their `fill` a view of the random region, and
 * the public layer passes only internal fillers there (a user's `random` goes through its own buffer first).
 */
import type { LoadedWasm } from "../wasm/load.js";
import { FORMAT_SPECS, type FormatCodec, type FormatCodecs, type FormatSpec } from "./formats.js";
import { RANDOM_BYTES, TEXT_RECORD, ULID_BYTES, type IdBatch } from "./types.js";
import { createTextLoader } from "./wasm-text.js";

/** The exports of assembly/formats.ts. `format` is a format's `wasmId`; counts are at most `formatChunk(format)`. */
interface FormatExports {
  /** Records the regions hold for the format per call. */
  formatChunk(format: number): number;
  /** Binary -> text, each ID followed by `separator` when >= 0; -1, or the index of the first binary non-ID. */
  formatEncode(format: number, count: number, separator: number): number;
  /** Text records -> binary; -1 when all are valid, else the index of the first invalid record. */
  formatDecode(format: number, count: number, textLength: number): number;
  /** Text records -> raw time fields in the time region; returns as `formatDecode`. */
  formatDecodeTime(format: number, count: number, textLength: number): number;
  /** Text records -> 1 (valid) or 0 in the flag region. */
  formatValidate(format: number, count: number, textLength: number): void;
  /** Random region -> `count` fresh IDs of time field `time`. */
  formatStamp(format: number, count: number, time: number, param: number): void;
  /** Successors of the seed -> binary, stopping before an overflow; returns how many, updates the seed. */
  formatAdvance(format: number, count: number, param: number): number;
}

/** The codecs of all formats over one loaded module; the views are built once (the memory never grows). */
export function createWasmFormats(wasm: LoadedWasm): FormatCodecs {
  const x = wasm.exports as unknown as FormatExports;
  const memory = wasm.exports.memory.buffer;
  const chunk = wasm.exports.chunkSize();
  const regions = {
    binary: new Uint8Array(memory, wasm.exports.binaryRegion(), ULID_BYTES * chunk),
    text: new Uint8Array(memory, wasm.exports.textRegion(), TEXT_RECORD * chunk),
    times: new Float64Array(memory, wasm.exports.timeRegion(), chunk),
    flags: new Uint8Array(memory, wasm.exports.flagRegion(), chunk),
    random: new Uint8Array(memory, wasm.exports.randomRegion(), RANDOM_BYTES * chunk),
    seed: new Uint8Array(memory, wasm.exports.seedRegion(), ULID_BYTES),
  };
  const codec = (spec: FormatSpec) => createCodec(spec, x, regions);
  return { flake: codec(FORMAT_SPECS.flake), baseuid: codec(FORMAT_SPECS.baseuid), uuidv7: codec(FORMAT_SPECS.uuidv7) };
}

interface Regions {
  readonly binary: Uint8Array;
  readonly text: Uint8Array;
  readonly times: Float64Array;
  readonly flags: Uint8Array;
  readonly random: Uint8Array;
  readonly seed: Uint8Array;
}

// The text region holds only ASCII when read back, which every decoder reads alike (see wasm.ts).
const decoder = new TextDecoder();

function createCodec(spec: FormatSpec, x: FormatExports, regions: Regions): FormatCodec {
  const { binary, text, times, flags, random, seed } = regions;
  const { wasmId: id, bytes, chars } = spec;
  const record = chars + 1;
  const chunk = x.formatChunk(id);

  const { loadOne, loadRecords } = createTextLoader(text, chars);

  /** Runs a text kernel over `count` elements chunk by chunk; returns the first invalid element's index, or -1. */
  function scan(
    batch: IdBatch,
    count: number,
    kernel: (format: number, count: number, textLength: number) => number,
    copyOut: (start: number, n: number) => void,
  ): number {
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      const bad = kernel(id, n, loadRecords(batch, start, n));
      copyOut(start, bad < 0 ? n : bad);
      if (bad >= 0) return start + bad;
    }
    return -1;
  }

  /** Encodes binary IDs [start, start + n) of `src` into the text region; returns as `formatEncode`. */
  function encodeChunk(src: Uint8Array, start: number, n: number, separator: number): number {
    binary.set(src.subarray(bytes * start, bytes * (start + n)));
    return x.formatEncode(id, n, separator);
  }

  /**
   * Encodes `count` binary IDs chunk by chunk, `copyOut(start, n)` taking each chunk's first n texts (up to the
   * first non-ID); returns that one's index, or -1.
   */
  function encodeChunks(src: Uint8Array, count: number, separator: number, copyOut: (start: number, n: number) => void): number {
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      const bad = encodeChunk(src, start, n, separator);
      copyOut(start, bad < 0 ? n : bad);
      if (bad >= 0) return start + bad;
    }
    return -1;
  }

  return {
    encodeOne(src, offset) {
      return encodeChunk(src.subarray(offset, offset + bytes), 0, 1, -1) < 0 ? decoder.decode(text.subarray(0, chars)) : null;
    },
    decodeOne(s, dst, offset) {
      if (!loadOne(s) || x.formatDecode(id, 1, chars) >= 0) return false;
      dst.set(binary.subarray(0, bytes), offset);
      return true;
    },
    timeOne: (s) => (loadOne(s) && x.formatDecodeTime(id, 1, chars) < 0 ? times[0]! : -1),
    isValidOne: (s) => loadOne(s) && x.formatDecode(id, 1, chars) < 0,

    encodeText(src, count, dst, separator) {
      const stride = separator >= 0 ? record : chars;
      return encodeChunks(src, count, separator, (start, n) => dst.set(text.subarray(0, stride * n), stride * start));
    },
    encodeStrings(src, count, out) {
      return encodeChunks(src, count, -1, (start, n) => {
        // One decode per chunk, then slices: as for ULID (wasm.ts), far cheaper than a decode per ID.
        const all = decoder.decode(text.subarray(0, chars * n));
        for (let i = 0; i < n; i++) out[start + i] = all.slice(chars * i, chars * (i + 1));
      });
    },

    decodeMany: (batch, count, dst) =>
      scan(batch, count, x.formatDecode, (start, n) => dst.set(binary.subarray(0, bytes * n), bytes * start)),
    timeMany: (batch, count, dst) =>
      scan(batch, count, x.formatDecodeTime, (start, n) => dst.set(times.subarray(0, n), start)),
    validateMany(batch, count, dst) {
      for (let start = 0; start < count; start += chunk) {
        const n = Math.min(chunk, count - start);
        x.formatValidate(id, n, loadRecords(batch, start, n));
        dst.set(flags.subarray(0, n), start);
      }
    },

    stampMany(count, time, param, fill, dst, dstOffset) {
      fill(random.subarray(0, spec.stampRandom(param) * count));
      x.formatStamp(id, count, time, param);
      dst.set(binary.subarray(0, bytes * count), dstOffset);
    },
    advanceMany(state, count, param, fill, dst, dstOffset) {
      const draw = spec.advanceRandom(param) * count;
      if (draw > 0) fill(random.subarray(0, draw));
      seed.set(state);
      const written = x.formatAdvance(id, count, param);
      dst.set(binary.subarray(0, bytes * written), dstOffset);
      state.set(seed.subarray(0, bytes));
      return written;
    },
  };
}
