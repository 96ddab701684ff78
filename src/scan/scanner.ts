/**
 * Finding IDs in a stream of text chunks, for every format the kernels can find (ULID, UUID v7, TypeID, ObjectId,
 * XID): the engine-independent loop around `Engine.scanLoad` and `Engine.scanLoaded`. It feeds the input through
 * windows of at most SCAN_BYTES, tracks byte offsets from the start of the stream, and counts lines when asked.
 * Memory is constant.
 *
 * Windows overlap by the longest match's width (`ScanShape.maxBytes`: an ID's text, or a TypeID with the longest
 * prefix; of several formats, the longest of theirs): a kernel leaves out an ID that reaches the end of its window
 * (what follows might glue it), so the last `maxBytes` bytes are searched again at the start of the next window,
 * within the same chunk or carried into the next chunk. Of a window's matches, only those that start before that
 * overlap are visited (the others are whole in the next window; for fixed widths, none is left out so). A visited
 * match ends before its window does, so it starts before the next window begins: the next window sees at most its
 * tail, glued to the byte before (handed to the search as `before`) or too short to match. None is reported twice,
 * and a chunk boundary never splits, hides or invents a match. Of several formats, the matches of a window are
 * merged and their overlaps settled by src/scan/match-finder.ts.
 *
 * Terminal escape sequences are borders (terminal-escapes.ts): a window that holds any is searched in a copy with them
 * blanked, and the grammar state at the next window's start is carried, so a sequence split anywhere is read the
 * same as in one piece. Whether a window holds any is the engine's answer as it loads the window (`scanLoad`): the
 * WebAssembly engine searches its own copy, where a second pass in JavaScript cost as much as the kernels.
 *
 * What a window's matches become is the `WindowSearch`'s: `VisitingSearch` hands each match to a visitor with the
 * window that holds it, so a caller that writes bytes makes no string or object per match (`src/scan/find-ids.ts` builds
 * the public match objects from the same visits); `ulid scan` on the WebAssembly engine has the module write its
 * output lines itself (src/printer/wasm-scan-match-lines.ts).
 */
import { scanOverlap } from "../engine/scan-shape.js";
import type { FormatSpec } from "../engine/specs.js";
import { type EscapeState, TEXT, blankEscapes } from "./terminal-escapes.js";
import { SCAN_BYTES } from "../engine/types.js";
import type { MatchFinder } from "./match-finder.js";
import type { PlausibleTimes } from "./scan-options.js";

/**
 * Receives each match in order: `window[at..at+length)` holds its text as found (valid only during the call),
 * `offset` is its byte offset from the start of the stream, `time` its Unix ms, `line` its 1-based line (0 when
 * lines are not counted), `format` its format's index in the scanner's list (0 for one format).
 */
export type MatchVisitor = (window: Uint8Array, at: number, length: number, offset: number, time: number, line: number, format: number) => void;

/**
 * `visit` for the matches whose time, floored to the millisecond (a format finer than that, such as BaseUID, is
 * compared by its millisecond), is within `window`.
 */
export function onlyPlausible(visit: MatchVisitor, { from, until }: PlausibleTimes): MatchVisitor {
  return (window, at, length, offset, time, line, format) => {
    const ms = Math.floor(time);
    if (ms >= from && ms < until) visit(window, at, length, offset, time, line, format);
  };
}

/** The search of one window, and what becomes of its matches. */
export interface WindowSearch {
  /**
   * Takes `window` for the next `search` (the engine's `scanLoad`: the WebAssembly engine copies it in once for
   * every format); returns the offset of its first ESC byte, or -1.
   */
  load(window: Uint8Array): number;
  /**
   * Searches `window` (`before`: the byte before it, -1 at the stream's start; `atEnd` as `Engine.scanLoaded` takes
   * it) and handles the matches that start before byte `limit` (the rest are searched again in the next window).
   * `base` is the stream offset of the window's first byte and `line` its line; returns the line of byte `limit`
   * (`line` when lines are not counted).
   */
  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number;
}

const NEWLINE = 0x0a;

export class Scanner {
  /** How far windows overlap: the most bytes one match of the formats takes. */
  private readonly overlap: number;
  /** The last bytes of the last window, searched again at the start of the next one (at most `maxBytes`). */
  private readonly carry: Uint8Array;
  private carryLength = 0;
  /** The byte before the next window (which may glue to a match at its start), or -1 at the stream's start. */
  private before = -1;
  /** Stream offset of the next window's first byte. */
  private base: number;
  /** Line number of the next window's first byte. */
  private line: number;
  /**
   * A window that starts with the carry: the carry, then the next bytes of the chunk. Made on first use, as is
   * `blanked`: a text scanned whole, in one window, needs neither.
   */
  private joined: Uint8Array | null = null;
  /** The window with its escape sequences blanked, when it has any. */
  private blanked: Uint8Array | null = null;
  /** The escape grammar's state at the next window's first byte. */
  private escapeState: EscapeState = TEXT;

