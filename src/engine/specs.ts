/**
 * Every format as the engines see it: fixed-size binary records, fixed-width text records, and a generation step.
 * One spec per format, ULID included (format 0); the WebAssembly build reports its own widths for each number and
 * the loader compares them with these (src/wasm/load.ts), so the two sides cannot drift. Engines implement
 * `FormatCodec` (types.ts) once per format; the public layer (`src/formats/`) gives the bits their meaning (epochs,
 * tick units, node ids) and turns faults into errors.
 *
 * Every time an engine reads or writes is the format's raw time field, an integer: ULID and UUID v7 Unix ms,
 * Ulid-Flake ms since its epoch, BaseUID ticks of 2^15 ns, KSUID seconds since its epoch (Unix 1400000000 s), TypeID
 * the UUID v7 time field (Unix ms).
 */
import { DECODE_TABLE, isAsciiAlphanumeric } from "../alphabets/crockford.js";
import { OBJECTID } from "./js-objectid.js";
import { XID } from "./js-xid.js";
import { TSID } from "./js-tsid.js";
import { SNOWFLAKE } from "./js-snowflake.js";
import { scanTypeIdWindow } from "./js-scan-typeid.js";
import { scanUlidWindow } from "./js-scan-ulid.js";
import { scanUuidV7Window } from "./js-scan-uuidv7.js";
import { HEX_DECODE } from "./js-uuidv7.js";
import { isWordByte, type ScanShape } from "./scan-shape.js";

export type FormatName = "ulid" | "flake" | "baseuid" | "uuidv7" | "ksuid" | "typeid" | "objectid" | "xid" | "tsid" | "snowflake";

export interface FormatSpec {
  readonly name: FormatName;
  /** The format's name in messages: "ULID", "UUID v7". */
  readonly label: string;
  /** The format's number in the WebAssembly ABI (assembly/formats.ts). */
  readonly wasmId: number;
  /** Bytes of a binary ID. */
  readonly bytes: number;
  /** Characters of a text ID (of the widest, when they vary); a text record is these and one separator byte. */
  readonly chars: number;
  /**
   * A format whose texts vary in width (decimal digits without leading zeros): the fewest characters, `chars` the
   * most. The engines still see records of one width: a shorter text is right-aligned in `chars` characters after
   * PAD bytes, which its codecs skip when they read and write when they encode (`fitText`).
   */
  readonly minChars?: number;
  /**
   * TypeID only: the prefix every text of this spec carries ("" for none). TypeID has a spec per prefix
   * (`typeIdSpec`), whose `chars` count the prefix and its underscore; the engines write and check the prefix.
   */
  readonly prefix?: string;
  /** The largest raw time field. */
  readonly maxTime: number;
  /**
   * Per byte of a binary ID, the bits IDs of one time field may hold either way (random bits, counters, node ids);
   * every other bit is the time field's or fixed (UUID v7's version and variant). Range bounds (src/formats/bounds.ts)
   * clear them for the smallest ID of a time and set them for the largest.
   */
  readonly freeBits: Uint8Array;
  /** Random bytes `stampMany` draws per ID, for a generation parameter. */
  stampRandom(param: number): number;
  /** Random bytes `advanceMany` draws per ID, for a generation parameter. */
  advanceRandom(param: number): number;
  /** Whether the text reads letters in either case (its canonical form is one case), so it may be written in lower case. */
  readonly caseInsensitive: boolean;
  /** Whether the text is lower case only (TypeID): it is written in lower case whatever the `lowercase` option says. */
  readonly lowerCaseOnly?: boolean;
  /** Whether `byte` may separate text records: it is no ASCII letter or digit, and never part of an ID's text. */
  isSeparator(byte: number): boolean;
  /** For a format scanning can find (one whose text can be told from ordinary words): its scan hooks. */
  readonly scan?: ScanShape;
  /**
   * For a format scanning cannot find (no `scan`): what its IDs look like, in the message that refuses a scan for it
   * ("a KSUID (27 characters of letters and digits)").
   */
  readonly looksLike?: string;
}

/** The longest TypeID prefix (spec v0.3). */
export const MAX_PREFIX = 63;

/**
 * The byte before a shorter text of a format whose texts vary in width, in the engines' records (`minChars`): no
 * ASCII character, and never a byte of input the engines see (a string's character above 0x7F reaches them as 0xFF,
 * and a text record holding a byte above MAX_ASCII is no ID: it reaches them as 0xFF bytes). Not 0x80-0x9F: the
 * TypeScript engine reads records through a "latin1" TextDecoder, which is windows-1252 on Node 22 and later (0x80
 * reads as U+20AC there, as U+0080 on Node 20); 0xFE reads as U+00FE on both.
 */
