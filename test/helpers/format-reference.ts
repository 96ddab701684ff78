/**
 * An independent reference for every format (docs/formats.md), written with BigInt and regular expressions for
 * clarity rather than speed. Tests compare the library against this, never against itself. The suites that take
 * REF_FORMATS run over every format alike: ULID is one of them.
 */
import { baseuid, flake, formats, ksuid, objectid, snowflake, tsid, typeid, uuidv7, xid } from "../../src/index.js";
import { bigIntToBytes, bytesToBigInt } from "./reference.js";
import type { Format } from "../../src/formats/codec.js";
import { formatOption } from "../../src/formats/registry.js";
import { formatWithPrefix } from "../../src/formats/typeid.js";
import { createSchema } from "../../src/formats/schema.js";
import { FLAKE_DEFAULT_EPOCH, TSID_EPOCH, TWITTER_EPOCH } from "../format-vectors.js";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const BASE64_LEX = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
export const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** KSUID's epoch: Unix 1400000000 s. */
const KSUID_EPOCH_S = 1400000000;
/** The largest KSUID, 2^160 - 1 (docs/formats.md). */
const KSUID_LARGEST = "aWgEPTl1tmebfsQzFP4bxwgy80V";

/**
 * The texts of `largest.length` characters of `alphabet` (in ASCII order) that are not above `largest`, as a pattern:
 * `largest` itself, or its first p characters, then one below its next, then anything.
 */
export function notAbove(largest: string, alphabet: string): RegExp {
  const rest = largest.length;
  const branches = [...largest].flatMap((char, p) => {
    const below = alphabet.slice(0, alphabet.indexOf(char));
    return below === "" ? [] : [`${largest.slice(0, p)}[${below}][${alphabet}]{${rest - p - 1}}`];
  });
  return new RegExp(`^(?:${[largest, ...branches].join("|")})$`);
}

export interface RefFormat {
  readonly name: "ulid" | "flake" | "baseuid" | "uuidv7" | "ksuid" | "typeid" | "objectid" | "xid" | "tsid" | "snowflake";
  /** The namespace under test (TypeID's with a prefix bound to its calls: `typeIdWithPrefix`). */
  readonly api: typeof formats.ulid | typeof flake | typeof baseuid | typeof uuidv7 | typeof ksuid | typeof typeid | typeof objectid | typeof xid | typeof tsid | typeof snowflake;
  readonly bytes: number;
  /** Characters of a text (a TypeID's with its prefix and underscore; Snowflake's widest). */
  readonly chars: number;
  /** Snowflake's texts vary in width: the fewest characters (`chars` the most). Absent for a format of one width. */
  readonly minChars?: number;
  /** Characters before the ID proper: a TypeID's prefix and underscore, whose faults are INVALID_PREFIX. 0 elsewhere. */
  readonly lead: number;
  /** TypeID's prefix, which `api` gives every call. */
  readonly prefix?: string;
  /** Every text the format accepts, and nothing else. */
  readonly pattern: RegExp;
  /** The canonical text of bytes, or null when they are no ID of the format. */
  encode(bytes: Uint8Array): string | null;
  /** The bytes of a text, or null when it is invalid. */
  decode(text: string): Uint8Array | null;
  /** `decodeTime` (default options) of a valid text. */
  time(text: string): number;
  /** Random bytes made into an ID of the format (sign bit cleared, version and variant stamped). */
  conform(bytes: Uint8Array): Uint8Array;
  /** Characters that never occur in the format's text (beyond the separators). */
  readonly badChars: readonly string[];
  /** Texts of valid characters whose value is too large (OVERFLOW), and the position the fault is reported at. */
  readonly overflows: readonly { readonly text: string; readonly position: number }[];
  /** Bytes that may separate text records, and ones that may not. */
  readonly separators: readonly number[];
  readonly nonSeparators: readonly number[];
}

