/**
 * The output of one chunk, built as bytes in place: lines made of ASCII fields (IDs, numbers, ISO times) cost
 * far less this way than as strings joined and then encoded. The buffer is reused from chunk to chunk, so memory
 * stays flat.
 */
import { UPPER } from "../token-text.js";
import { isoPrefix } from "./iso.js";

/** Initial size; it doubles when a chunk's output needs more. */
const INITIAL_BYTES = 1 << 16;
const ZERO = 0x30;
const BILLION = 1e9;

export class ByteWriter {
  private buffer = new Uint8Array(INITIAL_BYTES);
  private length = 0;
  /** The second `iso` last wrote, and its ISO text up to the milliseconds, as bytes. */
  private isoSecond = Number.NaN;
  private isoBytes = new Uint8Array(0);

  /** ASCII text (every char below 0x80). */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  /** `count` bytes of `source` from `at`, as they are (text that is canonical already). */
  bytes(source: Uint8Array, at: number, count: number): void {
    this.reserve(count);
    this.buffer.set(source.subarray(at, at + count), this.length);
    this.length += count;
  }

  /** The `count` characters of an ID at `source[at]`, made canonical by a case table (default: letters raised). */
  id(source: Uint8Array, at: number, count: number, table: Uint8Array = UPPER): void {
    this.reserve(count);
    // A table lookup per byte: measured 2.5x faster here than comparing each byte with a and z.
    for (let i = at; i < at + count; i++) this.buffer[this.length++] = table[source[i]!]!;
  }

  /** A non-negative integer (up to 2^53) in decimal. */
  uint(value: number): void {
    if (value >= BILLION) {
      // Above 2^31 the digits are cut in two, so each half is done in fast 32-bit integer arithmetic.
      const high = Math.floor(value / BILLION);
      this.uint(high);
      this.digits(value - high * BILLION, 9);
      return;
    }
    let count = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) count++;
    this.digits(value, count);
  }

  /** The last `count` decimal digits of `value` (below 2^31), zero-padded. */
  private digits(value: number, count: number): void {
    this.reserve(count);
    let rest = value;
    for (let i = this.length + count - 1; i >= this.length; i--) {
      const tenth = (rest / 10) | 0;
      this.buffer[i] = ZERO + rest - 10 * tenth;
      rest = tenth;
    }
    this.length += count;
  }

  /** Unix ms as ISO-8601, as `Date.toISOString` writes it. */
  iso(ms: number): void {
    const second = Math.floor(ms / 1000);
    if (second !== this.isoSecond) {
      this.isoSecond = second;
      this.isoBytes = Uint8Array.from(isoPrefix(second), (char) => char.charCodeAt(0));
    }
    const prefix = this.isoBytes;
    this.reserve(prefix.length + 4);
    const buffer = this.buffer;
    let at = this.length;
    for (let i = 0; i < prefix.length; i++) buffer[at++] = prefix[i];
    const millis = ms - second * 1000;
    buffer[at++] = ZERO + Math.floor(millis / 100);
    buffer[at++] = ZERO + (Math.floor(millis / 10) % 10);
    buffer[at++] = ZERO + (millis % 10);
    buffer[at++] = 0x5a; // "Z"
    this.length = at;
  }

  /** The bytes written since the last `clear` (a view of the writer's buffer: write it out before `clear`). */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }

  private reserve(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + count) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
  }
}
