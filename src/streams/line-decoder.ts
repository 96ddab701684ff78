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
import type { ChunkProcessor } from "./stream-shapes.js";
import type { UlidError } from "../core/errors.js";
import type { FormatCodec } from "../engine/types.js";
import type { Format } from "../formats/codec.js";
import { findFault } from "../formats/faults.js";
import { fitsWidth, MAX_ASCII, PAD, widthText } from "../engine/specs.js";
import { bufferChanged, lineFault, lineLength } from "../core/messages.js";
import { stillWhole } from "../core/arguments.js";

/** Most records per engine call: the ULID engine's own chunk (its text region holds 8192 records). */
const STAGE_RECORDS = 8192;
/** Longest line whose text goes into an error message whole; a longer one is reported by its length. */
const LONG_LINE = 256;
const NEWLINE = 0x0a;
const CR = 0x0d;
/** The UTF-8 byte order mark. */
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/** Keeps a byte order mark in a line's text, where it is a bad character to name (by default one is dropped). */
export const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** What a bad line means for the stream. */
export type InvalidLineHandler = (error: UlidError) => void;

/**
 * What a LineDecoder makes of the lines of the format's width, a batch of text records at a time: binary IDs
 * (`BinaryRecords`, below) or, for `ulid decode`, canonical text and times (src/printer/decode-output.ts).
 */
export interface RecordReader<Out> {
  /** A chunk of `length` bytes begins: room for its output. */
  begin(length: number): void;
  /**
   * Reads `count` (at most STAGE_RECORDS) records of `records`, each the format's characters and "\n", writing 1
   * (valid) or 0 per record to `flags`; returns the index of the first invalid one, or -1. It may rewrite the
   * records' bytes.
   */
  read(records: Uint8Array, count: number, flags: Uint8Array): number;
  /** Takes the output of records `from` to `to` - 1 of the last read, all valid, after that of the records before. */
  keep(from: number, to: number, emit: (out: Out) => void): void;
  /** Emits what was kept and not emitted yet. */
  flush(emit: (out: Out) => void): void;
  /**
   * Reads one line of another width than the records' as an ID of its own (`line`: its bytes), after the output of
   * the lines before it: a TypeID of another prefix than the records', where the format's texts come in several
   * widths (`Format.leadOf`; a reader of formats of one width has none). False when it is no ID.
   */
  alone?(line: Uint8Array, emit: (out: Out) => void): boolean;
}

/** Binary IDs, `spec.bytes` each, emitted once per chunk (of `LineDecoder`'s `push`). */
export class BinaryRecords implements RecordReader<Uint8Array> {
  private readonly bytes: number;
  private out = new Uint8Array(0);
  /** IDs kept in `out`, and where the last read's output starts. */
  private count = 0;
  private readAt = 0;

  constructor(
    private readonly format: Format,
    private readonly codec: FormatCodec,
  ) {
    this.bytes = format.spec.bytes;
  }

  begin(length: number): void {
    const { chars, minChars = chars } = this.format.spec;
    // Every decoded line but the last takes at least minChars + 1 bytes, of which an unfinished line before held at
    // most chars.
    this.out = new Uint8Array(this.bytes * (Math.floor((length + chars) / (minChars + 1)) + 1));
    this.count = 0;
  }

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    this.readAt = this.count;
    return this.codec.decodeMany({ kind: "text", text: records }, count, this.out.subarray(this.bytes * this.count), flags);
  }

  keep(from: number, to: number): void {
    const { bytes } = this;
    // Records of the read are kept in order, so this only moves IDs back over the invalid records' zero bytes.
    if (this.readAt + from !== this.count) this.out.copyWithin(bytes * this.count, bytes * (this.readAt + from), bytes * (this.readAt + to));
    this.count += to - from;
  }

  alone(line: Uint8Array): boolean {
    // Room is there: `begin` counted every line as at least chars + 1 bytes, and such a line is longer.
    if (!this.codec.decodeOne(utf8.decode(line), this.out, this.bytes * this.count)) return false;
    this.count++;
    return true;
  }

  flush(emit: (ids: Uint8Array) => void): void {
    if (this.count === 0) return;
    emit(this.out.subarray(0, this.bytes * this.count));
    // What was emitted is the caller's now: later IDs of the chunk go after it.
    this.out = this.out.subarray(this.bytes * this.count);
    this.readAt -= this.count;
    this.count = 0;
  }
}

