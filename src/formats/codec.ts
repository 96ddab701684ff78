/**
 * The encode/decode/validate half of a format's namespace, the same for every format, ULID included: argument
 * checks, the engine choice (single IDs on the single-ID engine, batches on the batch engine: src/engine/backend.ts) and
 * errors. Times come out as the format's raw time field; each format's file gives them their meaning.
 */
import {
  type ArrayType,
  allocate,
  checkIndex,
  checkOptions,
  checkRoom,
  checkUint8Array,
  outputArray,
  outputBuffer,
  overlaps,
  plainBytes,
  stillWhole,
} from "../core/arguments.js";
import { batchCodec, type ReadingCall, singleCodec } from "../engine/backend.js";
import { PAD } from "../engine/specs.js";
import type { FormatCodec, IdBatch } from "../engine/types.js";
import { frame, partialRecord, runPieces } from "./batch.js";
import { inCase, lowerAscii, lowercaseOption, type CaseOptions } from "./letter-case.js";
import { batchError, binaryError, idError, type FormatRules } from "./faults.js";
import { canonicalText, createSchema, type IdSchema } from "./schema.js";
import { badSeparator, bufferChanged, buffersOverlap, outOverlapsBytes, partialIds, tooLarge } from "../core/messages.js";

/** What the shared machinery knows of one format: its spec and fault rules, and its codec on the TypeScript engine. */
export interface Format extends FormatRules {
  readonly jsCodec: FormatCodec;
  /**
   * What the format makes of an engine's codec of its spec, when that is not the codec itself: TypeID without a
   * required prefix reads each string under its own prefix through the codec of the empty one (src/formats/typeid.ts).
   */
  adapt?(codec: FormatCodec): FormatCodec;
  /**
   * Whether `jsCodec` serves every engine, no engine's codec of the spec being made: a codec with no engine's work in
   * it (TypeID's for a text batch none of whose records can be valid, src/formats/typeid.ts).
   */
  readonly everyEngine?: boolean;
  /**
   * The reading calls that run on the TypeScript engine under "auto" when given a string array (backend.ts). Each
   * string must be copied into WebAssembly memory a character at a time, which can cost more than a format's tuned
   * TypeScript reader takes to decode it. Chosen per format from `npm run bench` (bench/bulk.ts, bench/formats.ts: each
   * call on both engines; figures in docs/performance.md); text batches and encodeMany are faster on WebAssembly for
   * every format.
   */
  readonly stringsOnTypeScript?: readonly ReadingCall[];
}

export interface EncodeTextOptions extends CaseOptions {
  /** One ASCII character that cannot occur in the format's text, written after each ID. Default "\n". */
  separator?: string;
  /** Write into this buffer (at least `chars + 1` bytes per ID, not overlapping the input) instead of a new one. */
  out?: Uint8Array;
}

/** Where a batch decoding call writes, and whether a bad ID throws. */
export interface DecodeOptions<Out> {
  /**
   * Write into this buffer instead of a new one: at least the batch's size (the first part is written, and returned
   * as a view; the rest is left as it was), sharing no memory with text IDs or `flags`.
   */
  out?: Out;
  /**
   * A Uint8Array of at least one byte per ID. With it a bad ID never throws: its flag is 0 (1 for a valid one) and
   * its output blank (zero bytes, or NaN for a time).
   */
  flags?: Uint8Array;
}

/** `decodeMany`'s options: `out` holds the format's width in bytes per ID. */
export type DecodeManyOptions = DecodeOptions<Uint8Array>;
/** `decodeTimeMany`'s options: `out` holds one time per ID. */
export type DecodeTimeManyOptions = DecodeOptions<Float64Array>;

/** The options of a call that takes none yet (`decodeTime` of a format whose IDs need no context): an object. */
export type NoOptions = Record<string, never>;

/** Texts of a batch call: a string array, or ASCII records in a Uint8Array. */
export type Texts = readonly string[] | Uint8Array;

