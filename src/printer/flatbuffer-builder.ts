/**
 * A FlatBuffers builder, as far as Arrow's IPC metadata needs it: tables of scalars and offsets, strings, vectors
 * of offsets and of 16-byte structs of two int64s. A few hundred bytes per message, built like the official
 * builders: back to front (a child before its parent, so every offset points forward), each object aligned to its
 * largest scalar relative to the buffer's end, the whole padded to that alignment, so it holds relative to its start
 * too.
 *
 * Layout (flatbuffers' "internals"): a table starts with an int32, its own position less its vtable's; the vtable is
 * uint16s: its size, the table's size, then each field's position in the table (0: absent). An offset is a uint32,
 * the target's position less its own. A string is a uint32 length, the bytes and a 0; a vector a uint32 count and the
 * elements.
 */

import { writeInt64 } from "./id-columns.js";

const encoder = new TextEncoder();

export class FlatBufferBuilder {
  private buffer = new Uint8Array(1024);
  private view = new DataView(this.buffer.buffer);
  /** Where the bytes written so far start; they end at the buffer's end. */
  private space = this.buffer.length;
  private minAlign = 1;
  private vtable: number[] = [];
  private objectEnd = 0;

  /** Bytes written so far: the "offset" by which an object is referred to. */
  offset(): number {
    return this.buffer.length - this.space;
  }

  string(text: string): number {
    const bytes = encoder.encode(text);
    this.prep(4, bytes.length + 1);
    this.space -= 1;
    this.buffer[this.space] = 0;
    this.space -= bytes.length;
    this.buffer.set(bytes, this.space);
    this.putUint32(bytes.length);
    return this.offset();
  }

  /** A vector of offsets (to tables or strings made before). */
  offsetVector(offsets: readonly number[]): number {
    this.prep(4, 4 * offsets.length);
    for (let i = offsets.length - 1; i >= 0; i--) this.offsetValue(offsets[i]!);
    this.putUint32(offsets.length);
    return this.offset();
  }

  /** A vector of structs of two int64s (Arrow's FieldNode and Buffer), `pairs` flat: a0, b0, a1, b1 ... */
  int64PairVector(pairs: readonly number[]): number {
    this.prep(8, 8 * pairs.length);
    for (let i = pairs.length - 1; i >= 0; i--) this.putInt64(pairs[i]!);
    this.prep(4, 0);
    this.putUint32(pairs.length / 2);
    return this.offset();
  }

  startTable(fields: number): void {
    this.vtable = new Array<number>(fields).fill(0);
    this.objectEnd = this.offset();
  }

  int8Field(field: number, value: number): void {
    this.prep(1, 0);
    this.space -= 1;
    this.view.setInt8(this.space, value);
    this.vtable[field] = this.offset();
  }

  int16Field(field: number, value: number): void {
    this.prep(2, 0);
    this.space -= 2;
    this.view.setInt16(this.space, value, true);
    this.vtable[field] = this.offset();
  }

  int32Field(field: number, value: number): void {
    this.prep(4, 0);
    this.putUint32(value >>> 0);
    this.vtable[field] = this.offset();
  }

  int64Field(field: number, value: number): void {
    this.prep(8, 0);
    this.putInt64(value);
    this.vtable[field] = this.offset();
  }

  offsetField(field: number, offset: number): void {
    this.prep(4, 0);
    this.offsetValue(offset);
    this.vtable[field] = this.offset();
  }

  endTable(): number {
    this.prep(4, 0);
    this.putUint32(0); // the vtable's place, set below
    const table = this.offset();
    let fields = this.vtable.length;
    while (fields > 0 && this.vtable[fields - 1] === 0) fields--;
    for (let i = fields - 1; i >= 0; i--) {
      const at = this.vtable[i]!;
      this.putUint16(at === 0 ? 0 : table - at);
    }
    this.putUint16(table - this.objectEnd);
    this.putUint16((fields + 2) * 2);
    const vtable = this.offset();
    this.view.setInt32(this.buffer.length - table, vtable - table, true);
    return table;
  }

  /** The finished buffer with `root` as its root table. */
  finish(root: number): Uint8Array {
    this.prep(this.minAlign, 4);
    this.offsetValue(root);
    return this.buffer.slice(this.space);
  }

  /** An offset to `target`, written at the next place (already aligned). */
  private offsetValue(target: number): void {
    this.putUint32(this.offset() + 4 - target);
  }

  private putUint16(value: number): void {
    this.prep(2, 0);
    this.space -= 2;
    this.view.setUint16(this.space, value, true);
  }

  private putUint32(value: number): void {
    this.reserve(4);
    this.space -= 4;
    this.view.setUint32(this.space, value, true);
  }

  /** An integer of at most 2^53 in magnitude, as a little-endian int64. */
  private putInt64(value: number): void {
    this.reserve(8);
    this.space -= 8;
    writeInt64(this.view, this.space, value);
  }

  /**
   * Pads so that, once `additional` bytes more are written, the next `size`-byte value written is aligned to `size`
   * (from the buffer's end).
   */
  private prep(size: number, additional: number): void {
    if (size > this.minAlign) this.minAlign = size;
    const padding = (size - ((this.offset() + additional) % size)) % size;
    this.reserve(padding + size + additional);
    for (let i = 0; i < padding; i++) this.buffer[--this.space] = 0;
  }

  private reserve(count: number): void {
    if (this.space >= count) return;
    const used = this.offset();
    let size = this.buffer.length * 2;
    while (size - used < count) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buffer.subarray(this.space), size - used);
    this.space = size - used;
    this.buffer = bigger;
    this.view = new DataView(bigger.buffer);
  }
}