export class LineDecoder<Out> implements ChunkProcessor<Out> {
  /** A line's characters, a text record's bytes (the characters and "\n"). */
  private readonly chars: number;
  private readonly record: number;
  /** Lines of the format's width waiting for the engine, each followed by "\n". */
  private readonly staged: Uint8Array;
  /** The line index of each staged record. */
  private readonly stagedLines = new Float64Array(STAGE_RECORDS);
  private stagedCount = 0;
  /** Each record's flag from the last read. */
  private readonly flags = new Uint8Array(STAGE_RECORDS);
  /** The start of a line the last chunk did not finish, and its full length so far. */
  private readonly partial = new Uint8Array(LONG_LINE);
  private partialLength = 0;
  /** Index (0-based) of the next line to finish. */
  private lineIndex = 0;
  /** The first bytes of the stream while they may still be the start of a byte order mark; null once decided. */
  private head: Uint8Array | null = new Uint8Array(0);
  private emit: (out: Out) => void = () => {};
  /** The chunk being read and its length: `onInvalid` may detach or shrink the caller's buffer under it. */
  private reading: Uint8Array = new Uint8Array(0);
  private readingLength = 0;

  /**
   * Lines of `format`, read by `reader` (over the batch engine's codec, chosen once for the stream). `onInvalid`
   * gets each bad line's error and the line is skipped; without it, the first bad line throws.
   */
  constructor(
    private readonly format: Format,
    private readonly reader: RecordReader<Out>,
    private readonly onInvalid?: InvalidLineHandler,
  ) {
    this.chars = format.spec.chars;
    this.record = this.chars + 1;
    this.staged = new Uint8Array(this.record * STAGE_RECORDS);
  }

