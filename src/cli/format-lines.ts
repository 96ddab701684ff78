/**
 * Newline-delimited IDs of the other formats (Ulid-Flake, BaseUID, UUID v7) from a stream of byte chunks: what
 * `ulid decode` and `ulid validate -` run for them. (ULID's own LineDecoder stages fixed-width records for its
 * engine; these formats go through their namespace's string batches, a batch of lines per call.)
 *
 * The rules are ULID's: a "\r" before a newline is dropped, the last line needs no newline, and every line must be
 * one ID (a blank line is a length fault). Bad lines are reported in line order, after the IDs of the lines before
 * them. A line longer than LONG_LINE characters keeps only its start, so memory stays bounded by the chunk size.
 */
import type { ChunkProcessor } from "../chunks.js";
import { UlidError, quote } from "../errors.js";

/** What the decoder needs from a format's namespace. */
export interface LineFormat {
  /** The format's name in messages. */
  readonly label: string;
  readonly chars: number;
  decode(text: string): Uint8Array;
  decodeMany(texts: readonly string[]): Uint8Array;
  validateMany(texts: readonly string[]): Uint8Array;
}

/** Lines per library call. */
const BATCH_LINES = 8192;
/** Longest line kept whole for its message; a longer one is reported by its length and start. */
const LONG_LINE = 256;

export class FormatLineDecoder implements ChunkProcessor<Uint8Array> {
  private readonly utf8 = new TextDecoder();
  /** The start of a line the last chunk did not finish, and its full length so far. */
  private partial = "";
  private partialLength = 0;
  /** Finished lines waiting for the library, and the index (0-based) of the first. */
  private lines: string[] = [];
  private firstLine = 0;
  private lineCount = 0;

  /** `onInvalid` gets each bad line's error and the line is skipped; without it, the first bad line throws. */
  constructor(
    private readonly format: LineFormat,
    private readonly onInvalid?: (error: UlidError) => void,
  ) {}

  push(chunk: Uint8Array, final: boolean, emit: (ids: Uint8Array) => void): void {
    const text = this.utf8.decode(chunk, { stream: !final });
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      this.hold(text, start, end);
      this.finishLine(emit);
      start = end + 1;
    }
    this.hold(text, start, text.length);
    if (final && this.partialLength > 0) this.finishLine(emit);
    this.flush(emit);
  }

  /** Appends text[start, end) to the unfinished line, keeping at most its first LONG_LINE characters. */
  private hold(text: string, start: number, end: number): void {
    if (this.partial.length < LONG_LINE) this.partial += text.slice(start, Math.min(end, start + LONG_LINE - this.partial.length));
    this.partialLength += end - start;
  }

  private finishLine(emit: (ids: Uint8Array) => void): void {
    let line = this.partial;
    const length = this.partialLength - (line.endsWith("\r") && this.partialLength <= LONG_LINE ? 1 : 0);
    if (length < line.length) line = line.slice(0, length);
    this.partial = "";
    this.partialLength = 0;
    if (length > LONG_LINE) {
      this.flush(emit);
      const { label, chars } = this.format;
      const reason = `a ${label} has ${chars} characters, got a line of ${length} starting ${quote(line.slice(0, 32))}`;
      this.invalid(new UlidError("INVALID_LENGTH", `line ${this.lineCount + 1}: ${reason}`, this.lineCount++));
      return;
    }
    if (this.lines.length === 0) this.firstLine = this.lineCount;
    this.lines.push(line);
    this.lineCount++;
    if (this.lines.length === BATCH_LINES) this.flush(emit);
  }

  /** Decodes the waiting lines: runs of valid ones in one call each, each bad one reported in its place. */
  private flush(emit: (ids: Uint8Array) => void): void {
    const lines = this.lines;
    this.lines = [];
    const flags = this.format.validateMany(lines);
    let run = 0;
    for (let i = 0; i <= lines.length; i++) {
      if (i < lines.length && flags[i] === 1) continue;
      if (i > run) emit(this.format.decodeMany(lines.slice(run, i)));
      run = i + 1;
      if (i < lines.length) this.invalid(this.lineError(lines[i]!, this.firstLine + i));
    }
  }

  private lineError(line: string, index: number): UlidError {
    try {
      this.format.decode(line);
    } catch (error) {
      if (error instanceof UlidError) return new UlidError(error.code, `line ${index + 1}: ${error.message}`, index);
      throw error;
    }
    throw new Error(`internal: line ${index + 1} was reported invalid but decodes`);
  }

  private invalid(error: UlidError): void {
    if (!this.onInvalid) throw error;
    this.onInvalid(error);
  }
}
