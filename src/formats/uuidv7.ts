/**
 * UUID version 7 (RFC 9562): 48-bit Unix ms, version 7, 74 random bits under the RFC variant; 36 characters
 * (8-4-4-4-12 hex, lower case out, either case in) or 16 bytes. Decoding is strict: a UUID of another version or
 * variant is not a UUID v7.
 *
 * Monotonic generation uses RFC 9562's counter method (section 6.2, method 1): rand_a and the top 30 bits of rand_b
 * are a 42-bit counter, seeded at random with its top bit clear and + 1 per ID within one millisecond; the last 32
 * bits are fresh for every ID. The clock going back keeps the last time, as for ULID.
 */
import { checkOptions } from "../core/arguments.js";
import { UUIDV7 } from "../engine/specs.js";
import { encode as encodeUlid } from "./ulid-single.js";
import { toTime } from "../core/time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfUuidV7 } from "../engine/js-uuidv7.js";
import { boundsOf } from "./bounds.js";
import type { CaseOptions } from "./letter-case.js";
import { createIntegerApi } from "./integers.js";
import { createCodecApi, type DecodeTimeManyOptions, type Format, type NoOptions, type Texts } from "./codec.js";
import { generateBatch, generateOne, monotonicGenerator, type ManyOptions, type Minting, type MonotonicFactoryOptions, type GenerateOptions } from "./generate.js";
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
  label: "UUID v7",
  charFault(text, position) {
    const { pattern, what } = EXPECTED[position]!;
    if (pattern.test(text[position]!)) return null;
    return invalidChar(text, position, "UUID v7", what);
  },
  binaryFault: (bytes, at) => notUuidV7Bytes(bytes[at + 6]!, bytes[at + 8]!),
};

const codecApi = createCodecApi<UuidV7>(format);
const { timeField, timeFields, countIds, ...codec } = codecApi;

/** How UUID v7s are made (for the CLI's streams too). */
export const minting: Minting = { format, param: 0, field: toTime, clock: () => Date.now(), unit: "millisecond" };

export const uuidv7 = Object.freeze({
  name: "uuidv7" as const,
  chars: UUIDV7.chars,
  bytes: UUIDV7.bytes,
  ...codec,
  ...createIntegerApi<UuidV7>(format, codecApi),
  ...boundsOf<number | Date, CaseOptions, UuidV7>(() => minting),

  /** A new UUID v7; `time` in Unix ms (0 allowed) or a Date, default now. */
  generate(time?: number | Date, options?: GenerateOptions): UuidV7 {
    return generateOne(minting, time, options) as UuidV7;
  },

  /** A generator of strictly increasing UUID v7s (RFC 9562 counter method). */
  monotonicFactory(options?: MonotonicFactoryOptions): (time?: number | Date) => UuidV7 {
    return monotonicGenerator(minting, options) as (time?: number | Date) => UuidV7;
  },

  /** `count` UUID v7s as 16*count bytes (monotonic by default). */
  generateMany(count: number, options?: ManyOptions<number | Date>): Uint8Array {
    return generateBatch(minting, count, options);
  },

  /** Unix ms of a UUID v7. */
  decodeTime(text: string, options?: NoOptions): number {
    checkOptions(options);
    return timeField(text);
  },

  /** Unix ms of each UUID v7; throws for the first bad one with its element index, unless given `flags`. */
  decodeTimeMany(texts: Texts, options?: DecodeTimeManyOptions): Float64Array {
    return timeFields(texts, options);
  },

  /** The same 16 bytes as a ULID, so it carries the same millisecond. */
  toULID(uuid: string): Ulid {
    return encodeUlid(codec.decode(uuid));
  },
});
