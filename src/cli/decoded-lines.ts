/**
 * What `ulid decode` reads: newline-delimited IDs as canonical text records (the format's characters and "\n"
 * each) and their whole Unix ms, ready to print, over the library's line splitting (src/line-decoder.ts).
 *
 * ULID takes the engines' one pass (`FormatCodec.canonicalMany`: assembly/ulid-canonical.ts on WebAssembly): each
 * record is checked, timed and made canonical where it lies, in the input chunk itself, whose canonical lines are
 * then printed from there. The other formats decode to binary IDs and encode those back as text
 * (`BinaryToText`), which takes two passes of the engine and a copy more per record.
 */
import { batchCodec } from "../backend.js";
import type { ChunkProcessor } from "../chunks.js";
import type { FormatCodec } from "../engine/types.js";
import type { UlidError } from "../errors.js";
import type { Format } from "../formats/codec.js";
import { formatOption } from "../formats/registry.js";
import { LineDecoder, type RecordReader, utf8 } from "../line-decoder.js";
import type { IdFormat } from "./id-format.js";

const NEWLINE = 0x0a;

/** Lines decoded together. Valid until the next batch is read: print them at once. */
export interface DecodedLines {
  /** `count` canonical text records, each `chars` characters and "\n". */
  readonly text: Uint8Array;
  /** Characters of each record: the format's, or a TypeID's of another prefix than the stream's (read alone). */
  readonly chars: number;
  /** The whole Unix ms of each. */
  readonly times: Float64Array;
  readonly count: number;
}

/** The decoded lines of a stream of `format`, each bad line to `onInvalid` (without it the first one throws). */
export function decodedLines(format: IdFormat, onInvalid: ((error: UlidError) => void) | undefined): ChunkProcessor<DecodedLines> {
  const spec = formatOption(format.name, format.prefix);
  const codec = batchCodec(spec);
  const reader = codec.canonicalMany === undefined ? new BinaryToText(format, spec, codec) : new CanonicalText(spec, codec);
  return new LineDecoder(spec, reader, onInvalid);
}

/**
 * Records made canonical in place by the engine's one pass. It rewrites the caller's chunk: here the command's own
 * read buffer, never a library user's.
 */
class CanonicalText implements RecordReader<DecodedLines> {
  private readonly chars: number;
  private readonly record: number;
  private readonly canonicalMany: NonNullable<FormatCodec["canonicalMany"]>;
  private records: Uint8Array = new Uint8Array(0);
  private times = new Float64Array(0);

  constructor(format: Format, codec: FormatCodec) {
    this.chars = format.spec.chars;
    this.record = this.chars + 1;
    this.canonicalMany = codec.canonicalMany!.bind(codec);
  }

  begin(): void {}

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    if (this.times.length < count) this.times = new Float64Array(count);
    this.records = records;
    // ULID's raw time field is its Unix ms.
    return this.canonicalMany(records, count, this.times, flags);
  }

  keep(from: number, to: number, emit: (lines: DecodedLines) => void): void {
    const { record, chars } = this;
    emit({ text: this.records.subarray(record * from, record * to), chars, times: this.times.subarray(from, to), count: to - from });
  }

  flush(): void {}
}

/** Records decoded to binary IDs, which the format's `text` and `times` turn into the lines' text and times. */
class BinaryToText implements RecordReader<DecodedLines> {
  private readonly bytes: number;
  private readonly chars: number;
  private readonly record: number;
  private binary = new Uint8Array(0);
  private text = new Uint8Array(0);
  private times = new Float64Array(0);

  constructor(
    private readonly format: IdFormat,
    spec: Format,
    private readonly codec: FormatCodec,
  ) {
    this.bytes = spec.spec.bytes;
    this.chars = spec.spec.chars;
    this.record = this.chars + 1;
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

  keep(from: number, to: number, emit: (lines: DecodedLines) => void): void {
    const count = to - from;
    const ids = this.binary.subarray(this.bytes * from, this.bytes * to);
    const text = this.format.text(ids, this.text).subarray(0, this.record * count);
    emit({ text, chars: this.chars, times: this.format.times(ids, text, this.times), count });
  }

  /** A TypeID of another prefix than the records': printed as it is, prefix and all (its one spelling). */
  alone(line: Uint8Array, emit: (lines: DecodedLines) => void): boolean {
    const id = new Uint8Array(this.bytes);
    if (!this.codec.decodeOne(utf8.decode(line), id, 0)) return false;
    const text = new Uint8Array(line.length + 1);
    text.set(line);
    text[line.length] = NEWLINE;
    emit({ text, chars: line.length, times: this.format.times(id, text, new Float64Array(1)), count: 1 });
    return true;
  }

  flush(): void {}
}
