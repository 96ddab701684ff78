/**
 * An Arrow IPC stream (what Arrow calls the streaming format, ".arrows"): a Schema message, a RecordBatch message per
 * row group, then the end-of-stream marker. Each message is 0xFFFFFFFF, the metadata's length, the metadata (a
 * FlatBuffer of Message.fbs's `Message`, padded to 8 bytes) and the body: the columns' buffers, each padded to 8
 * bytes. Nothing is held from one batch to the next, so it streams to a pipe as well as to a file.
 *
 * Every column is non-nullable: its validity buffer is empty. Text and variable-length binary are an int32 offset
 * per value and the bytes (Utf8, Binary), fixed-length binary the values back to back (FixedSizeBinary), integers
 * and times little-endian int64s (Int, Timestamp in ms with time zone "UTC"). A 16-byte ID column marked as UUIDs
 * carries the canonical `arrow.uuid` extension on its field. Offsets are copied as the platform stores an Int32Array:
 * little-endian, as on every platform Node runs on.
 */
import { FlatBufferBuilder } from "./flatbuffer-builder.js";
import { type Column, type ColumnSpec, columnBytes, columnsOf, VarColumn } from "./id-columns.js";
import type { ColumnarFile } from "./columnar-file.js";

/** Schema.fbs's MetadataVersion.V5, MessageHeader and Type union members, TimeUnit.MILLISECOND. */
const V5 = 4;
const SCHEMA = 1;
const RECORD_BATCH = 3;
const INT = 2;
const BINARY = 4;
const UTF8 = 5;
const TIMESTAMP = 10;
const FIXED_SIZE_BINARY = 15;
const MILLISECOND = 1;

const CONTINUATION = 0xffffffff;
const PADDING = new Uint8Array(8);

export class ArrowStream implements ColumnarFile {
  readonly columns: Column[];

  constructor(
    private readonly specs: readonly ColumnSpec[],
    private readonly write: (bytes: Uint8Array) => Promise<void>,
  ) {
    this.columns = columnsOf(specs, false);
  }

  async begin(): Promise<void> {
    const b = new FlatBufferBuilder();
    const fields = b.offsetVector(this.specs.map((spec) => field(b, spec)));
    b.startTable(2);
    b.int16Field(0, 0); // little-endian
    b.offsetField(1, fields);
    await this.message(b, SCHEMA, b.endTable(), []);
  }

  async writeGroup(): Promise<void> {
    const rows = this.columns[0]!.rows;
    if (rows === 0) return;
    const body: Uint8Array[] = [];
    const nodes: number[] = [];
    for (const column of this.columns) {
      nodes.push(rows, 0);
      body.push(PADDING.subarray(0, 0)); // the validity bitmap: none, no value is null
      if (column instanceof VarColumn) body.push(new Uint8Array(column.offsets.buffer, 0, (rows + 1) * 4));
      body.push(columnBytes(column));
    }
    const buffers: number[] = [];
    let at = 0;
    for (const buffer of body) {
      buffers.push(at, buffer.length);
      at += padded(buffer.length);
    }
    const b = new FlatBufferBuilder();
    const nodeVector = b.int64PairVector(nodes);
    const bufferVector = b.int64PairVector(buffers);
    b.startTable(3);
    b.int64Field(0, rows);
    b.offsetField(1, nodeVector);
    b.offsetField(2, bufferVector);
    await this.message(b, RECORD_BATCH, b.endTable(), body);
    for (const column of this.columns) column.clear();
  }

  async finish(): Promise<void> {
    await this.writeGroup();
    await this.write(framing(0));
  }

  /** A message: its metadata (`header` of `type`, built in `b`) framed and padded, then `body`'s buffers padded. */
  private async message(b: FlatBufferBuilder, type: number, header: number, body: readonly Uint8Array[]): Promise<void> {
    const bodyLength = body.reduce((sum, buffer) => sum + padded(buffer.length), 0);
    b.startTable(5);
    b.int16Field(0, V5);
    b.int8Field(1, type);
    b.offsetField(2, header);
    b.int64Field(3, bodyLength);
    const metadata = b.finish(b.endTable());
    const length = padded(metadata.length);
    await this.write(framing(length));
    await this.write(metadata);
    await this.write(PADDING.subarray(0, length - metadata.length));
    for (const buffer of body) {
      await this.write(buffer);
      await this.write(PADDING.subarray(0, padded(buffer.length) - buffer.length));
    }
  }
}

/** Schema.fbs's Field for `spec`: its name, not nullable, its type, no children, and the UUID extension if marked. */
function field(b: FlatBufferBuilder, spec: ColumnSpec): number {
  const name = b.string(spec.name);
  const [typeType, type] = arrowType(b, spec);
  const children = b.offsetVector([]);
  const metadata =
    spec.uuid === true
      ? b.offsetVector([keyValue(b, "ARROW:extension:name", "arrow.uuid"), keyValue(b, "ARROW:extension:metadata", "")])
      : undefined;
  b.startTable(7);
  b.offsetField(0, name);
  b.int8Field(1, 0);
  b.int8Field(2, typeType);
  b.offsetField(3, type);
  b.offsetField(5, children);
  if (metadata !== undefined) b.offsetField(6, metadata);
  return b.endTable();
}

function arrowType(b: FlatBufferBuilder, spec: ColumnSpec): [number, number] {
  switch (spec.type) {
    case "string":
      b.startTable(0);
      return [UTF8, b.endTable()];
    case "binary":
      b.startTable(0);
      return [BINARY, b.endTable()];
    case "fixed":
      b.startTable(1);
      b.int32Field(0, spec.width!);
      return [FIXED_SIZE_BINARY, b.endTable()];
    case "int64":
      b.startTable(2);
      b.int32Field(0, 64);
      b.int8Field(1, 1); // signed
      return [INT, b.endTable()];
    case "timestamp": {
      const zone = b.string("UTC");
      b.startTable(2);
      b.int16Field(0, MILLISECOND);
      b.offsetField(1, zone);
      return [TIMESTAMP, b.endTable()];
    }
  }
}

function keyValue(b: FlatBufferBuilder, key: string, value: string): number {
  const k = b.string(key);
  const v = b.string(value);
  b.startTable(2);
  b.offsetField(0, k);
  b.offsetField(1, v);
  return b.endTable();
}

/** The 8 bytes before a message's metadata (`length` 0: the end of the stream). */
function framing(length: number): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, CONTINUATION, true);
  view.setInt32(4, length, true);
  return bytes;
}

function padded(length: number): number {
  return Math.ceil(length / 8) * 8;
}
