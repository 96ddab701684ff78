/**
 * For the scan tests: an independent oracle (a regular expression over the Latin-1 view of the bytes), seeded
 * random "logs" mixing real IDs with every kind of decoy, and random chunk splits of a byte array.
 */
import { ALPHABET, refTime, seededUint32 } from "./reference.js";

export interface ExpectedMatch {
  id: string;
  offset: number;
  time: number;
  line: number;
}

/**
 * A match: 26 canonical characters in either case (no I/L/O/U), the first 0-7, with no ASCII letter or digit
 * directly before or after.
 */
const TOKEN = /(?<![A-Za-z0-9])[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}(?![A-Za-z0-9])/g;

/** A UUID v7 match: 8-4-4-4-12 hex in either case, version 7 and the RFC variant, no letter or digit around it. */
const UUID_V7 = /(?<![0-9A-Za-z])[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?![0-9A-Za-z])/gi;

/**
 * A terminal escape sequence (ECMA-48), possibly cut short by a byte that does not fit: ESC "[" parameter bytes,
 * intermediate bytes and a final byte, or ESC, intermediate bytes and a final byte.
 */
const ESCAPE = /\x1b(?:\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?|[\x20-\x2f]*[\x30-\x7e]?)/g;

/** `text` with every escape sequence turned into spaces: the scanner reads escape sequences as borders. */
function withoutEscapes(text: string): string {
  return text.replace(ESCAPE, (sequence) => " ".repeat(sequence.length));
}

/** What scanning `text` for UUID v7s must find (lower case), with line numbers. */
export function referenceUuidV7Scan(original: string): ExpectedMatch[] {
  const text = withoutEscapes(original);
  return [...text.matchAll(UUID_V7)].map((m) => ({
    id: m[0].toLowerCase(),
    offset: m.index,
    time: Number.parseInt(m[0].slice(0, 8) + m[0].slice(9, 13), 16),
    line: text.slice(0, m.index).split("\n").length,
  }));
}

/** An ObjectId match: a word of exactly 24 hex digits in either case, no letter or digit around it. */
const OBJECTID = /(?<![0-9A-Za-z])[0-9a-f]{24}(?![0-9A-Za-z])/gi;

/** What scanning `text` for ObjectIds must find (lower case; the time its first 8 digits, Unix seconds), with line numbers. */
export function referenceObjectIdScan(original: string): ExpectedMatch[] {
  const text = withoutEscapes(original);
  return [...text.matchAll(OBJECTID)].map((m) => ({
    id: m[0].toLowerCase(),
    offset: m.index,
    time: Number.parseInt(m[0].slice(0, 8), 16) * 1000,
    line: text.slice(0, m.index).split("\n").length,
  }));
}

/** An XID match: a word of exactly 20 lower-case base32hex characters ending in 0 or g, no letter or digit around it. */
const XID_WORD = /(?<![0-9A-Za-z])[0-9a-v]{19}[0g](?![0-9A-Za-z])/g;

/** What scanning `text` for XIDs must find (the time its first 32 bits, Unix seconds), with line numbers. */
export function referenceXidScan(original: string): ExpectedMatch[] {
  const text = withoutEscapes(original);
  return [...text.matchAll(XID_WORD)].map((m) => ({
    id: m[0],
    offset: m.index,
    time: Number([...m[0].slice(0, 7)].reduce((v, c) => v * 32n + BigInt("0123456789abcdefghijklmnopqrstuv".indexOf(c)), 0n) >> 3n) * 1000,
    line: text.slice(0, m.index).split("\n").length,
  }));
}

/** What scanning `bytes` must find, with line numbers. */
export function referenceScan(bytes: Uint8Array): ExpectedMatch[] {
  const text = withoutEscapes(Buffer.from(bytes).toString("latin1"));
  const matches: ExpectedMatch[] = [];
  let line = 1;
  let counted = 0;
  for (const match of text.matchAll(TOKEN)) {
    for (; counted < match.index; counted++) if (text.charCodeAt(counted) === 0x0a) line++;
    const id = match[0].toUpperCase();
    matches.push({ id, offset: match.index, time: refTime(id), line });
  }
  return matches;
}

/** Pieces a random log is built from; each returns text for a generator `next`. */
type Piece = (next: () => number) => string;

const pick = <T>(next: () => number, items: readonly T[]): T => items[next() % items.length]!;

