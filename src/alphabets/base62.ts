/**
 * The base62 alphabet of KSUID: 62 symbols in ASCII order (digits, upper case, lower case), so text order equals
 * numeric order. Case matters and there are no aliases: a symbol is exactly one of these characters.
 */

export const BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Table value for a character that is not a symbol: bit 7 set, which no valid value (< 62) has. */
export const BASE62_INVALID = 0xff;

/** ASCII code of each symbol, by value. */
export const BASE62_ENCODE: Uint8Array = Uint8Array.from(BASE62_ALPHABET, (char) => char.charCodeAt(0));

/** Value of every UTF-16 code unit (so `charCodeAt` results index it without a range check); invalid but for the 62. */
export const BASE62_DECODE: Uint8Array = new Uint8Array(0x10000).fill(BASE62_INVALID);
for (let value = 0; value < 62; value++) BASE62_DECODE[BASE62_ALPHABET.charCodeAt(value)] = value;