  /**
   * A scanner of the IDs of `formats` (one or several) whose windows go to `windows`. The stream's first byte is on
   * line `firstLine` at offset `firstOffset` (a part of a file scanned on its own: `ulid scan --jobs`).
   */
  constructor(
    formats: FormatSpec | readonly FormatSpec[],
    private readonly windows: WindowSearch,
    firstLine = 1,
    firstOffset = 0,
  ) {
    this.overlap = scanOverlap(formatList(formats));
    this.carry = new Uint8Array(this.overlap);
    this.line = firstLine;
    this.base = firstOffset;
  }

  /** Scans the next chunk of the stream; `final` marks the end of input (the chunk may be empty). */
  push(chunk: Uint8Array, final: boolean): void {
    const overlap = this.overlap;
    let next = 0;
    do {
      let window: Uint8Array;
      if (this.carryLength > 0) {
        const take = Math.min(chunk.length - next, SCAN_BYTES - this.carryLength);
        const joined = (this.joined ??= new Uint8Array(SCAN_BYTES));
        joined.set(this.carry.subarray(0, this.carryLength));
        joined.set(chunk.subarray(next, next + take), this.carryLength);
        window = joined.subarray(0, this.carryLength + take);
        next += take;
      } else {
        window = chunk.subarray(next, next + SCAN_BYTES);
        next += window.length;
      }
      const atEnd = final && next === chunk.length;
      // The next window starts `overlap` bytes before this one's end (or with all of it, when it is shorter).
      const rest = Math.min(overlap, window.length);
      const consumed = window.length - rest;
      let searched = window;
      if (this.windows.load(window) >= 0 || this.escapeState !== TEXT) {
        searched = (this.blanked ??= new Uint8Array(SCAN_BYTES)).subarray(0, window.length);
        this.escapeState = blankEscapes(window, this.escapeState, searched, consumed);
        this.windows.load(searched);
      }
      const line = this.windows.search(searched, this.before, atEnd, atEnd ? searched.length : consumed, this.base, this.line);
      if (atEnd) break;
      if (consumed > 0) this.before = searched[consumed - 1]!;
      this.line = line;
      this.base += consumed;
      this.carryLength = 0;
      if (next < chunk.length && rest <= next) {
        next -= rest;
      } else {
        this.carry.set(window.subarray(consumed));
        this.carryLength = rest;
      }
    } while (next < chunk.length);
  }
}

/** One format, or a list of them, as a list. */
export function formatList(formats: FormatSpec | readonly FormatSpec[]): readonly FormatSpec[] {
  return Array.isArray(formats) ? formats : [formats as FormatSpec];
}

/**
 * The line of each match in a window, counted as the matches come in text order: each newline is found once, so a
 * window costs one pass however many matches it holds.
 */
export class LineCounter {
  /** The first newline of the current window not yet counted, or -1 (none left). */
  private nextNewline = -1;
  private line = 0;

  /** Starts counting in `window`, whose first byte is on line `line`. */
  start(window: Uint8Array, line: number): void {
    this.line = line;
    this.nextNewline = window.indexOf(NEWLINE);
  }

  /** The line of byte `end` of the current window (`end` only grows within a window). */
  lineAt(window: Uint8Array, end: number): number {
    while (this.nextNewline >= 0 && this.nextNewline < end) {
      this.line++;
      this.nextNewline = window.indexOf(NEWLINE, this.nextNewline + 1);
    }
    return this.line;
  }
}

/** Each match of a window handed to a visitor, found by the engine's kernels, lines counted when asked. */
export class VisitingSearch implements WindowSearch {
  private readonly lines = new LineCounter();

  constructor(
    private readonly finder: MatchFinder,
    private readonly countLines: boolean,
    private readonly visit: MatchVisitor,
  ) {}

  load(window: Uint8Array): number {
    return this.finder.load(window);
  }

  search(window: Uint8Array, before: number, atEnd: boolean, limit: number, base: number, line: number): number {
    const { offsets, times, lengths, formats } = this.finder;
    const count = this.finder.find(window, before, atEnd, limit, base);
    if (!this.countLines) {
      for (let i = 0; i < count && offsets[i]! < limit; i++) {
        this.visit(window, offsets[i]!, lengths[i]!, base + offsets[i]!, times[i]!, 0, formats[i]!);
      }
      return line;
    }
    const lines = this.lines;
    lines.start(window, line);
    for (let i = 0; i < count; i++) {
      const at = offsets[i]!;
      if (at >= limit) break;
      this.visit(window, at, lengths[i]!, base + at, times[i]!, lines.lineAt(window, at), formats[i]!);
    }
    return lines.lineAt(window, limit);
  }
}
