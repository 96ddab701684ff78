/**
 * What `ulid decode` prints: newline-delimited IDs read over the library's line splitting (`LineDecoder`), each
 * valid one's line written to a ByteWriter (a start, the ID canonically, then its time's suffix: Unix ms and ISO
 * time), each bad line reported.
 *
 * ULID takes one pass. Where the command's module is the engine, that pass writes the finished lines
 * (wasm-decode-lines.ts, each time's suffix made by the TimeSuffix once), which are copied once, straight into the
 * writer's buffer; where the output takes synchronous writes (`direct`), those before a read's first bad line are
 * written out from where they were made instead. Elsewhere the engine reads each record's time and the record is
 * made canonical where it lies, in the input chunk itself (canonical-ulid-text.ts), and the writer builds the lines
 * (`ByteWriter.idLines`). The other formats decode to binary IDs and encode those back as text (`BinaryToText`),
 * which takes two passes of the engine and a copy more per record.
 */
import type { UlidError } from "../index.js";
import { batchCodec, type ChunkProcessor, type Format, type FormatCodec, formatOption, LineDecoder, type RecordReader, utf8 } from "../internal.js";
import { type ByteWriter } from "./byte-writer.js";
import { AsciiBytes } from "./ascii-copy.js";
import { type TimeSuffix } from "./time-suffix.js";
import { canonicalUlidPass } from "./canonical-ulid-text.js";
import { type LineShape, type LinesMany, maxLineBytes, wasmDecodeLines } from "./wasm-decode-lines.js";
import { commandWasm } from "./wasm-kernels.js";
import type { IdRows } from "./columnar-file.js";

/**
 * What the lines of a format other than ULID need of it: its name and TypeID prefix, and how binary IDs become
 * the text and the Unix ms of their lines.
 */
export interface DecodedFormat {
  readonly name: string;
  readonly prefix?: string;
  /** Binary IDs as canonical text, each followed by "\n", into `out`. */
  text(bytes: Uint8Array, out: Uint8Array): Uint8Array;
  /** Whole Unix ms of each valid ID of a batch, given as binary `bytes` and as the records `text` wrote, into `out`. */
  times(bytes: Uint8Array, text: Uint8Array, out: Float64Array): Float64Array;
}

const NEWLINE = 0x0a;

/**
 * The lines of a stream of `format`, each `start`, the ID and its time's `suffix`, written to `writer` as they are
 * read (nothing is emitted); each bad line to `onInvalid` (without it the first one throws, after the lines before
 * it are written). `direct`, when the output takes synchronous writes (`Output.syncWriter`), writes bytes out at
 * once: the WebAssembly engine's lines then go out from where they were made, what `writer` holds first.
 */
export function decodedLines(
  format: DecodedFormat,
  start: string,
  suffix: TimeSuffix,
  writer: ByteWriter,
  onInvalid: ((error: UlidError) => void) | undefined,
  direct?: (bytes: Uint8Array) => void,
): ChunkProcessor<void> {
  const spec = formatOption(format.name, format.prefix);
  const codec = batchCodec(spec);
  const ulid = spec.spec.name === "ulid";
  const command = ulid ? commandWasm() : null;
  let reader: RecordReader<void>;
  if (command !== null) {
    const shape: LineShape = { start, suffixBytes: suffix.longest, suffix: (time, into) => suffix.write(time, into) };
    reader = new WholeLines(spec, wasmDecodeLines(command), shape, writer, direct);
  } else {
    const lines = new LineWriter(new AsciiBytes(start), suffix, writer);
    reader = ulid ? new CanonicalText(spec, codec, lines) : new BinaryToText(format, spec, codec, lines);
  }
  return new LineDecoder(spec, reader, onInvalid);
}

/**
 * The rows of a columnar file (`decode --format parquet|arrow`) for a stream of `format`: each valid line's
 * canonical text, binary ID and time into `rows`, each bad line to `onInvalid` (without it the first one throws).
 * The caller writes full row groups out between chunks (`IdRows.flush`).
 */
export function decodedColumns(format: DecodedFormat, rows: IdRows, onInvalid: ((error: UlidError) => void) | undefined): ChunkProcessor<void> {
  const spec = formatOption(format.name, format.prefix);
  const sink: DecodedRecords = {
    write: (text, chars, times, count, ids) =>
      chars === undefined ? rows.addIdLines(text, ids, times, count) : rows.addIds(text, chars + 1, chars, ids, times, count),
  };
  return new LineDecoder(spec, new BinaryToText(format, spec, batchCodec(spec), sink), onInvalid);
}

/**
 * Where decoded records go: `count` records of `chars` characters and "\n" each at `text` (`chars` undefined:
 * records of varying width, each ended by "\n"), their Unix ms `times` and their binary IDs `ids`, back to back.
 */
interface DecodedRecords {
  write(text: Uint8Array, chars: number | undefined, times: Float64Array, count: number, ids: Uint8Array): void;
}

/** Lines made whole by the engine's one pass into the writer's buffer, taken as written as the decoder keeps them. */
class WholeLines implements RecordReader<void> {
  private readonly maxLine: number;

