/**
 * Copying ASCII text 8 bytes per step: JavaScript pays per element stored, not per byte, so a line copied in words
 * takes a fraction of a byte loop's time. The hot path of every printed line (an ID's characters, a time's suffix).
 */

/** Room a target keeps after the last byte written: a word step may store up to 7 bytes past the end of what it copies. */
export const SLACK = 8;

/** Text known to be ASCII, as bytes padded with zeros to whole 8-byte words (see `copyAscii`). */
export class AsciiBytes {
  readonly bytes: Uint8Array;
  readonly words: DataView;
  readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    this.bytes = new Uint8Array(Math.ceil(text.length / 8) * 8);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) throw new Error(`not ASCII: ${JSON.stringify(text)}`);
      this.bytes[i] = code;
    }
    this.words = new DataView(this.bytes.buffer);
  }
}

/**
 * Copies `count` bytes of ASCII text (every byte below 0x80) from `source[from]` to `target[to]` 8 bytes at a
 * time, through float64 loads and stores: a double is a NaN (whose bits an engine may change) only when its 11
 * exponent bits are all ones, which needs a byte of 0xF0 or more, never ASCII, so the bits arrive as they left.
 * The last step may store up to 7 bytes past `to + count` (bytes read at and past `from + count`): the target
 * needs SLACK bytes of room, the source must hold them (or the copy ends with single bytes: `exact`).
 */
export function copyAscii(target: DataView, to: number, source: DataView, from: number, count: number, exact: boolean): void {
  let i = 0;
  const words = exact ? count - 7 : count;
  // Little-endian both ways: the bytes' own order on the machines Node runs on, so no byte swapping.
  for (; i < words; i += 8) target.setFloat64(to + i, source.getFloat64(from + i, true), true);
  if (i >= count) return;
  // The last 1-7 bytes, exactly: 4, 2 and 1 at a time (a byte loop cost more than the whole word copy of an ID). Int32,
  // not Uint32: its values are always small integers to the engine, never boxed numbers.
  if (i + 4 <= count) {
    target.setInt32(to + i, source.getInt32(from + i, true), true);
    i += 4;
  }
  if (i + 2 <= count) {
    target.setUint16(to + i, source.getUint16(from + i, true), true);
    i += 2;
  }
  if (i < count) target.setUint8(to + i, source.getUint8(from + i));
}
