/**
 * ULID text records made canonical where they lie (upper case, aliases I/L/O resolved): `ulid decode`'s pass on
 * the TypeScript side, where the command's module does not make the lines (wasm-decode-lines.ts). The records are
 * the command's own read buffer, never a library user's.
 */
import { CROCKFORD_DECODE_TABLE, CROCKFORD_ENCODE_TABLE, CROCKFORD_INVALID, type FormatCodec, ULID } from "../internal.js";

/** Each ASCII byte's canonical char: a Crockford char's (upper case, aliases resolved), any other byte itself. */
const CANONICAL_CHAR = Uint8Array.from({ length: 128 }, (_, byte) =>
  CROCKFORD_DECODE_TABLE[byte] === CROCKFORD_INVALID ? byte : CROCKFORD_ENCODE_TABLE[CROCKFORD_DECODE_TABLE[byte]!]!,
);

const RECORD = ULID.chars + 1;

/**
 * One pass of `ulid decode` over `count` ULID text records of `text`: `codec` (ULID's, on either engine) writes each
 * valid one's time to `times` (`timeMany`), and the record is rewritten canonically in place, storing only the chars
 * that change. Returns as `timeMany`: -1, or the first invalid record, where an unflagged pass stops; an invalid
 * record's text is left as it was.
 */
export function canonicalUlidPass(codec: FormatCodec, text: Uint8Array, count: number, times: Float64Array, flags?: Uint8Array): number {
  const bad = codec.timeMany({ kind: "text", text }, count, times, flags);
  // Unflagged, the records before the first invalid one are valid; flagged, every one flagged so.
  const read = bad < 0 || flags !== undefined ? count : bad;
  for (let i = 0; i < read; i++) {
    if (flags !== undefined && flags[i] !== 1) continue;
    for (let j = i * RECORD, end = j + ULID.chars; j < end; j++) {
      const char = CANONICAL_CHAR[text[j]!]!;
      if (char !== text[j]) text[j] = char;
    }
  }
  return bad;
}
