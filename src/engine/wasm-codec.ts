/**
 * The WebAssembly engine's `FormatCodec`, the same for every format: assembly/formats.ts over the scratch regions of
 * assembly/layout.ts, batches cut into chunks of `formatChunk` records. Results are always copied out (into arrays
 * the public layer owns, or fresh strings): no view over linear memory reaches a user. `stampMany`/`advanceMany`
 * hand their `fill` a view of the random region, so the public layer passes only internal fillers there (a user's
 * `random` goes through its own buffer first: src/core/random.ts).
 */
import type { WasmExports } from "../wasm/load.js";
import { paddedStringMaker, stringMaker } from "./flat-string.js";
import { MAX_ID_BYTES, MAX_PREFIX, MAX_RANDOM_BYTES, PAD, ULID, type FormatSpec } from "./specs.js";
import type { FormatCodec, IdBatch } from "./types.js";
import { createTextLoader } from "./wasm-text.js";

/** The views over the scratch regions, built once per module (the memory never grows; load.ts checks the sizes). */
export interface Regions {
  readonly binary: Uint8Array;
  readonly text: Uint8Array;
  readonly times: Float64Array;
  readonly flags: Uint8Array;
  readonly random: Uint8Array;
  readonly seed: Uint8Array;
  /** TypeID's prefix of the next kernel calls. */
  readonly prefix: Uint8Array;
}

export function createRegions(x: WasmExports): Regions {
  const memory = x.memory.buffer;
  const chunk = x.chunkSize();
  return {
    binary: new Uint8Array(memory, x.binaryRegion(), MAX_ID_BYTES * chunk),
    text: new Uint8Array(memory, x.textRegion(), (ULID.chars + 1) * chunk),
    times: new Float64Array(memory, x.timeRegion(), chunk),
    flags: new Uint8Array(memory, x.flagRegion(), chunk),
    random: new Uint8Array(memory, x.randomRegion(), MAX_RANDOM_BYTES * chunk),
    seed: new Uint8Array(memory, x.seedRegion(), MAX_ID_BYTES),
    prefix: new Uint8Array(memory, x.prefixRegion(), MAX_PREFIX),
  };
}

/**
 * The codec of `spec`. A TypeID spec (one per prefix: specs.ts) puts its prefix in the prefix region and announces it
 * before every call, since the codecs of all prefixes share the kernels: the record width, and so the chunk, is the
 * prefix's.
 */
export function createWasmCodec(spec: FormatSpec, x: WasmExports, regions: Regions): FormatCodec {
  if (spec.prefix === undefined) return createCodec(spec, x, regions);
  const prefix = Uint8Array.from(spec.prefix, (char) => char.charCodeAt(0));
  const select = (): void => {
    regions.prefix.set(prefix);
    x.formatPrefix(prefix.length);
  };
  select();
  const codec = createCodec(spec, x, regions);
  const selecting = {} as Record<keyof FormatCodec, unknown>;
  for (const name of Object.keys(codec) as (keyof FormatCodec)[]) {
    const method = codec[name] as (...args: unknown[]) => unknown;
    selecting[name] = (...args: unknown[]) => {
      select();
      return method(...args);
    };
  }
  return selecting as FormatCodec;
}