  /**
   * Each record's line end (bytes of the last read's lines in the writer up to it: 0 for lines written out
   * directly), and how many of those bytes are committed.
   */
  private ends = new Uint32Array(0);
  private committed = 0;

  constructor(
    format: Format,
    private readonly linesMany: LinesMany,
    private readonly shape: LineShape,
    private readonly writer: ByteWriter,
    private readonly direct: ((bytes: Uint8Array) => void) | undefined,
  ) {
    this.maxLine = maxLineBytes(shape, format.spec.chars);
  }

  begin(): void {}

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    if (this.ends.length < count) this.ends = new Uint32Array(count);
    this.committed = 0;
    const { direct, writer } = this;
    // Lines written out directly come after what the writer holds (the lines of earlier reads): that goes first.
    if (direct !== undefined) writer.writeOut(direct);
    // The lines go after what the writer holds, uncommitted until the decoder keeps their records (or, before the
    // first invalid record, straight to `direct`: the decoder keeps every valid record, in order).
    return this.linesMany(records, count, this.shape, writer.spare(this.maxLine * count), this.ends, flags, direct);
  }

  keep(_from: number, to: number): void {
    // The records before `from` not kept are invalid and wrote no line: the kept lines are the bytes up to `to`'s.
    const end = this.ends[to - 1]!;
    this.writer.commit(end - this.committed);
    this.committed = end;
  }

  flush(): void {}
}

/** Lines written by the ByteWriter from canonical text records and their times. */
class LineWriter implements DecodedRecords {
  constructor(
    private readonly start: AsciiBytes,
    private readonly suffix: TimeSuffix,
    private readonly writer: ByteWriter,
  ) {}

  /** One line per record: `count` records at `text` as `DecodedRecords` says, their Unix ms `times`. */
  write(text: Uint8Array, chars: number | undefined, times: Float64Array, count: number): void {
    if (chars === undefined) return this.writer.idLinesEnded(this.start, text, times, count, this.suffix);
    const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    this.writer.idLines(this.start, view, chars + 1, chars, times, count, this.suffix);
  }
}

/**
 * ULID records whose times the engine reads, then made canonical in place. It rewrites the caller's chunk: here the
 * command's own read buffer, never a library user's.
 */
class CanonicalText implements RecordReader<void> {
  private readonly chars: number;
  private readonly record: number;
  private records: Uint8Array = new Uint8Array(0);
  private times = new Float64Array(0);

  constructor(
    format: Format,
    private readonly codec: FormatCodec,
    private readonly lines: LineWriter,
  ) {
    this.chars = format.spec.chars;
    this.record = this.chars + 1;
  }

  begin(): void {}

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    if (this.times.length < count) this.times = new Float64Array(count);
    this.records = records;
    // ULID's raw time field is its Unix ms.
    return canonicalUlidPass(this.codec, records, count, this.times, flags);
  }

  keep(from: number, to: number): void {
    const { record, chars } = this;
    this.lines.write(this.records.subarray(record * from, record * to), chars, this.times.subarray(from, to), to - from);
  }

  flush(): void {}
}

/**
 * Records decoded to binary IDs, which the format's `text` and `times` turn into the lines' text and times (of
 * varying width for a format whose texts vary: Snowflake's).
 */
class BinaryToText implements RecordReader<void> {
  private readonly bytes: number;
  /** Characters of a text, or undefined when they vary. */
  private readonly chars: number | undefined;
  /** Bytes of a text record, its widest. */
  private readonly record: number;
  private binary = new Uint8Array(0);
  private text = new Uint8Array(0);
  private times = new Float64Array(0);

  constructor(
    private readonly format: DecodedFormat,
    spec: Format,
    private readonly codec: FormatCodec,
    private readonly lines: DecodedRecords,
  ) {
    this.bytes = spec.spec.bytes;
    this.chars = spec.spec.minChars === undefined ? spec.spec.chars : undefined;
    this.record = spec.spec.chars + 1;
  }

  begin(): void {}

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    if (this.times.length < count) {
      this.binary = new Uint8Array(this.bytes * count);
      this.text = new Uint8Array(this.record * count);
      this.times = new Float64Array(count);
    }
    return this.codec.decodeMany({ kind: "text", text: records }, count, this.binary, flags);
  }

  keep(from: number, to: number): void {
    const count = to - from;
    const ids = this.binary.subarray(this.bytes * from, this.bytes * to);
    const text = this.format.text(ids, this.text);
    this.lines.write(text, this.chars, this.format.times(ids, text, this.times), count, ids);
  }

  /** A TypeID of another prefix than the records': printed as it is, prefix and all (its one spelling). */
  alone(line: Uint8Array): boolean {
    const id = new Uint8Array(this.bytes);
    if (!this.codec.decodeOne(utf8.decode(line), id, 0)) return false;
    const text = new Uint8Array(line.length + 1);
    text.set(line);
    text[line.length] = NEWLINE;
    this.lines.write(text, line.length, this.format.times(id, text, new Float64Array(1)), 1, id);
    return true;
  }

  flush(): void {}
}