function digits(value: bigint, count: number, base: bigint, alphabet: string): string {
  let text = "";
  for (let i = 0; i < count; i++, value /= base) text = alphabet[Number(value % base)] + text;
  return text;
}

function undigits(text: string, base: bigint, valueOf: (char: string) => number): bigint {
  let value = 0n;
  for (const char of text) value = value * base + BigInt(valueOf(char));
  return value;
}

const CROCKFORD_ALIASES: Record<string, string> = { I: "1", L: "1", O: "0" };

export const REF_ULID: RefFormat = {
  name: "ulid",
  api: formats.ulid,
  bytes: 16,
  chars: 26,
  lead: 0,
  pattern: /^[0-7IiLlOo][0-9A-HJKMNP-TV-Za-hjkmnp-tv-zIiLlOo]{25}$/,
  encode: (bytes) => digits(bytesToBigInt(bytes), 26, 32n, CROCKFORD),
  decode(text) {
    if (!this.pattern.test(text)) return null;
    const canonical = [...text.toUpperCase()].map((c) => CROCKFORD_ALIASES[c] ?? c).join("");
    return bigIntToBytes(undigits(canonical, 32n, (c) => CROCKFORD.indexOf(c)), 16);
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!, 0, 6));
  },
  conform: (bytes) => bytes.slice(0, 16),
  badChars: ["U", "u", "!", "-", "_", " ", "\0", "é", "\u0130", "\u0141", "\u212a", "\ud800"],
  overflows: [
    { text: "80000000000000000000000000", position: 0 },
    { text: "zZZZZZZZZZZZZZZZZZZZZZZZZZ", position: 0 },
  ],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x55, 0x7a],
};

export const REF_FLAKE: RefFormat = {
  name: "flake",
  api: flake,
  bytes: 8,
  chars: 13,
  lead: 0,
  pattern: /^[0-7IiLlOo][0-9A-TV-Za-tv-z]{12}$/,
  encode: (bytes) => (bytes[0]! >= 0x80 ? null : digits(bytesToBigInt(bytes), 13, 32n, CROCKFORD)),
  decode(text) {
    if (!this.pattern.test(text)) return null;
    const canonical = [...text.toUpperCase()].map((c) => CROCKFORD_ALIASES[c] ?? c).join("");
    return bigIntToBytes(undigits(canonical, 32n, (c) => CROCKFORD.indexOf(c)), 8);
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!) >> 20n) + FLAKE_DEFAULT_EPOCH;
  },
  conform: (bytes) => Uint8Array.of(bytes[0]! & 0x7f, ...bytes.subarray(1, 8)),
  badChars: ["U", "u", "!", "-", "_", " ", "\0", "é", "\u0130", "\u0141", "\u212a", "\ud800"],
  overflows: [{ text: "8000000000000", position: 0 }],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x55, 0x7a],
};

export const REF_BASEUID: RefFormat = {
  name: "baseuid",
  api: baseuid,
  bytes: 15,
  chars: 20,
  lead: 0,
  pattern: /^[-0-9A-Z_a-z]{20}$/,
  encode: (bytes) => digits(bytesToBigInt(bytes), 20, 64n, BASE64_LEX),
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(undigits(text, 64n, (c) => BASE64_LEX.indexOf(c)), 15) : null;
  },
  time(text) {
    return (Number(bytesToBigInt(this.decode(text)!, 0, 6)) * 32768) / 1e6;
  },
  conform: (bytes) => bytes.slice(0, 15),
  badChars: ["+", "/", "=", "!", ".", " ", "\0", "é", "\u0130", "\u212a", "\ud800"],
  overflows: [],
  separators: [0x0a, 0x2c, 0x20, 0x2e, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x7a, 0x2d, 0x5f],
};

