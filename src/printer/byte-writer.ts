/**
 * The output of one chunk, built as bytes in place: lines made of ASCII fields (IDs, numbers, ISO times) cost
 * far less this way than as strings joined and then encoded. The buffer is reused from chunk to chunk, so memory
 * stays flat, and what it holds is plain bytes: a worker thread can format its part of the output with one and
 * hand the bytes over (`view`).
 *
 * The hot path of a line is two copies: the ID's characters, and a time suffix (`TimeSuffix`: everything a line
 * prints after its ID depends on the ID's time only, so it is built once per time and kept). Both copy
 * 8 bytes per step (`copyAscii`): JavaScript pays per element stored, not per byte, so 8-byte steps take a
 * fraction of a byte loop's time on a line.
 */
import { type AsciiBytes, SLACK, copyAscii } from "./ascii-copy.js";
import { INT_MAX_BYTES, writeInt } from "./decimal-text.js";
import { ISO_MAX_BYTES, writeIso } from "./iso-time.js";
import type { TimeSuffix } from "./time-suffix.js";

/** Initial size, unless the writer is given one; it doubles when a chunk's output needs more. */
const INITIAL_BYTES = 1 << 16;
/**
 * Shortest run of lines of one time that `idLines` copies whole: below it, the calls of the doubling copies cost
 * more than writing each line (a line is ~10 word stores).
 */
const COPIED_RUN = 8;
const NEWLINE = 0x0a;

export class ByteWriter {
  private buffer: Uint8Array;
  private words: DataView;
  private length = 0;
  /** Bytes from the start written out already (`writeOut`). */
  private sent = 0;

  /**
   * `initialBytes`: room for what the writer usually holds before it is written out, so that it seldom grows (each
   * doubling copies what it holds into fresh memory).
   */
  constructor(initialBytes = INITIAL_BYTES) {
    this.buffer = new Uint8Array(initialBytes);
    this.words = new DataView(this.buffer.buffer);
  }

  /** ASCII text (every char below 0x80): for text made once per run or per file, not per line. */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  /** Text made once (a field's name, punctuation), copied a word at a time. */
  constant(text: AsciiBytes): void {
    this.reserve(text.length);
    copyAscii(this.words, this.length, text.words, 0, text.length, false);
    this.length += text.length;
  }

  /** `count` bytes of `source` from `at`, as they are (any bytes: a file name). */
  bytes(source: Uint8Array, at: number, count: number): void {
    this.reserve(count);
    for (let i = 0; i < count; i++) this.buffer[this.length++] = source[at + i]!;
  }

  /** All of `source`, as it is, in one native copy (a block of finished lines). */
  append(source: Uint8Array): void {
    this.reserve(source.length);
    this.buffer.set(source, this.length);
    this.length += source.length;
  }

  /**
   * `count` bytes of ASCII text at `source[at]` (`source` a view of the same bytes as `bytes`), such as the
   * canonical IDs the encoder writes: copied a word at a time.
   */
  asciiText(source: DataView, at: number, count: number): void {
    this.reserve(count);
    copyAscii(this.words, this.length, source, at, count, true);
    this.length += count;
  }

  /**
   * The `count` characters of an ID found at `source[at]` (ASCII letters, digits and hyphens only, as the scanner
   * finds them), made canonical: letters lowered (`lower`, UUIDs) or raised (ULIDs), 4 bytes per step.
   */
  id(source: DataView, at: number, count: number, lower: boolean): void {
    this.reserve(count);
    const target = this.words;
    const to = this.length - at;
    let i = at;
    if (lower) {
      // Every letter, digit and hyphen has bit 0x20 set in lower case or has it already. (Both ways little-endian:
      // the bytes' own order, no byte swapping; each byte is worked out on its own, so the order does not matter.)
      for (; i + 4 <= at + count; i += 4) target.setUint32(to + i, source.getUint32(i, true) | 0x20202020, true);
      for (; i < at + count; i++) target.setUint8(to + i, source.getUint8(i) | 0x20);
    } else {
      // A byte of 0x61 ("a") or more is a lower-case letter; adding 0x1F sets its top bit (without a carry into
      // the next byte: none is above 0x7A), which shifted down 2 is the 0x20 that lowers it.
      for (; i + 4 <= at + count; i += 4) {
        const word = source.getUint32(i, true);
        target.setUint32(to + i, word ^ (((word + 0x1f1f1f1f) & 0x80808080) >>> 2), true);
      }
      for (; i < at + count; i++) {
        const byte = source.getUint8(i);
        target.setUint8(to + i, byte >= 0x61 ? byte - 0x20 : byte);
      }
    }
    this.length += count;
  }