export const PAD = 0xfe;
/** The last ASCII code: a byte above it is no character of any format, and could pass for PAD. */
export const MAX_ASCII = 0x7f;

/** Whether `length` characters may be a text ID of `spec`: `chars`, or from `minChars` to `chars`. */
export function fitsWidth(spec: FormatSpec, length: number): boolean {
  return length <= spec.chars && length >= (spec.minChars ?? spec.chars);
}

/** The width of `spec`'s texts, for messages: "26", or "1 to 19" for texts that vary. */
export function widthText(spec: FormatSpec): string {
  return spec.minChars === undefined ? `${spec.chars}` : `${spec.minChars} to ${spec.chars}`;
}

const HYPHEN = 0x2d;
const UNDERSCORE = 0x5f;

const notAlphanumeric = (byte: number): boolean => !isAsciiAlphanumeric(byte);

/** ULID: 16 bytes, 26 Crockford chars. */
export const ULID: FormatSpec = {
  name: "ulid",
  label: "ULID",
  wasmId: 0,
  bytes: 16,
  chars: 26,
  maxTime: 2 ** 48 - 1,
  // bytes 0-5 time | bytes 6-15 random
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  // A new millisecond fills the 80-bit random part.
  stampRandom: () => 10,
  caseInsensitive: true,
  // Within a millisecond the random part counts up by one: nothing to draw.
  advanceRandom: () => 0,
  isSeparator: notAlphanumeric,
  // Its 26 characters, not glued to an ASCII letter or digit.
  scan: {
    kernel: scanUlidWindow,
    maxBytes: 26,
    varies: false,
    glues: isAsciiAlphanumeric,
    letters: "upper",
    digits: { values: DECODE_TABLE, bits: 5 },
  },
};

/**
 * Ulid-Flake's generation parameter, as both engines read it:
 *
 *   bits 0-4  sid (node id, 0-31)     bit 5  scalable layout     bits 6-7  entropySize (1-3 bytes)
 */
export function flakeParam(entropySize: number, sid: number | undefined): number {
  return (entropySize << 6) | (sid === undefined ? 0 : 0x20 | sid);
}

/** Whether a Ulid-Flake generation parameter selects the scalable layout. */
export function flakeScalable(param: number): boolean {
  return (param & 0x20) !== 0;
}

/** Ulid-Flake: 8 bytes, 13 Crockford chars. */
export const FLAKE: FormatSpec = {
  name: "flake",
  label: "Ulid-Flake",
  looksLike: "a Ulid-Flake (13 characters of letters and digits)",
  wasmId: 1,
  bytes: 8,
  chars: 13,
  maxTime: 2 ** 43 - 1,
  // bits 63-20 sign and time | bits 19-0 random, or random and sid (the low half of byte 5, bytes 6-7)
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0x0f, 0xff, 0xff),
  // A new millisecond fills the random field: 20 bits from 3 bytes, or 15 bits (scalable) from 2.
  stampRandom: (param) => (flakeScalable(param) ? 2 : 3),
  caseInsensitive: true,
  advanceRandom: (param) => param >> 6,
  isSeparator: notAlphanumeric,
};

/** BaseUID: 15 bytes, 20 chars of the lexicographic Base64 alphabet (which holds `-` and `_`). */
export const BASEUID: FormatSpec = {
  name: "baseuid",
  label: "BaseUID",
  looksLike: "a BaseUID (20 characters of letters, digits, - and _)",
  wasmId: 2,
  bytes: 15,
  chars: 20,
  maxTime: 2 ** 48 - 1,
  // bytes 0-5 time | bytes 6-14 random
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  stampRandom: () => 9,
  // Base64: "a" and "A" are different digits.
  caseInsensitive: false,
  // Within a tick the 72-bit random part counts up by one: nothing to draw.
  advanceRandom: () => 0,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte) && byte !== HYPHEN && byte !== UNDERSCORE,
};

