/**
 * TypeID (spec v0.3) on the TypeScript engine, for one prefix: the prefix, "_" and 26 chars of lower-case Crockford
 * base32 of the 128-bit UUID (no underscore without a prefix). The suffix is ULID's text codec (js-ulid-text.ts)
 * through TypeID's strict lower-case tables, and generation is UUID v7's (js-uuidv7.ts): a generated TypeID is a
 * UUID v7.
 *
 *   text   prefix (w chars) | "_" | chars 0-25: the 128 bits, char 0 holding the top 3 (0-7)
 *   bytes  the UUID's 16 bytes; the time field is bytes 0-5 (UUID v7's unix_ts_ms), read from any value
 */
import { LOWER_DECODE_TABLE, LOWER_ENCODE_TABLE } from "../alphabets/crockford.js";
import type { RecordCodec } from "./js-record-codec.js";
import { encodeChars, readId, readTime } from "./js-ulid-text.js";
import { codecOfUuidV7 } from "./js-uuidv7.js";

const UNDERSCORE = 0x5f;
const SUFFIX_CHARS = 26;

/** The 16 bytes of the last valid `read` (of any prefix's codec: a read is always followed by its own pack). */
const last = new Uint8Array(16);

/** The record codec of TypeIDs carrying `prefix` (a valid one, or "" for none). */
export function codecOfTypeId(prefix: string): RecordCodec {
  const width = prefix.length;
  /** Chars before the suffix: the prefix and its underscore. */
  const lead = width === 0 ? 0 : width + 1;
  const prefixCodes = Uint8Array.from(prefix, (char) => char.charCodeAt(0));

  function read(text: string, at: number): boolean {
    for (let i = 0; i < width; i++) if (text.charCodeAt(at + i) !== prefixCodes[i]) return false;
    if (width > 0 && text.charCodeAt(at + width) !== UNDERSCORE) return false;
    // `readId` reads at constant positions 0-25 (its tuning): the suffix as a string of its own unless it is the text.
    const from = at + lead;
    const suffix = from === 0 && text.length === SUFFIX_CHARS ? text : text.slice(from, from + SUFFIX_CHARS);
    return readId(suffix, last, 0, LOWER_DECODE_TABLE) >= 0;
  }

  function write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean {
    dst.set(prefixCodes, at);
    if (width > 0) dst[at + width] = UNDERSCORE;
    encodeChars(src, from, dst, at + lead, LOWER_ENCODE_TABLE);
    // Every 16 bytes are a TypeID.
    return true;
  }

  return {
    read,
    pack: (dst, at) => dst.set(last, at),
    time: () => readTime(last, 0),
    write,
    stamp: codecOfUuidV7.stamp,
    advance: codecOfUuidV7.advance,
  };
}
