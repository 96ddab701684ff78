/**
 * Writing a function's results into DuckDB's output vector. The bindings hand out copies of a vector's memory, so
 * fixed-width results are built in a buffer of ours and copied in with one call (`copyIntoVector`); strings and
 * blobs, which DuckDB must own, are assigned one by one.
 */
import { bindings, type Vector } from "./duckdb-bindings.js";
import { validityBytes } from "./vector-strings.js";

const TWO_32 = 2 ** 32;
const NEWLINE = 0x0a;
/** Microseconds past which a double no longer holds every integer: the BigInt path beyond (the year 2255). */
const EXACT_MICROS = Number.MAX_SAFE_INTEGER;

/**
 * Copies the first `byteCount` bytes of `bytes` into `output`'s data (or, with `validity`, its validity mask). The
 * bindings copy whatever lies at the address they are given, so a count past the array's end is refused here: it
 * would read other memory into the results (a short array of flags once gave `ulid_valid` garbage for short values).
 */
export function copyIntoVector(output: Vector, bytes: ArrayBufferView, byteCount: number, validity = false): void {
  if (byteCount > bytes.byteLength) throw new Error(`${byteCount} bytes asked of an array of ${bytes.byteLength}`);
  const buffer = bytes.buffer as ArrayBuffer;
  if (validity) bindings.copy_data_to_vector_validity(output, 0, buffer, bytes.byteOffset, byteCount);
  else bindings.copy_data_to_vector(output, 0, buffer, bytes.byteOffset, byteCount);
}

/** Marks the rows that `mask` (a validity mask, a bit per row) has as NULL; nothing when it is null. */
export function copyNulls(output: Vector, mask: Uint8Array | null, count: number): void {
  if (mask === null) return;
  bindings.vector_ensure_validity_writable(output);
  copyIntoVector(output, mask, validityBytes(count), true);
}

/**
 * TIMESTAMP WITH TIME ZONE values (microseconds since 1970, int64) from Unix ms, floored to the millisecond. Rows
 * whose `ms` is NaN (NULLs) get 0: their validity says NULL.
 *
 *   int64 micros, little-endian: word 2i the low 32 bits, word 2i+1 the high 32 bits (two's complement)
 */
export function writeTimestamps(output: Vector, ms: Float64Array, count: number, words: Int32Array): void {
  for (let i = 0; i < count; i++) {
    const time = ms[i]!;
    if (Number.isNaN(time)) {
      words[2 * i] = 0;
      words[2 * i + 1] = 0;
      continue;
    }
    const micros = Math.floor(time) * 1000;
    if (Math.abs(micros) <= EXACT_MICROS) {
      const high = Math.floor(micros / TWO_32);
      words[2 * i] = micros - high * TWO_32;
      words[2 * i + 1] = high;
    } else {
      const big = BigInt(Math.floor(time)) * 1000n;
      words[2 * i] = Number(BigInt.asIntN(32, big));
      words[2 * i + 1] = Number(BigInt.asIntN(32, big >> 32n));
    }
  }
  copyIntoVector(output, words, count * 8);
}

/** BOOLEAN values: a byte per row, 0 or 1. */
export function writeBooleans(output: Vector, values: Uint8Array, count: number): void {
  copyIntoVector(output, values, count);
}

/**
 * For each shape of records (stride and width), views of `width` bytes every `stride` bytes of one buffer, made once
 * and kept: the bindings take a value's bytes as a Uint8Array, and one made per row (`subarray`) is an object per
 * row on the JS thread, the bottleneck of a `read_ids` query that reads `id` (docs/performance.md). DuckDB calls
 * the functions one at a time on the JS thread, so one set per shape serves them all; the shapes are the formats'
 * widths, a few.
 */
const recordViews = new Map<string, { readonly bytes: Uint8Array; readonly views: Uint8Array[] }>();

/** The kept views of `count` records of this shape (more made when a call has more rows than any before). */
function viewsOf(stride: number, width: number, count: number): { bytes: Uint8Array; views: Uint8Array[] } {
  const key = `${stride} ${width}`;
  let kept = recordViews.get(key);
  if (kept === undefined || kept.views.length < count) {
    const bytes = new Uint8Array(count * stride);
    kept = { bytes, views: Array.from({ length: count }, (_, i) => bytes.subarray(i * stride, i * stride + width)) };
    recordViews.set(key, kept);
  }
  return kept;
}

/**
 * VARCHAR or BLOB values: row i is `bytes[i * stride, i * stride + width)`, but for the rows `skip` marks (NULLs,
 * already marked by `copyNulls`). The records are copied once into the kept views' buffer (`viewsOf`).
 */
export function writeStrings(output: Vector, bytes: Uint8Array, stride: number, width: number, count: number, skip: (row: number) => boolean): void {
  const { bytes: buffer, views } = viewsOf(stride, width, count);
  buffer.set(bytes.subarray(0, Math.min(bytes.length, count * stride)));
  for (let i = 0; i < count; i++) {
    if (skip(i)) continue;
    bindings.vector_assign_string_element_len(output, i, views[i]!);
  }
}

/**
 * VARCHAR values of varying width: row i is the i-th record of `text`, each ended by "\n", but for the rows `skip`
 * marks. Returns the bytes of `text` the `count` records take (where the next record starts).
 */
export function writeLines(output: Vector, text: Uint8Array, count: number, skip: (row: number) => boolean): number {
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = text.indexOf(NEWLINE, at);
    if (!skip(i)) bindings.vector_assign_string_element_len(output, i, text.subarray(at, end));
    at = end + 1;
  }
  return at;
}

/**
 * UUID values from 16 big-endian bytes each. DuckDB keeps a UUID as a 128-bit integer with its top bit flipped
 * (so that signed order is the UUID's byte order):
 *
 *   hugeint_t, little-endian: bytes 0-7 `lower` = UUID bytes 15..8; bytes 8-15 `upper` = UUID bytes 7..0, top bit
 *   flipped (byte 15 ^ 0x80)
 */
export function writeUuids(output: Vector, uuids: Uint8Array, count: number, scratch: Uint8Array): void {
  for (let i = 0; i < count; i++) {
    const at = i * 16;
    for (let k = 0; k < 16; k++) scratch[at + k] = uuids[at + 15 - k]!;
    scratch[at + 15]! ^= 0x80;
  }
  copyIntoVector(output, scratch, count * 16);
}

/** The 16 big-endian bytes of each UUID of a UUID vector's `slots` (see `writeUuids`), into `out`. */
export function readUuids(slots: Uint8Array, count: number, out: Uint8Array): void {
  for (let i = 0; i < count; i++) {
    const at = i * 16;
    for (let k = 0; k < 16; k++) out[at + k] = slots[at + 15 - k]!;
    out[at]! ^= 0x80;
  }
}
