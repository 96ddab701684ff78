/**
 * The pure TypeScript engine: the fastest path for single IDs (no boundary to cross), and the fallback for every
 * batch where WebAssembly cannot load. Text batches are read through a latin1 string view of the bytes, so one
 * codec (`js-codec.ts`) serves strings and text alike; latin1 keeps one character per byte, so positions hold.
 */
import { isAsciiAlphanumeric } from "../crockford.js";
import {
  decodeTimeAt,
  encodeChars,
  encodeString,
  incrementRandom,
  packValues,
  readValues,
  valuesTime,
  writeTime,
} from "./js-codec.js";
import {
  GENERATE_CHUNK,
  RANDOM_BYTES,
  TEXT_RECORD,
  ULID_BYTES,
  ULID_CHARS,
  type Engine,
  type FillRandom,
  type IdBatch,
} from "./types.js";

/** Records per latin1 view of a text batch: bounds the temporary string (1.7 MiB) whatever the batch size. */
const TEXT_WINDOW = 65536;

const randomScratch = new Uint8Array(RANDOM_BYTES * GENERATE_CHUNK);
/** The randomness of one ID, made once: single IDs are minted far more often than batches. */
const randomOfOne = randomScratch.subarray(0, RANDOM_BYTES);
const latin1 = new TextDecoder("latin1");

function decodeOne(id: string, dst: Uint8Array, offset: number): boolean {
  if (id.length !== ULID_CHARS || !readValues(id, 0)) return false;
  packValues(dst, offset);
  return true;
}

function decodeTimeOne(id: string): number {
  return id.length === ULID_CHARS ? decodeTimeAt(id, 0) : -1;
}

function isValidOne(id: string): boolean {
  return id.length === ULID_CHARS && readValues(id, 0);
}

/**
 * Calls `visit(valid, index)` for the first `count` elements of a batch, stopping early when `visit` returns
 * false. `valid` means the element passed `readValues` (so its values are ready to use) and, in text, that its
 * separator is not a letter or digit.
 */
function forEachId(batch: IdBatch, count: number, visit: (valid: boolean, index: number) => boolean): void {
  if (batch.kind === "strings") {
    const ids = batch.ids;
    for (let i = 0; i < count; i++) {
      const id = ids[i];
      const valid = typeof id === "string" && id.length === ULID_CHARS && readValues(id, 0);
      if (!visit(valid, i)) return;
    }
    return;
  }
  const text = batch.text;
  for (let first = 0; first < count; first += TEXT_WINDOW) {
    const last = Math.min(first + TEXT_WINDOW, count);
    const window = latin1.decode(text.subarray(first * TEXT_RECORD, last * TEXT_RECORD));
    for (let i = first; i < last; i++) {
      const at = (i - first) * TEXT_RECORD;
      const separator = i * TEXT_RECORD + ULID_CHARS;
      const valid =
        readValues(window, at) && (separator >= text.length || !isAsciiAlphanumeric(text[separator]));
      if (!visit(valid, i)) return;
    }
  }
}

function decodeMany(batch: IdBatch, count: number, dst: Uint8Array): number {
  let fault = -1;
  forEachId(batch, count, (valid, index) => {
    if (!valid) fault = index;
    else packValues(dst, index * ULID_BYTES);
    return valid;
  });
  return fault;
}

function decodeTimeMany(batch: IdBatch, count: number, dst: Float64Array): number {
  let fault = -1;
  forEachId(batch, count, (valid, index) => {
    if (!valid) fault = index;
    else dst[index] = valuesTime();
    return valid;
  });
  return fault;
}

function validateMany(batch: IdBatch, count: number, dst: Uint8Array): void {
  forEachId(batch, count, (valid, index) => {
    dst[index] = valid ? 1 : 0;
    return true;
  });
}

function encodeText(src: Uint8Array, count: number, dst: Uint8Array, separator: number): void {
  const stride = separator >= 0 ? TEXT_RECORD : ULID_CHARS;
  for (let i = 0; i < count; i++) {
    encodeChars(src, i * ULID_BYTES, dst, i * stride);
    if (separator >= 0) dst[i * stride + ULID_CHARS] = separator;
  }
}

function encodeStrings(src: Uint8Array, count: number): string[] {
  const out = new Array<string>(count);
  for (let i = 0; i < count; i++) out[i] = encodeString(src, i * ULID_BYTES);
  return out;
}

function stampMany(count: number, time: number, fill: FillRandom, dst: Uint8Array, dstOffset: number): void {
  fill(count === 1 ? randomOfOne : randomScratch.subarray(0, count * RANDOM_BYTES));
  for (let i = 0; i < count; i++) {
    const at = dstOffset + i * ULID_BYTES;
    writeTime(time, dst, at);
    for (let j = 0; j < RANDOM_BYTES; j++) dst[at + 6 + j] = randomScratch[i * RANDOM_BYTES + j];
  }
}

function incrementMany(seed: Uint8Array, count: number, dst: Uint8Array, dstOffset: number): number {
  for (let written = 0; written < count; written++) {
    if (!incrementRandom(seed, 0)) return written;
    dst.set(seed, dstOffset + written * ULID_BYTES);
  }
  return count;
}

export const jsEngine: Engine = {
  kind: "js",
  simd: false,
  encodeOne: encodeString,
  decodeOne,
  decodeTimeOne,
  isValidOne,
  encodeText,
  encodeStrings,
  decodeMany,
  decodeTimeMany,
  validateMany,
  stampMany,
  incrementMany,
};
