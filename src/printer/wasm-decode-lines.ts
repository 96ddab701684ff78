/**
 * `ulid decode`'s whole output lines made in one pass by the command's module (assembly/command/decode-lines.ts):
 * ULID text records in, each valid one's line out (a start, the ID canonically, its time's suffix), with no call into
 * JavaScript per record but once per new time's suffix. decode-output.ts drives it; where the command's module is
 * not the engine, the TypeScript line writer makes the same bytes.
 */
import { ULID } from "../internal.js";
import { type CommandWasmExports, LINE_START_BYTES, LINE_SUFFIX_SLOTS, MAX_SUFFIX_BYTES } from "./wasm-kernels.js";

/**
 * How a decoded line is made: `start` (ASCII, at most LINE_START_BYTES), the ID's canonical text, then the suffix
 * of its time, which depends on the time alone and is made once per time (the TimeSuffix of byte-writer.ts).
 */
export interface LineShape {
  readonly start: string;
  /** The most bytes `suffix` writes: at most MAX_SUFFIX_BYTES. */
  readonly suffixBytes: number;
  /** Writes the suffix of Unix ms `time` (ASCII) from `into[0]`; returns its length. */
  suffix(time: number, into: Uint8Array): number;
}

/** The most bytes one line of `shape` takes, of an ID of `chars` chars: `out` of `LinesMany` holds this many per record. */
export function maxLineBytes(shape: LineShape, chars: number): number {
  return shape.start.length + chars + shape.suffixBytes;
}

/**
 * Reads `count` ULID text records of `text` and writes, from `out[0]`, one line per valid record as `shape` makes
 * it, 1 or 0 per record to `flags`, and after each record the bytes of `out` written so far to `ends` (an invalid
 * record writes no line). `out` must hold `count * maxLineBytes(shape, 26)` bytes. Returns the index of the first
 * invalid record, or -1. With `direct`, the lines of the records before the first invalid one are handed to it
 * instead, a block at a time as they are made (a view valid only during the call: `direct` writes it out at once),
 * and `ends` stays at 0 for them; from the first invalid record on, lines go to `out` as without it, so that what
 * follows a bad line waits for the caller. That spares a copy of every line (`ulid decode` into a file or a pipe).
 */
export type LinesMany = (
  text: Uint8Array,
  count: number,
  shape: LineShape,
  out: Uint8Array,
  ends: Uint32Array,
  flags: Uint8Array,
  direct?: (lines: Uint8Array) => void,
) => number;

/**
 * `LinesMany` over the command's module `x`: each chunk's records loaded once into the text region, then lines made
 * a lines region at a time and copied out with their ends and flags (or, with `direct` and until the first invalid
 * record, handed to it from the region); where the kernel stops for a time's suffix, the shape writes it into the
 * slot named and the kernel goes on.
 */
export function wasmDecodeLines(x: CommandWasmExports): LinesMany {
  const memory = x.memory.buffer;
  const chunk = x.formatChunk(ULID.wasmId);
  const record = ULID.chars + 1;
  const text = new Uint8Array(memory, x.textRegion(), record * chunk);
  const flags = new Uint8Array(memory, x.flagRegion(), chunk);
  const lines = new Uint8Array(memory, x.linesRegion(), x.linesBytes());
  const lineEnds = new Uint32Array(memory, x.lineEndRegion(), chunk);
  const lineStart = new Uint8Array(memory, x.pieceRegion(), LINE_START_BYTES);
  const slotBytes = x.suffixBytes();
  const suffixes = new Uint8Array(memory, x.suffixRegion(), LINE_SUFFIX_SLOTS * slotBytes);
  /** The shape `lineStart` was last given for: the kernel's suffixes are that shape's. */
  let shaped: LineShape | undefined;

  function selectShape(shape: LineShape): void {
    const { start } = shape;
    if (start.length > LINE_START_BYTES || shape.suffixBytes > MAX_SUFFIX_BYTES) {
      throw new Error(`a line shape over ${LINE_START_BYTES} bytes of start or ${MAX_SUFFIX_BYTES} of suffix: ${JSON.stringify(start)}`);
    }
    for (let i = 0; i < start.length; i++) lineStart[i] = start.charCodeAt(i);
    x.lineStart(start.length);
    shaped = shape;
  }

  return function linesMany(src, count, shape, out, ends, flagsOut, direct) {
    if (shape !== shaped) selectShape(shape);
    let first = -1;
    let written = 0;
    for (let start = 0; start < count; start += chunk) {
      const n = Math.min(chunk, count - start);
      const records = src.subarray(record * start, record * (start + n));
      text.set(records);
      for (let from = 0; from < n; ) {
        const to = x.ulidLines(n, records.length, from, written);
        const slot = x.lineNeedSlot();
        if (slot >= 0) x.lineSuffixBuilt(shape.suffix(x.lineNeedTime(), suffixes.subarray(slotBytes * slot, slotBytes * (slot + 1))));
        if (to === from) continue;
        const end = lineEnds[to - 1]!;
        const bad = x.lineFirstInvalid();
        if (bad >= 0 && first < 0) first = start + bad;
        if (first < 0 && direct !== undefined) {
          // `written` is 0 until the first invalid record, so these lines start the region.
          direct(lines.subarray(0, end));
          ends.fill(0, start + from, start + to);
        } else {
          out.set(lines.subarray(0, end - written), written);
          ends.set(lineEnds.subarray(from, to), start + from);
          written = end;
        }
        flagsOut.set(flags.subarray(from, to), start + from);
        from = to;
      }
    }
    return first;
  };
}
