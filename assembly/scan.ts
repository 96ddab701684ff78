// Finding IDs in arbitrary text: one entry for every format the scanner supports (`format`: the format's number,
// assembly/formats.ts), driven by src/engine/wasm-scan.ts. Formats whose text cannot be told from ordinary words
// (Ulid-Flake, BaseUID) have no kernel: the TypeScript side refuses them before it gets here.

import { UUIDV7 } from "./formats";
import { scanUlid } from "./scan-ulid";
import { scanUuidV7 } from "./scan-uuidv7";

/**
 * Finds the IDs of `format` in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS and its Unix ms to
 * SCAN_TIMES; returns how many. `afterAlnum`: the byte before the text is an ASCII letter or digit. `atEnd`: the
 * text ends the input; otherwise an ID that reaches the end is left undecided, for the caller to pass again.
 */
export function scan(format: i32, length: i32, afterAlnum: bool, atEnd: bool): i32 {
  return format == UUIDV7 ? scanUuidV7(length, afterAlnum, atEnd) : scanUlid(length, afterAlnum, atEnd);
}
