/**
 * The columns of a columnar file of IDs (`--format parquet|arrow`), filled a row group at a time and cleared for
 * the next, so memory stays flat. Each column holds its values as the file stores them: text and variable-length
 * binary as bytes with an offset per value (Parquet's plain encoding also puts each value's length before it),
 * fixed-length binary back to back, integers and times as little-endian int64s. A file writer then writes a
 * column's bytes as they are.
 */
import { ByteWriter } from "./byte-writer.js";

export type ColumnType =
  /** UTF-8 text. */
  | "string"
  /** Binary values of varying lengths. */
  | "binary"
  /** Binary values of one length, `width`. */
  | "fixed"
  | "int64"
  /** Unix ms, UTC. */
  | "timestamp";

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  /** Bytes of each value of a "fixed" column. */
  readonly width?: number;
  /** A "fixed" column of 16 bytes to be marked as UUIDs (Parquet's UUID logical type, Arrow's `arrow.uuid`). */
  readonly uuid?: boolean;
}

/** Values of varying lengths: text or binary. */
export class VarColumn {
  readonly data = new ByteWriter();
  /** Where value `i` starts in `data` (its length prefix, if any, before it) and, at `i + 1`, where it ends. */
  offsets = new Int32Array(1024);
  rows = 0;

  /** `lengthPrefixed`: each value preceded by its length as a little-endian uint32 (Parquet's plain encoding). */
  constructor(
    readonly spec: ColumnSpec,
    readonly lengthPrefixed: boolean,
  ) {}

  /**
   * Starts a value of `length` bytes, which the caller then writes to `data`, and `end`s. (Text written by the
   * printer's own writers, such as a scan match made canonical, goes straight into the column this way.)
   */
  begin(length: number): ByteWriter {
    if (this.lengthPrefixed) this.data.uint32(length);
    return this.data;
  }

  end(): void {
    if (this.rows + 2 > this.offsets.length) this.offsets = grown(this.offsets, this.rows + 2);
    this.offsets[++this.rows] = this.data.size;
  }

  /** One value: `count` bytes of `source` from `at` (a short one: copied byte by byte, no view made). */
  add(source: Uint8Array, at: number, count: number): void {
    this.begin(count).bytes(source, at, count);
    this.end();
  }

  clear(): void {
    this.data.clear();
    this.rows = 0;
  }
}

/** Values of one length, back to back. */
export class FixedColumn {
  data: Uint8Array;
  rows = 0;

  constructor(
    readonly spec: ColumnSpec,
    readonly width: number,
  ) {
    this.data = new Uint8Array(width * 1024);
  }

  /** `count` values from `source` (`width` bytes each, back to back). */
  addMany(source: Uint8Array, count: number): void {
    const end = (this.rows + count) * this.width;
    if (end > this.data.length) this.data = grown(this.data, end);
    this.data.set(source.subarray(0, count * this.width), this.rows * this.width);
    this.rows += count;
  }

  /** One value: `width` bytes of `source` from `at`. */
  add(source: Uint8Array, at: number): void {
    const width = this.width;
    if ((this.rows + 1) * width > this.data.length) this.data = grown(this.data, (this.rows + 1) * width);
    const data = this.data;
    for (let i = 0, to = this.rows * width; i < width; i++) data[to + i] = source[at + i]!;
    this.rows++;
  }

  clear(): void {
    this.rows = 0;
  }
}

const TWO_32 = 2 ** 32;

/** Integers as little-endian int64s, with the least and greatest value (Parquet's statistics). */
export class Int64Column {
  data = new Uint8Array(8 * 1024);
  private words = new DataView(this.data.buffer);
  rows = 0;
  min = Infinity;
  max = -Infinity;

  constructor(readonly spec: ColumnSpec) {}

  /** An integer of at most 2^53 in magnitude. */
  add(value: number): void {
    if ((this.rows + 1) * 8 > this.data.length) {
      this.data = grown(this.data, (this.rows + 1) * 8);
      this.words = new DataView(this.data.buffer);
    }
    writeInt64(this.words, this.rows * 8, value);
    this.rows++;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  clear(): void {
    this.rows = 0;
    this.min = Infinity;
    this.max = -Infinity;
  }
}

export type Column = VarColumn | FixedColumn | Int64Column;

/** An integer of at most 2^53 in magnitude as a little-endian int64 at `at` (two's complement for negatives). */
export function writeInt64(words: DataView, at: number, value: number): void {
  const high = Math.floor(value / TWO_32);
  words.setUint32(at, value - high * TWO_32, true);
  words.setInt32(at + 4, high, true);
}

/** The columns of `specs`, empty, as a file of `lengthPrefixed` text (see `VarColumn`) stores them. */
export function columnsOf(specs: readonly ColumnSpec[], lengthPrefixed: boolean): Column[] {
  return specs.map((spec) => {
    if (spec.type === "string" || spec.type === "binary") return new VarColumn(spec, lengthPrefixed);
    if (spec.type === "fixed") return new FixedColumn(spec, spec.width!);
    return new Int64Column(spec);
  });
}

/** The bytes a column stores for its rows so far (see the column classes). */
export function columnBytes(column: Column): Uint8Array {
  if (column instanceof VarColumn) return column.data.view();
  if (column instanceof FixedColumn) return column.data.subarray(0, column.rows * column.width);
  return column.data.subarray(0, column.rows * 8);
}

/** A copy of `array` with room for at least `size` elements (twice as many, so a column grows in few steps). */
function grown<T extends Uint8Array | Int32Array>(array: T, size: number): T {
  let length = array.length * 2;
  while (length < size) length *= 2;
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}
