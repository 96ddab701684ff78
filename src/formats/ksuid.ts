/**
 * KSUID (docs/formats.md; Segment's K-Sortable Unique IDentifier): 160 bits, 27 characters of base62 or 20 bytes.
 *
 *   bytes 0-3: time = Unix seconds - 1400000000, u32 | bytes 4-19: payload, 128 random bits
 *
 * Times in and out are Unix ms, as for ULID; an ID keeps whole seconds (a time is floored to its second), so
 * `decodeTime` gives the start of the ID's second. Case matters (base62 has "a" and "A"); the largest text is
 * `aWgEPTl1tmebfsQzFP4bxwgy80V` (all 20 bytes 0xFF), and a text above it is an OVERFLOW. Within one second a
 * monotonic generator adds 1 to the 128-bit payload.
 */
import { BASE62_DECODE, BASE62_INVALID } from "../alphabets/base62.js";
import { dateMs } from "../core/time.js";
import { KSUID } from "../engine/specs.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfKsuid, LARGEST_KSUID } from "../engine/js-ksuid.js";
import type { Format, NoOptions } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { Minting } from "./generate.js";
import { createNamespace } from "./namespace.js";
import type { Problem } from "./faults.js";
import type { Ksuid } from "./schema.js";
import { invalidAlphabetChar, ksuidOverflow, ksuidTimeOutOfRange } from "../core/messages.js";

/** The KSUID epoch: Unix 1400000000 s (2014-05-13T16:53:20Z), time field 0. */
const EPOCH_S = 1_400_000_000;
const MS_PER_S = 1000;
/** The first and last Unix ms a KSUID can hold: the start of second 0 and the end of second 2^32 - 1. */
const FIRST_MS = EPOCH_S * MS_PER_S;
const LAST_MS = (EPOCH_S + KSUID.maxTime) * MS_PER_S + MS_PER_S - 1;


/**
 * The fault at `position` of 27 characters, read left to right as for every format: a character outside the
 * alphabet, or the first one above the largest KSUID's where all before it are the largest KSUID's own (from there
 * on, whatever follows, the text is above it: an overflow, as ULID's first character above 7).
 */
function charFault(text: string, position: number): Problem | null {
  if (BASE62_DECODE[text.charCodeAt(position)] === BASE62_INVALID) return invalidAlphabetChar(text, position, KSUID.label, "0-9A-Za-z");
  if (text.charCodeAt(position) <= LARGEST_KSUID.charCodeAt(position) || !text.startsWith(LARGEST_KSUID.slice(0, position))) return null;
  return ksuidOverflow(text, position, LARGEST_KSUID);
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: KSUID,
  jsCodec: createJsCodec(KSUID, codecOfKsuid),
  // validateMany compares with the largest text, where decoding divides (src/engine/js-ksuid.ts).
  stringsOnTypeScript: ["validate"],
  charFault,
  binaryFault: () => {
    throw new Error("internal: every 20 bytes are a KSUID");
  },
};

/** The time field of a time: an integer Unix ms (or a Date) in KSUID's range, floored to its second. */
function secondOf(time: unknown): number {
  const ms = typeof time === "number" ? time : dateMs(time);
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < FIRST_MS || ms > LAST_MS) {
    throw ksuidTimeOutOfRange(FIRST_MS, LAST_MS, time);
  }
  return Math.floor(ms / MS_PER_S) - EPOCH_S;
}

/** How KSUIDs are made (for the CLI's streams too): a tick is a second of Date.now(). */
export const minting: Minting = { format, param: 0, field: secondOf, clock: () => Date.now(), unit: "second" };

/** KSUID: times in and out in Unix ms, the time field in whole seconds from Unix 1400000000 s. */
export const definition: FormatDefinition<"ksuid", object, object, NoOptions> = {
  name: "ksuid",
  format,
  minting: () => minting,
  bounding: () => minting,
  time: { scale: MS_PER_S, divisor: 1, origin: noOptions(EPOCH_S * MS_PER_S) },
};

export const ksuid = createNamespace<"ksuid", Ksuid, number | Date, object, object, NoOptions>(definition);
