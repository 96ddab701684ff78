/**
 * Finding UUID v7s in a stream of text chunks, for `ulid scan --type uuidv7`, with the visitor contract of the ULID
 * Scanner (src/scanner.ts). A match is 8-4-4-4-12 hex digits in either case with version 7 and the RFC variant,
 * not glued to an ASCII letter or digit on either side. That shape is what makes UUIDs findable in arbitrary text;
 * Ulid-Flakes and BaseUIDs are not (a 13-character word or number, a 20-character identifier look like them).
 *
 * Chunks are read as latin1 (one char per byte, so offsets are byte offsets). The last 37 bytes of a chunk (a
 * possible match and the byte before it) are carried into the next one, so a chunk boundary never splits, hides
 * or invents a match; memory is constant.
 */
import type { MatchVisitor } from "../scanner.js";

const UUID_CHARS = 36;
const UUID_V7 = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/gi;
const NEWLINE = "\n";

const latin1 = new TextDecoder("latin1");

function isAlphanumeric(char: string | undefined): boolean {
  return char !== undefined && /[0-9A-Za-z]/.test(char);
}

export class UuidV7Scanner {
  /** The undecided tail of the text so far, and how many of its first chars are context only (0 or 1). */
  private carry = "";
  private context = 0;
  /** Stream offset and line number of the carry's first char. */
  private base = 0;
  private line = 1;
  /** A match in canonical form (lower case), as the visitor's window. */
  private readonly token = new Uint8Array(UUID_CHARS);

  constructor(
    private readonly countLines: boolean,
    private readonly visit: MatchVisitor,
  ) {}

  push(chunk: Uint8Array, final: boolean): void {
    const text = this.carry + latin1.decode(chunk);
    let counted = 0;
    let line = this.line;
    /** The line of text[at], counting newlines from where the last count stopped. */
    const lineOf = (at: number): number => {
      if (!this.countLines) return 0;
      for (let nl = text.indexOf(NEWLINE, counted); nl >= 0 && nl < at; nl = text.indexOf(NEWLINE, nl + 1)) line++;
      counted = at;
      return line;
    };
    UUID_V7.lastIndex = this.context;
    for (let match = UUID_V7.exec(text); match !== null; match = UUID_V7.exec(text)) {
      const at = match.index;
      const end = at + UUID_CHARS;
      if (end === text.length && !final) break; // what follows may glue it: decided with the next chunk
      if (isAlphanumeric(text[at - 1]) || isAlphanumeric(text[end])) {
        UUID_V7.lastIndex = at + 1;
        continue;
      }
      for (let i = 0; i < UUID_CHARS; i++) this.token[i] = text.charCodeAt(at + i) | (text.charCodeAt(at + i) >= 0x41 ? 0x20 : 0);
      const time = Number.parseInt(text.slice(at, at + 8) + text.slice(at + 9, at + 13), 16);
      this.visit(this.token, 0, this.base + at, time, lineOf(at));
    }
    // Keep a possible match (36 chars) and the char before it; nothing before them can start a new match.
    const keep = Math.max(0, text.length - UUID_CHARS - 1);
    lineOf(keep);
    this.line = line;
    this.base += keep;
    // Every start before text.length - 36 has been decided (its 36 chars and the char after them were here), so
    // the next push resumes there; that is the carry's second char, or, when the text was too short to cut
    // (keep 0), as far in as it got: rescanning a reported match would report it twice.
    this.context = Math.max(this.context, text.length - UUID_CHARS) - keep;
    this.carry = final ? "" : text.slice(keep);
  }
}