  /** An unsigned 32-bit integer, little-endian (the length before a value in a binary file). */
  uint32(value: number): void {
    this.reserve(4);
    this.words.setUint32(this.length, value, true);
    this.length += 4;
  }

  /** An integer (|value| up to 2^53) in decimal, as `String(value)` writes it. */
  int(value: number): void {
    this.reserve(INT_MAX_BYTES);
    this.length = writeInt(this.buffer, this.length, value);
  }

  /** Unix ms (an integer) as ISO-8601, as `Date.toISOString` writes it. */
  iso(ms: number): void {
    this.reserve(ISO_MAX_BYTES);
    this.length = writeIso(this.buffer, this.length, ms);
  }

  /** What `suffix` prints for time `ms` (see `TimeSuffix`). */
  timeSuffix(suffix: TimeSuffix, ms: number): void {
    const slot = suffix.slotOf(ms);
    const length = suffix.lengths[slot]!;
    this.reserve(length);
    copyAscii(this.words, this.length, suffix.words, slot * suffix.slotBytes, length, false);
    this.length += length;
  }

  /**
   * One line per ID of a batch: `start`, the ID's `chars` characters (text record `i` is the `record` bytes at
   * `text[record * i]`), then what `suffix` prints for its time, `times[i]`. A run of lines of one time (IDs made
   * in one millisecond: tens of thousands from `ulid generate`) is written once, copied whole by doubling native
   * copies (`copyWithin`), and only each copy's ID put in: a fraction of the CPU time of writing each line whole
   * (bench/cli.mjs --pipeline).
   */
  idLines(start: AsciiBytes, text: DataView, record: number, chars: number, times: Float64Array, count: number, suffix: TimeSuffix): void {
    for (let i = 0; i < count; ) {
      const time = times[i]!;
      let end = i + 1;
      while (end < count && times[end] === time) end++;
      const first = this.length;
      this.idLine(start, text, record * i, chars, suffix, time);
      if (end - i < COPIED_RUN) {
        for (let k = i + 1; k < end; k++) this.idLine(start, text, record * k, chars, suffix, time);
      } else {
        const line = this.length - first;
        const total = line * (end - i);
        this.reserve(total - line);
        for (let done = line; done < total; done *= 2) this.buffer.copyWithin(first + done, first, first + Math.min(done, total - done));
        const words = this.words;
        for (let to = first + line + start.length, from = record * (i + 1), last = record * end; from < last; to += line, from += record) {
          copyAscii(words, to, text, from, chars, true);
        }
        this.length = first + total;
      }
      i = end;
    }
  }

  /**
   * One line per ID of a batch whose text records vary in width (Snowflake's decimal text), each ended by "\n" at
   * `text`: as `idLines` writes them, a line at a time.
   */
  idLinesEnded(start: AsciiBytes, text: Uint8Array, times: Float64Array, count: number, suffix: TimeSuffix): void {
    const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    for (let i = 0, at = 0; i < count; i++) {
      const end = text.indexOf(NEWLINE, at);
      this.idLine(start, view, at, end - at, suffix, times[i]!);
      at = end + 1;
    }
  }

  private idLine(start: AsciiBytes, text: DataView, at: number, chars: number, suffix: TimeSuffix, time: number): void {
    this.constant(start);
    this.asciiText(text, at, chars);
    this.timeSuffix(suffix, time);
  }

  /**
   * Room for `count` bytes more, as a view of the buffer where they go: fill (a prefix of) it, then `commit` what
   * was written, before anything else writes (which may move the buffer).
   */
  spare(count: number): Uint8Array {
    this.reserve(count);
    return this.buffer.subarray(this.length, this.length + count);
  }

  /** Takes `count` bytes written into `spare`'s view as written. */
  commit(count: number): void {
    this.length += count;
  }

  /**
   * The bytes written since the last `clear`, less those `writeOut` has written out (a view of the writer's buffer:
   * write it out before `clear`).
   */
  view(): Uint8Array {
    return this.buffer.subarray(this.sent, this.length);
  }

  /** Bytes written since the last `clear`, those written out included. */
  get size(): number {
    return this.length;
  }

  clear(): void {
    this.length = 0;
    this.sent = 0;
  }

  /**
   * Writes what `view` holds out now, through `write` (which writes before it returns), and leaves it out of
   * `view` from then on. Nothing moves: bytes in `spare`'s view, not yet committed, stay where they are.
   */
  writeOut(write: (bytes: Uint8Array) => void): void {
    if (this.length === this.sent) return;
    write(this.buffer.subarray(this.sent, this.length));
    this.sent = this.length;
  }

  private reserve(count: number): void {
    if (this.length + count + SLACK <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + count + SLACK) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
    this.words = new DataView(bigger.buffer);
  }
}
