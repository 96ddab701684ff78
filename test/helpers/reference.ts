/**
 * An independent reference for the ULID format (docs/formats.md), written with BigInt for clarity rather than speed, plus
 * small deterministic utilities. Tests compare the library against this, never against itself.
 */

/** Crockford base32, in ASCII order. */
export const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Largest time a ULID can hold: 2^48 - 1 ms. */
export const MAX_TIME = 281474976710655;

/** Decoding accepts every letter but U in either case (I, L -> 1, O -> 0); the first character carries 3 bits. */
export const VALID_ULID_PATTERN = /^[0-7IiLlOo][0-9A-TV-Za-tv-z]{25}$/;

/** The canonical form: upper case, no aliases. */
export const CANONICAL_ULID_PATTERN = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

const ALIASES: Record<string, string> = { I: "1", L: "1", O: "0" };

export function bytesToBigInt(bytes: Uint8Array, offset = 0, length = bytes.length - offset): bigint {
  let value = 0n;
  for (let i = offset; i < offset + length; i++) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

export function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

/** 16 bytes -> 26 canonical characters. */
export function refEncode(bytes: Uint8Array, offset = 0): string {
  let value = bytesToBigInt(bytes, offset, 16);
  let text = "";
  for (let i = 0; i < 26; i++) {
    text = ALPHABET[Number(value & 31n)] + text;
    value >>= 5n;
  }
  return text;
}

/** 26 characters -> 16 bytes, or null when the text is not a ULID. */
export function refDecode(id: string): Uint8Array | null {
  if (!VALID_ULID_PATTERN.test(id)) return null;
  let value = 0n;
  for (const ch of refCanonical(id)) value = (value << 5n) | BigInt(ALPHABET.indexOf(ch));
  return bigIntToBytes(value, 16);
}

/** Upper case with aliases resolved (no validation). */
export function refCanonical(id: string): string {
  return [...id.toUpperCase()].map((ch) => ALIASES[ch] ?? ch).join("");
}

export function refTime(id: string): number {
  return Number(bytesToBigInt(refDecode(id)!, 0, 6));
}

/** A ULID's 16 bytes from a time and 10 random bytes. */
export function refBytes(time: number, random: Uint8Array): Uint8Array {
  const out = new Uint8Array(16);
  out.set(bigIntToBytes(BigInt(time), 6), 0);
  out.set(random, 6);
  return out;
}

/** The 80-bit random part of the 16 bytes at `offset`. */
export function randomPart(bytes: Uint8Array, offset = 0): bigint {
  return bytesToBigInt(bytes, offset + 6, 10);
}

/** The 48-bit time of the 16 bytes at `offset`. */
export function timePart(bytes: Uint8Array, offset = 0): number {
  return Number(bytesToBigInt(bytes, offset, 6));
}

export const MAX_RANDOM = (1n << 80n) - 1n;

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lower-case 8-4-4-4-12 text of 16 bytes. */
export function refUuid(bytes: Uint8Array): string {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Sign of the comparison of two byte ranges of equal length. */
export function compareBytes(a: Uint8Array, aOffset: number, b: Uint8Array, bOffset: number, length: number): number {
  for (let i = 0; i < length; i++) {
    const d = a[aOffset + i]! - b[bOffset + i]!;
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Index of the first 16-byte record not strictly greater than the one before it, or -1. */
export function firstNonIncreasing(bytes: Uint8Array): number {
  for (let i = 1; i * 16 < bytes.length; i++) {
    if (compareBytes(bytes, (i - 1) * 16, bytes, i * 16, 16) >= 0) return i;
  }
  return -1;
}

/** Index of the first string not strictly greater than the one before it, or -1. */
export function firstNonIncreasingString(ids: readonly string[]): number {
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) return i;
  return -1;
}

/** mulberry32: a tiny seeded generator, so failures reproduce. */
export function seededUint32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

export function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const next = seededUint32(seed);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = next() & 0xff;
  return out;
}

/** Fisher-Yates with a seeded generator; returns a new array. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = seededUint32(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One byte per character (Latin-1); for building text batches, including non-ASCII bytes. */
export function latin1(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** A text batch: each ID followed by `separator`, the last one's optional. */
export function textBatch(ids: readonly string[], separator = "\n", trailing = true): Uint8Array {
  const body = ids.map((id) => id + separator).join("");
  return latin1(trailing || ids.length === 0 ? body : body.slice(0, -separator.length));
}

/** A `random` option that fills from a seeded stream and records the length of every request. */
export function recordingRandom(seed: number): { fill: (out: Uint8Array) => void; calls: number[]; arrays: Uint8Array[] } {
  const next = seededUint32(seed);
  const calls: number[] = [];
  const arrays: Uint8Array[] = [];
  return {
    calls,
    arrays,
    fill(out: Uint8Array) {
      calls.push(out.length);
      arrays.push(out);
      for (let i = 0; i < out.length; i++) out[i] = next() & 0xff;
    },
  };
}

/** A `random` option that writes the given bytes, repeated over the whole request. */
export function constantRandom(pattern: Uint8Array): (out: Uint8Array) => void {
  return (out) => {
    for (let i = 0; i < out.length; i++) out[i] = pattern[i % pattern.length]!;
  };
}

/** A clock that returns the given values in turn, then repeats the last one; counts its reads. */
export function scriptedClock(values: readonly (number | Date)[]): { now: () => number; reads: () => number } {
  let reads = 0;
  return {
    now: () => values[Math.min(reads++, values.length - 1)] as number,
    reads: () => reads,
  };
}

/** A `random` option that hands out the given bytes in order, as many as each call asks for. */
export function scriptedBytes(bytes: readonly number[]): (out: Uint8Array) => void {
  let next = 0;
  return (out) => {
    for (let i = 0; i < out.length; i++) out[i] = bytes[next++]!;
  };
}
