/**
 * ULIDs in bulk: the top-level batch names, which are ULID's calls of the shared machinery (src/formats/codec.ts and
 * generate.ts), as `formats.ulid` has them too.
 */
import { createCodecApi, type DecodeManyOptions, type DecodeTimeManyOptions, type EncodeTextOptions } from "./codec.js";
import type { CaseOptions } from "./letter-case.js";
import { generateBatch, type ManyOptions } from "./generate.js";
import type { Ulid } from "./schema.js";
import { ULID_FORMAT, ULID_MINTING } from "./ulid-format.js";

export type { CaseOptions, DecodeManyOptions, DecodeTimeManyOptions, EncodeTextOptions };

export interface GenerateManyOptions extends ManyOptions<number | Date> {
  /** Fills the array it is given: 10 bytes per new millisecond when monotonic, else 10 per ID of a step. */
  random?: (out: Uint8Array) => void;
  /** The clock, read once per step of 8192 IDs. Default: Date.now. */
  now?: () => number;
}

/** ULID's calls of the shared machinery (for `formats.ulid` too). */
export const ulidBatches = createCodecApi<Ulid>(ULID_FORMAT);

/** 16*n bytes as n canonical strings (or lower case, with `lowercase`). */
export const encodeMany: (bytes: Uint8Array, options?: CaseOptions) => Ulid[] = ulidBatches.encodeMany;
/** 16*n bytes as ASCII text: each ID followed by the separator (27*n bytes). */
export const encodeManyText: (bytes: Uint8Array, options?: EncodeTextOptions) => Uint8Array = ulidBatches.encodeManyText;
/**
 * The 16 bytes of each ID (into `out` when given); throws for the first bad one with its element index, unless
 * given `flags` (then a bad one's flag is 0 and its bytes zero).
 */
export const decodeMany: (ids: readonly string[] | Uint8Array, options?: DecodeManyOptions) => Uint8Array = ulidBatches.decodeMany;
/** Unix ms of each ID (into `out` when given); throws for the first bad one, unless given `flags` (then NaN). */
export const decodeTimeMany: (ids: readonly string[] | Uint8Array, options?: DecodeTimeManyOptions) => Float64Array =
  ulidBatches.timeFields;
/** 1 per valid ID, 0 per invalid one; never throws for a bad ID. */
export const validateMany: (ids: readonly string[] | Uint8Array) => Uint8Array = ulidBatches.validateMany;

/** `count` new ULIDs as 16*count bytes, strictly increasing over the batch unless `monotonic: false`. */
export function generateMany(count: number, options?: GenerateManyOptions): Uint8Array {
  return generateBatch(ULID_MINTING, count, options);
}
