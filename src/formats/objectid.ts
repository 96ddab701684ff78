/**
 * MongoDB ObjectId (docs/formats.md; MongoDB's BSON ObjectID specification): 96 bits, 24 hex digits or 12 bytes.
 *
 *   bytes 0-3: time = Unix seconds (u32) | bytes 4-8: random value (5 bytes) | bytes 9-11: counter (u24)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-objectid.ts, assembly/objectid.ts): its
 * rules for a bad character, its times (whole seconds, unsigned: Unix ms in, floored to the second; the second's
 * start out), and its generators: the first ID's counter starts with its top bit cleared, each later ID adds 1 to it
 * and keeps bytes 4-8, in a later second too (where only it may wrap). Any 12 bytes are an ObjectId, so there is no
 * binary fault and no overflow.
 */
import { invalidChar } from "../core/messages.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfObjectId, OBJECTID, OBJECTID_GENERATOR, renewCounter } from "../engine/js-objectid.js";
import { HEX_DECODE } from "../engine/js-uuidv7.js";
import type { Format } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { Problem } from "./faults.js";
import type { Minting } from "./generate.js";
import type { CaseOptions } from "./letter-case.js";
import { createNamespace } from "./namespace.js";
import type { IdText } from "./schema.js";
import { secondsField, secondsToUnixMs } from "./unix-seconds.js";

/** An ObjectId's text, as `objectid.isValid` narrows a string to. */
export type ObjectId = IdText<"objectid">;

/** The fault of the character at `position`: anything but 0-9, a-f and A-F. */
export function objectIdCharFault(text: string, position: number): Problem | null {
  return HEX_DECODE[text.charCodeAt(position)] === 0xff ? invalidChar(text, position, OBJECTID.label, "0-9, a-f or A-F") : null;
}

/** The time field (Unix seconds) of a time given as Unix ms or a Date. */
export const objectIdField = (time: unknown): number => secondsField(OBJECTID.label, time);
export const objectIdUnixMs = secondsToUnixMs;

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: OBJECTID,
  jsCodec: createJsCodec(OBJECTID, codecOfObjectId),
  charFault: objectIdCharFault,
  binaryFault: () => {
    throw new Error("internal: every 12 bytes are an ObjectId");
  },
};

/** How ObjectIds are made (for the CLI's streams too): a tick is a second of Date.now(). */
export const minting: Minting = {
  format,
  param: 0,
  field: objectIdField,
  clock: () => Date.now(),
  unit: "second",
  sequenceParam: () => OBJECTID_GENERATOR,
  renew: (id, time) => renewCounter(id, 0, time),
};

/** ObjectId: times in and out in Unix ms, the time field in whole Unix seconds. */
export const definition: FormatDefinition<"objectid", object, object, CaseOptions> = {
  name: "objectid",
  format,
  minting: () => minting,
  bounding: () => minting,
  time: { scale: 1000, divisor: 1, origin: noOptions(0) },
};

export const objectid = createNamespace<"objectid", ObjectId, number | Date, object, object, CaseOptions>(definition);