/** The calls; `Id` is the format's branded text type (src/formats/schema.ts). */
export interface CodecApi<Id extends string = string> {
  /** The binary ID at `bytes[offset]` as canonical text (or lower case); refuses bytes that are no ID of the format. */
  encode(bytes: Uint8Array, offset?: number, options?: CaseOptions): Id;
  /** The bytes of an ID, in a new array; every fault is a UlidError with its character position. */
  decode(text: string): Uint8Array;
  /** True exactly when `decode` would succeed; never throws. A type guard onto the format's branded text. */
  isValid(text: unknown): text is Id;
  /** The ID in canonical text (what `encode` writes); throws as `decode` does. */
  canonicalize(text: string): Id;
  /** A Standard Schema v1 of the format: validates to the canonical text, or an issue with the UlidError's message. */
  readonly schema: IdSchema<Id>;
  /** Packed binary IDs as strings. */
  encodeMany(bytes: Uint8Array, options?: CaseOptions): Id[];
  /** Packed binary IDs as ASCII text, each followed by `separator` (default "\n"). */
  encodeManyText(bytes: Uint8Array, options?: EncodeTextOptions): Uint8Array;
  /** The packed bytes of each ID; throws for the first bad one with its element index, unless given `flags`. */
  decodeMany(texts: Texts, options?: DecodeManyOptions): Uint8Array;
  /** 1 per valid ID, 0 per invalid one; never throws for a bad ID. */
  validateMany(texts: Texts): Uint8Array;
  /** The raw time field of one ID; throws for an invalid one. */
  timeField(text: string): number;
  /** The raw time fields of a batch; throws for the first invalid element, unless given `flags`. */
  timeFields(texts: Texts, options?: DecodeTimeManyOptions): Float64Array;
  /** The number of binary IDs in `bytes`; throws unless it is a Uint8Array of whole IDs. */
  countIds(bytes: Uint8Array): number;
}