function createCodec(spec: FormatSpec, x: WasmExports, regions: Regions): FormatCodec {
  const { binary, text, times, flags, random, seed } = regions;
  const { wasmId: id, bytes, chars } = spec;
  const record = chars + 1;
  const chunk = x.formatChunk(id);
  const { loadOne, loadRecords } = createTextLoader(text, spec);
  const stringAt = spec.minChars === undefined ? stringMaker(chars, spec.prefix) : paddedStringMaker(chars, PAD);
  // Record 0 of the binary region and the seed at the format's size, for single IDs: built once, not per call.
  const oneBinary = binary.subarray(0, bytes);
  const state = seed.subarray(0, bytes);

  /**
   * Runs a decoding kernel over `count` elements chunk by chunk, `copyOut(start, n)` taking each chunk's first n
   * outputs. Returns the first invalid element's index, or -1. Without `flagsOut` it stops there. With it, a chunk
   * whose kernel run stops at an invalid record goes on flagged from that record (the records before it are valid
   * and decoded already): a chunk of valid IDs costs what it costs without flags, and only the record that stopped
   * the first run is read twice.
   */
  function scan(
    batch: IdBatch,
    count: number,
    kernel: (format: number, count: number, textLength: number, flagged: boolean, from: number) => number,
    copyOut: (start: number, n: number) => void,
    flagsOut: Uint8Array | undefined,
  ): number {
    let first = -1;
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      const textLength = loadRecords(batch, start, n);
      const bad = kernel(id, n, textLength, false, 0);
      if (flagsOut === undefined) {
        copyOut(start, bad < 0 ? n : bad);
        if (bad >= 0) return start + bad;
        continue;
      }
      const valid = bad < 0 ? n : bad;
      flagsOut.fill(1, start, start + valid);
      if (valid < n) {
        kernel(id, n, textLength, true, valid);
        flagsOut.set(flags.subarray(valid, n), start + valid);
        if (first < 0) first = start + valid;
      }
      copyOut(start, n);
    }
    return first;
  }

  /**
   * Encodes `count` binary IDs chunk by chunk, `copyOut(start, n)` taking each chunk's first n texts (up to the
   * first non-ID); returns that one's index, or -1.
   */
  function encodeChunks(src: Uint8Array, count: number, separator: number, copyOut: (start: number, n: number) => void): number {
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      binary.set(src.subarray(bytes * start, bytes * (start + n)));
      const bad = x.formatEncode(id, n, separator);
      copyOut(start, bad < 0 ? n : bad);
      if (bad >= 0) return start + bad;
    }
    return -1;
  }

  return {
    // Single IDs touch the caller's array by index only (see `checkUint8Array` in src/core/arguments.ts).
    encodeOne(src, offset) {
      for (let i = 0; i < bytes; i++) binary[i] = src[offset + i]!;
      return x.formatEncode(id, 1, -1) < 0 ? stringAt(text, 0) : null;
    },
    decodeOne(s, dst, offset) {
      if (!loadOne(s) || x.formatDecode(id, 1, chars, false, 0) >= 0) return false;
      for (let i = 0; i < bytes; i++) dst[offset + i] = oneBinary[i]!;
      return true;
    },
    timeOne: (s) => (loadOne(s) && x.formatDecodeTime(id, 1, chars, false, 0) < 0 ? times[0]! : -1),
    isValidOne: (s) => loadOne(s) && x.formatDecode(id, 1, chars, false, 0) < 0,
    mintOne(time, param, fill) {
      const draw = spec.stampRandom(param);
      if (draw > 0) fill(random.subarray(0, draw));
      x.formatStamp(id, 1, time, param);
      x.formatEncode(id, 1, -1);
      return stringAt(text, 0);
    },

    encodeText(src, count, dst, separator) {
      const stride = separator >= 0 ? record : chars;
      return encodeChunks(src, count, separator, (start, n) => dst.set(text.subarray(0, stride * n), stride * start));
    },
    encodeStrings(src, count, out) {
      return encodeChunks(src, count, -1, (start, n) => {
        for (let i = 0; i < n; i++) out[start + i] = stringAt(text, chars * i);
      });
    },

    decodeMany: (batch, count, dst, flagsOut) =>
      scan(batch, count, x.formatDecode, (start, n) => dst.set(binary.subarray(0, bytes * n), bytes * start), flagsOut),
    timeMany: (batch, count, dst, flagsOut) =>
      scan(batch, count, x.formatDecodeTime, (start, n) => dst.set(times.subarray(0, n), start), flagsOut),
    validateMany(batch, count, dst) {
      for (let start = 0; start < count; start += chunk) {
        const n = Math.min(chunk, count - start);
        x.formatValidate(id, n, loadRecords(batch, start, n));
        dst.set(flags.subarray(0, n), start);
      }
    },

    stampMany(count, time, param, fill, dst, dstOffset) {
      // count <= GENERATE_CHUNK <= chunkSize() (the interface's precondition, checked at load): the binary and random
      // regions hold the step whatever the format's text chunk, so one fill covers it.
      // A stamp may draw nothing (a Snowflake generator's, its worker fixed and its sequence at 0): no call then,
      // as on the TypeScript engine. A step of 0 IDs of a format that draws still makes its one (empty) call.
      const perId = spec.stampRandom(param);
      if (perId > 0) fill(random.subarray(0, perId * count));
      x.formatStamp(id, count, time, param);
      dst.set(binary.subarray(0, bytes * count), dstOffset);
    },
    advanceMany(from, count, param, fill, dst, dstOffset) {
      const draw = spec.advanceRandom(param) * count;
      if (draw > 0) fill(random.subarray(0, draw));
      state.set(from);
      const written = x.formatAdvance(id, count, param);
      dst.set(binary.subarray(0, bytes * written), dstOffset);
      from.set(state);
      return written;
    },
  };
}
