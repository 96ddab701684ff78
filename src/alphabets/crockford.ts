/**
 * Crockford base32 as ULID uses it: 32 symbols in ASCII order, so text order equals numeric order.
 * Decoding is lenient the way Crockford intended: lower case, and I/L read as 1, O read as 0. U is not a symbol.
 */

export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Table value for a character that is not a symbol. Every valid value is < 32, so OR-ing values exposes it. */
export const INVALID = 0xff;

/** ASCII code of each symbol, by value. */
export const ENCODE_TABLE: Uint8Array = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));

/**
 * Value of every UTF-16 code unit (so `charCodeAt` results index it without a range check); INVALID for all
 * but the 32 symbols, their lower case, and the aliases I i L l -> 1, O o -> 0.
 */
export const DECODE_TABLE: Uint8Array = buildDecodeTable();

function buildDecodeTable(): Uint8Array {
  const table = new Uint8Array(0x10000).fill(INVALID);
  for (let value = 0; value < ALPHABET.length; value++) {
    table[ALPHABET.charCodeAt(value)] = value;
    table[ALPHABET.toLowerCase().charCodeAt(value)] = value;
  }
  for (const alias of "IiLl") table[alias.charCodeAt(0)] = 1;
  for (const alias of "Oo") table[alias.charCodeAt(0)] = 0;
  return table;
}

/** TypeID's suffix alphabet (spec v0.3): the same symbols in lower case. */
const LOWER_ALPHABET = ALPHABET.toLowerCase();

/** ASCII code of each TypeID symbol, by value. */
export const LOWER_ENCODE_TABLE: Uint8Array = Uint8Array.from(LOWER_ALPHABET, (char) => char.charCodeAt(0));

/**
 * TypeID's strict table, laid out as DECODE_TABLE: the 32 lower-case symbols and nothing else (no upper case, no
 * aliases), as its specification requires.
 */
export const LOWER_DECODE_TABLE: Uint8Array = new Uint8Array(0x10000).fill(INVALID);
for (let value = 0; value < LOWER_ALPHABET.length; value++) LOWER_DECODE_TABLE[LOWER_ALPHABET.charCodeAt(value)] = value;

/** True for ASCII letters and digits: the bytes that may not separate IDs in text. */
export function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
}