export function createCodecApi<Id extends string = string>(format: Format): CodecApi<Id> {
  const { spec } = format;
  const { bytes: size, chars, label } = spec;

  /** Binary IDs as a plain view, and how many there are. */
  function binaryIds(bytes: unknown): { ids: Uint8Array; count: number } {
    const ids = plainBytes(bytes, "bytes");
    if (ids.length % size !== 0) throw partialIds(label, size, ids.length);
    return { ids, count: ids.length / size };
  }

  /** The codec that runs `call` over a framed batch: string arrays may take another engine (src/engine/backend.ts). */
  function readingCodec(framed: { readonly kind: "text" | "strings" }, call: ReadingCall): FormatCodec {
    return batchCodec(format, framed.kind === "strings" ? call : undefined);
  }

  /**
   * Runs a decoding kernel (`call`, which picks the engine) over a batch into `type` arrays of `width` elements per ID: into the caller's `out` or a
   * new array. Without `flags`, throws for the first bad element; with them, flags each element in the same pass,
   * an invalid one's output being `blank`. A call that throws leaves the caller's buffers blank over the batch.
   */
  function decodeBatch<Out extends Uint8Array | Float64Array>(
    call: ReadingCall,
    texts: unknown,
    options: DecodeOptions<Out> | undefined,
    type: ArrayType<Out>,
    width: number,
    blank: number,
    run: (codec: FormatCodec, batch: IdBatch, count: number, out: Out, flags: Uint8Array | undefined) => number,
  ): Out {
    const { out, flags } = checkOptions(options);
    const framed = frame(texts, spec, (n) => outputArray(type, out, n * width, "the batch", "out"));
    const target = framed.out;
    const flagged = flags === undefined ? undefined : outputArray(Uint8Array, flags, framed.elements, "the flags", "flags");
    // Output written over text IDs would be read back as input, and flags over the output would garble it.
    const text = framed.kind === "text" ? framed.source : undefined;
    if (text !== undefined && overlaps(target, text)) {
      throw buffersOverlap("out", "the IDs", "decoding would overwrite text before it is read");
    }
    if (flagged !== undefined) {
      if (text !== undefined && overlaps(flagged, text)) {
        throw buffersOverlap("flags", "the IDs", "flags would overwrite text before it is read");
      }
      if (overlaps(flagged, target)) throw buffersOverlap("flags", "out", "flags and output would overwrite each other");
    }
    const length = target.length;
    const codec = readingCodec(framed, call);
    try {
      const fault = runPieces(framed, chars, flagged === undefined, (batch, count, start) => {
        // Reading a string array's elements runs the caller's getters, which may detach (transfer) or shrink a buffer.
        if (!stillWhole(target, length)) throw bufferChanged("out");
        if (flagged !== undefined && !stillWhole(flagged, framed.elements)) throw bufferChanged("flags");
        return run(codec, batch, count, target.subarray(start * width) as Out, flagged?.subarray(start));
      });
      if (flagged === undefined) {
        if (fault !== null) throw batchError(format, fault.batch, fault.at, fault.index);
      } else {
        const last = partialRecord(framed, chars);
        if (last >= 0) {
          flagged[last] = 0;
          target.fill(blank, last * width, (last + 1) * width);
        }
      }
    } catch (error) {
      // No half-decoded batch is left behind in a caller's buffers (a detached one has nothing left to clear).
      if (out !== undefined && target.length === length) target.fill(blank);
      if (flagged !== undefined && flagged.length === framed.elements) flagged.fill(0);
      throw error;
    }
    return target;
  }

  /** Throws for the binary ID an engine refused at element `fault` (>= 0). */
  function checkEncoded(bytes: Uint8Array, fault: number): void {
    if (fault >= 0) throw binaryError(format, bytes, fault * size, fault);
  }

  return {
    encode(bytes, offset = 0, options) {
      checkUint8Array(bytes, "bytes");
      checkIndex(offset, "offset");
      checkRoom(bytes, offset, size, "bytes");
      const lower = lowercaseOption(format, checkOptions(options).lowercase);
      const text = singleCodec(format).encodeOne(bytes, offset);
      if (text === null) throw binaryError(format, bytes, offset);
      return inCase(text, lower) as Id;
    },
    decode(text) {
      const out = new Uint8Array(size);
      if (typeof text !== "string" || !singleCodec(format).decodeOne(text, out, 0)) throw idError(format, text);
      return out;
    },
    isValid: (text): text is Id => typeof text === "string" && singleCodec(format).isValidOne(text),
    canonicalize(text) {
      const canonical = canonicalText(format, text);
      if (canonical === null) throw idError(format, text);
      return canonical as Id;
    },
    schema: createSchema<Id>(format),

    encodeMany(bytes, options) {
      const { ids, count } = binaryIds(bytes);
      const lower = lowercaseOption(format, checkOptions(options).lowercase);
      const out = allocateStrings(count);
      checkEncoded(ids, batchCodec(format).encodeStrings(ids, count, out));
      if (lower) for (let i = 0; i < count; i++) out[i] = out[i]!.toLowerCase();
      return out as Id[];
    },
    encodeManyText(bytes, options) {
      const { ids, count } = binaryIds(bytes);
      const { separator = "\n", out, lowercase } = checkOptions(options);
      const lower = lowercaseOption(format, lowercase);
      const code = typeof separator === "string" && separator.length === 1 ? separator.charCodeAt(0) : -1;
      if (code < 0 || code > 0x7f || !spec.isSeparator(code)) throw badSeparator(label, separator);
      const text = outputBuffer(out, count * (chars + 1), "the text");
      // Text written over the binary IDs would be read back as input: refused rather than made wrong.
      if (overlaps(text, ids)) throw outOverlapsBytes();
      const fault = batchCodec(format).encodeText(ids, count, text, code);
      // No half-made text is left behind in a caller's buffer.
      if (fault >= 0) text.fill(0);
      checkEncoded(ids, fault);
      if (lower) lowerAscii(text);
      return spec.minChars === undefined ? text : withoutPads(text);
    },
    decodeMany: (texts, options) =>
      decodeBatch("decode", texts, options, Uint8Array, size, 0, (codec, batch, count, out, flags) =>
        codec.decodeMany(batch, count, out, flags),
      ),
    validateMany(texts) {
      const framed = frame(texts, spec, (n) => allocate(Uint8Array, n, "the batch"));
      const codec = readingCodec(framed, "validate");
      // A trailing partial text record stays 0.
      runPieces(framed, chars, false, (batch, count, start) => {
        codec.validateMany(batch, count, framed.out.subarray(start));
        return -1;
      });
      return framed.out;
    },

    timeField(text) {
      const time = typeof text === "string" ? singleCodec(format).timeOne(text) : -1;
      if (time < 0) throw idError(format, text);
      return time;
    },
    timeFields: (texts, options) =>
      decodeBatch("time", texts, options, Float64Array, 1, Number.NaN, (codec, batch, count, out, flags) =>
        codec.timeMany(batch, count, out, flags),
      ),
    countIds: (bytes) => binaryIds(bytes).count,
  };
}

/**
 * Text of a format whose texts vary in width, written by the engines right-aligned in records of its widest: its
 * records moved together over the PAD bytes, the room they leave zeroed; a view of what holds them.
 */
function withoutPads(text: Uint8Array): Uint8Array {
  let written = 0;
  for (let i = 0; i < text.length; i++) if (text[i] !== PAD) text[written++] = text[i]!;
  text.fill(0, written);
  return text.subarray(0, written);
}

function allocateStrings(count: number): string[] {
  try {
    return new Array<string>(count);
  } catch {
    throw tooLarge("the batch", count, "strings");
  }
}
