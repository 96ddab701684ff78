// The WebAssembly ABI of the `ulid` command: the library's (index.ts) and the kernels only the command uses, built
// as a module of its own (scripts/build-wasm.mjs) so that the library's embedded binaries do not carry them.

export * from "../index";
export {
  lineOutRegion,
  linePartsRegion,
  scanLines,
  scanLinesAt,
  scanLinesLength,
  scanLinesSetup,
  scanLinesType,
  scanLinesWindow,
  scanNewlines,
} from "./scan-match-lines";
export { lineFirstInvalid, lineNeedSlot, lineNeedTime, lineStart, lineSuffixBuilt, ulidLines } from "./decode-lines";
import { LINE_ENDS, LINES, LINES_BYTES, PIECES, SUFFIX_SLOT, SUFFIXES } from "./decode-lines";
import { LINE_PARTS_BYTES, MAX_TYPES, OUT_BYTES } from "./scan-match-lines";

/** Bytes of the region `scanLinesSetup` reads a line's start and key from. */
export function linePartsBytes(): i32 {
  return LINE_PARTS_BYTES;
}

/** The most types `scanLinesSetup` takes. */
export function scanMaxTypes(): i32 {
  return MAX_TYPES;
}

/** Bytes of the region `scanLines` writes lines to. */
export function lineOutBytes(): i32 {
  return OUT_BYTES;
}

/** Bytes `ulidLines` writes lines into per call. */
export function linesBytes(): i32 {
  return LINES_BYTES;
}

export function linesRegion(): usize {
  return LINES;
}

export function lineEndRegion(): usize {
  return LINE_ENDS;
}

export function pieceRegion(): usize {
  return PIECES;
}

/** Bytes of a suffix slot of `ulidLines`. */
export function suffixBytes(): i32 {
  return SUFFIX_SLOT;
}

/** SUFFIX_SLOTS slots of `suffixBytes()` each. */
export function suffixRegion(): usize {
  return SUFFIXES;
}
