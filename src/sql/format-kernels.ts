/**
 * One format's SQL functions over whole DuckDB vectors: each call reads a vector's values in bulk
 * (vector-strings.ts), runs one bulk call of the library over them (`decodeTimeMany`, `decodeMany` or
 * `validateMany` with flags, `encodeManyText`, `generateMany`) and writes the results back (vector-output.ts).
 *
 * A batch holds records of one width: the format's, or for a format whose text is as long as its prefix (TypeID)
 * the first value's; for a format whose texts vary in width (Snowflake's), of every width up to its widest. Values
 * of another width, and those the batch flags as invalid, are read one by one: that is where an invalid value's
 * error comes from (the library's message, which shows the value), and where a TypeID of another prefix than the
 * batch's is read under its own. A format whose texts vary in width ends a record at any byte that is no character
 * of it: a value holding one reads as several records, and then the vector's values are all read one by one.
 */
import { bindings, type Vector } from "./duckdb-bindings.js";
import type { IdFormat } from "./id-format.js";
import { VectorValues, isNullIn, validityBytes } from "./vector-strings.js";
import { copyNulls, readUuids, writeBooleans, writeLines, writeStrings, writeTimestamps, writeUuids } from "./vector-output.js";

/** The separator after each record of a text batch. */
const NEWLINE = 0x0a;
/** Bytes of a TIMESTAMP WITH TIME ZONE and of a UUID in a vector. */
const TIMESTAMP_BYTES = 8;
const UUID_BYTES = 16;

/** A failed call: the message DuckDB reports for the query. */
export class SqlFunctionError extends Error {}

export class FormatKernels {
  private readonly values = new VectorValues();
  private records: Uint8Array = new Uint8Array(0);
  private copied: Uint8Array = new Uint8Array(0);
  private flags: Uint8Array = new Uint8Array(0);
  private times: Float64Array = new Float64Array(0);
  private timeWords: Int32Array = new Int32Array(0);
  private bytes: Uint8Array = new Uint8Array(0);
  private uuidSlots: Uint8Array = new Uint8Array(0);
  /** The last ID `generate` made, which the next call's IDs follow. */
  private last: Uint8Array | undefined;
  /** A valid binary ID, standing in for NULL rows in a batch of bytes. */
  private readonly sample: Uint8Array;
  /** Whether `min`/`max` take fractions of a millisecond (BaseUID's ticks are finer). */
  private readonly fractionalTime: boolean;
  /** Whether the format's texts vary in width (Snowflake's): its batches then hold values of every width. */
  private readonly varying: boolean;
  /** Which rows one `gather` of a width copied, merged into `copied`. */
  private gathered: Uint8Array = new Uint8Array(0);

  constructor(private readonly format: IdFormat) {
    this.sample = format.generateMany(1);
    this.fractionalTime = acceptsFraction(format);
    this.varying = variesInWidth(format);
  }

  /** `F_timestamp(VARCHAR)`: each ID's time, to the millisecond. */
  timestamp(fn: string, input: Vector, output: Vector, count: number): void {
    const text = this.batch(input, count);
    const { values, copied, flags, times } = this;
    if (text > 0) this.inBatch(count, 1, () => this.format.decodeTimeMany(this.records.subarray(0, text), { out: times.subarray(0, count), flags: flags.subarray(0, count) }));
    for (let row = 0; row < count; row++) {
      if (values.isNull(row)) times[row] = Number.NaN;
      else if (copied[row] === 0 || flags[row] === 0) times[row] = this.one(fn, row, (text) => this.format.decodeTime(text));
    }
    copyNulls(output, values.mask, count);
    writeTimestamps(output, times, count, this.timeWords);
  }