  push(input: Uint8Array, final: boolean, emit: (out: Out) => void): void {
    this.emit = emit;
    const chunk = this.skipByteOrderMark(input, final);
    if (chunk === null) return;
    this.reading = chunk;
    this.readingLength = chunk.length;
    const { record } = this;
    this.reader.begin(chunk.length);
    let start = 0;
    // Lines of texts that vary in width are no records where they lie: each is staged, right-aligned.
    let inPlace = this.partialLength === 0 && this.format.spec.minChars === undefined;
    for (;;) {
      if (inPlace) {
        const run = recordRun(chunk, start, record);
        if (run > 0) {
          this.decodeStaged();
          this.decodeRecords(chunk.subarray(start, start + record * run), run, false);
          start += record * run;
          continue;
        }
      }
      // One line the slow way: a line not of the format's width, or one begun in the last chunk.
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      if (this.partialLength > 0) {
        this.hold(chunk, start, end);
        this.finishPartial();
      } else {
        this.line(chunk, start, end - start);
      }
      start = end + 1;
      inPlace = this.format.spec.minChars === undefined;
    }
    this.hold(chunk, start, chunk.length);
    if (final && this.partialLength > 0) this.finishPartial();
    this.decodeStaged();
    this.reader.flush(emit);
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
      // A copy: the chunk is the caller's, whose buffer may hold the next chunk by then (the command reads every
      // chunk into one buffer). Not `slice`, which on a Node.js Buffer (the command's chunks) is a view.
      this.head = new Uint8Array(joined);
      return null;
    }
    this.head = null;
    return same === BOM.length ? joined.subarray(BOM.length) : joined;
  }

  /**
   * Reads `count` records in one engine pass, then takes the output of the valid ones and reports each invalid
   * one, in line order. `staged`: the records are staged lines (`stagedLines` gives their indexes); else they lie
   * in the chunk, the first being line `lineIndex`, and an invalid one may hold several short lines (a "\n" among
   * its chars), each reported as any line of the wrong length.
   */
  private decodeRecords(records: Uint8Array, count: number, staged: boolean): void {
    const { reader, flags, chars, record, emit } = this;
    if (reader.read(records, count, flags) < 0) {
      reader.keep(0, count, emit);
      if (!staged) this.lineIndex += count;
      return;
    }
    for (let from = 0; from < count; ) {
      let to = from;
      while (to < count && flags[to] === 1) to++;
      if (to > from) reader.keep(from, to, emit);
      if (!staged) this.lineIndex += to - from;
      if (to === count) return;
      const at = record * to;
      const end = records.indexOf(NEWLINE, at);
      if (staged) {
        // A staged line of texts that vary in width is right-aligned after PAD bytes.
        let lead = 0;
        while (lead < chars && records[at + lead] === PAD) lead++;
        this.badLine(this.stagedLines[to]!, records, at + lead, chars - lead);
      } else if (end === at + chars) {
        // A CR before the "\n" is no char of the line: such a line is one char short.
        this.badLine(this.lineIndex++, records, at, records[end - 1] === CR ? chars - 1 : chars);
      } else {
        for (let start = at; start <= at + chars; ) {
          const lineEnd = records.indexOf(NEWLINE, start);
          this.line(records, start, lineEnd - start);
          start = lineEnd + 1;
        }
      }
      from = to + 1;
    }
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
    if (!this.fits(source, start, length)) {
      this.decodeStaged();
      if (!this.readAlone(source, start, length)) this.badLine(index, source, start, length);
      return;
    }
    const lead = chars - length;
    const at = this.record * this.stagedCount;
    this.staged.fill(PAD, at, at + lead);
    for (let i = 0; i < length; i++) this.staged[at + lead + i] = source[start + i]!;
    this.staged[at + chars] = NEWLINE;
    this.stagedLines[this.stagedCount++] = index;
    if (this.stagedCount === STAGE_RECORDS) this.decodeStaged();
  }

  /**
   * Whether a line is staged as a record: it is `chars` long or, for a format whose texts vary in width
   * (`FormatSpec.minChars`), of a width they may have and without a byte above 0x7F (which could pass for PAD in its
   * record; such a line is read on its own, and found bad).
   */
  private fits(source: Uint8Array, start: number, length: number): boolean {
    const { spec } = this.format;
    if (spec.minChars === undefined) return length === this.chars;
    if (!fitsWidth(spec, length)) return false;
    for (let i = start; i < start + length; i++) if (source[i]! > MAX_ASCII) return false;
    return true;
  }

  /**
   * Reads a line not of the records' width on its own where the format's texts come in several widths (TypeID's
   * prefixes: a stream without a `prefix` may mix them); false when it is invalid, or of a format of one width.
   */
  private readAlone(source: Uint8Array, start: number, length: number): boolean {
    if (this.format.leadOf === undefined || length > LONG_LINE) return false;
    return this.reader.alone?.(source.subarray(start, start + length), this.emit) === true;
  }

  /** Reads the staged lines, reporting each bad one in order. */
  private decodeStaged(): void {
    const count = this.stagedCount;
    if (count === 0) return;
    this.stagedCount = 0;
    this.decodeRecords(this.staged.subarray(0, this.record * count), count, true);
  }

  /** Line `index`, `length` bytes at `source[start]` (its first LONG_LINE at least), is bad. */
  private badLine(index: number, source: Uint8Array, start: number, length: number): void {
    this.invalid(this.lineError(index, source.subarray(start, start + Math.min(length, LONG_LINE)), length));
  }

  /**
   * A bad line: to `onInvalid`, else thrown. Either way the output of the lines before it is emitted first. An
   * `onInvalid` that detached or shrank the chunk being read leaves nothing to read on: INVALID_ARGUMENT.
   */
  private invalid(error: UlidError): void {
    if (this.onInvalid) {
      try {
        this.onInvalid(error);
      } catch (thrown) {
        this.reader.flush(this.emit);
        throw thrown;
      }
      if (stillWhole(this.reading, this.readingLength)) return;
      this.reader.flush(this.emit);
      throw bufferChanged("the chunk being read");
    }
    this.reader.flush(this.emit);
    throw error;
  }

  /** The error for line `index` (0-based): `line` is its bytes (its start, when longer than LONG_LINE). */
  private lineError(index: number, line: Uint8Array, length: number): UlidError {
    const { format } = this;
    const text = utf8.decode(line);
    // A line of the right length in bytes may still hold fewer characters (multi-byte UTF-8): the fault finder
    // names the first fault of its text, a length one among them.
    const fault = length <= LONG_LINE ? findFault(format, text) : null;
    return lineFault(index, fault ?? lineLength(format.spec.label, widthText(format.spec), length, text));
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * How many records of `record` bytes start at `chunk[start]`, up to STAGE_RECORDS: stretches where every record's
 * last byte is a newline, which is how a file of IDs, one per line, looks. Those lines are decoded in place,
 * without being split and copied.
 */
function recordRun(chunk: Uint8Array, start: number, record: number): number {
  let run = 0;
  for (let end = start + record - 1; run < STAGE_RECORDS && end < chunk.length && chunk[end] === NEWLINE; end += record) run++;
  return run;
}
