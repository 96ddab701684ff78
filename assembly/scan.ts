// Finding IDs in arbitrary text: one entry for every format the scanner supports (`format`: the format's number,
// assembly/formats.ts), driven by src/engine/wasm-scan.ts. Formats whose text cannot be told from ordinary words
// (Ulid-Flake, BaseUID, KSUID) have no kernel: the TypeScript side refuses them before it gets here.

import { TYPEID, UUIDV7 } from "./formats";
import { scanTypeId } from "./scan-typeid";
import { scanUlid } from "./scan-ulid";
import { scanUuidV7 } from "./scan-uuidv7";

/**
 * Finds the IDs of `format` in SCAN_TEXT[0, length): for each, its offset to SCAN_OFFSETS and its Unix ms to
 * SCAN_TIMES (and, for TypeID, its length to SCAN_LENGTHS); returns how many. `glued`: the byte before the text
 * glues to a match at its start (an ASCII letter or digit; for TypeID also "_"). `atEnd`: the text ends the input;
 * otherwise an ID that reaches the end is left undecided, for the caller to pass again.
 */
export function scan(format: i32, length: i32, glued: bool, atEnd: bool): i32 {
  if (format == UUIDV7) return scanUuidV7(length, glued, atEnd);
  if (format == TYPEID) return scanTypeId(length, glued, atEnd);
  return scanUlid(length, glued, atEnd);
}