  /** `F_valid(VARCHAR)`: whether each value is an ID of the format. */
  valid(input: Vector, output: Vector, count: number): void {
    const text = this.batch(input, count);
    const { values, copied } = this;
    const valid = new Uint8Array(count);
    if (text > 0) {
      this.inBatch(count, 1, () => {
        const flags = this.format.validateMany(this.records.subarray(0, text));
        // A batch that did not read as a record per row (values of another width than the format's, say) is read row
        // by row (`inBatch`): its flags are no row's. Taken as the rows' flags, a short array left rows unwritten.
        if (flags.length === count) valid.set(flags);
        return flags;
      });
    }
    for (let row = 0; row < count; row++) {
      if (values.isNull(row)) valid[row] = 0;
      else if (copied[row] === 0 || valid[row] === 0) valid[row] = this.format.isValid(values.text(row)) ? 1 : 0;
    }
    copyNulls(output, values.mask, count);
    writeBooleans(output, valid, count);
  }

  /** `F_to_blob(VARCHAR)`: each ID's bytes. */
  toBlob(fn: string, input: Vector, output: Vector, count: number): void {
    const size = this.format.bytes;
    this.decodeBytes(fn, input, count);
    copyNulls(output, this.values.mask, count);
    writeStrings(output, this.bytes, size, size, count, (row) => this.values.isNull(row));
  }

  /** `F_to_uuid(VARCHAR)`, for formats of 16 bytes: each ID's bytes as a UUID. */
  toUuid(fn: string, input: Vector, output: Vector, count: number): void {
    this.decodeBytes(fn, input, count);
    this.uuidSlots = grown(this.uuidSlots, count * UUID_BYTES);
    copyNulls(output, this.values.mask, count);
    writeUuids(output, this.bytes, count, this.uuidSlots);
  }

  /** `F_from_blob(BLOB)`: the text of each binary ID. */
  fromBlob(fn: string, input: Vector, output: Vector, count: number): void {
    const { values, format } = this;
    const size = format.bytes;
    values.read(input, count);
    this.bytes = grown(this.bytes, count * size);
    this.copied = grown(this.copied, count);
    values.gather(size, this.bytes, size, this.copied);
    for (let row = 0; row < count; row++) {
      if (this.copied[row] === 1) continue;
      if (!values.isNull(row)) {
        const bytes = values.bytes(row);
        throw new SqlFunctionError(`${fn}: a binary ${format.name} ID has ${size} bytes, got ${bytes.length}: ${hexOf(bytes)}`);
      }
      this.bytes.set(this.sample, row * size);
    }
    this.encodeInto(fn, output, count, values.mask, (row) => values.isNull(row));
  }

  /** `F_from_uuid(UUID)`, for formats of 16 bytes: the text of each UUID's bytes. */
  fromUuid(fn: string, input: Vector, output: Vector, count: number): void {
    const slots = bindings.vector_get_data(input, count * UUID_BYTES);
    const mask = bindings.vector_get_validity(input, validityBytes(count));
    this.bytes = grown(this.bytes, count * UUID_BYTES);
    readUuids(slots, count, this.bytes);
    const isNull = (row: number): boolean => isNullIn(mask, row);
    for (let row = 0; row < count; row++) if (isNull(row)) this.bytes.set(this.sample, row * UUID_BYTES);
    this.encodeInto(fn, output, count, mask, isNull, uuidText);
  }

  /** `F_min(TIMESTAMP WITH TIME ZONE)` and `F_max`: the smallest or largest ID of each time. */
  bound(fn: string, largest: boolean, input: Vector, output: Vector, count: number): void {
    const slots = bindings.vector_get_data(input, count * TIMESTAMP_BYTES);
    const micros = new BigInt64Array(slots.slice().buffer, 0, count);
    const mask = bindings.vector_get_validity(input, validityBytes(count));
    copyNulls(output, mask, count);
    for (let row = 0; row < count; row++) {
      if (isNullIn(mask, row)) continue;
      const ms = this.fractionalTime ? Number(micros[row]!) / 1000 : Number(floorDiv(micros[row]!, 1000n));
      let id: string;
      try {
        id = largest ? this.format.max(ms) : this.format.min(ms);
      } catch (error) {
        throw new SqlFunctionError(`${fn}: ${messageOf(error)}`);
      }
      bindings.vector_assign_string_element(output, row, id);
    }
  }

