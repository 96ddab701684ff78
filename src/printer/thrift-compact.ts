/**
 * Thrift's compact protocol, the encoding of Parquet's metadata (its page headers and its footer), as far as a
 * writer of Parquet needs it: structs of integers, booleans, binary strings, nested structs and lists. Metadata is
 * a few hundred bytes per row group, so it is built in a plain array.
 *
 * A field is a header byte `delta << 4 | type` (delta: its id less the previous field's id in the same struct,
 * 1-15; else the type alone and the id as a zigzag varint), then its value: integers as zigzag varints, binary as
 * a varint length and the bytes, a boolean in the header's type itself (1 true, 2 false), a struct as its fields
 * and a stop byte 0. A list is a header `size << 4 | element type` (size under 15; else 0xF0 | type and a varint
 * size), then its elements without field headers.
 */

/** The compact protocol's type codes. */
const TRUE = 1;
const FALSE = 2;
const I16 = 4;
const I32 = 5;
const I64 = 6;
const BINARY = 8;
const LIST = 9;
const STRUCT = 12;

const encoder = new TextEncoder();

export class ThriftWriter {
  private readonly out: number[] = [];
  /** The last field id of each open struct, innermost last. */
  private readonly lastIds: number[] = [0];

  /** The bytes written, ready to be written out. */
  bytes(): Uint8Array {
    return Uint8Array.from(this.out);
  }

  i16(id: number, value: number): this {
    this.field(id, I16);
    return this.varint(zigzag(value));
  }

  i32(id: number, value: number): this {
    this.field(id, I32);
    return this.varint(zigzag(value));
  }

  /** An i64 of at most 2^53 in magnitude (a JavaScript number). */
  i64(id: number, value: number): this {
    this.field(id, I64);
    return this.varint(zigzag(value));
  }

  bool(id: number, value: boolean): this {
    return this.field(id, value ? TRUE : FALSE);
  }

  binary(id: number, value: Uint8Array): this {
    this.field(id, BINARY);
    this.varint(value.length);
    for (const byte of value) this.out.push(byte);
    return this;
  }

  string(id: number, value: string): this {
    return this.binary(id, encoder.encode(value));
  }

  /** Opens a struct field (or, with `id` undefined, a struct element of a list); `end` closes it. */
  struct(id?: number): this {
    if (id !== undefined) this.field(id, STRUCT);
    this.lastIds.push(0);
    return this;
  }

  /** Closes the innermost struct (the message itself at the very end). */
  end(): this {
    this.out.push(0);
    this.lastIds.pop();
    return this;
  }

  /** A list field of `size` structs: each written as `struct()` ... `end()` after this. */
  structList(id: number, size: number): this {
    this.field(id, LIST);
    return this.listHeader(size, STRUCT);
  }

  /** A list field of i32s (enum values). */
  i32List(id: number, values: readonly number[]): this {
    this.field(id, LIST);
    this.listHeader(values.length, I32);
    for (const value of values) this.varint(zigzag(value));
    return this;
  }

  /** A list field of strings. */
  stringList(id: number, values: readonly string[]): this {
    this.field(id, LIST);
    this.listHeader(values.length, BINARY);
    for (const value of values) {
      const bytes = encoder.encode(value);
      this.varint(bytes.length);
      for (const byte of bytes) this.out.push(byte);
    }
    return this;
  }

  private listHeader(size: number, type: number): this {
    if (size < 15) {
      this.out.push((size << 4) | type);
    } else {
      this.out.push(0xf0 | type);
      this.varint(size);
    }
    return this;
  }

  private field(id: number, type: number): this {
    const last = this.lastIds.length - 1;
    const delta = id - this.lastIds[last]!;
    if (delta > 0 && delta <= 15) {
      this.out.push((delta << 4) | type);
    } else {
      this.out.push(type);
      this.varint(zigzag(id));
    }
    this.lastIds[last] = id;
    return this;
  }

  /** An unsigned integer below 2^54, 7 bits a byte, lowest first (arithmetic: bit operators stop at 32 bits). */
  private varint(value: number): this {
    let rest = value;
    while (rest >= 0x80) {
      this.out.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.out.push(rest);
    return this;
  }
}

/** Zigzag: 0, -1, 1, -2 ... as 0, 1, 2, 3 ..., so small negative numbers make short varints. */
function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}
