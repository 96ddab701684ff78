/**
 * The encode/decode/validate half of a format's namespace, the same for every format, ULID included: argument
 * checks, the engine choice (single IDs on the single-ID engine, batches on the batch engine: src/backend.ts) and
 * errors. Times come out as the format's raw time field; each format's file gives them their meaning.
 */
import { allocate, checkIndex, checkOptions, checkRoom, checkUint8Array, overlaps, plainBytes, outputBuffer } from "../args.js";
import { batchCodec, singleCodec } from "../backend.js";
import type { FormatCodec, IdBatch } from "../engine/types.js";
import { frame, runPieces } from "./batch.js";
import { inCase, lowerAscii, lowercaseOption, type CaseOptions } from "./letter-case.js";
import { batchError, binaryError, idError, type FormatRules } from "./faults.js";
import { canonicalText, createSchema, type IdSchema } from "./schema.js";
import { badSeparator, outOverlapsBytes, partialIds, tooLarge } from "../messages.js";

/** What the shared machinery knows of one format: its spec and fault rules, and its codec on the TypeScript engine. */
export interface Format extends FormatRules {
  readonly jsCodec: FormatCodec;
}

export interface EncodeTextOptions extends CaseOptions {
  /** One ASCII character that cannot occur in the format's text, written after each ID. Default "\n". */
  separator?: string;
  /** Write into this buffer (at least `chars + 1` bytes per ID, not overlapping the input) instead of a new one. */
  out?: Uint8Array;
}

/** The options of a call that takes none yet (`decodeTime` of a format whose IDs need no context): an object. */
export type NoOptions = Record<string, never>;

/** Texts of a batch call: a string array, or ASCII records in a Uint8Array. */
export type Texts = readonly string[] | Uint8Array;

/** The calls; `Id` is the format's branded text type (src/formats/schema.ts). */
export interface CodecApi<Id extends string = string> {
  /** The binary ID at `bytes[offset]` as canonical text (or lower case); refuses bytes that are no ID of the format. */
  encode(bytes: Uint8Array, offset?: number, options?: CaseOptions): Id;
  /** The bytes of an ID, in a new array; every fault is an UlidError with its character position. */
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
  /** The packed bytes of each ID; throws for the first bad one with its element index. */
  decodeMany(texts: Texts): Uint8Array;
  /** 1 per valid ID, 0 per invalid one; never throws for a bad ID. */
  validateMany(texts: Texts): Uint8Array;
  /** The raw time field of one ID; throws for an invalid one. */
  timeField(text: string): number;
  /** The raw time fields of a batch; throws for the first invalid element. */
  timeFields(texts: Texts): Float64Array;
  /** The number of binary IDs in `bytes`; throws unless it is a Uint8Array of whole IDs. */
  countIds(bytes: Uint8Array): number;
}

export function createCodecApi<Id extends string = string>(format: Format): CodecApi<Id> {
  const { spec, label } = format;
  const { bytes: size, chars } = spec;

  /** Binary IDs as a plain view, and how many there are. */
  function binaryIds(bytes: unknown): { ids: Uint8Array; count: number } {
    const ids = plainBytes(bytes, "bytes");
    if (ids.length % size !== 0) throw partialIds(label, size, ids.length);
    return { ids, count: ids.length / size };
  }

  /**
   * Runs a decoding kernel over a batch and throws for the first bad element. `part(out, start)` is the output from
   * element `start` on, where a piece of a string batch writes.
   */
  function decodeBatch<Out>(
    texts: unknown,
    create: (elements: number) => Out,
    part: (out: Out, start: number) => Out,
    run: (codec: FormatCodec, batch: IdBatch, count: number, out: Out) => number,
  ): Out {
    const framed = frame(texts, chars, create);
    const codec = batchCodec(format);
    const fault = runPieces(framed, chars, true, (batch, count, start) => run(codec, batch, count, part(framed.out, start)));
    if (fault !== null) throw batchError(format, fault.batch, fault.at, fault.index);
    return framed.out;
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
      return text;
    },
    decodeMany: (texts) =>
      decodeBatch(
        texts,
        (n) => allocate(Uint8Array, n * size, "the batch"),
        (out, start) => out.subarray(start * size),
        (codec, batch, count, out) => codec.decodeMany(batch, count, out),
      ),
    validateMany(texts) {
      const framed = frame(texts, chars, (n) => allocate(Uint8Array, n, "the batch"));
      const codec = batchCodec(format);
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
    timeFields: (texts) =>
      decodeBatch(
        texts,
        (n) => allocate(Float64Array, n, "the batch"),
        (out, start) => out.subarray(start),
        (codec, batch, count, out) => codec.timeMany(batch, count, out),
      ),
    countIds: (bytes) => binaryIds(bytes).count,
  };
}

function allocateStrings(count: number): string[] {
  try {
    return new Array<string>(count);
  } catch {
    throw tooLarge("the batch", count, "strings");
  }
}