  /** `F_generate()`: `count` new IDs, strictly increasing, each after the last one of the call before. */
  generate(fn: string, output: Vector, count: number): void {
    let bytes: Uint8Array;
    try {
      bytes = this.format.generateMany(count, this.last === undefined ? undefined : { after: this.last });
    } catch (error) {
      throw new SqlFunctionError(`${fn}: ${messageOf(error)}`);
    }
    this.last = bytes.slice(bytes.length - this.format.bytes);
    this.bytes = bytes;
    this.encodeInto(fn, output, count, null, () => false);
  }

  /**
   * Reads the values of `input` into a text batch of records (`this.records`) of one width, each followed by a
   * newline (for a format whose texts vary in width, of each value's width: `varyingBatch`), and decodes nothing
   * yet: `copied[row]` says which rows it holds. Rows it does not hold carry a copy of one it does, so that the
   * batch's width and TypeID prefix are those of real values. Returns the length of the batch's text, or 0 when no
   * row fits a batch.
   */
  private batch(input: Vector, count: number): number {
    const { values } = this;
    values.read(input, count);
    const width = this.varying ? this.format.chars : this.widthOf(count);
    if (width === 0) {
      this.copied = grown(this.copied, count).fill(0, 0, count);
      this.flags = grown(this.flags, count);
      this.times = grownTimes(this.times, count);
      this.timeWords = grownWords(this.timeWords, 2 * count);
      return 0;
    }
    const stride = width + 1;
    this.records = grown(this.records, count * stride);
    this.copied = grown(this.copied, count);
    this.flags = grown(this.flags, count);
    this.times = grownTimes(this.times, count);
    this.timeWords = grownWords(this.timeWords, 2 * count);
    const { records, copied } = this;
    if (this.varying) return this.varyingBatch(count, stride);
    if (values.gather(width, records, stride, copied) === 0) return 0;
    const first = copied.indexOf(1);
    for (let row = 0; row < count; row++) {
      if (copied[row] === 0) records.copyWithin(row * stride, first * stride, first * stride + width);
      records[row * stride + width] = NEWLINE;
    }
    return count * stride;
  }

  /**
   * `batch` for a format whose texts vary in width (Snowflake's): the values of each width up to the widest are
   * gathered into records of `stride` bytes, then moved together, each followed by a newline (a record never moves
   * past where the next one starts). Returns the text's length, or 0 when no row fits.
   */
  private varyingBatch(count: number, stride: number): number {
    const { values, records, copied } = this;
    this.gathered = grown(this.gathered, count);
    copied.fill(0, 0, count);
    const widths = new Set<number>();
    for (let row = 0; row < count; row++) {
      const width = values.isNull(row) ? 0 : values.byteLength(row);
      if (width > 0 && width < stride) widths.add(width);
    }
    for (const width of widths) {
      values.gather(width, records, stride, this.gathered);
      for (let row = 0; row < count; row++) copied[row] |= this.gathered[row]!;
    }
    const first = copied.indexOf(1);
    if (first < 0 || first >= count) return 0;
    // The stand-in for the rows left out, kept apart: moving the records together may overwrite where it was.
    const standIn = records.slice(first * stride, first * stride + values.byteLength(first));
    let at = 0;
    for (let row = 0; row < count; row++) {
      if (copied[row] === 1) {
        const width = values.byteLength(row);
        records.copyWithin(at, row * stride, row * stride + width);
        at += width;
      } else {
        records.set(standIn, at);
        at += standIn.length;
      }
      records[at++] = NEWLINE;
    }
    return at;
  }

  /**
   * Runs `call`, a bulk call over the batch of `count` records whose result is `perRecord` long for each; when its
   * text did not read as `count` records (its result has another length, or its outputs were too small for them),
   * marks every row as left out of the batch, to be read on its own.
   */
  private inBatch(count: number, perRecord: number, call: () => { readonly length: number }): void {
    let length: number;
    try {
      length = call().length;
    } catch {
      length = -1;
    }
    if (length !== count * perRecord) this.copied.fill(0, 0, count);
  }

  /** The width of a batch: the format's text length, or, when no value has it, the first value's (a TypeID's). */
  private widthOf(count: number): number {
    const { values } = this;
    let first = 0;
    for (let row = 0; row < count; row++) {
      if (values.isNull(row)) continue;
      const length = values.byteLength(row);
      if (length === this.format.chars) return length;
      if (first === 0) first = length;
    }
    return first;
  }

