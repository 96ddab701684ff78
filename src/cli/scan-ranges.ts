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

/** The newlines in `bytes` (a Buffer: indexOf is memchr). */
export function newlineCount(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) count++;
  return count;
}
