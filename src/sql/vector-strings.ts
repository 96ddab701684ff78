/**
 * Reading a DuckDB VARCHAR or BLOB vector's values as bytes, in bulk: the records of one width go into a text batch
 * for the library's bulk calls, the others are left for one-by-one reading.
 *
 * Each value is a `duckdb_string_t` of 16 bytes (little-endian):
 *
 *   bytes 0-3    length (u32)
 *   bytes 4-15   length <= 12: the value itself, inline
 *   bytes 4-7    length > 12: its first 4 bytes; bytes 8-15: a pointer to the whole value
 *
 * The bindings copy what they read (`vector_get_data` copies the vector's 16-byte slots; `get_data_from_pointer`
 * copies `n` bytes from the pointer stored at an offset of a buffer), and a native call costs as much as decoding
 * an ID. So values lying near one another in memory are read in one call: DuckDB keeps a vector's strings in one
 * heap or one block of a file, mostly back to back. A run is extended only by a value less than a page (4096 bytes,
 * the smallest page of any platform DuckDB runs on) from the run's bytes, so no whole page of the run lies between
 * two values: every page read holds a byte of some value, and is mapped.
 */
import { bindings, type Vector } from "./duckdb-bindings.js";

/** Bytes of a `duckdb_string_t`. */
const SLOT = 16;
/** The longest value stored inline. */
const INLINE = 12;
/** A run is extended only by a value closer than this to it: less than the smallest page (see above). */
const PAGE = 4096;
/** The most bytes read in one call: a run of a vector's 2048 IDs is about 60 KB. */
const MOST_PER_CALL = 1 << 18;
const TWO_32 = 2 ** 32;

/** A vector's values, read once per call of a function. */
export class VectorValues {
  /** The 16-byte slots, as 32-bit words: a slot's length is word 4i, its pointer words 4i+2 (low) and 4i+3. */
  private words: Uint32Array = new Uint32Array(0);
  private slots: Uint8Array = new Uint8Array(0);
  private validity: Uint8Array | null = null;
  /** Rows of the run being gathered, and where each value lies. */
  private runRows = new Int32Array(0);
  private runPointers = new Float64Array(0);
  count = 0;

  /** Reads the slots and validity of the first `count` rows of `vector`. */
  read(vector: Vector, count: number): void {
    this.count = count;
    const copied = bindings.vector_get_data(vector, count * SLOT);
    // The copy is a Buffer, which may sit at any offset of a shared pool: 32-bit words need an aligned one.
    if (copied.byteOffset % 4 === 0) this.slots = copied;
    else this.slots = copied.slice();
    this.words = new Uint32Array(this.slots.buffer, this.slots.byteOffset, count * 4);
    this.validity = bindings.vector_get_validity(vector, validityBytes(count));
    if (this.runRows.length < count) {
      this.runRows = new Int32Array(count);
      this.runPointers = new Float64Array(count);
    }
  }

  /** The validity mask of the rows read (a bit per row, 64-bit words), or null when none is NULL. */
  get mask(): Uint8Array | null {
    return this.validity;
  }

  isNull(row: number): boolean {
    return isNullIn(this.validity, row);
  }

  byteLength(row: number): number {
    return this.words[row * 4]!;
  }

  /**
   * Copies every non-NULL value of exactly `width` bytes into `records` at `row * stride`, and sets `copied[row]` to
   * 1 for those rows and 0 for the others. Returns how many it copied.
   */
  gather(width: number, records: Uint8Array, stride: number, copied: Uint8Array): number {
    const { words, slots } = this;
    let total = 0;
    let runs = 0;
    let low = 0;
    let high = 0;
    let lowRow = -1;
    const flush = (): void => {
      if (runs === 0) return;
      const bytes = bindings.get_data_from_pointer(slots.buffer as ArrayBuffer, slots.byteOffset + lowRow * SLOT + 8, high - low);
      for (let k = 0; k < runs; k++) {
        const at = this.runPointers[k]! - low;
        records.set(bytes.subarray(at, at + width), this.runRows[k]! * stride);
      }
      runs = 0;
    };
    for (let row = 0; row < this.count; row++) {
      if (words[row * 4] !== width || this.isNull(row)) {
        copied[row] = 0;
        continue;
      }
      copied[row] = 1;
      total++;
      if (width <= INLINE) {
        records.set(slots.subarray(row * SLOT + 4, row * SLOT + 4 + width), row * stride);
        continue;
      }
      const pointer = words[row * 4 + 2]! + words[row * 4 + 3]! * TWO_32;
      const end = pointer + width;
      if (runs > 0) {
        const gap = pointer >= high ? pointer - high : end <= low ? low - end : 0;
        const span = Math.max(high, end) - Math.min(low, pointer);
        if (gap >= PAGE || span > MOST_PER_CALL) flush();
      }
      if (runs === 0) {
        low = pointer;
        high = end;
        lowRow = row;
      } else {
        if (pointer < low) {
          low = pointer;
          lowRow = row;
        }
        if (end > high) high = end;
      }
      this.runRows[runs] = row;
      this.runPointers[runs] = pointer;
      runs++;
    }
    flush();
    return total;
  }

  /** The bytes of one value (NULL rows excepted). */
  bytes(row: number): Uint8Array {
    const length = this.words[row * 4]!;
    if (length <= INLINE) return this.slots.slice(row * SLOT + 4, row * SLOT + 4 + length);
    return bindings.get_data_from_pointer(this.slots.buffer as ArrayBuffer, this.slots.byteOffset + row * SLOT + 8, length);
  }

  /** The text of one value (NULL rows excepted). */
  text(row: number): string {
    return utf8.decode(this.bytes(row));
  }
}

const utf8 = new TextDecoder();

/** Whether `mask` (a validity mask: a bit per row, set for a value; null when every row has one) has `row` NULL. */
export function isNullIn(mask: Uint8Array | null, row: number): boolean {
  return mask !== null && (mask[row >>> 3]! & (1 << (row & 7))) === 0;
}

/** Bytes of the validity mask of `count` rows: 64-bit words. */
export function validityBytes(count: number): number {
  return Math.ceil(count / 64) * 8;
}
