/**
 * ULID's definition and its namespace in the `formats` registry: the core shape every format has, over the top-level
 * ULID functions (`formats.ulid.generate(time)` is `ulid(time)`, `formats.ulid.decodeTime` is `decodeTime`, and so on).
 */
import { checkOptions } from "../core/arguments.js";
import { decodeMany, decodeTimeMany, encodeMany, encodeManyText, generateMany, ulidBatches, validateMany } from "./ulid-bulk.js";
import { monotonicFactory } from "./ulid-monotonic.js";
import { canonicalize, decode, decodeTime, encode, isValid } from "./ulid-single.js";
import type { NoOptions } from "./codec.js";
import { type FormatDefinition, noOptions } from "./definition.js";
import type { CaseOptions } from "./letter-case.js";
import { createNamespace } from "./namespace.js";
import type { Ulid } from "./schema.js";
import { ULID_FORMAT, ULID_MINTING } from "./ulid-format.js";

/** ULID: times in and out in Unix ms, its time field. */
export const ULID_DEFINITION: FormatDefinition<"ulid", object, object, CaseOptions> = {
  name: "ulid",
  format: ULID_FORMAT,
  minting: () => ULID_MINTING,
  bounding: () => ULID_MINTING,
  time: { scale: 1, divisor: 1, origin: noOptions(0) },
};

/** The top-level functions, which `formats.ulid` holds as they are. */
const TOP_LEVEL = {
  encode,
  decode,
  isValid,
  canonicalize,
  encodeMany,
  encodeManyText,
  decodeMany,
  validateMany,
  generateMany,
  monotonicFactory,
  decodeTimeMany,
  /** Unix ms of a ULID. */
  decodeTime(text: string, options?: NoOptions): number {
    checkOptions(options);
    return decodeTime(text);
  },
};

export const ulidNamespace = createNamespace<"ulid", Ulid, number | Date, object, object, CaseOptions, typeof TOP_LEVEL>(
  ULID_DEFINITION,
  () => TOP_LEVEL,
  ulidBatches,
);
