/**
 * Decoding newline-delimited ULIDs from a stream of text chunks: the core behind `decodeStream`, `decodeLines`
 * and `ulid decode`. Lines end with "\n" (a "\r" before it is dropped, so CRLF text works); the last line needs
 * no newline. Every line must be one ULID, nothing else: no blank lines, no spaces. Lines split across chunks are
 * joined; memory stays bounded by the chunk size (of an over-long line only its start is kept, for the message).
 *
 * Runs of 26-byte lines are decoded by the engine where they lie in the chunk (they are 27-byte text records);
 * other lines are split one by one: those of 26 bytes are staged as records and decoded a batch at a time, any
 * other length is a length fault at once. Faults are reported in line order, after the IDs of the lines before.
 */
import type { ChunkProcessor } from "./chunks.js";
import { UlidError, quote, type UlidErrorCode } from "./errors.js";
import { TEXT_RECORD, ULID_BYTES, ULID_CHARS, type Engine } from "./engine/types.js";
import { findFault } from "./faults.js";

/** Records per engine call: the engine's own chunk (its text region holds 8192 records). */
const STAGE_RECORDS = 8192;
/** Longest line whose text goes into an error message whole; a longer one is reported by its length. */
const LONG_LINE = 256;
const NEWLINE = 0x0a;
const CR = 0x0d;

/** What a bad line means for the stream. */
export type InvalidLineHandler = (error: UlidError) => void;

const utf8 = new TextDecoder();

export class LineDecoder implements ChunkProcessor<Uint8Array> {
  /** Lines of 26 bytes waiting for the engine, each followed by "\n". */
  private readonly staged = new Uint8Array(TEXT_RECORD * STAGE_RECORDS);
  /** The line index of each staged record. */
  private readonly stagedLines = new Float64Array(STAGE_RECORDS);
  private stagedCount = 0;
  /** The start of a line the last chunk did not finish, and its full length so far. */
  private readonly partial = new Uint8Array(LONG_LINE);
  private partialLength = 0;
  /** Index (0-based) of the next line to finish. */
  private lineIndex = 0;
  /** The current push's output: 16 bytes per decoded ID. */
  private out = new Uint8Array(0);
  private outCount = 0;
  private emit: (ids: Uint8Array) => void = () => {};

  /** `onInvalid` gets each bad line's error and the line is skipped; without it, the first bad line throws. */
  constructor(
    private readonly engine: Engine,
    private readonly onInvalid?: InvalidLineHandler,
  ) {}

  push(chunk: Uint8Array, final: boolean, emit: (ids: Uint8Array) => void): void {
    this.emit = emit;
    // Every decoded line but the last takes 27 bytes, of which the unfinished line held at most 26.
    this.out = new Uint8Array(ULID_BYTES * (Math.floor((chunk.length + ULID_CHARS) / TEXT_RECORD) + 1));
    this.outCount = 0;
    let start = 0;
    let inPlace = this.partialLength === 0;
    for (;;) {
      if (inPlace) {
        const run = recordRun(chunk, start);
        const good = run > 0 ? this.decodeInPlace(chunk, start, run) : 0;
        start += TEXT_RECORD * good;
        if (run > 0 && good === run) continue;
      }
      // One line the slow way: not a 26-byte line, a line the engine refused, or one begun in the last chunk.
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      if (this.partialLength > 0) {
        this.hold(chunk, start, end);
        this.finishPartial();
      } else {
        this.line(chunk, start, end - start);
      }
      start = end + 1;
      inPlace = true;
    }
    this.hold(chunk, start, chunk.length);
    if (final && this.partialLength > 0) this.finishPartial();
    this.decodeStaged();
    this.emitOutput();
  }

  /**
   * Decodes `run` 27-byte records at `chunk[start]` where they are, after the staged lines; returns how many
   * were good before the first the engine refused (that one is left for the slow way, which names its fault).
   */
  private decodeInPlace(chunk: Uint8Array, start: number, run: number): number {
    this.decodeStaged();
    const batch = { kind: "text", text: chunk.subarray(start, start + TEXT_RECORD * run) } as const;
    const bad = this.engine.decodeMany(batch, run, this.out.subarray(ULID_BYTES * this.outCount));
    const good = bad < 0 ? run : bad;
    this.outCount += good;
    this.lineIndex += good;
    return good;
  }

