/**
 * A file cut into ranges of whole lines for `ulid scan --jobs`: each range starts at a line start, so a range is
 * scanned as a stream of its own and finds exactly what a scan of the whole file finds there. An ID never spans a
 * newline (a newline is a border), the byte before a range is a newline (no letter to glue a match to), and an
 * escape sequence never continues past a newline (escapes.ts: a byte that does not fit ends it), so a fresh
 * scanner's state at a range start is the state a whole-file scan has there.
 */
import { SCAN_BYTES } from "../../internal.js";
import { readSync } from "node:fs";
import { commandWasm } from "../../printer/wasm-kernels.js";

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
 * Where the last line that starts before byte `size` of the open file `fd` starts: `size` itself when the byte
 * before it is a newline, else the byte after the last newline before it, or 0 when there is none. The ranges of
 * `scan --jobs` end there, at a line start, whatever the file holds from `size` on: a size read at the start may not
 * be the file's length (a log being appended to, a file of /proc whose size reads 0), and what follows is read
 * as one job reads it.
 */
export function lastLineStart(fd: number, size: number): number {
  const probe = Buffer.alloc(Math.min(PROBE_BYTES, size));
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - PROBE_BYTES);
    const read = readSync(fd, probe, 0, end - start, start);
    const newline = probe.subarray(0, read).lastIndexOf(NEWLINE);
    if (newline >= 0) return start + newline + 1;
    end = start;
  }
  return 0;
}

/**
 * The newlines in `bytes`: counted by the command's module 16 bytes a step, a scan window at a time, or else one
 * `indexOf` (memchr) per line, whose call cost per line adds up on a large log of short lines (bench/cli.mjs).
 */
export function newlineCount(bytes: Buffer): number {
  const wasm = commandWasm();
  let count = 0;
  if (wasm === null) {
    for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) count++;
    return count;
  }
  const text = new Uint8Array(wasm.memory.buffer, wasm.scanTextRegion(), SCAN_BYTES);
  for (let at = 0; at < bytes.length; at += SCAN_BYTES) {
    const piece = bytes.subarray(at, at + SCAN_BYTES);
    text.set(piece);
    count += wasm.scanNewlines(piece.length);
  }
  return count;
}
