/**
 * BaseUID (docs/formats.md): 120 bits, 20 characters of the lexicographic Base64 alphabet or 15 bytes.
 *
 *   bytes 0-5: time = floor(Unix ns / 2^15), 48 bits (a tick is 32.768 us) | bytes 6-14: random, 72 bits
 *
 * Times in: Unix ms as a number (fractions kept), a Date, or Unix ns as a bigint; the clock has sub-millisecond
 * precision where the runtime offers it. Times out: the tick's start, in Unix ms (fractional) or ns (bigint).
 * Within one tick a monotonic generator adds 1 to the 72-bit random part.
 */
import { dateMs } from "../core/time.js";
import { BASE64_DECODE, BASE64_INVALID } from "../alphabets/base64.js";
import { BASEUID } from "../engine/specs.js";
import { formatUuid, parseUuid } from "../alphabets/uuid-hex.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfBaseUid } from "../engine/js-baseuid.js";
import type { Format, NoOptions } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { Minting } from "./generate.js";
import { createNamespace } from "./namespace.js";
import type { BaseUid } from "./schema.js";
import { baseUidTimeOutOfRange, invalidAlphabetChar, notBaseUidUuid } from "../core/messages.js";

/** A time in: Unix ms (number, fractions kept), a Date, or Unix ns (bigint). */
export type BaseUidTime = number | Date | bigint;

/** Nanoseconds per tick: the time field is Unix ns / 2^15. */
const TICK_NS = 32768;
/** Ticks per 512 ms, exactly: 512e6 / 32768 = 15625. Whole ms are cut into 512 ms blocks to stay exact. */
const TICKS_PER_512_MS = 15625;
/** The time field is 48 bits: the last tick starts 2^63 - 2^15 ns after 1970 (in 2262). */
const MAX_TICK = 2 ** 48 - 1;
/** The start of the last tick, in Unix ms. */
const LAST_TICK_MS = (MAX_TICK * TICK_NS) / 1e6;

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: BASEUID,
  jsCodec: createJsCodec(BASEUID, codecOfBaseUid),
  // Reading times and validating strings is faster here; decodeMany is even, so it stays on WebAssembly.
  stringsOnTypeScript: ["time", "validate"],
  charFault: (text, position) =>
    BASE64_DECODE[text.charCodeAt(position)] === BASE64_INVALID
      ? invalidAlphabetChar(text, position, BASEUID.label, "-0-9A-Z_a-z")
      : null,
  binaryFault: () => {
    throw new Error("internal: every 15 bytes are a BaseUID");
  },
};

/** The tick of a time: floor(ns / 2^15), computed exactly from ms (whole 512 ms blocks, then the rest). */
function tickOf(time: unknown): number {
  if (typeof time === "bigint") {
    if (time < 0n || time >> 15n > BigInt(MAX_TICK)) throw baseUidTimeOutOfRange(LAST_TICK_MS, time);
    return Number(time >> 15n);
  }
  const ms = dateMs(time) ?? time;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) throw baseUidTimeOutOfRange(LAST_TICK_MS, time);
  const whole = Math.floor(ms);
  const blocks = Math.floor(whole / 512);
  const tick = blocks * TICKS_PER_512_MS + Math.floor(((whole - blocks * 512 + (ms - whole)) * 1e6) / TICK_NS);
  if (tick > MAX_TICK) throw baseUidTimeOutOfRange(LAST_TICK_MS, time);
  return tick;
}

/**
 * Unix ms with sub-millisecond precision where the runtime has `performance`. Its clock is monotonic: NTP does not
 * adjust it and on some systems it pauses while the machine sleeps, so it is trusted only while it agrees with
 * Date.now() (whole ms, the time is in [now, now + 1)) to within a millisecond; otherwise Date.now() is the time.
 */
function preciseNow(): number {
  const wall = Date.now();
  const perf = (globalThis as { performance?: { now?: () => number; timeOrigin?: number } }).performance;
  if (typeof perf?.now !== "function" || !(typeof perf.timeOrigin === "number" && perf.timeOrigin > 0)) return wall;
  const precise = perf.timeOrigin + perf.now();
  return precise >= wall - 1 && precise < wall + 2 ? precise : wall;
}

/** How BaseUIDs are made (for the CLI's streams too). */
export const minting: Minting = { format, param: 0, field: tickOf, clock: preciseNow, unit: "tick (32.768 us)" };

/** UUIDv8 layout (docs/formats.md, "BaseUID"): time 48 | version 8 (4) | random 71-60 (12) | variant 10 (2) | random 59-0 (60) | 00. */
const RANDOM_LOW_BITS = 60n;
const RANDOM_LOW_MASK = (1n << RANDOM_LOW_BITS) - 1n;
const UUID_VERSION = 8n;
const UUID_VARIANT = 2n;

function bigIntOf(bytes: Uint8Array, from: number, to: number): bigint {
  let value = 0n;
  for (let i = from; i < to; i++) value = (value << 8n) | BigInt(bytes[i]!);
  return value;
}

function writeBigInt(value: bigint, out: Uint8Array): Uint8Array {
  for (let i = out.length - 1; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn);
  return out;
}

/** BaseUID: times in Unix ms (fractions kept), a Date or Unix ns; out in Unix ms, the tick's start (fractional). */
export const definition: FormatDefinition<"baseuid", object, object, NoOptions> = {
  name: "baseuid",
  format,
  minting: () => minting,
  bounding: () => minting,
  time: { scale: TICK_NS, divisor: 1e6, origin: noOptions(0) },
};

/** What BaseUID has beyond the core shape. */
export interface BaseUidExtras {
  /** The start of the BaseUID's tick in Unix ns. */
  decodeTimeNs(text: string): bigint;
  /** The BaseUID in UUIDv8 form (lower case). */
  toUUID(text: string): string;
  /** The BaseUID of a UUIDv8 made by `toUUID` (either case); any other UUID is refused, naming the character. */
  fromUUID(uuid: string): BaseUid;
}

export const baseuid = createNamespace<"baseuid", BaseUid, BaseUidTime, object, object, NoOptions, BaseUidExtras>(definition, (codec) => ({
  decodeTimeNs(text) {
    return BigInt(codec.timeField(text)) * BigInt(TICK_NS);
  },

  toUUID(text) {
    const bytes = codec.decode(text);
    const random = bigIntOf(bytes, 6, 15);
    const value =
      (bigIntOf(bytes, 0, 6) << 80n) |
      (UUID_VERSION << 76n) |
      ((random >> RANDOM_LOW_BITS) << 64n) |
      (UUID_VARIANT << 62n) |
      ((random & RANDOM_LOW_MASK) << 2n);
    return formatUuid(writeBigInt(value, new Uint8Array(16)), 0);
  },

  fromUUID(uuid) {
    const bytes = new Uint8Array(16);
    parseUuid(uuid, bytes, 0);
    const value = bigIntOf(bytes, 0, 16);
    if (((value >> 76n) & 0xfn) !== UUID_VERSION) throw notBaseUidUuid(uuid, 14, "8 (the version)");
    if (((value >> 62n) & 3n) !== UUID_VARIANT) throw notBaseUidUuid(uuid, 19, "8, 9, a or b (the variant)");
    if ((value & 3n) !== 0n) throw notBaseUidUuid(uuid, 35, "0, 4, 8 or c (its last two bits are zero)");
    const random = (((value >> 64n) & 0xfffn) << RANDOM_LOW_BITS) | ((value >> 2n) & RANDOM_LOW_MASK);
    return codec.encode(writeBigInt(((value >> 80n) << 72n) | random, new Uint8Array(15)));
  },
}));
