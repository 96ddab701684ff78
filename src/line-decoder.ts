/**
 * Decoding newline-delimited IDs of any format from a stream of text chunks: the core behind `decodeStream`,
 * `decodeLines` and `ulid decode`. Lines end with "\n" (a "\r" before it is dropped, so CRLF text works); the last
 * line needs no newline. A UTF-8 byte order mark at the very start of the stream is skipped (editors on Windows
 * write one); anywhere else it is a bad character. Every line must be one ID, nothing else: no blank lines, no
 * spaces. Lines split across chunks are joined; memory stays bounded by the chunk size (of an over-long line only
 * its start is kept, for the message).
 *
 * Runs of lines of the format's width are decoded by the engine where they lie in the chunk (they are text records);
 * other lines are split one by one: those of the width are staged as records and decoded a batch at a time, any
 * other length is a length fault at once. Faults are reported in line order, after the IDs of the lines before.
 */
import type { ChunkProcessor } from "./chunks.js";
import type { UlidError } from "./errors.js";
import type { FormatCodec } from "./engine/types.js";
import type { Format } from "./formats/codec.js";
import { findFault } from "./formats/faults.js";
import { lineFault, lineLength } from "./messages.js";

/** Records per engine call: the ULID engine's own chunk (its text region holds 8192 records). */
const STAGE_RECORDS = 8192;
/** Longest line whose text goes into an error message whole; a longer one is reported by its length. */
const LONG_LINE = 256;
const NEWLINE = 0x0a;
const CR = 0x0d;
/** The UTF-8 byte order mark. */
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/** What a bad line means for the stream. */
export type InvalidLineHandler = (error: UlidError) => void;

