/**
 * ULID's namespace in the `formats` registry: the core shape every format has, over the top-level ULID functions
 * (`formats.ulid.generate(time)` is `ulid(time)`, `formats.ulid.decodeTime` is `decodeTime`, and so on).
 */
import { checkOptions } from "../core/arguments.js";
import { decodeMany, decodeTimeMany, encodeMany, encodeManyText, generateMany, ulidBatches, validateMany } from "./ulid-bulk.js";
import { ULID } from "../engine/specs.js";
import { monotonicFactory } from "./ulid-monotonic.js";
import { canonicalize, decode, decodeTime, encode, isValid } from "./ulid-single.js";
import { boundsOf } from "./bounds.js";
import type { CaseOptions } from "./letter-case.js";
import type { DecodeTimeManyOptions, NoOptions, Texts } from "./codec.js";
import { generateOne, type GenerateOptions } from "./generate.js";
import { createIntegerApi } from "./integers.js";
import { createSchema, type Ulid } from "./schema.js";
import { ULID_FORMAT, ULID_MINTING } from "./ulid-format.js";

export const ulidNamespace = Object.freeze({
  name: "ulid" as const,
  chars: ULID.chars,
  bytes: ULID.bytes,
  encode,
  decode,
  isValid,
  canonicalize,
  schema: createSchema<Ulid>(ULID_FORMAT),
  encodeMany,
  encodeManyText,
  decodeMany,
  validateMany,
  generateMany,
  monotonicFactory,
  ...boundsOf<number | Date, CaseOptions, Ulid>(() => ULID_MINTING),
  ...createIntegerApi<Ulid>(ULID_FORMAT, ulidBatches),

  /** A new ULID; `time` in Unix ms (0 allowed) or a Date, default now; `random`/`now` as for `monotonicFactory`. */
  generate(time?: number | Date, options?: GenerateOptions): Ulid {
    return generateOne(ULID_MINTING, time, options) as Ulid;
  },

  /** Unix ms of a ULID. */
  decodeTime(text: string, options?: NoOptions): number {
    checkOptions(options);
    return decodeTime(text);
  },

  /** Unix ms of each ULID; throws for the first bad one with its element index, unless given `flags`. */
  decodeTimeMany(texts: Texts, options?: DecodeTimeManyOptions): Float64Array {
    return decodeTimeMany(texts, options);
  },
});
