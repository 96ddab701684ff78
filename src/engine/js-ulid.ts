/**
 * ULID on the TypeScript engine: its `FormatCodec`, over the tuned single-ID code of js-ulid-text.ts. This is the
 * fastest path for single ULIDs (no boundary to cross) and the fallback for every batch where WebAssembly cannot
 * load. Each record of a text batch is read as a short flat string of one char per byte, so one reader serves
 * strings and text alike.
 */
import { isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { string26 } from "./flat-string.js";
import { encodeChars, encodeString, incrementRandom, readId, readIdTime, writeTime } from "./js-ulid-text.js";
import { ULID } from "./specs.js";
import { GENERATE_CHUNK, type FillRandom, type FormatCodec, type IdBatch } from "./types.js";

const { bytes: ULID_BYTES, chars: ULID_CHARS } = ULID;
/** Bytes a text record occupies: 26 ID characters and one separator. */
const TEXT_RECORD = ULID_CHARS + 1;
/** Random bytes in a ULID (bytes 6..15). */
const RANDOM_BYTES = 10;

const randomScratch = new Uint8Array(RANDOM_BYTES * GENERATE_CHUNK);
/** The randomness of one ID, made once: single IDs are minted far more often than batches. */
const randomOfOne = randomScratch.subarray(0, RANDOM_BYTES);
/** The ID `mintOne` makes, and its random part (bytes 6-15), which `fill` writes straight into. */
const oneId = new Uint8Array(ULID_BYTES);
const oneIdRandom = oneId.subarray(ULID_BYTES - RANDOM_BYTES);

/**
 * Element `index` of a batch as a 26-character string, or null when it cannot be a ULID (not a string of 26; in
 * text, a record whose separator is a letter or digit). The batch calls below are plain loops over it and a reader
 * of js-ulid-text.ts: with latin1 TextDecoder windows read through a callback per element, decodeMany of text took
 * far longer (bench/bulk.ts, js engine).
 */
function elementText(batch: IdBatch, index: number): string | null {
  return batch.kind === "strings" ? stringOfLength(batch.ids[index]) : recordText(batch.text, index);
}

/** A string array's element when it is a string of 26, else null. */
function stringOfLength(id: unknown): string | null {
  return typeof id === "string" && id.length === ULID_CHARS ? id : null;
}

/** Text record `index` as a flat string, or null when its separator is a letter or digit. */
function recordText(text: Uint8Array, index: number): string | null {
  const at = index * TEXT_RECORD;
  if (at + ULID_CHARS < text.length && isAsciiAlphanumeric(text[at + ULID_CHARS]!)) return null;
  // A flat string per record, so the readers read it at constant positions: measured as fast as cutting a latin1
  // TextDecoder window with `substring`, with no decoder and no window to manage.
  return string26(text, at);
}

/** Unix ms of a string array's element, or -1 when it is not a valid ULID: what `decodeTime` reads. */
function stringTime(id: unknown): number {
  const text = stringOfLength(id);
  return text === null ? -1 : readIdTime(text);
}

/** Unix ms of element `index`, or -1 when it is not a valid ULID. */
function elementTime(batch: IdBatch, index: number): number {
  if (batch.kind === "strings") return stringTime(batch.ids[index]);
  const id = recordText(batch.text, index);
  return id === null ? -1 : readIdTime(id);
}

/**
 * Copies a 16-byte ID to `dst[at]`. Unrolled: a loop and `set` both measured far slower, and this runs once per ID
 * of a monotonic batch (bench/bulk.ts, generateMany on the js engine).
 */
function copyId(id: Uint8Array, dst: Uint8Array, at: number): void {
  dst[at] = id[0]!; dst[at + 1] = id[1]!; dst[at + 2] = id[2]!; dst[at + 3] = id[3]!;
  dst[at + 4] = id[4]!; dst[at + 5] = id[5]!; dst[at + 6] = id[6]!; dst[at + 7] = id[7]!;
  dst[at + 8] = id[8]!; dst[at + 9] = id[9]!; dst[at + 10] = id[10]!; dst[at + 11] = id[11]!;
  dst[at + 12] = id[12]!; dst[at + 13] = id[13]!; dst[at + 14] = id[14]!; dst[at + 15] = id[15]!;
}

/**
 * `timeMany` over a string array without flags (decodeTimeMany's common call): the first invalid element's index,
 * or -1. A loop of its own over the array, each step what `decodeTime` does for one ID, so the batch does no more
 * per ID than a loop over decodeTime() (bench:check): through `elementTime`, which text batches share, with flags
 * checked per ID, it measured slower than that loop.
 */
function stringTimes(ids: readonly unknown[], count: number, dst: Float64Array): number {
  for (let i = 0; i < count; i++) {
    const time = stringTime(ids[i]);
    if (time < 0) return i;
    dst[i] = time;
  }
  return -1;
}

export const jsUlidCodec: FormatCodec = {
  encodeOne: encodeString,
  decodeOne: (id, dst, offset) => id.length === ULID_CHARS && readId(id, dst, offset) >= 0,
  timeOne: (id) => (id.length === ULID_CHARS ? readIdTime(id) : -1),
  isValidOne: (id) => id.length === ULID_CHARS && readIdTime(id) >= 0,

  mintOne(time: number, _param: number, fill: FillRandom): string {
    fill(oneIdRandom);
    writeTime(time, oneId, 0);
    return encodeString(oneId, 0);
  },

  encodeText(src, count, dst, separator) {
    const stride = separator >= 0 ? TEXT_RECORD : ULID_CHARS;
    for (let i = 0; i < count; i++) {
      encodeChars(src, i * ULID_BYTES, dst, i * stride);
      if (separator >= 0) dst[i * stride + ULID_CHARS] = separator;
    }
    return -1;
  },

  encodeStrings(src, count, out) {
    for (let i = 0; i < count; i++) out[i] = encodeString(src, i * ULID_BYTES);
    return -1;
  },

  decodeMany(batch, count, dst, flags) {
    let first = -1;
    for (let i = 0; i < count; i++) {
      const id = elementText(batch, i);
      const valid = id !== null && readId(id, dst, i * ULID_BYTES) >= 0;
      if (flags !== undefined) flags[i] = valid ? 1 : 0;
      if (valid) continue;
      if (flags === undefined) return i;
      if (first < 0) first = i;
      dst.fill(0, i * ULID_BYTES, (i + 1) * ULID_BYTES);
    }
    return first;
  },

  timeMany(batch, count, dst, flags) {
    if (batch.kind === "strings" && flags === undefined) return stringTimes(batch.ids, count, dst);
    let first = -1;
    for (let i = 0; i < count; i++) {
      const time = elementTime(batch, i);
      if (flags !== undefined) flags[i] = time < 0 ? 0 : 1;
      if (time >= 0) {
        dst[i] = time;
        continue;
      }
      if (flags === undefined) return i;
      if (first < 0) first = i;
      dst[i] = Number.NaN;
    }
    return first;
  },

  validateMany(batch, count, dst) {
    // A string array has a loop of its own, as in `stringTimes`: one shape of element per call site.
    if (batch.kind === "strings") {
      const ids = batch.ids;
      for (let i = 0; i < count; i++) dst[i] = stringTime(ids[i]) < 0 ? 0 : 1;
      return;
    }
    for (let i = 0; i < count; i++) dst[i] = elementTime(batch, i) < 0 ? 0 : 1;
  },

  stampMany(count, time, _param, fill, dst, dstOffset) {
    fill(count === 1 ? randomOfOne : randomScratch.subarray(0, count * RANDOM_BYTES));
    for (let i = 0; i < count; i++) {
      const at = dstOffset + i * ULID_BYTES;
      writeTime(time, dst, at);
      for (let j = 0; j < RANDOM_BYTES; j++) dst[at + 6 + j] = randomScratch[i * RANDOM_BYTES + j]!;
    }
  },

  // A ULID's successor adds 1 to the random part: nothing is drawn, so `fill` is never called.
  advanceMany(seed, count, _param, _fill, dst, dstOffset) {
    for (let written = 0; written < count; written++) {
      if (!incrementRandom(seed, 0)) return written;
      // In place (a monotonic generator's single step, dst === seed) there is nothing to copy.
      if (dst !== seed) copyId(seed, dst, dstOffset + written * ULID_BYTES);
    }
    return count;
  },
};
