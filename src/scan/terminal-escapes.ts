/**
 * Terminal escape sequences (ANSI colours in `kubectl logs`, `ls --color`...) as the scanner sees them: borders,
 * not text. In `\x1b[36m01KP7E2GJZT2E1V21R4FCE3N82\x1b[0m` the `m` ends a colour code; read as a letter, it would
 * glue itself to the ID. The scanner hands the kernels a copy of each window in which every byte of an escape
 * sequence is a space, so the kernels (both engines, every format) stay as they are and offsets do not move.
 *
 * The grammar is ECMA-48's, read forward one byte at a time, so a sequence split across windows or chunks is
 * blanked the same as in one piece:
 *   CSI:   ESC "[" then parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E
 *   other: ESC then intermediate bytes 0x20-0x2F, one final byte 0x30-0x7E ("ESC ( B", "ESC 7", "ESC ]"...)
 * A byte that does not fit where it comes ends the sequence and is text again (so a malformed sequence blanks
 * only what it got through). A string sequence's payload (OSC, DCS) is text: only its opening ESC "]" is blanked.
 */

const ESC = 0x1b;
const CSI_OPENER = 0x5b; // "["
/** What an escape byte becomes in the kernels' copy: a border of every format (not a hyphen: UUIDs use those). */
const BLANK = 0x20;

/** Where the bytes stand in the grammar: between sequences (TEXT), or how far into one. */
export type EscapeState = number;
export const TEXT: EscapeState = 0;
/** After ESC. */
const ESCAPE: EscapeState = 1;
/** In a CSI's parameter bytes, or its intermediate bytes (after which no parameter byte may come). */
const CSI_PARAMETERS: EscapeState = 2;
const CSI_INTERMEDIATES: EscapeState = 3;
/** In the intermediate bytes of a sequence that is no CSI. */
const INTERMEDIATES: EscapeState = 4;
/** What `afterByte` gives for a byte that is no part of the sequence (it is text again). */
const NOT_IN_SEQUENCE = -1;

const isIntermediate = (byte: number): boolean => byte >= 0x20 && byte <= 0x2f;

/** The state after `byte`, read in `state` (not TEXT); NOT_IN_SEQUENCE when it does not fit there. */
function afterByte(state: EscapeState, byte: number): EscapeState {
  if (state === ESCAPE && byte === CSI_OPENER) return CSI_PARAMETERS;
  if (state === CSI_PARAMETERS && byte >= 0x30 && byte <= 0x3f) return CSI_PARAMETERS;
  if (isIntermediate(byte)) return state === ESCAPE || state === INTERMEDIATES ? INTERMEDIATES : CSI_INTERMEDIATES;
  const lowestFinal = state === ESCAPE || state === INTERMEDIATES ? 0x30 : 0x40;
  return byte >= lowestFinal && byte <= 0x7e ? TEXT : NOT_IN_SEQUENCE;
}

/**
 * Copies `window` to `out` with every escape byte blanked, reading it from `state` (the grammar state before
 * `window[0]`). Returns the state before `window[mark]` (`mark` <= `window.length`): where the next window, which
 * starts there, begins. The caller skips the copy when `window` has no ESC (the engine's `scanLoad` says) and `state`
 * is TEXT.
 */
export function blankEscapes(window: Uint8Array, state: EscapeState, out: Uint8Array, mark: number): EscapeState {
  out.set(window);
  const length = window.length;
  let stateAtMark = TEXT;
  let i = 0;
  while (i < length) {
    if (state === TEXT) {
      const escape = window.indexOf(ESC, i);
      if (escape < 0) break;
      i = escape;
      out[i++] = BLANK;
      state = ESCAPE;
      continue;
    }
    if (i === mark) stateAtMark = state;
    const next = afterByte(state, window[i]!);
    if (next === NOT_IN_SEQUENCE) {
      state = TEXT;
      continue;
    }
    out[i++] = BLANK;
    state = next;
  }
  return mark === length ? state : stateAtMark;
}
