/**
 * ULID as the shared machinery sees it (format 0): its spec, its codec on the TypeScript engine (the tuned one of
 * src/engine/js-ulid.ts), the rules that explain a bad ID, and how IDs are minted. Data only, so that a bundle of
 * single-ID functions that imports it carries no batch or WebAssembly code.
 *
 * A character fault is an invalid character, or an overflow at the first one (26 chars carry 130 bits, a ULID 128).
 */
import { DECODE_TABLE, INVALID } from "../alphabets/crockford.js";
import { jsUlidCodec } from "../engine/js-ulid.js";
import { ULID } from "../engine/specs.js";
import { toTime } from "../core/time.js";
import type { Format } from "./codec.js";
import type { Minting } from "./generate.js";
import { firstCharOverflow, invalidChar } from "../core/messages.js";

export const ULID_FORMAT: Format = {
  spec: ULID,
  jsCodec: jsUlidCodec,
  // Its tuned readers take a string faster than copying it into WebAssembly memory.
  stringsOnTypeScript: ["decode", "time", "validate"],
  charFault(id, position) {
    const value = DECODE_TABLE[id.charCodeAt(position)]!;
    if (value === INVALID) return invalidChar(id, position);
    if (position === 0 && value > 7) return firstCharOverflow("ULID", 128, id);
    return null;
  },
  binaryFault: () => {
    throw new Error("internal: every 16 bytes are a ULID");
  },
};

/** How ULIDs are made: Unix ms, on Date.now (read anew each time, so fake timers reach it). */
export const ULID_MINTING: Minting = {
  format: ULID_FORMAT,
  param: 0,
  field: toTime,
  clock: () => Date.now(),
  unit: "millisecond",
};
