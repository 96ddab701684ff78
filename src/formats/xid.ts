/**
 * XID (docs/formats.md; github rs/xid): 96 bits, 20 characters of lower-case base32hex (0-9a-v) or 12 bytes,
 * binary compatible with MongoDB's ObjectId.
 *
 *   bytes 0-3: time = Unix seconds (u32) | bytes 4-6: machine | bytes 7-8: pid (u16) | bytes 9-11: counter (u24)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-xid.ts, assembly/xid.ts): its rules for a
 * bad character (lower case only; the last character holds one bit and four zero bits, so it is `0` or `g`), its
 * times (whole seconds, unsigned) and its generation options `machine` and `pid`. A generator is ObjectId's: machine
 * and pid (unless given) and a counter start (top bit cleared) drawn once, then the counter + 1 for every ID, in a
 * later second too (where only it may wrap).
 */
import { checkOptions } from "../core/arguments.js";
import { invalidChar, optionOutOfRange } from "../core/messages.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { renewCounter } from "../engine/js-objectid.js";
import { codecOfXid, XID, XID_DECODE, xidParam } from "../engine/js-xid.js";
import type { Format } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { Problem } from "./faults.js";
import type { Minting } from "./generate.js";
import { createNamespace } from "./namespace.js";
import type { IdText } from "./schema.js";
import { secondsField, secondsToUnixMs } from "./unix-seconds.js";

/** An XID's text, as `xid.isValid` narrows a string to. */
export type Xid = IdText<"xid">;

const LAST = 19;
const MAX_MACHINE = 2 ** 24 - 1;
const MAX_PID = 2 ** 16 - 1;

/** The fault of the character at `position` of 20. */
export function xidCharFault(text: string, position: number): Problem | null {
  const value = XID_DECODE[text.charCodeAt(position)]!;
  if (value === 0xff) return invalidChar(text, position, XID.label, "0-9 or a-v (lower case)");
  // The last character's low 4 bits pad the 96 bits to 100: rs/xid refuses a text whose padding is not zero.
  if (position === LAST && (value & 15) !== 0) {
    return invalidChar(text, position, XID.label, "0 or g as the last character (it holds one bit and four zero bits)");
  }
  return null;
}

/** The time field (Unix seconds) of a time given as Unix ms or a Date. */
export const xidField = (time: unknown): number => secondsField(XID.label, time);
export const xidUnixMs = secondsToUnixMs;

export interface XidOptions {
  /** The machine field, 0..16777215 (bytes 4-6). Default: drawn at random, once per generator. */
  machine?: number;
  /** The pid field, 0..65535 (bytes 7-8). Default: drawn at random, once per generator. */
  pid?: number;
}

function integerOption(value: unknown, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw optionOutOfRange(name, 0, max, value);
  }
  return value;
}

/** The generation parameter of `options` (INVALID_ARGUMENT for a machine or pid out of range). */
export function xidParamOf(options: XidOptions, generator: boolean): number {
  return xidParam(integerOption(options.machine, "machine", MAX_MACHINE), integerOption(options.pid, "pid", MAX_PID), generator);
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: XID,
  jsCodec: createJsCodec(XID, codecOfXid),
  charFault: xidCharFault,
  binaryFault: () => {
    throw new Error("internal: every 12 bytes are an XID");
  },
};

const renew = (id: Uint8Array, time: number): void => renewCounter(id, 0, time);

function mintingOf(options: XidOptions | undefined): Minting {
  const given = checkOptions(options);
  return {
    format,
    param: xidParamOf(given, false),
    field: xidField,
    clock: () => Date.now(),
    unit: "second",
    sequenceParam: () => xidParamOf(given, true),
    renew,
  };
}

/** The minting of the default options, made once: `generate()` without options is the common call. */
const DEFAULT_MINTING = mintingOf(undefined);

/** How XIDs are made under `options` (for the CLI's streams too): a tick is a second of Date.now(). */
export function minting(options: XidOptions | undefined): Minting {
  return options === undefined ? DEFAULT_MINTING : mintingOf(options);
}

/** XID: times in and out in Unix ms, the time field in whole Unix seconds. */
export const definition: FormatDefinition<"xid", XidOptions, object, object> = {
  name: "xid",
  format,
  minting,
  // Machine and pid are free bits: the bounds of a second hold for every one.
  bounding: () => DEFAULT_MINTING,
  time: { scale: 1000, divisor: 1, origin: noOptions(0) },
};

export const xid = createNamespace<"xid", Xid, number | Date, XidOptions, object, object>(definition);