export const REF_UUIDV7: RefFormat = {
  name: "uuidv7",
  api: uuidv7,
  bytes: 16,
  chars: 36,
  lead: 0,
  pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  encode(bytes) {
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    const text = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return this.pattern.test(text) ? text : null;
  },
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(BigInt(`0x${text.replaceAll("-", "")}`), 16) : null;
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!, 0, 6));
  },
  conform(bytes) {
    const out = bytes.slice(0, 16);
    out[6] = 0x70 | (out[6]! & 0x0f);
    out[8] = 0x80 | (out[8]! & 0x3f);
    return out;
  },
  badChars: ["g", "G", "z", "!", "_", " ", "\0", "é", "\u0130", "\ud800"],
  overflows: [],
  separators: [0x0a, 0x2c, 0x20, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x61, 0x67, 0x2d],
};

export const REF_KSUID: RefFormat = {
  name: "ksuid",
  api: ksuid,
  bytes: 20,
  chars: 27,
  lead: 0,
  pattern: notAbove(KSUID_LARGEST, BASE62),
  encode: (bytes) => digits(bytesToBigInt(bytes), 27, 62n, BASE62),
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(undigits(text, 62n, (c) => BASE62.indexOf(c)), 20) : null;
  },
  time(text) {
    return (Number(bytesToBigInt(this.decode(text)!, 0, 4)) + KSUID_EPOCH_S) * 1000;
  },
  conform: (bytes) => bytes.slice(0, 20),
  badChars: ["-", "_", "!", "+", "/", "=", " ", "\0", "é", "\u0130", "\u212a", "\ud800"],
  overflows: [
    { text: "aWgEPTl1tmebfsQzFP4bxwgy80W", position: 26 },
    { text: "aWgEPTl1tmebfsQzFP4bxwgy810", position: 25 },
    { text: "aaaaaaaaaaaaaaaaaaaaaaaaaaa", position: 1 },
    { text: "b00000000000000000000000000", position: 0 },
    { text: "zzzzzzzzzzzzzzzzzzzzzzzzzzz", position: 0 },
  ],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x61, 0x7a],
};

/** MongoDB ObjectId: 24 hex digits of the 12 bytes, either case in, lower case out; any 12 bytes. */
export const REF_OBJECTID: RefFormat = {
  name: "objectid",
  api: objectid,
  bytes: 12,
  chars: 24,
  lead: 0,
  pattern: /^[0-9a-fA-F]{24}$/,
  encode: (bytes) => Array.from(bytes.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join(""),
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(BigInt(`0x${text}`), 12) : null;
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!, 0, 4)) * 1000;
  },
  conform: (bytes) => bytes.slice(0, 12),
  badChars: ["g", "G", "z", "!", "-", "_", " ", "\0", "é", "\u0130", "\u212a", "\ud800"],
  overflows: [],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x61, 0x67],
};

const XID_ALPHABET = "0123456789abcdefghijklmnopqrstuv";

/** XID: the 96 bits and 4 zero bits as 20 lower-case base32hex characters (so the last is 0 or g); any 12 bytes. */
export const REF_XID: RefFormat = {
  name: "xid",
  api: xid,
  bytes: 12,
  chars: 20,
  lead: 0,
  pattern: /^[0-9a-v]{19}[0g]$/,
  encode: (bytes) => digits(bytesToBigInt(bytes, 0, 12) << 4n, 20, 32n, XID_ALPHABET),
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(undigits(text, 32n, (c) => XID_ALPHABET.indexOf(c)) >> 4n, 12) : null;
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!, 0, 4)) * 1000;
  },
  conform: (bytes) => bytes.slice(0, 12),
  badChars: ["w", "z", "A", "G", "V", "!", "-", "_", " ", "\0", "é", "\u0130", "\u212a", "\ud800"],
  overflows: [],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x61, 0x77],
};

