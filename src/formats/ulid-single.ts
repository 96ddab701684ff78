/**
 * ULIDs one at a time. Names and behaviour follow the `ulid` package, with strict decoding (docs/formats.md).
 *
 * These are ULID's single-ID calls of the shared machinery (src/formats/codec.ts does the same for every format),
 * written out for ULID alone: each call site then sees one codec, which V8 inlines (bench/single.ts).
 */
import { checkIndex, checkOptions, checkRoom, checkUint8Array } from "../core/arguments.js";
import { singleCodec } from "../engine/backend.js";
import { readTime } from "../engine/js-ulid-text.js";
import { ULID } from "../engine/specs.js";
import { idError } from "./faults.js";
import { inCase, lowercaseOption, type CaseOptions } from "./letter-case.js";
import { canonicalText, type Ulid } from "./schema.js";
import { ULID_FORMAT } from "./ulid-format.js";
import { fillSecureRandom } from "../core/random.js";
import { toTime } from "../core/time.js";
import { formatUuid, parseUuid } from "../alphabets/uuid-hex.js";

const ULID_BYTES = ULID.bytes;
/** Random bytes in a ULID (bytes 6..15). */
const RANDOM_BYTES = 10;

export interface ParsedUlid {
  /** Canonical text: upper case, aliases resolved. */
  ulid: Ulid;
  /** Unix ms. */
  time: number;
  date: Date;
  /** The 10 random bytes. */
  random: Uint8Array;
  /** All 16 bytes. */
  bytes: Uint8Array;
  /** The same 16 bytes as lower-case UUID text. */
  uuid: string;
}

const scratch = new Uint8Array(ULID_BYTES);

/** A new random ULID; `time` in Unix ms (0 allowed) or a Date, default now. */
export function ulid(time?: number | Date): Ulid {
  return singleCodec(ULID_FORMAT).mintOne(time === undefined ? Date.now() : toTime(time), 0, fillSecureRandom) as Ulid;
}

/** Unix ms of a ULID; the whole ID is validated. */
export function decodeTime(id: string): number {
  const time = typeof id === "string" ? singleCodec(ULID_FORMAT).timeOne(id) : -1;
  if (time < 0) throw idError(ULID_FORMAT, id);
  return time;
}

/** True exactly when `decode(id)` would succeed; never throws. A type guard: `id` is a `Ulid` where it is true. */
export function isValid(id: unknown): id is Ulid {
  return typeof id === "string" && singleCodec(ULID_FORMAT).isValidOne(id);
}

/** Writes the 16 bytes of `id` at `out[offset]` and returns `out`; `out` is untouched when `id` is invalid. */
export function decodeInto(id: string, out: Uint8Array, offset = 0): Uint8Array {
  checkUint8Array(out, "out");
  checkIndex(offset, "offset");
  checkRoom(out, offset, ULID_BYTES, "out");
  return decodeTo(id, out, offset);
}

/** The 16 bytes of `id`, in a new array. */
export function decode(id: string): Uint8Array {
  // Straight to the engine: the array is ours, so decodeInto's checks of it would only cost time (bench/single.ts).
  return decodeTo(id, new Uint8Array(ULID_BYTES), 0);
}

/** `decodeInto` once `out` and `offset` are known to be good. */
function decodeTo(id: string, out: Uint8Array, offset: number): Uint8Array {
  if (typeof id !== "string" || !singleCodec(ULID_FORMAT).decodeOne(id, out, offset)) throw idError(ULID_FORMAT, id);
  return out;
}

/** 16 bytes at `bytes[offset]` as a canonical ULID, or in lower case with `lowercase`. */
export function encode(bytes: Uint8Array, offset = 0, options?: CaseOptions): Ulid {
  checkUint8Array(bytes, "bytes");
  checkIndex(offset, "offset");
  checkRoom(bytes, offset, ULID_BYTES, "bytes");
  // Without options (the common call) nothing is read or changed: encode's path stays as fast (bench/single.ts).
  if (options === undefined) return encodeUlid(bytes, offset) as Ulid;
  return inCase(encodeUlid(bytes, offset), lowercaseOption(ULID_FORMAT, checkOptions(options).lowercase)) as Ulid;
}

/** `id` in canonical form: upper case, I/L as 1, O as 0. */
export function canonicalize(id: string): Ulid {
  const canonical = canonicalText(ULID_FORMAT, id);
  if (canonical === null) throw idError(ULID_FORMAT, id);
  return canonical as Ulid;
}

/** Every field of a ULID. */
export function parse(id: string): ParsedUlid {
  const bytes = decode(id);
  const time = readTime(bytes, 0);
  return {
    ulid: encodeUlid(bytes, 0),
    time,
    date: new Date(time),
    random: bytes.slice(ULID_BYTES - RANDOM_BYTES),
    bytes,
    uuid: formatUuid(bytes, 0),
  };
}

/** The same 16 bytes as lower-case UUID text (no version bits are stamped). */
export function ulidToUUID(id: string): string {
  decodeInto(id, scratch);
  return formatUuid(scratch, 0);
}

/** The same 16 bytes as a ULID; UUID text in either case. */
export function uuidToULID(uuid: string): Ulid {
  parseUuid(uuid, scratch, 0);
  return encodeUlid(scratch, 0);
}

/** The 16 bytes at `src[offset]` as text: every 16 bytes are a ULID. */
function encodeUlid(src: Uint8Array, offset: number): Ulid {
  return singleCodec(ULID_FORMAT).encodeOne(src, offset)! as Ulid;
}

export { encodeTime } from "../core/time.js";
