/**
 * The pure TypeScript engine: the fastest path for single IDs (no boundary to cross), and the fallback for every
 * batch where WebAssembly cannot load. Each record of a text batch is read as a short string of one char per byte,
 * so one codec (`js-codec.ts`) serves strings and text alike.
 */
import { isAsciiAlphanumeric } from "../crockford.js";
import { encodeChars, encodeString, incrementRandom, readId, stringAt, writeTime } from "./js-codec.js";
import { scanWindow } from "./js-scan.js";
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

const randomScratch = new Uint8Array(RANDOM_BYTES * GENERATE_CHUNK);
/** The randomness of one ID, made once: single IDs are minted far more often than batches. */
const randomOfOne = randomScratch.subarray(0, RANDOM_BYTES);
/** The ID `mintOne` makes, and its random part (bytes 6-15), which `fill` writes straight into. */
const oneId = new Uint8Array(ULID_BYTES);
const oneIdRandom = oneId.subarray(ULID_BYTES - RANDOM_BYTES);

function decodeOne(id: string, dst: Uint8Array, offset: number): boolean {
  return id.length === ULID_CHARS && readId(id, dst, offset) >= 0;
}

function decodeTimeOne(id: string): number {
  return id.length === ULID_CHARS ? readId(id) : -1;
}

function isValidOne(id: string): boolean {
  return id.length === ULID_CHARS && readId(id) >= 0;
}

function mintOne(time: number, fill: FillRandom): string {
  fill(oneIdRandom);
  writeTime(time, oneId, 0);
  return encodeString(oneId, 0);
}

/**
 * Unix ms of element `index` of a batch, or -1 when it is not a valid ULID (in text, also when its separator is a
 * letter or digit); a valid one's 16 bytes go to `dst[offset]` when `dst` is given. The batch calls below are plain
 * loops over it: with latin1 TextDecoder windows read through a callback per element, decodeMany of text took about
 * 1.7x as long (bench/bulk.ts, js engine).
 */
function readElement(batch: IdBatch, index: number, dst?: Uint8Array, offset?: number): number {
  if (batch.kind === "strings") {
    const id: unknown = batch.ids[index];
    return typeof id === "string" && id.length === ULID_CHARS ? readId(id, dst, offset) : -1;
  }
  const text = batch.text;
  const at = index * TEXT_RECORD;
  if (at + ULID_CHARS < text.length && isAsciiAlphanumeric(text[at + ULID_CHARS])) return -1;
  // A flat string per record, so `readId` reads it at constant positions: measured as fast as cutting a latin1
  // TextDecoder window with `substring`, with no decoder and no window to manage.
  return readId(stringAt(text, at), dst, offset);
}

function decodeMany(batch: IdBatch, count: number, dst: Uint8Array): number {
  for (let i = 0; i < count; i++) if (readElement(batch, i, dst, i * ULID_BYTES) < 0) return i;
  return -1;
}

function decodeTimeMany(batch: IdBatch, count: number, dst: Float64Array): number {
  for (let i = 0; i < count; i++) {
    const time = readElement(batch, i);
    if (time < 0) return i;
    dst[i] = time;
  }
  return -1;
}

function validateMany(batch: IdBatch, count: number, dst: Uint8Array): void {
  for (let i = 0; i < count; i++) dst[i] = readElement(batch, i) < 0 ? 0 : 1;
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
    // In place (a monotonic generator's single step, dst === seed) there is nothing to copy.
    if (dst !== seed) copyId(seed, dst, dstOffset + written * ULID_BYTES);
  }
  return count;
}

/**
 * Copies a 16-byte ID to `dst[at]`. Unrolled: a loop measured about 2x slower and `set` about 1.9x, and this runs
 * once per ID of a monotonic batch (bench/bulk.ts, generateMany on the js engine).
 */
function copyId(id: Uint8Array, dst: Uint8Array, at: number): void {
  dst[at] = id[0]; dst[at + 1] = id[1]; dst[at + 2] = id[2]; dst[at + 3] = id[3];
  dst[at + 4] = id[4]; dst[at + 5] = id[5]; dst[at + 6] = id[6]; dst[at + 7] = id[7];
  dst[at + 8] = id[8]; dst[at + 9] = id[9]; dst[at + 10] = id[10]; dst[at + 11] = id[11];
  dst[at + 12] = id[12]; dst[at + 13] = id[13]; dst[at + 14] = id[14]; dst[at + 15] = id[15];
}

export const jsEngine: Engine = {
  kind: "js",
  simd: false,
  encodeOne: encodeString,
  decodeOne,
  decodeTimeOne,
  isValidOne,
  mintOne,
  encodeText,
  encodeStrings,
  decodeMany,
  decodeTimeMany,
  validateMany,
  stampMany,
  incrementMany,
  scanWindow,
  formats: null,
};
