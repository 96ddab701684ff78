/**
 * Finding ULIDs in a stream of text chunks: the engine-independent loop around `Engine.scanWindow`. It feeds the
 * input through windows of at most SCAN_BYTES, carries a token that reaches the end of a window or chunk over to
 * the next one (so a chunk boundary never splits, hides or invents a match), tracks byte offsets from the start
 * of the stream, and counts lines when asked. Memory is constant: the carry is at most 26 bytes.
 *
 * Each match goes to a visitor with the window that holds it, so a caller that writes bytes (`ulid scan`) makes
 * no string or object per match; `src/scan.ts` builds the public match objects from the same visits.
 */
import { isAsciiAlphanumeric } from "./crockford.js";
import { SCAN_BYTES, SCAN_MATCHES, SCAN_TOKEN as ULID_CHARS, type Engine } from "./engine/types.js";

/**
 * Receives each match in order: `window[at..at+26)` holds its text (valid only during the call), `offset` is its
 * byte offset from the start of the stream, `time` its Unix ms, `line` its 1-based line (0 when lines are not
 * counted).
 */
export type MatchVisitor = (window: Uint8Array, at: number, offset: number, time: number, line: number) => void;

const NEWLINE = 0x0a;

export class Scanner {
  /** The undecided tail of the last window (a run of letters and digits of at most 26 bytes). */
  private readonly carry = new Uint8Array(ULID_CHARS);
  private carryLength = 0;
  /** Whether the byte before the next window is a letter or digit (so a token at its start is glued). */
  private afterAlnum = false;
  /** Stream offset of the next window's first byte. */
  private base = 0;
  /** Line number of the next window's first byte. */
  private line = 1;
  /** A window that starts with the carry: the carry, then the next bytes of the chunk. */
  private readonly joined = new Uint8Array(SCAN_BYTES);
  private readonly offsets = new Uint32Array(SCAN_MATCHES);
  private readonly times = new Float64Array(SCAN_MATCHES);
  /** The first newline of the current window not yet counted, or -1 (none left, or lines not counted). */
  private nextNewline = -1;

  constructor(
    private readonly engine: Engine,
    private readonly countLines: boolean,
    private readonly visit: MatchVisitor,
  ) {}

  /** Scans the next chunk of the stream; `final` marks the end of input (the chunk may be empty). */
  push(chunk: Uint8Array, final: boolean): void {
    let next = 0;
    do {
      let window: Uint8Array;
      if (this.carryLength > 0) {
        const take = Math.min(chunk.length - next, SCAN_BYTES - this.carryLength);
        this.joined.set(this.carry.subarray(0, this.carryLength));
        this.joined.set(chunk.subarray(next, next + take), this.carryLength);
        window = this.joined.subarray(0, this.carryLength + take);
        next += take;
      } else {
        window = chunk.subarray(next, next + SCAN_BYTES);
        next += window.length;
      }
      const atEnd = final && next === chunk.length;
      this.searchWindow(window, atEnd);
      if (atEnd) break;
      // A run of letters and digits that reaches the window's end is undecided: up to 26 bytes may still be a
      // token, so they start the next window (re-read from the chunk, or carried when the chunk ends); a longer
      // run never matches, and only glues what follows.
      const run = trailingRun(window);
      const rest = run <= ULID_CHARS ? run : 0;
      if (run > ULID_CHARS) this.afterAlnum = true;
      else if (run < window.length) this.afterAlnum = false;
      this.countNewlines(window, window.length - rest);
      this.base += window.length - rest;
      this.carryLength = 0;
      if (next < chunk.length) {
        next -= rest;
      } else {
        this.carry.set(window.subarray(window.length - rest));
        this.carryLength = rest;
      }
    } while (next < chunk.length);
  }

  /** Visits the matches of one window. */
  private searchWindow(window: Uint8Array, atEnd: boolean): void {
    const count = this.engine.scanWindow(window, this.afterAlnum, atEnd, this.offsets, this.times);
    this.nextNewline = this.countLines ? window.indexOf(NEWLINE) : -1;
    for (let i = 0; i < count; i++) {
      const at = this.offsets[i];
      if (this.countLines) this.countNewlines(window, at);
      this.visit(window, at, this.base + at, this.times[i], this.countLines ? this.line : 0);
    }
  }

  /**
   * Adds the newlines of the current window before `end` (which only grows within a window) to the line count.
   * Each newline is found once, so a window costs one pass however many matches it holds.
   */
  private countNewlines(window: Uint8Array, end: number): void {
    while (this.nextNewline >= 0 && this.nextNewline < end) {
      this.line++;
      this.nextNewline = window.indexOf(NEWLINE, this.nextNewline + 1);
    }
  }
}

/** Length of the run of ASCII letters and digits at the end of `window`, counted up to 27 (ULID_CHARS + 1). */
function trailingRun(window: Uint8Array): number {
  let run = 0;
  while (run <= ULID_CHARS && run < window.length && isAsciiAlphanumeric(window[window.length - 1 - run])) run++;
  return run;
}
