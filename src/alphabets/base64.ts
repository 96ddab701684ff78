/**
 * The lexicographic Base64 alphabet of BaseUID: 64 symbols in ASCII order, so text order equals numeric order.
 * Case matters and there are no aliases (unlike Crockford base32): a symbol is exactly one of these characters.
 */

export const BASE64_ALPHABET = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";

/** Table value for a character that is not a symbol. Every valid value is < 64, so OR-ing values exposes it. */
export const BASE64_INVALID = 0xff;

/** ASCII code of each symbol, by value. */
export const BASE64_ENCODE: Uint8Array = Uint8Array.from(BASE64_ALPHABET, (char) => char.charCodeAt(0));

/** Value of every UTF-16 code unit (so `charCodeAt` results index it without a range check); invalid but for the 64. */
export const BASE64_DECODE: Uint8Array = new Uint8Array(0x10000).fill(BASE64_INVALID);
for (let value = 0; value < 64; value++) BASE64_DECODE[BASE64_ALPHABET.charCodeAt(value)] = value;
