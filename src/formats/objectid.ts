/**
 * MongoDB ObjectId (docs/formats.md; MongoDB's BSON ObjectID specification): 96 bits, 24 hex digits or 12 bytes.
 *
 *   bytes 0-3: time = Unix seconds (u32) | bytes 4-8: random value (5 bytes) | bytes 9-11: counter (u24)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-objectid.ts, assembly/objectid.ts): its
 * rules for a bad character, its times (whole seconds, unsigned), and its generation parameter. Any 12 bytes are an
 * ObjectId, so there is no binary fault and no overflow.
 */
import { invalidChar } from "../core/messages.js";
import { HEX_DECODE } from "../engine/js-uuidv7.js";
import type { Problem } from "./faults.js";
import { secondsField, secondsToUnixMs } from "./unix-seconds.js";

export const OBJECTID_LABEL = "ObjectId";

/** The fault of the character at `position`: anything but 0-9, a-f and A-F. */
export function objectIdCharFault(text: string, position: number): Problem | null {
  return HEX_DECODE[text.charCodeAt(position)] === 0xff ? invalidChar(text, position, OBJECTID_LABEL, "0-9, a-f or A-F") : null;
}

/** The time field (Unix seconds) of a time given as Unix ms or a Date. */
export const objectIdField = (time: unknown): number => secondsField(OBJECTID_LABEL, time);
export const objectIdUnixMs = secondsToUnixMs;