/** Keeps a byte order mark in a line's text, where it is a bad character to name (by default one is dropped). */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export class LineDecoder implements ChunkProcessor<Uint8Array> {
  private readonly codec: FormatCodec;
  /** A line's characters, a text record's bytes (the characters and "\n"), a binary ID's bytes. */
  private readonly chars: number;
  private readonly record: number;
  private readonly bytes: number;
  /** Lines of the format's width waiting for the engine, each followed by "\n". */
  private readonly staged: Uint8Array;
  /** The line index of each staged record. */
  private readonly stagedLines = new Float64Array(STAGE_RECORDS);
  private stagedCount = 0;
  /** The start of a line the last chunk did not finish, and its full length so far. */
  private readonly partial = new Uint8Array(LONG_LINE);
  private partialLength = 0;
  /** Index (0-based) of the next line to finish. */
  private lineIndex = 0;
  /** The first bytes of the stream while they may still be the start of a byte order mark; null once decided. */
  private head: Uint8Array | null = new Uint8Array(0);
  /** The current push's output: `bytes` per decoded ID. */
  private out = new Uint8Array(0);
  private outCount = 0;
  private emit: (ids: Uint8Array) => void = () => {};

  /**
   * Lines of `format`, decoded on `codec` (the batch engine's, chosen once for the stream). `onInvalid` gets each
   * bad line's error and the line is skipped; without it, the first bad line throws.
   */
  constructor(
    private readonly format: Format,
    codec: FormatCodec,
    private readonly onInvalid?: InvalidLineHandler,
  ) {
    this.codec = codec;
    this.chars = format.spec.chars;
    this.record = this.chars + 1;
    this.bytes = format.spec.bytes;
    this.staged = new Uint8Array(this.record * STAGE_RECORDS);
  }

  push(input: Uint8Array, final: boolean, emit: (ids: Uint8Array) => void): void {
    this.emit = emit;
    const chunk = this.skipByteOrderMark(input, final);
    if (chunk === null) return;
    const { chars, record, bytes } = this;
    // Every decoded line but the last takes `record` bytes, of which the unfinished line held at most `chars`.
    this.out = new Uint8Array(bytes * (Math.floor((chunk.length + chars) / record) + 1));
    this.outCount = 0;
    let start = 0;
    let inPlace = this.partialLength === 0;
    for (;;) {
      if (inPlace) {
        const run = recordRun(chunk, start, record);
        const good = run > 0 ? this.decodeInPlace(chunk, start, run) : 0;
        start += record * good;
        if (run > 0 && good === run) continue;
      }
      // One line the slow way: a line not of the format's width, a line the engine refused, or one begun in the last chunk.
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      if (this.partialLength > 0) {
        this.hold(chunk, start, end);
        this.finishPartial();
      } else {
        this.line(chunk, start, end - start);
      }
      start = end + 1;
      inPlace = true;
    }
    this.hold(chunk, start, chunk.length);
    if (final && this.partialLength > 0) this.finishPartial();
    this.decodeStaged();
    this.emitOutput();
  }

  /**
   * The chunk without a byte order mark at the start of the stream, or null while the stream's first bytes (fewer
   * than three so far) may still be one: they are held and joined to the next chunk.
   */
  private skipByteOrderMark(chunk: Uint8Array, final: boolean): Uint8Array | null {
    const head = this.head;
    if (head === null) return chunk;
    const joined = head.length === 0 ? chunk : concat(head, chunk);
    let same = 0;
    while (same < BOM.length && same < joined.length && joined[same] === BOM[same]) same++;
    if (same === joined.length && same < BOM.length && !final) {
      this.head = joined;
      return null;
    }
    this.head = null;
    return same === BOM.length ? joined.subarray(BOM.length) : joined;
  }

  /**
   * Decodes `run` records at `chunk[start]` where they are, after the staged lines; returns how many
   * were good before the first the engine refused (that one is left for the slow way, which names its fault).
   */
  private decodeInPlace(chunk: Uint8Array, start: number, run: number): number {
    this.decodeStaged();
    const batch = { kind: "text", text: chunk.subarray(start, start + this.record * run) } as const;
    const bad = this.codec.decodeMany(batch, run, this.out.subarray(this.bytes * this.outCount));
    const good = bad < 0 ? run : bad;
    this.outCount += good;
    this.lineIndex += good;
    return good;
  }

  /** Appends `source[start, end)` to the unfinished line (keeping only its first LONG_LINE bytes). */
  private hold(source: Uint8Array, start: number, end: number): void {
    const held = Math.min(this.partialLength, LONG_LINE);
    const take = Math.min(end - start, LONG_LINE - held);
    for (let i = 0; i < take; i++) this.partial[held + i] = source[start + i];
    this.partialLength += end - start;
  }

  private finishPartial(): void {
    const length = this.partialLength;
    this.partialLength = 0;
    this.line(this.partial, 0, length);
  }

  /**
   * One finished line, without its "\n": `length` bytes at `source[start]`, of which at least the first LONG_LINE
   * are there. Bytes are copied by hand rather than through `subarray`, which costs an object per line.
   */
  private line(source: Uint8Array, start: number, length: number): void {
    const index = this.lineIndex++;
    if (length > 0 && length <= LONG_LINE && source[start + length - 1] === CR) length--;
    const { chars } = this;
    if (length !== chars) {
      this.decodeStaged();
      const line = source.subarray(start, start + Math.min(length, LONG_LINE));
      if (length > LONG_LINE || !this.decodeAlone(line)) this.invalid(this.lineError(index, line, length));
      return;
    }
    const at = this.record * this.stagedCount;
    for (let i = 0; i < chars; i++) this.staged[at + i] = source[start + i]!;
    this.staged[at + chars] = NEWLINE;
    this.stagedLines[this.stagedCount++] = index;
    if (this.stagedCount === STAGE_RECORDS) this.decodeStaged();
  }

  /**
   * Decodes a line not of the format's width on its own, when the format's texts come in several widths (TypeID's
   * prefixes: a stream without a `prefix` may mix them); false when it is invalid, or of a format of one width.
   */
  private decodeAlone(line: Uint8Array): boolean {
    if (this.format.leadOf === undefined || !this.codec.decodeOne(utf8.decode(line), this.out, this.bytes * this.outCount)) return false;
    this.outCount++;
    return true;
  }

  /** Decodes the staged lines into the output, reporting each bad one in order. */
  private decodeStaged(): void {
    const count = this.stagedCount;
    const { record, chars, bytes } = this;
    this.stagedCount = 0;
    for (let from = 0; from < count; ) {
      const batch = { kind: "text", text: this.staged.subarray(record * from, record * count) } as const;
      const bad = this.codec.decodeMany(batch, count - from, this.out.subarray(bytes * this.outCount));
      if (bad < 0) {
        this.outCount += count - from;
        return;
      }
      this.outCount += bad;
      const line = this.staged.subarray(record * (from + bad), record * (from + bad) + chars);
      this.invalid(this.lineError(this.stagedLines[from + bad]!, line, chars));
      from += bad + 1;
    }
  }

  /** A bad line: to `onInvalid`, else thrown. Either way the IDs of the lines before it are emitted first. */
  private invalid(error: UlidError): void {
    if (this.onInvalid) {
      try {
        this.onInvalid(error);
        return;
      } catch (thrown) {
        this.emitOutput();
        throw thrown;
      }
    }
    this.emitOutput();
    throw error;
  }

  private emitOutput(): void {
    if (this.outCount > 0) this.emit(this.out.subarray(0, this.bytes * this.outCount));
    this.outCount = 0;
  }

  /** The error for line `index` (0-based): `line` is its bytes (its start, when longer than LONG_LINE). */
  private lineError(index: number, line: Uint8Array, length: number): UlidError {
    const { format } = this;
    const text = utf8.decode(line);
    // A line of the right length in bytes may still hold fewer characters (multi-byte UTF-8): the fault finder
    // names the first fault of its text, a length one among them.
    const fault = length <= LONG_LINE ? findFault(format, text) : null;
    return lineFault(index, fault ?? lineLength(format.label, format.spec.chars, length, text));
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * How many records of `record` bytes start at `chunk[start]`: stretches where every record's last byte is a newline,
 * which is how a file of IDs, one per line, looks. Those lines are decoded in place, without being split and copied.
 */
function recordRun(chunk: Uint8Array, start: number, record: number): number {
  let run = 0;
  for (let end = start + record - 1; end < chunk.length && chunk[end] === NEWLINE; end += record) run++;
  return run;
}