  /** Decodes `input`'s IDs into `this.bytes`, the format's width each; an invalid one throws. */
  private decodeBytes(fn: string, input: Vector, count: number): void {
    const size = this.format.bytes;
    const text = this.batch(input, count);
    this.bytes = grown(this.bytes, count * size);
    const { values, copied, flags, bytes } = this;
    if (text > 0) this.inBatch(count, size, () => this.format.decodeMany(this.records.subarray(0, text), { out: bytes.subarray(0, count * size), flags: flags.subarray(0, count) }));
    for (let row = 0; row < count; row++) {
      if (values.isNull(row)) continue;
      if (copied[row] === 0 || flags[row] === 0) bytes.set(this.one(fn, row, (text) => this.format.decode(text)), row * size);
    }
  }

  /**
   * Writes the text of `this.bytes`' `count` IDs into `output`, but for the rows `isNull` marks. Bytes that are no ID
   * of the format fail with the library's message for that one ID, after the value as `show` writes it.
   */
  private encodeInto(fn: string, output: Vector, count: number, mask: Uint8Array | null, isNull: (row: number) => boolean, show: (bytes: Uint8Array) => string = hexOf): void {
    const { format } = this;
    const size = format.bytes;
    let text: Uint8Array;
    try {
      text = format.encodeManyText(this.bytes.subarray(0, count * size));
    } catch (error) {
      const row = (error as { index?: number }).index ?? 0;
      const bytes = this.bytes.slice(row * size, (row + 1) * size);
      throw new SqlFunctionError(`${fn}: ${show(bytes)}: ${messageOf(attempt(() => format.encode(bytes)) ?? error)}`);
    }
    copyNulls(output, mask, count);
    // Records of one width, or, for a format whose texts vary in width, each of its own, up to its newline.
    if (text.length === count * (format.chars + 1)) writeStrings(output, text, format.chars + 1, format.chars, count, isNull);
    else writeLines(output, text, count, isNull);
  }

  /** Reads one value on its own: the result, or an error naming the function (the message shows the value). */
  private one<T>(fn: string, row: number, read: (text: string) => T): T {
    try {
      return read(this.values.text(row));
    } catch (error) {
      throw new SqlFunctionError(`${fn}: ${messageOf(error)}`);
    }
  }
}

/** What `run` throws, or undefined. */
function attempt(run: () => unknown): unknown {
  try {
    run();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** 16 bytes as UUID text, 8-4-4-4-12 lower-case hex. */
function uuidText(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether a format's texts vary in width: its zero ID is written shorter than its widest text (Snowflake's "0"). */
function variesInWidth(format: IdFormat): boolean {
  try {
    return format.encode(new Uint8Array(format.bytes)).length < format.chars;
  } catch {
    return false;
  }
}

function acceptsFraction(format: IdFormat): boolean {
  try {
    format.min(Date.UTC(2025, 0, 1) + 0.5);
    return true;
  } catch {
    return false;
  }
}

/** Floor division of int64 micros, for times before 1970 too. */
function floorDiv(value: bigint, by: bigint): bigint {
  const quotient = value / by;
  return value % by < 0n ? quotient - 1n : quotient;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Bytes of a value shown in a message at most: a blob of any size gives a message of a line. */
const SHOWN_BYTES = 32;

/** Bytes as DuckDB prints a BLOB, `\x01\xAB`, the first SHOWN_BYTES of them and "..." after when there are more. */
function hexOf(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes.subarray(0, SHOWN_BYTES)) hex += `\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return bytes.length > SHOWN_BYTES ? `${hex}...` : hex;
}

function grown(array: Uint8Array, length: number): Uint8Array {
  return array.length >= length ? array : new Uint8Array(length);
}

function grownTimes(array: Float64Array, length: number): Float64Array {
  return array.length >= length ? array : new Float64Array(length);
}

function grownWords(array: Int32Array, length: number): Int32Array {
  return array.length >= length ? array : new Int32Array(length);
}
