/**
 * The IDs of `parse -`: newline-delimited IDs read over the library's line splitting (src/streams/line-decoder.ts), as
 * `validate -` and `decode` read them, each bad line reported, each valid one emitted as its canonical text. Lines
 * of the stream's width are decoded a batch at a time and written back as the format writes them (ULID's aliases
 * and lower case made canonical); a TypeID of another prefix than theirs (a stream without --prefix may mix them)
 * has one spelling, and is emitted as it is, prefix and all.
 */
import type { UlidError } from "../index.js";
import { type ChunkProcessor, type FormatCodec, LineDecoder, type RecordReader, batchCodec, formatOption, utf8 } from "../internal.js";
import type { IdFormat } from "./id-format.js";

const latin1 = new TextDecoder("latin1");

/** The canonical text of each valid line of a stream of `format`; each bad line to `onInvalid`. */
export function canonicalIds(format: IdFormat, onInvalid: (error: UlidError) => void): ChunkProcessor<string> {
  const spec = formatOption(format.name, format.prefix);
  return new LineDecoder(spec, new CanonicalIds(format, batchCodec(spec)), onInvalid);
}

class CanonicalIds implements RecordReader<string> {
  private readonly bytes: number;
  private readonly record: number;
  private binary = new Uint8Array(0);
  private text = new Uint8Array(0);

  constructor(
    private readonly format: IdFormat,
    private readonly codec: FormatCodec,
  ) {
    this.bytes = format.binaryBytes;
    this.record = format.textChars + 1;
  }

  begin(): void {}

  read(records: Uint8Array, count: number, flags: Uint8Array): number {
    if (this.binary.length < this.bytes * count) {
      this.binary = new Uint8Array(this.bytes * count);
      this.text = new Uint8Array(this.record * count);
    }
    return this.codec.decodeMany({ kind: "text", text: records }, count, this.binary, flags);
  }

  keep(from: number, to: number, emit: (id: string) => void): void {
    const { bytes } = this;
    // Each text ended by "\n", of one width or of varying width (Snowflake's).
    const text = latin1.decode(this.format.text(this.binary.subarray(bytes * from, bytes * to), this.text));
    for (let at = 0; at < text.length; ) {
      const end = text.indexOf("\n", at);
      emit(text.slice(at, end));
      at = end + 1;
    }
  }

  alone(line: Uint8Array, emit: (id: string) => void): boolean {
    const id = utf8.decode(line);
    if (!this.codec.decodeOne(id, new Uint8Array(this.bytes), 0)) return false;
    emit(id);
    return true;
  }

  flush(): void {}
}