function randomId(next: () => number, first = ALPHABET[next() % 8]!): string {
  let id = first;
  for (let i = 1; i < 26; i++) id += ALPHABET[next() % 32];
  return id;
}

const PIECES: readonly Piece[] = [
  (next) => randomId(next),
  (next) => randomId(next).toLowerCase(),
  (next) => `"request_id":"${randomId(next)}"`,
  (next) => `/orders/${randomId(next)}?page=2`,
  (next) => `[${randomId(next)}]`,
  // Decoys: 27 characters, an overflowing first character, a U or an alias inside, glued to a letter or digit.
  (next) => randomId(next) + ALPHABET[next() % 32],
  (next) => randomId(next, pick(next, [..."89ABCXYZ"])),
  (next) => randomId(next).slice(0, 12) + pick(next, [..."UuIiLlOo"]) + randomId(next).slice(13),
  (next) => pick(next, [..."xQ7_"]) + randomId(next),
  (next) => randomId(next) + pick(next, [..."gZ0"]),
  (next) => randomId(next).slice(0, 25),
  // Terminal escape sequences around IDs: colours (the final "m" is no letter glued to the ID), a character set
  // switch, cursor moves, a hyperlink, an ESC that eats the ID's first character, a malformed CSI, 26 digits
  // that are a CSI's parameters and no ID.
  (next) => `\x1b[36m${randomId(next)}\x1b[0m`,
  (next) => `\x1b[${pick(next, ["1;31", "38;5;208", "38;2;255;128;0", "", "0", "?25"])}m${randomId(next)}`,
  (next) => `\x1b(B${randomId(next)}\x1b[m`,
  (next) => `\x1b[2K\x1b[1G${randomId(next)}`,
  (next) => `\x1b]8;;https://example.com/${randomId(next)}\x1b\\${randomId(next)}\x1b]8;;\x1b\\`,
  (next) => `\x1b${randomId(next)}`,
  (next) => `\x1b[12${pick(next, ["\n", " ", "\u00e9"])}${randomId(next)}`,
  (next) => `\x1b[${randomId(next).replace(/[^0-9]/g, "1")}m `,
  (next) => pick(next, ["\x1b", "\x1b[", "\x1b[1;", "\x1b(", "\x1b[ "]),
  // Filler: words, numbers, punctuation, line breaks, non-ASCII bytes.
  (next) => pick(next, ["INFO", "level=warn", "GET", "HTTP/1.1", "200", "ms=12", "\u00e9t\u00e9", "\u00ff"]),
  (next) => pick(next, [" ", " ", "\t", ",", ";", "\n", "\n", "\r\n", ": "]),
];