/** UUID v7: 16 bytes, 36 chars (8-4-4-4-12 hex). */
export const UUIDV7: FormatSpec = {
  name: "uuidv7",
  label: "UUID v7",
  wasmId: 3,
  bytes: 16,
  chars: 36,
  maxTime: 2 ** 48 - 1,
  // bytes 0-5 time | byte 6: version 0111 over rand_a's top 4 bits | byte 7 rand_a | byte 8: variant 10 over rand_b's
  // top 6 bits | bytes 9-15 rand_b. Any rand_a and rand_b: other generators' counters may set the top bit ours keeps clear.
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0, 0x0f, 0xff, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
  // rand_a and rand_b: 74 bits from 10 bytes.
  stampRandom: () => 10,
  // Hex, read in either case; written in lower case already.
  caseInsensitive: true,
  // Each successor keeps the counter (42 bits) + 1 and draws its last 32 bits afresh.
  advanceRandom: () => 4,
  isSeparator: (byte) => !isAsciiAlphanumeric(byte) && byte !== HYPHEN,
  // Its 36 characters, not glued to an ASCII letter or digit.
  scan: {
    kernel: scanUuidV7Window,
    maxBytes: 36,
    varies: false,
    glues: isAsciiAlphanumeric,
    letters: "lower",
    digits: { values: HEX_DECODE, bits: 4 },
  },
};

/** KSUID: 20 bytes, 27 chars of base62 (0-9A-Za-z, case-sensitive). */
export const KSUID: FormatSpec = {
  name: "ksuid",
  label: "KSUID",
  looksLike: "a KSUID (27 characters of letters and digits)",
  wasmId: 4,
  bytes: 20,
  chars: 27,
  // The time field is a u32 of seconds since 1400000000 s (2014-05-13T16:53:20Z).
  maxTime: 2 ** 32 - 1,
  // bytes 0-3 time | bytes 4-19 payload
  freeBits: Uint8Array.of(0, 0, 0, 0, ...new Array<number>(16).fill(0xff)),
  // A new second fills the 128-bit payload.
  stampRandom: () => 16,
  // Base62: "a" and "A" are different digits.
  caseInsensitive: false,
  // Within a second the payload counts up by one: nothing to draw.
  advanceRandom: () => 0,
  isSeparator: notAlphanumeric,
};

/**
 * TypeID without a prefix: 16 bytes (a UUID), 26 chars of lower-case Crockford base32 (ULID's bit layout). Its
 * generation is UUID v7's, so it shares UUID v7's random draws.
 */
export const TYPEID: FormatSpec = {
  ...UUIDV7,
  // Any 128 bits after the time field: TypeID decodes every UUID, so the bounds of a time (bounds.ts) hold every
  // TypeID of that millisecond, a UUID v7 or not, as ULID's do.
  freeBits: ULID.freeBits,
  name: "typeid",
  label: "TypeID",
  wasmId: 5,
  chars: 26,
  prefix: "",
  // Lower case only: "A" is no TypeID character. Text is written in lower case already.
  caseInsensitive: false,
  lowerCaseOnly: true,
  // "_" joins the prefix to the suffix.
  isSeparator: (byte) => !isAsciiAlphanumeric(byte) && byte !== UNDERSCORE,
  // A whole word of ASCII letters, digits and underscores (assembly/scan-typeid.ts): its optional prefix makes it 26
  // to 90 bytes, and an underscore before it glues too. Its key is its UUID's (its suffix's 26 digits), so TypeIDs of
  // one UUID under different prefixes count once.
  scan: {
    kernel: scanTypeIdWindow,
    maxBytes: MAX_PREFIX + 1 + 26,
    varies: true,
    glues: isWordByte,
    letters: "found",
    digits: { values: DECODE_TABLE, bits: 5 },
  },
};

/** TypeID's spec for texts with `prefix` (valid, checked by the caller): `prefix_` and 26 chars, or 26 without one. */
export function typeIdSpec(prefix: string): FormatSpec {
  return prefix === "" ? TYPEID : { ...TYPEID, prefix, chars: prefix.length + 1 + TYPEID.chars };
}

/**
 * Every format, in the order of its wasm number, which is also the registry's order (src/formats/registry.ts; a test
 * holds them to it): the order of scanning's "all" and of the formats an unknown one's message lists.
 */
export const FORMAT_SPECS: readonly FormatSpec[] = [ULID, FLAKE, BASEUID, UUIDV7, KSUID, TYPEID, OBJECTID, XID, TSID, SNOWFLAKE];

/** The spec of the format named `name`, or undefined when no format has that name. */
export function specNamed(name: unknown): FormatSpec | undefined {
  return FORMAT_SPECS.find((spec) => spec.name === name);
}

/**
 * The most bytes any format's binary ID has (a KSUID's), and the most characters of its text (a TypeID with a prefix
 * of 63 chars).
 */
export const MAX_ID_BYTES = 20;
export const MAX_ID_CHARS = MAX_PREFIX + 1 + 26;
/** The most random bytes any format draws for one ID (a KSUID's payload). */
export const MAX_RANDOM_BYTES = 16;
