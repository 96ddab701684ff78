/**
 * Random ULID text records for the differential tests of `ulid decode`'s one-pass kernels (canonicalUlidPass,
 * wasmDecodeLines): valid IDs in random case and aliases, of times across the whole 48-bit range (ISO years 1970 to 9999
 * and the six-digit ones after), in runs that share their time chars (as `ulid generate` writes them), made invalid
 * at random by a bad byte at any position, an overflowing first char or a letter or digit as separator.
 */
import { jsUlidCodec } from "../../src/engine/js-ulid.js";
import { seededUint32 } from "./reference.js";

export const RECORD = 27;

/** Bytes no ULID char may be. */
export const BAD_BYTES = [..."Uu!/:@[`{~ \0\x7f"].map((ch) => ch.charCodeAt(0)).concat([0x80, 0xc3, 0xff]);
/** First chars whose value is over 7: the ID would overflow 128 bits. */
export const OVERFLOW_FIRST = [..."89AZzvV"].map((ch) => ch.charCodeAt(0));
/** Separators that run an ID on. */
export const ALNUM = [..."07AUZaz"].map((ch) => ch.charCodeAt(0));

/**
 * Times worth a record of their own: the epoch, the last ms of ISO's four-digit years (9999-12-31T23:59:59.999Z)
 * and the first of the six-digit ones, 2000-02-29 (a leap day), 2100-03-01 (after a century's missing one), the
 * largest.
 */
const EDGE_TIMES = [0, 1, 253_402_300_799_999, 253_402_300_800_000, 951_782_400_000, 4_107_542_400_000, 2 ** 48 - 1];

/** Every accepted spelling of each canonical char. */
function spellings(ch: string): string[] {
  if (ch === "0") return ["0", "O", "o"];
  if (ch === "1") return ["1", "I", "i", "L", "l"];
  return [ch, ch.toLowerCase()];
}

export interface RecordMaker {
  readonly next: () => number;
  readonly below: (n: number) => number;
  readonly pick: <T>(items: readonly T[]) => T;
  /** A random valid ULID's text, canonical or respelled. */
  randomId(respelled: boolean): string;
  /**
   * `n` text records ("\n"-separated; the last one's separator present or not), each made invalid with probability
   * `rate`. About half share the previous record's first 10 chars (its time), as they were spelled or respelled.
   */
  records(n: number, rate: number, trailing?: boolean): Uint8Array;
}

export function recordMaker(seed: number): RecordMaker {
  const next = seededUint32(seed);
  const below = (n: number): number => next() % n;
  const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;

  function randomId(respelled: boolean): string {
    const bytes = new Uint8Array(16);
    const kind = below(10);
    if (kind === 0) bytes.fill(0xff);
    else if (kind !== 1) for (let j = 0; j < 16; j++) bytes[j] = below(256);
    if (kind >= 8) {
      // A time of its own: an edge, or one of this century.
      const time = kind === 8 ? pick(EDGE_TIMES) : 946_684_800_000 + below(2 ** 31) * 1000 + below(1000);
      for (let j = 0; j < 6; j++) bytes[j] = Math.floor(time / 2 ** (8 * (5 - j))) % 256;
    }
    const id = jsUlidCodec.encodeOne(bytes, 0)!;
    return respelled ? [...id].map((ch) => pick(spellings(ch))).join("") : id;
  }

  function records(n: number, rate: number, trailing = below(2) === 0): Uint8Array {
    const text = new Uint8Array(Math.max(0, RECORD * n - (trailing ? 0 : 1)));
    let head = "";
    for (let i = 0; i < n; i++) {
      let id = randomId(below(2) === 0);
      if (head !== "" && below(2) === 0) {
        const same = below(4) === 0 ? [...head].map((ch) => pick(spellings(ch.toUpperCase().replace(/[IL]/, "1").replace("O", "0")))).join("") : head;
        id = same + id.slice(10);
      }
      head = id.slice(0, 10);
      for (let j = 0; j < 26; j++) text[RECORD * i + j] = id.charCodeAt(j);
      if (RECORD * i + 26 < text.length) text[RECORD * i + 26] = 0x0a;
      if (next() / 2 ** 32 >= rate) continue;
      const how = below(3);
      if (how === 0) text[RECORD * i + below(26)] = pick(BAD_BYTES);
      else if (how === 1) text[RECORD * i] = pick(OVERFLOW_FIRST);
      else if (RECORD * i + 26 < text.length) text[RECORD * i + 26] = pick(ALNUM);
      else text[RECORD * i + below(26)] = pick(BAD_BYTES);
    }
    return text;
  }

  return { next, below, pick, randomId, records };
}

export interface Expected {
  readonly valid: Uint8Array;
  readonly times: Float64Array;
  /** The text with every valid record canonical, the invalid ones as they were. */
  readonly text: Uint8Array;
}

/** What a one pass over `count` records must give, from the TS engine's other batch calls. */
export function oracle(text: Uint8Array, count: number): Expected {
  const batch = { kind: "text", text } as const;
  const valid = new Uint8Array(count);
  jsUlidCodec.validateMany(batch, count, valid);
  const times = new Float64Array(count);
  jsUlidCodec.timeMany(batch, count, times, new Uint8Array(count));
  const ids = new Uint8Array(16 * count);
  jsUlidCodec.decodeMany(batch, count, ids, new Uint8Array(count));
  const canonical = new Uint8Array(RECORD * count);
  jsUlidCodec.encodeText(ids, count, canonical, 0x0a);
  const out = text.slice();
  for (let i = 0; i < count; i++) if (valid[i]) out.set(canonical.subarray(RECORD * i, RECORD * i + 26), RECORD * i);
  return { valid, times, text: out };
}