/** A seeded random log of about `length` bytes (Latin-1: every char one byte). */
export function randomLog(length: number, seed: number): Uint8Array {
  const next = seededUint32(seed);
  let text = "";
  while (text.length < length) text += pick(next, PIECES)(next) + pick(next, [" ", "\n", ""]);
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** `bytes` cut at random points into chunks of 1 to `maxChunk` bytes (views, in order). */
export function randomChunks(bytes: Uint8Array, maxChunk: number, seed: number): Uint8Array[] {
  const next = seededUint32(seed);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + (next() % maxChunk);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** `bytes` as chunks of one byte each. */
export function byteChunks(bytes: Uint8Array): Uint8Array[] {
  return Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
}

/**
 * A TypeID match: a whole word of ASCII letters, digits and underscores that is a TypeID as written: an optional
 * prefix of 1-63 chars of a-z and "_" not starting or ending with "_", then "_", then 26 lower-case Crockford
 * characters, the first 0-7.
 */
const TYPE_ID = /(?<![A-Za-z0-9_])(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}(?![A-Za-z0-9_])/g;

/** What scanning `text` for TypeIDs must find (as written), with line numbers. */
export function referenceTypeIdScan(original: string): ExpectedMatch[] {
  const text = withoutEscapes(original);
  return [...text.matchAll(TYPE_ID)].map((m) => ({
    id: m[0],
    offset: m.index,
    time: refTime(m[0].slice(-26).toUpperCase()),
    line: text.slice(0, m.index).split("\n").length,
  }));
}

const LOWER_ALPHABET = ALPHABET.toLowerCase();

function randomSuffix(next: () => number, first = LOWER_ALPHABET[next() % 8]!): string {
  let suffix = first;
  for (let i = 1; i < 26; i++) suffix += LOWER_ALPHABET[next() % 32];
  return suffix;
}

/** A prefix of `length` chars of a-z and "_" (not at either end, when longer than 1). */
function randomPrefix(next: () => number, length: number): string {
  let prefix = "";
  for (let i = 0; i < length; i++) {
    const inside = i > 0 && i < length - 1;
    prefix += inside && next() % 6 === 0 ? "_" : String.fromCharCode(0x61 + (next() % 26));
  }
  return prefix;
}

/** A random TypeID: no prefix, or one of 1-63 chars (the lengths at the limits often). */
function randomTypeId(next: () => number): string {
  const length = pick(next, [0, 0, 1, 2, 4, 8, 13, 30, 62, 63]);
  return length === 0 ? randomSuffix(next) : `${randomPrefix(next, length)}_${randomSuffix(next)}`;
}

const TYPEID_PIECES: readonly Piece[] = [
  (next) => randomTypeId(next),
  (next) => `{"id":"${randomTypeId(next)}"}`,
  (next) => `user=${randomTypeId(next)}`,
  (next) => `/orders/${randomTypeId(next)}?page=2`,
  (next) => `\x1b[36m${randomTypeId(next)}\x1b[0m`,
  (next) => `${randomTypeId(next)}-retry`,
  // Decoys: upper case anywhere, an overflowing suffix, a 64-char prefix, a prefix glued to a digit, an upper-case
  // letter or an underscore, "_" at either end of the prefix, a word going on after the suffix, 25 or 27 chars,
  // the letters a suffix may not hold.
  (next) => randomTypeId(next).toUpperCase(),
  (next) => `${randomPrefix(next, 5)}_${randomSuffix(next).toUpperCase()}`,
  (next) => `${randomPrefix(next, 4)}_${randomSuffix(next, pick(next, [..."89abz"]))}`,
  (next) => `${randomPrefix(next, 64)}_${randomSuffix(next)}`,
  (next) => `${pick(next, ["x9", "User", "A", "_", "__", "x_"])}${pick(next, ["", "_"])}${randomTypeId(next)}`,
  (next) => `_${randomPrefix(next, 3)}_${randomSuffix(next)}`,
  (next) => `${randomPrefix(next, 3)}__${randomSuffix(next)}`,
  (next) => `${randomTypeId(next)}${pick(next, ["_v2", "_", "0", "Q", "a"])}`,
  (next) => randomSuffix(next).slice(0, 25),
  (next) => `${randomPrefix(next, 6)}_${randomSuffix(next)}${LOWER_ALPHABET[next() % 32]}`,
  (next) => {
    const suffix = randomSuffix(next);
    return `${suffix.slice(0, 9)}${pick(next, [..."ilou"])}${suffix.slice(10)}`;
  },
  (next) => `\x1b${randomTypeId(next)}`,
  // Filler, and ULIDs and UUIDs, which are no TypeIDs (an upper-case ULID) or are (a lower-case ULID is one).
  (next) => pick(next, ["INFO", "level=warn", "user_id", "snake_case_word", "200", "\u00e9t\u00e9", "\u00ff"]),
  (next) => randomId(next),
  (next) => randomId(next).toLowerCase(),
  (next) => pick(next, [" ", " ", "\t", ",", ";", "\n", "\n", "\r\n", ": "]),
];

/** A seeded random log of about `length` bytes with TypeIDs and their decoys (Latin-1: every char one byte). */
export function randomTypeIdLog(length: number, seed: number): string {
  const next = seededUint32(seed);
  let text = "";
  while (text.length < length) text += pick(next, TYPEID_PIECES)(next) + pick(next, [" ", "\n", ""]);
  return text;
}

const HEX_DIGITS = "0123456789abcdef";

/** A UUID v7's text: Unix ms from 2000 to 2040 or past ULID's range, random bits, either case. */
function randomUuidV7(next: () => number): string {
  const time = next() % 8 === 0 ? 2 ** 48 - 1 - (next() % 1000) : 946_684_800_000 + (next() % 1_262_304_000) * 1000;
  let hex = time.toString(16).padStart(12, "0") + "7";
  for (let i = 0; i < 19; i++) hex += HEX_DIGITS[next() % 16];
  hex = hex.slice(0, 16) + HEX_DIGITS[8 + (next() % 4)] + hex.slice(17);
  const text = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return next() % 3 === 0 ? text.toUpperCase() : text;
}

/** Twelve random bytes whose first four are Unix seconds from 2001 to 2026 (an ObjectId's or an XID's). */
function randomTwelveBytes(next: () => number): Uint8Array {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setUint32(0, 0x3b9aca00 + (next() % 0x2d000000));
  for (let i = 4; i < 12; i++) bytes[i] = next() % 256;
  return bytes;
}

/** An ObjectId's text, either case, or a decoy: glued to a word, a digit too many or too few. */
function randomObjectId(next: () => number): string {
  const text = Buffer.from(randomTwelveBytes(next)).toString("hex");
  return pick(next, [() => text, () => text.toUpperCase(), () => `x${text}`, () => `${text}0`, () => text.slice(1), () => `"_id":"${text}"`])();
}

/** An XID's text (12 bytes as 20 base32hex digits, the last 4 bits padding), or a decoy: upper case, glued, cut. */
function randomXid(next: () => number): string {
  const bits = [...randomTwelveBytes(next)].map((byte) => byte.toString(2).padStart(8, "0")).join("") + "0000";
  let text = "";
  for (let i = 0; i < 100; i += 5) text += "0123456789abcdefghijklmnopqrstuv"[Number.parseInt(bits.slice(i, i + 5), 2)];
  return pick(next, [() => text, () => `req=${text}`, () => text.toUpperCase(), () => `${text}x`, () => text.slice(0, 19)])();
}

/**
 * A seeded random log of about `length` bytes mixing every scannable format and their decoys: the ULID log's
 * pieces, the TypeID log's, UUID v7s (plain, glued, as a TypeID's suffix's neighbour, with a wrong version), and
 * ObjectIds and XIDs with theirs.
 */
export function randomMixedLog(length: number, seed: number): string {
  const next = seededUint32(seed);
  const ulids = Buffer.from(randomLog(length, seed + 1)).toString("latin1").split(" ");
  const typeIds = randomTypeIdLog(length, seed + 2).split(" ");
  const uuid = (): string =>
    pick(next, [
      () => randomUuidV7(next),
      () => `"trace":"${randomUuidV7(next)}"`,
      () => `${randomUuidV7(next)}-${randomTypeId(next)}`,
      () => `x${randomUuidV7(next)}`,
      () => randomUuidV7(next).replace(/-7/, "-4"),
      () => `${randomTypeId(next)}/${randomUuidV7(next)}`,
    ])();
  let text = "";
  for (let i = 0; text.length < length; i++) {
    const piece = next() % 5;
    const word = piece === 0 ? ulids[i % ulids.length] : piece === 1 ? typeIds[i % typeIds.length] : piece === 2 ? uuid() : piece === 3 ? randomObjectId(next) : randomXid(next);
    text += `${word}${pick(next, [" ", "\n", " ", "\t"])}`;
  }
  return text;
}

export interface ExpectedFormatMatch extends ExpectedMatch {
  format: string;
}

/**
 * What scanning Latin-1 `text` for `formats` in one pass must find: each format's reference matches, and of those
 * that overlap, the longest span, and of equal spans the format listed first (kept greedily in that order, then
 * put in text order).
 */
export function referenceFormatsScan(text: string, formats: readonly string[]): ExpectedFormatMatch[] {
  const each: Record<string, () => ExpectedMatch[]> = {
    ulid: () => referenceScan(Uint8Array.from(text, (char) => char.charCodeAt(0))),
    uuidv7: () => referenceUuidV7Scan(text),
    typeid: () => referenceTypeIdScan(text),
    objectid: () => referenceObjectIdScan(text),
    xid: () => referenceXidScan(text),
  };
  const candidates = formats.flatMap((format, rank) => each[format]!().map((match) => ({ ...match, format, rank })));
  candidates.sort((a, b) => b.id.length - a.id.length || a.rank - b.rank || a.offset - b.offset);
  const kept: typeof candidates = [];
  const taken = new Uint8Array(text.length);
  for (const c of candidates) {
    const span = taken.subarray(c.offset, c.offset + c.id.length);
    if (span.includes(1)) continue;
    span.fill(1);
    kept.push(c);
  }
  return kept.sort((a, b) => a.offset - b.offset).map(({ rank: _, ...match }) => match);
}