  /** Appends `source[start, end)` to the unfinished line (keeping only its first LONG_LINE bytes). */
  private hold(source: Uint8Array, start: number, end: number): void {
    const held = Math.min(this.partialLength, LONG_LINE);
    const take = Math.min(end - start, LONG_LINE - held);
    for (let i = 0; i < take; i++) this.partial[held + i] = source[start + i];
    this.partialLength += end - start;
  }

  private finishPartial(): void {
    const length = this.partialLength;
    this.partialLength = 0;
    this.line(this.partial, 0, length);
  }

  /**
   * One finished line, without its "\n": `length` bytes at `source[start]`, of which at least the first LONG_LINE
   * are there. Bytes are copied by hand rather than through `subarray`, which costs an object per line.
   */
  private line(source: Uint8Array, start: number, length: number): void {
    const index = this.lineIndex++;
    if (length > 0 && length <= LONG_LINE && source[start + length - 1] === CR) length--;
    if (length !== ULID_CHARS) {
      this.decodeStaged();
      this.invalid(lineError(index, source.subarray(start, start + Math.min(length, LONG_LINE)), length));
      return;
    }
    const at = TEXT_RECORD * this.stagedCount;
    for (let i = 0; i < ULID_CHARS; i++) this.staged[at + i] = source[start + i];
    this.staged[at + ULID_CHARS] = NEWLINE;
    this.stagedLines[this.stagedCount++] = index;
    if (this.stagedCount === STAGE_RECORDS) this.decodeStaged();
  }

  /** Decodes the staged lines into the output, reporting each bad one in order. */
  private decodeStaged(): void {
    const count = this.stagedCount;
    this.stagedCount = 0;
    for (let from = 0; from < count; ) {
      const batch = { kind: "text", text: this.staged.subarray(TEXT_RECORD * from, TEXT_RECORD * count) } as const;
      const bad = this.engine.decodeMany(batch, count - from, this.out.subarray(ULID_BYTES * this.outCount));
      if (bad < 0) {
        this.outCount += count - from;
        return;
      }
      this.outCount += bad;
      const record = this.staged.subarray(TEXT_RECORD * (from + bad), TEXT_RECORD * (from + bad) + ULID_CHARS);
      this.invalid(lineError(this.stagedLines[from + bad], record, ULID_CHARS));
      from += bad + 1;
    }
  }

  private invalid(error: UlidError): void {
    if (this.onInvalid) {
      this.onInvalid(error);
      return;
    }
    this.emitOutput();
    throw error;
  }

  private emitOutput(): void {
    if (this.outCount > 0) this.emit(this.out.subarray(0, ULID_BYTES * this.outCount));
    this.outCount = 0;
  }
}

/**
 * How many 27-byte records start at `chunk[start]`: stretches where every 27th byte is a newline, which is how a
 * file of IDs, one per line, looks. Those lines are decoded in place, without being split and copied one by one.
 */
function recordRun(chunk: Uint8Array, start: number): number {
  let run = 0;
  for (let end = start + ULID_CHARS; end < chunk.length && chunk[end] === NEWLINE; end += TEXT_RECORD) run++;
  return run;
}

/** The error for line `index` (0-based): `bytes` is the line (its start, when longer than LONG_LINE). */
function lineError(index: number, bytes: Uint8Array, length: number): UlidError {
  const text = utf8.decode(bytes);
  let code: UlidErrorCode = "INVALID_LENGTH";
  let reason = `a ULID has ${ULID_CHARS} characters, got a line of ${length} bytes starting ${quote(text.slice(0, 32))}`;
  if (length <= LONG_LINE) {
    const fault = findFault(text)!;
    code = fault.code;
    reason = fault.reason;
  }
  return new UlidError(code, `line ${index + 1}: ${reason}`, index);
}
