/**
 * Columnar files of IDs (`--format parquet|arrow`): the one shape of both writers, and the columns each command
 * writes. A file is written a row group (Arrow: a record batch) at a time: rows go into the writer's columns, and
 * `IdRows.flush` writes them out once GROUP_ROWS are there, so memory stays flat however many rows the file holds.
 */
import { ArrowStream } from "./arrow-stream.js";
import { type Column, type ColumnSpec, FixedColumn, Int64Column, VarColumn } from "./id-columns.js";
import { ParquetFile } from "./parquet-file.js";

export interface ColumnarFile {
  /** The columns, in the schema's order, that rows go into. */
  readonly columns: Column[];
  /** Writes what comes before the first row group (Parquet's magic, Arrow's schema). */
  begin(): Promise<void>;
  /** Writes the rows the columns hold, if any, as one row group, and clears them. */
  writeGroup(): Promise<void>;
  /** Writes the last rows and what ends the file (Parquet's footer, Arrow's end of stream). */
  finish(): Promise<void>;
}

export type ColumnarFormat = "parquet" | "arrow";

/**
 * Rows of a row group: enough for readers to skip or read groups in parallel and for each column's page to be
 * written in few large writes, few enough to keep the columns of a group (IDs of up to 90 characters, file
 * names) to some megabytes. A group may hold one input chunk's rows more (`IdRows.flush` runs between chunks).
 */
export const GROUP_ROWS = 1 << 16;

const NEWLINE = 0x0a;

/** The columns of the IDs themselves: their canonical text, their binary and their time. */
export interface IdShape {
  /** Bytes of every binary ID, or undefined when they differ (several formats in one file): variable-length. */
  readonly width: number | undefined;
  /** A 16-byte binary column as plain fixed-length binary, not marked as UUIDs (for readers that refuse that). */
  readonly plainBinary: boolean;
  /** `ulid scan`'s columns before them: the file, line, byte offset and type of each match. */
  readonly scan: boolean;
}

export function idColumnSpecs({ width, plainBinary, scan }: IdShape): ColumnSpec[] {
  const where: ColumnSpec[] = [
    { name: "file", type: "string" },
    { name: "line", type: "int64" },
    { name: "offset", type: "int64" },
    { name: "type", type: "string" },
  ];
  const bytes: ColumnSpec =
    width === undefined ? { name: "bytes", type: "binary" } : { name: "bytes", type: "fixed", width, uuid: width === 16 && !plainBinary };
  return [...(scan ? where : []), { name: "id", type: "string" }, bytes, { name: "ts", type: "timestamp" }];
}

export function columnarFile(
  format: ColumnarFormat,
  specs: readonly ColumnSpec[],
  write: (bytes: Uint8Array) => Promise<void>,
  createdBy: string,
): ColumnarFile {
  return format === "parquet" ? new ParquetFile(specs, write, createdBy) : new ArrowStream(specs, write);
}

/** The rows of a columnar file of IDs, by column (see `idColumnSpecs`). */
export class IdRows {
  readonly id: VarColumn;
  /** Fixed-length binary IDs, or variable-length ones (see `IdShape.width`). */
  readonly bytes: FixedColumn | VarColumn;
  readonly ts: Int64Column;
  /** `ulid scan`'s columns (undefined for the other commands). */
  readonly file?: VarColumn;
  readonly line?: Int64Column;
  readonly offset?: Int64Column;
  readonly type?: VarColumn;

  constructor(readonly out: ColumnarFile) {
    const named = new Map(out.columns.map((column) => [column.spec.name, column]));
    this.id = named.get("id") as VarColumn;
    this.bytes = named.get("bytes") as FixedColumn | VarColumn;
    this.ts = named.get("ts") as Int64Column;
    this.file = named.get("file") as VarColumn | undefined;
    this.line = named.get("line") as Int64Column | undefined;
    this.offset = named.get("offset") as Int64Column | undefined;
    this.type = named.get("type") as VarColumn | undefined;
  }

  /**
   * `count` IDs of one width: text records of `record` bytes each holding `chars` characters of the canonical text,
   * the binary IDs back to back, and their Unix ms.
   */
  addIds(text: Uint8Array, record: number, chars: number, binary: Uint8Array, times: Float64Array, count: number): void {
    const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const { id, ts } = this;
    for (let i = 0; i < count; i++) {
      id.begin(chars).asciiText(view, i * record, chars);
      id.end();
      ts.add(times[i]!);
    }
    this.addBinary(binary, count);
  }

  /** As `addIds`, for IDs whose text varies in width (Snowflake's): each text record ended by "\n". */
  addIdLines(text: Uint8Array, binary: Uint8Array, times: Float64Array, count: number): void {
    const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
    const { id, ts } = this;
    for (let i = 0, at = 0; i < count; i++) {
      const end = text.indexOf(NEWLINE, at);
      id.begin(end - at).asciiText(view, at, end - at);
      id.end();
      ts.add(times[i]!);
      at = end + 1;
    }
    this.addBinary(binary, count);
  }

  /** The `bytes` column of `count` binary IDs back to back. */
  private addBinary(binary: Uint8Array, count: number): void {
    const { bytes } = this;
    if (bytes instanceof FixedColumn) {
      bytes.addMany(binary, count);
    } else {
      const width = binary.length / count;
      for (let i = 0; i < count; i++) bytes.add(binary, i * width, width);
    }
  }

  /** Writes a row group when GROUP_ROWS rows are waiting. */
  async flush(): Promise<void> {
    if (this.ts.rows >= GROUP_ROWS) await this.out.writeGroup();
  }
}
