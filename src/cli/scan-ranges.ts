/**
 * A file cut into ranges of whole lines for `ulid scan --jobs`: each range starts at a line start, so a range is
 * scanned as a stream of its own and finds exactly what a scan of the whole file finds there. An ID never spans a
 * newline (a newline is a border), the byte before a range is a newline (no letter to glue a match to), and an
 * escape sequence never continues past a newline (escapes.ts: a byte that does not fit ends it), so a fresh
 * scanner's state at a range start is the state a whole-file scan has there.
 */
import { readSync } from "node:fs";

const NEWLINE = 0x0a;
/** Bytes read at a time when looking for the next line start. */
const PROBE_BYTES = 1 << 16;

/**
 * The first line start at or after byte `at` of the open file `fd` (`size` bytes): `at` itself when the byte
 * before it is a newline, else the byte after the next newline, or `size` when there is none. Every range's end is
 * computed as the next range's start, so the ranges cover the file exactly, whatever `at` each begins with.
 */
export function lineStartFrom(fd: number, at: number, size: number): number {
  if (at <= 0) return 0;
  if (at >= size) return size;
  const probe = Buffer.alloc(PROBE_BYTES);
  for (let position = at - 1; position < size; ) {
    const read = readSync(fd, probe, 0, PROBE_BYTES, position);
    if (read === 0) break;
    const newline = probe.subarray(0, read).indexOf(NEWLINE);
    if (newline >= 0) return position + newline + 1;
    position += read;
  }
  return size;
}

/**
 * The newlines of a range, found once (memchr speed) both to report how many there are and to number the lines of
 * its matches, so the scanner need not count them again.
 */
export class NewlineIndex {
  private positions = new Uint32Array(1 << 12);
  private count = 0;
  /** How many newlines lie before the last offset asked for. */
  private passed = 0;

  /** Indexes the newlines of `bytes` (a Buffer: indexOf is memchr); returns how many there are. */
  index(bytes: Buffer): number {
    let count = 0;
    for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) {
      if (count === this.positions.length) {
        const grown = new Uint32Array(count * 2);
        grown.set(this.positions);
        this.positions = grown;
      }
      this.positions[count++] = at;
    }
    this.count = count;
    this.passed = 0;
    return count;
  }

  /** The newlines before byte `offset` of the range; offsets must be asked for in increasing order. */
  before(offset: number): number {
    while (this.passed < this.count && this.positions[this.passed]! < offset) this.passed++;
    return this.passed;
  }
}
