/**
 * TSID (docs/formats.md; github f4b6a3/tsid-creator): 64 bits, 13 Crockford characters or 8 bytes.
 *
 *   bits 63-22: time, ms since the epoch (42) | bits 21-0: node (nodeBits bits), then counter (22 - nodeBits bits)
 *
 * What the format has of its own, apart from the codecs (src/engine/js-tsid.ts, assembly/tsid.ts): its rules for a
 * bad character (a first character above F is an overflow: 13 characters hold 65 bits), its epoch (default
 * 2020-01-01) and its generation options `node` and `nodeBits`. Any 8 bytes are a TSID. A generator draws its node
 * once (unless given) and, at each new millisecond, a counter start with its top bit cleared.
 */
import { quote } from "../core/errors.js";
import { DECODE_TABLE, INVALID } from "../alphabets/crockford.js";
import { checkOptions } from "../core/arguments.js";
import { badEpoch, invalidChar, optionOutOfRange } from "../core/messages.js";
import { MAX_TIME, dateMs } from "../core/time.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfTsid, TSID, TSID_STAMP_RANDOM, tsidParam } from "../engine/js-tsid.js";
import type { Format } from "./codec.js";
import type { FormatDefinition } from "./definition.js";
import type { Problem } from "./faults.js";
import type { Minting } from "./generate.js";
import type { CaseOptions } from "./letter-case.js";
import { createNamespace } from "./namespace.js";
import type { IdText } from "./schema.js";
import { msSinceEpoch } from "./epoch-time.js";

/** A TSID's text, as `tsid.isValid` narrows a string to. */
export type Tsid = IdText<"tsid">;

/** 2020-01-01T00:00:00.000Z: tsid-creator's epoch. */
export const TSID_DEFAULT_EPOCH = 1577836800000;
/** The time field is 42 bits of ms: about 139 years after the epoch. */
export const TSID_MAX_FIELD = 2 ** 42 - 1;
/** The largest value of the first character: bit 64 of its 5 must be clear. */
const MAX_FIRST = 15;
const DEFAULT_NODE_BITS = 10;
const MAX_NODE_BITS = 20;

/** The fault of the character at `position` of 13. */
export function tsidCharFault(text: string, position: number): Problem | null {
  const value = DECODE_TABLE[text.charCodeAt(position)]!;
  if (value === INVALID) return invalidChar(text, position, TSID.label);
  if (position === 0 && value > MAX_FIRST) {
    return {
      code: "OVERFLOW",
      reason: `${quote(text)} overflows 64 bits: the first character must be 0-F (largest TSID FZZZZZZZZZZZZ)`,
    };
  }
  return null;
}

/** The epoch option: Unix ms or a Date (default 2020-01-01), INVALID_ARGUMENT otherwise. */
export function tsidEpoch(value: unknown): number {
  if (value === undefined) return TSID_DEFAULT_EPOCH;
  const ms = dateMs(value) ?? value;
  if (typeof ms !== "number" || !Number.isInteger(ms) || ms < 0 || ms > MAX_TIME) throw badEpoch(MAX_TIME, value);
  return ms;
}

/** The time field of a Unix ms time (number or Date) for `epoch`: INVALID_TIME outside the 42 bits after it. */
export const tsidField = (epoch: number, time: unknown): number => msSinceEpoch(TSID.label, epoch, TSID_MAX_FIELD, time);

export interface TsidOptions {
  /** The epoch, Unix ms or a Date (default 2020-01-01T00:00:00.000Z). */
  epoch?: number | Date;
  /** Bits of the node field, 0..20 (default 10); the counter has the other 22 - nodeBits. */
  nodeBits?: number;
  /** The node, 0..2^nodeBits - 1. Default: drawn at random (once per generator). */
  node?: number;
}

function integerOption(value: unknown, name: string, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    throw optionOutOfRange(name, 0, max, value);
  }
  return value;
}

/** The generation parameter of `options` (INVALID_ARGUMENT for nodeBits or node out of range). */
export function tsidParamOf(options: TsidOptions, generator: boolean): number {
  const nodeBits = integerOption(options.nodeBits ?? DEFAULT_NODE_BITS, "nodeBits", MAX_NODE_BITS);
  const node = options.node === undefined ? undefined : integerOption(options.node, "node", 2 ** nodeBits - 1);
  return tsidParam(nodeBits, node, generator);
}

/** The format as the shared machinery sees it (src/formats/codec.ts). */
export const format: Format = {
  spec: TSID,
  jsCodec: createJsCodec(TSID, codecOfTsid),
  charFault: tsidCharFault,
  binaryFault: () => {
    throw new Error("internal: every 8 bytes are a TSID");
  },
};

/** Bits of the node field of a generation parameter (js-tsid.ts: bits 20-24). */
const nodeBitsOf = (param: number): number => (param >>> 20) & 31;

function mintingOf(options: TsidOptions | undefined): Minting {
  const given = checkOptions(options);
  const epoch = tsidEpoch(given.epoch);
  const param = tsidParamOf(given, false);
  return {
    format,
    param,
    field: (time) => tsidField(epoch, time),
    clock: () => Date.now(),
    unit: "millisecond",
    // The node, unless given, is drawn once: a generator's IDs share it, and only their counters start anew.
    sequenceParam(fill) {
      if (given.node !== undefined) return tsidParamOf(given, true);
      const drawn = new Uint8Array(TSID_STAMP_RANDOM);
      fill(drawn);
      const nodeBits = nodeBitsOf(param);
      const node = ((drawn[0]! << 16) | (drawn[1]! << 8) | drawn[2]!) & (2 ** nodeBits - 1);
      return tsidParam(nodeBits, node, true);
    },
    // The node of the ID a sequence continues after: the top nodeBits of its low 22 bits (bytes 5-7, big-endian).
    resumedParam(id) {
      if (given.node !== undefined) return tsidParamOf(given, true);
      const nodeBits = nodeBitsOf(param);
      const low = ((id[5]! & 0x3f) << 16) | (id[6]! << 8) | id[7]!;
      return tsidParam(nodeBits, (low >>> (22 - nodeBits)) & (2 ** nodeBits - 1), true);
    },
  };
}

/** The minting of the default options, made once: `generate()` without options is the common call. */
const DEFAULT_MINTING = mintingOf(undefined);

/** How TSIDs are made under `options` (for the CLI's streams too). */
export function minting(options: TsidOptions | undefined): Minting {
  return options === undefined ? DEFAULT_MINTING : mintingOf(options);
}

/** The options of calls that read times: the epoch. */
export interface TsidEpochOptions {
  /** The epoch, Unix ms or a Date (default 2020-01-01T00:00:00.000Z). */
  epoch?: number | Date;
}

/** TSID: times in and out in Unix ms, the time field in ms from the epoch of the call's options. */
export const definition: FormatDefinition<"tsid", TsidOptions, TsidEpochOptions, TsidEpochOptions & CaseOptions> = {
  name: "tsid",
  format,
  minting,
  // Node and counter are free bits: only the epoch moves the bounds.
  bounding: ({ epoch }) => minting({ epoch }),
  time: { scale: 1, divisor: 1, origin: (options) => tsidEpoch(checkOptions(options).epoch) },
};

export const tsid = createNamespace<"tsid", Tsid, number | Date, TsidOptions, TsidEpochOptions, TsidEpochOptions & CaseOptions>(definition);
