/**
 * A Parquet file written front to back, a row group at a time: "PAR1", each row group's column chunks (one data
 * page each: a page header in Thrift's compact protocol, then the values, plainly encoded and uncompressed), then
 * the footer (the file's metadata, its length as a little-endian uint32) and "PAR1". Only the footer is held to the
 * end, a few hundred bytes per row group. Every column is required (no nulls), so a page holds no definition or
 * repetition levels: its bytes are the column's bytes as `id-columns.ts` holds them.
 *
 * Why a writer of our own and no library: see docs/performance.md, "Columnar files". The format:
 * parquet-format's parquet.thrift (field ids below) and its LogicalTypes.md.
 */
import { type Column, type ColumnSpec, columnBytes, columnsOf, Int64Column, writeInt64 } from "./id-columns.js";
import { ThriftWriter } from "./thrift-compact.js";
import type { ColumnarFile } from "./columnar-file.js";

const MAGIC = new TextEncoder().encode("PAR1");

/** parquet.thrift's Type. */
const BYTE_ARRAY = 6;
const FIXED_LEN_BYTE_ARRAY = 7;
const INT64 = 2;
/** FieldRepetitionType.REQUIRED; ConvertedType.UTF8 and TIMESTAMP_MILLIS; Encoding.PLAIN; PageType.DATA_PAGE. */
const REQUIRED = 0;
const UTF8 = 0;
const TIMESTAMP_MILLIS = 9;
const PLAIN = 0;
/** Levels' encoding, named in every data page header though a required column has no levels. */
const RLE = 3;
const DATA_PAGE = 0;
const UNCOMPRESSED = 0;

/** A column chunk's place and figures, kept for the footer. */
interface ChunkMeta {
  readonly offset: number;
  readonly size: number;
  readonly rows: number;
  readonly min?: number;
  readonly max?: number;
}

interface GroupMeta {
  readonly rows: number;
  readonly offset: number;
  readonly size: number;
  readonly chunks: readonly ChunkMeta[];
}

export class ParquetFile implements ColumnarFile {
  readonly columns: Column[];
  private position = 0;
  private readonly groups: GroupMeta[] = [];

  constructor(
    private readonly specs: readonly ColumnSpec[],
    private readonly write: (bytes: Uint8Array) => Promise<void>,
    private readonly createdBy: string,
  ) {
    this.columns = columnsOf(specs, true);
  }

  async begin(): Promise<void> {
    await this.out(MAGIC);
  }

  async writeGroup(): Promise<void> {
    const rows = this.columns[0]!.rows;
    if (rows === 0) return;
    const start = this.position;
    const chunks: ChunkMeta[] = [];
    for (const column of this.columns) {
      const data = columnBytes(column);
      const header = new ThriftWriter()
        .i32(1, DATA_PAGE)
        .i32(2, data.length)
        .i32(3, data.length)
        .struct(5)
        .i32(1, rows)
        .i32(2, PLAIN)
        .i32(3, RLE)
        .i32(4, RLE)
        .end()
        .end()
        .bytes();
      const offset = this.position;
      await this.out(header);
      await this.out(data);
      const stats = column instanceof Int64Column ? { min: column.min, max: column.max } : {};
      chunks.push({ offset, size: header.length + data.length, rows, ...stats });
      column.clear();
    }
    this.groups.push({ rows, offset: start, size: this.position - start, chunks });
  }

  async finish(): Promise<void> {
    await this.writeGroup();
    const footer = this.footer();
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, footer.length, true);
    await this.out(footer);
    await this.out(length);
    await this.out(MAGIC);
  }

  private async out(bytes: Uint8Array): Promise<void> {
    await this.write(bytes);
    this.position += bytes.length;
  }

  /** FileMetaData: the schema, each row group's column chunks, and the columns' sort order for statistics. */
  private footer(): Uint8Array {
    const { specs, groups } = this;
    const meta = new ThriftWriter().i32(1, 1).structList(2, specs.length + 1);
    meta.struct().string(4, "schema").i32(5, specs.length).end();
    for (const spec of specs) schemaElement(meta, spec);
    meta.i64(3, groups.reduce((sum, group) => sum + group.rows, 0)).structList(4, groups.length);
    groups.forEach((group, ordinal) => {
      meta.struct().structList(1, group.chunks.length);
      group.chunks.forEach((chunk, i) => columnChunk(meta, specs[i]!, chunk));
      meta.i64(2, group.size).i64(3, group.rows).i64(5, group.offset).i64(6, group.size).i16(7, ordinal).end();
    });
    meta.string(6, this.createdBy).structList(7, specs.length);
    // ColumnOrder.TYPE_ORDER: statistics' min and max compare values as their type orders them.
    for (let i = 0; i < specs.length; i++) meta.struct().struct(1).end().end();
    return meta.end().bytes();
  }
}

/** SchemaElement of a required leaf column, with its logical type (LogicalType's union field ids). */
function schemaElement(meta: ThriftWriter, spec: ColumnSpec): void {
  meta.struct().i32(1, physicalType(spec));
  if (spec.type === "fixed") meta.i32(2, spec.width!);
  meta.i32(3, REQUIRED).string(4, spec.name);
  if (spec.type === "string") meta.i32(6, UTF8).struct(10).struct(1).end().end();
  // TimestampType { isAdjustedToUTC: true, unit: MILLIS }.
  if (spec.type === "timestamp") meta.i32(6, TIMESTAMP_MILLIS).struct(10).struct(8).bool(1, true).struct(2).struct(1).end().end().end().end();
  if (spec.type === "fixed" && spec.uuid === true) meta.struct(10).struct(14).end().end();
  meta.end();
}

/** ColumnChunk with its ColumnMetaData, and min/max statistics for integer columns. */
function columnChunk(meta: ThriftWriter, spec: ColumnSpec, chunk: ChunkMeta): void {
  meta.struct().i64(2, chunk.offset).struct(3);
  meta.i32(1, physicalType(spec)).i32List(2, [PLAIN]).stringList(3, [spec.name]).i32(4, UNCOMPRESSED);
  meta.i64(5, chunk.rows).i64(6, chunk.size).i64(7, chunk.size).i64(9, chunk.offset);
  if (chunk.min !== undefined && chunk.max !== undefined) {
    meta.struct(12).i64(3, 0).binary(5, int64Bytes(chunk.max)).binary(6, int64Bytes(chunk.min)).end();
  }
  meta.end().end();
}

function physicalType(spec: ColumnSpec): number {
  if (spec.type === "fixed") return FIXED_LEN_BYTE_ARRAY;
  if (spec.type === "string" || spec.type === "binary") return BYTE_ARRAY;
  return INT64;
}

function int64Bytes(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  writeInt64(new DataView(bytes.buffer), 0, value);
  return bytes;
}