/** TSID: 13 Crockford characters of the 64 bits (the first 0-F), either case and the aliases in; any 8 bytes. */
export const REF_TSID: RefFormat = {
  name: "tsid",
  api: tsid,
  bytes: 8,
  chars: 13,
  lead: 0,
  pattern: /^[0-9A-Fa-fIiLlOo][0-9A-TV-Za-tv-z]{12}$/,
  encode: (bytes) => digits(bytesToBigInt(bytes, 0, 8), 13, 32n, CROCKFORD),
  decode(text) {
    if (!this.pattern.test(text)) return null;
    const canonical = [...text.toUpperCase()].map((c) => CROCKFORD_ALIASES[c] ?? c).join("");
    return bigIntToBytes(undigits(canonical, 32n, (c) => CROCKFORD.indexOf(c)), 8);
  },
  time(text) {
    return Number(bytesToBigInt(this.decode(text)!) >> 22n) + TSID_EPOCH;
  },
  conform: (bytes) => bytes.slice(0, 8),
  badChars: ["U", "u", "!", "-", "_", " ", "\0", "é", "\u0130", "\u0141", "\u212a", "\ud800"],
  overflows: [
    { text: "G000000000000", position: 0 },
    { text: "zZZZZZZZZZZZZ", position: 0 },
  ],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x5f, 0x00, 0xff],
  nonSeparators: [0x30, 0x41, 0x55, 0x7a],
};

const LARGEST_SNOWFLAKE = (1n << 63n) - 1n;
const DIGITS = "0123456789";

/**
 * Snowflake: the 63-bit value in decimal, 1 to 19 digits without a leading zero (but "0"); any 8 bytes without the
 * sign bit. Its random IDs are shifted right by 0 to 63 bits, so that every width of text is common.
 */
export const REF_SNOWFLAKE: RefFormat = {
  name: "snowflake",
  api: snowflake,
  bytes: 8,
  chars: 19,
  minChars: 1,
  lead: 0,
  pattern: new RegExp(`^(?:0|[1-9][0-9]{0,17}|(?!0)${notAbove(String(LARGEST_SNOWFLAKE), DIGITS).source.slice(1, -1)})$`),
  encode: (bytes) => (bytes[0]! >= 0x80 ? null : String(bytesToBigInt(bytes, 0, 8))),
  decode(text) {
    return this.pattern.test(text) ? bigIntToBytes(BigInt(text), 8) : null;
  },
  time(text) {
    return Number(BigInt(text) >> 22n) + TWITTER_EPOCH;
  },
  conform: (bytes) => bigIntToBytes((bytesToBigInt(bytes, 0, 8) & LARGEST_SNOWFLAKE) >> BigInt(bytes[7]! & 63), 8),
  badChars: ["a", "A", "!", "-", "+", ".", " ", "\0", "é", "\u0660", "\uff10", "\ud800"],
  overflows: [
    { text: "9223372036854775808", position: 18 },
    { text: "9300000000000000000", position: 1 },
    { text: "9999999999999999999", position: 1 },
  ],
  separators: [0x0a, 0x2c, 0x20, 0x2d, 0x41, 0x7a, 0x00, 0xff],
  nonSeparators: [0x30, 0x35, 0x39],
};

/** Where each of TypeID's calls takes its options (the others take none). */
const OPTIONS_AT: Readonly<Record<string, number>> = {
  encode: 2,
  monotonicFactory: 0,
  ...Object.fromEntries(
    ["decode", "isValid", "canonicalize", "decodeTime", "encodeMany", "encodeManyText", "decodeMany", "validateMany"]
      .concat(["decodeTimeMany", "generate", "generateMany", "min", "max", "toBigInt", "fromBigInt", "parse", "toUUID"])
      .map((name) => [name, 1]),
  ),
};

/** Options with `prefix` added, when they are a plain object of data (or absent); anything else as it is, to be refused. */
function withPrefixOption(options: unknown, prefix: string): unknown {
  if (options === undefined) return { prefix };
  try {
    if (typeof options !== "object" || options === null || Object.getPrototypeOf(options) !== Object.prototype) return options;
    const plain = Object.values(Object.getOwnPropertyDescriptors(options)).every((d) => "value" in d && d.enumerable);
    return plain && !("prefix" in options) ? { ...options, prefix } : options;
  } catch {
    return options;
  }
}

