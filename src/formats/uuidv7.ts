/**
 * UUID version 7 (RFC 9562): 48-bit Unix ms, version 7, 74 random bits under the RFC variant; 36 characters
 * (8-4-4-4-12 hex, lower case out, either case in) or 16 bytes. Decoding is strict: a UUID of another version or
 * variant is not a UUID v7.
 *
 * Monotonic generation uses RFC 9562's counter method (section 6.2, method 1): rand_a and the top 30 bits of rand_b
 * are a 42-bit counter, seeded at random with its top bit clear and + 1 per ID within one millisecond; the last 32
 * bits are fresh for every ID. The clock going back keeps the last time, as for ULID.
 */
import { UUIDV7 } from "../engine/specs.js";
import { encode as encodeUlid } from "./ulid-single.js";
import { toTime } from "../core/time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfUuidV7 } from "../engine/js-uuidv7.js";
import type { Format } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { Minting } from "./generate.js";
import type { CaseOptions } from "./letter-case.js";
import { createNamespace } from "./namespace.js";
import type { Ulid, UuidV7 } from "./schema.js";
import { invalidChar, notUuidV7Bytes } from "../core/messages.js";

/** What may stand at each of the 36 positions: hyphens in 8-4-4-4-12, the version, the variant, hex digits. */
const EXPECTED = Array.from({ length: UUIDV7.chars }, (_, position) => {
  if ([8, 13, 18, 23].includes(position)) return { pattern: /^-$/, what: "a hyphen" };
  if (position === 14) return { pattern: /^7$/, what: "7 (the version)" };
  if (position === 19) return { pattern: /^[89abAB]$/, what: "8, 9, a or b (the RFC variant)" };
  return { pattern: /^[0-9a-fA-F]$/, what: "a hex digit" };
});

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: UUIDV7,
  jsCodec: createJsCodec(UUIDV7, codecOfUuidV7),
  charFault(text, position) {
    const { pattern, what } = EXPECTED[position]!;
    if (pattern.test(text[position]!)) return null;
    return invalidChar(text, position, UUIDV7.label, what);
  },
  binaryFault: (bytes, at) => notUuidV7Bytes(bytes[at + 6]!, bytes[at + 8]!),
};

/** How UUID v7s are made (for the CLI's streams too). */
export const minting: Minting = { format, param: 0, field: toTime, clock: () => Date.now(), unit: "millisecond" };

/** UUID v7: times in and out in Unix ms, its time field. */
export const definition: FormatDefinition<"uuidv7", object, object, CaseOptions> = {
  name: "uuidv7",
  format,
  minting: () => minting,
  bounding: () => minting,
  time: { scale: 1, divisor: 1, origin: noOptions(0) },
};

export const uuidv7 = createNamespace<"uuidv7", UuidV7, number | Date, object, object, CaseOptions, { toULID(uuid: string): Ulid }>(
  definition,
  (codec) => ({
    /** The same 16 bytes as a ULID, so it carries the same millisecond. */
    toULID: (uuid) => encodeUlid(codec.decode(uuid)),
  }),
);
