/**
 * The encode/decode/validate half of a format's namespace, the same for every format: argument checks, the
 * engine choice (single IDs on `singleEngine`, batches on `batchEngine`, as for ULID) and errors. Times come out
 * as the format's raw time field; each format's file gives them their meaning.
 */
import { checkIndex, checkOptions, checkRoom, checkUint8Array, outputBuffer } from "../args.js";
import { batchEngine, singleEngine } from "../backend.js";
import { UlidError, quote } from "../errors.js";
import type { FormatCodec, FormatName } from "../engine/formats.js";
import { jsFormats } from "../engine/js-formats.js";
import type { Engine, IdBatch } from "../engine/types.js";
import { frame } from "./batch.js";
import { batchError, binaryError, idError, type FormatRules } from "./faults.js";

export interface EncodeTextOptions {
  /** One ASCII character that cannot occur in the format's text, written after each ID. Default "\n". */
  separator?: string;
  /** Write into this buffer (at least `chars + 1` bytes per ID) instead of a new one. */
  out?: Uint8Array;
}

/** The options of a call that takes none yet (`decodeTime` of a format whose IDs need no context): an object. */
export type NoOptions = Record<string, never>;

/** Texts of a batch call: a string array, or ASCII records in a Uint8Array. */
export type Texts = readonly string[] | Uint8Array;

export interface CodecApi {
  /** The binary ID at `bytes[offset]` as canonical text; refuses bytes that are no ID of the format. */
  encode(bytes: Uint8Array, offset?: number): string;
  /** The bytes of an ID, in a new array; every fault is an UlidError with its character position. */
  decode(text: string): Uint8Array;
  /** True exactly when `decode` would succeed; never throws. */
  isValid(text: unknown): boolean;
  /** Packed binary IDs as strings. */
  encodeMany(bytes: Uint8Array): string[];
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

/** One format's codec on an engine: the engine's own, or the TypeScript one (see `Engine.formats`). */
export function codecOn(engine: Engine, name: FormatName): FormatCodec {
  return (engine.formats ?? jsFormats)[name];
}

export function createCodecApi(rules: FormatRules): CodecApi {
  const { spec, label } = rules;
  const { bytes: size, chars } = spec;
  const codecOf = (engine: Engine): FormatCodec => codecOn(engine, spec.name);

  /** Number of binary IDs in `bytes`. */
  function countIds(bytes: Uint8Array): number {
    checkUint8Array(bytes, "bytes");
    if (bytes.length % size !== 0) {
      throw new UlidError(
        "INVALID_LENGTH",
        `binary ${label}s are ${size} bytes each, got ${bytes.length} bytes (${bytes.length % size} left over)`,
      );
    }
    return bytes.length / size;
  }

  /** Runs a decoding kernel over a batch and throws for the first bad element. */
  function decodeBatch<Out>(
    texts: unknown,
    allocate: (elements: number) => Out,
    run: (codec: FormatCodec, batch: IdBatch, count: number, out: Out) => number,
  ): Out {
    const { batch, elements, wellFormed } = frame(texts, chars);
    const out = allocate(elements);
    const fault = run(codecOf(batchEngine()), batch, wellFormed, out);
    if (fault >= 0) throw batchError(rules, batch, fault);
    if (wellFormed < elements) throw batchError(rules, batch, wellFormed);
    return out;
  }

  /** Throws for the binary ID an engine refused at element `fault` (>= 0). */
  function checkEncoded(bytes: Uint8Array, fault: number): void {
    if (fault >= 0) throw binaryError(rules, bytes, fault * size, fault);
  }

  return {
    encode(bytes, offset = 0) {
      checkUint8Array(bytes, "bytes");
      checkIndex(offset, "offset");
      checkRoom(bytes, offset, size, "bytes");
      const text = codecOf(singleEngine()).encodeOne(bytes, offset);
      if (text === null) throw binaryError(rules, bytes, offset);
      return text;
    },
    decode(text) {
      const out = new Uint8Array(size);
      if (typeof text !== "string" || !codecOf(singleEngine()).decodeOne(text, out, 0)) throw idError(rules, text);
      return out;
    },
    isValid: (text) => typeof text === "string" && codecOf(singleEngine()).isValidOne(text),

    encodeMany(bytes) {
      const count = countIds(bytes);
      const out = new Array<string>(count);
      checkEncoded(bytes, codecOf(batchEngine()).encodeStrings(bytes, count, out));
      return out;
    },
    encodeManyText(bytes, options) {
      const count = countIds(bytes);
      const { separator = "\n", out } = checkOptions(options);
      const code = typeof separator === "string" && separator.length === 1 ? separator.charCodeAt(0) : -1;
      if (code < 0 || code > 0x7f || !spec.isSeparator(code)) {
        throw new UlidError(
          "INVALID_ARGUMENT",
          `separator must be one ASCII character that is not a letter, a digit or part of a ${label}, got ${quote(separator)}`,
        );
      }
      const text = outputBuffer(out, count * (chars + 1));
      const fault = codecOf(batchEngine()).encodeText(bytes, count, text, code);
      // No half-made text is left behind in a caller's buffer.
      if (fault >= 0) text.fill(0);
      checkEncoded(bytes, fault);
      return text;
    },
    decodeMany: (texts) =>
      decodeBatch(texts, (n) => new Uint8Array(n * size), (codec, batch, count, out) => codec.decodeMany(batch, count, out)),
    validateMany(texts) {
      const { batch, elements, wellFormed } = frame(texts, chars);
      const flags = new Uint8Array(elements);
      // A trailing partial text record stays 0; in a string batch the engine checks every element.
      codecOf(batchEngine()).validateMany(batch, batch.kind === "text" ? wellFormed : elements, flags);
      return flags;
    },

    timeField(text) {
      const time = typeof text === "string" ? codecOf(singleEngine()).timeOne(text) : -1;
      if (time < 0) throw idError(rules, text);
      return time;
    },
    timeFields: (texts) =>
      decodeBatch(texts, (n) => new Float64Array(n), (codec, batch, count, out) => codec.timeMany(batch, count, out)),
    countIds,
  };
}