/** The `typeid` namespace with `prefix` given to every call that takes one, so the shared suites run on prefixed text. */
export function typeIdWithPrefix(prefix: string): typeof typeid {
  const bound: Record<string, unknown> = { ...typeid };
  for (const [name, at] of Object.entries(OPTIONS_AT)) {
    const call = (typeid as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
    bound[name] = (...args: unknown[]) => {
      const given = [...args];
      while (given.length < at) given.push(undefined);
      given[at] = withPrefixOption(given[at], prefix);
      return call(...given);
    };
  }
  bound.fromUUID = (uuid: string, given = prefix) => typeid.fromUUID(uuid, given);
  // The namespace's schema takes any prefix: the bound one requires this one, as `decode` does here.
  bound.schema = createSchema(formatWithPrefix(prefix));
  return Object.freeze(bound) as unknown as typeof typeid;
}

const TYPEID_SUFFIX = "[0-7][0-9a-hjkmnp-tv-z]{25}";

/** TypeID with the prefix `prefix` ("" for none): 26 chars of lower-case Crockford base32 after `prefix_`. */
function refTypeId(prefix: string): RefFormat {
  const lead = prefix === "" ? "" : `${prefix}_`;
  return {
    name: "typeid",
    api: prefix === "" ? typeid : typeIdWithPrefix(prefix),
    prefix,
    bytes: 16,
    chars: lead.length + 26,
    lead: lead.length,
    pattern: new RegExp(`^${lead}${TYPEID_SUFFIX}$`),
    encode: (bytes) => lead + digits(bytesToBigInt(bytes), 26, 32n, CROCKFORD.toLowerCase()),
    decode(text) {
      if (!this.pattern.test(text)) return null;
      return bigIntToBytes(undigits(text.slice(lead.length), 32n, (c) => CROCKFORD.toLowerCase().indexOf(c)), 16);
    },
    time(text) {
      return Number(bytesToBigInt(this.decode(text)!, 0, 6));
    },
    conform: (bytes) => bytes.slice(0, 16),
    // Not "_": with it a suffix char would end a prefix. Upper case, the aliases and U are no TypeID characters.
    badChars: ["U", "u", "A", "Z", "I", "i", "L", "l", "O", "o", "!", "-", " ", "\0", "é", "\u0130", "\u212a", "\ud800"],
    overflows: [
      { text: `${lead}80000000000000000000000000`, position: lead.length },
      { text: `${lead}zzzzzzzzzzzzzzzzzzzzzzzzzz`, position: lead.length },
    ],
    separators: [0x0a, 0x2c, 0x20, 0x2d, 0x00, 0xff],
    nonSeparators: [0x30, 0x61, 0x7a, 0x5f],
  };
}

/** TypeID with the prefix "user" (31 chars), the one in REF_FORMATS; REF_TYPEID_BARE has none. */
export const REF_TYPEID = refTypeId("user");
export const REF_TYPEID_BARE = refTypeId("");

export const REF_FORMATS: readonly RefFormat[] = [REF_ULID, REF_FLAKE, REF_BASEUID, REF_UUIDV7, REF_KSUID, REF_TYPEID, REF_OBJECTID, REF_XID, REF_TSID, REF_SNOWFLAKE];

/**
 * The order of two texts of `ref` as its docs say to compare them: ASCII order, but for Snowflake's decimal texts,
 * which compare as numbers (the shorter first, then ASCII order among texts of one width).
 */
export function compareTexts(ref: RefFormat, a: string, b: string): number {
  if (ref.minChars !== undefined && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The format as the machinery sees the texts of `ref` (a TypeID prefix's own format). */
export function machineryOf(ref: RefFormat): Format {
  return ref.prefix === undefined ? formatOption(ref.name) : formatWithPrefix(ref.prefix);
}
