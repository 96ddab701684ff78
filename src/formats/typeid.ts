/**
 * TypeID (docs/formats.md; the TypeID specification v0.3): a type prefix on a UUID, `prefix_suffix`.
 *
 *   text    prefix: 0-63 chars of a-z and "_", not starting or ending with "_" | "_" | suffix: 26 chars of
 *           lower-case Crockford base32 of the 128-bit UUID (ULID's bit layout: the first char is 0-7)
 *           an empty prefix has no underscore; the split is at the last underscore ("pre_fix_..." has "pre_fix")
 *   bytes   the 16 bytes of the UUID; the prefix is not in them
 *
 * Any 128-bit value decodes; generated TypeIDs are UUID v7s (with UUID v7's monotonic counter), and `decodeTime`
 * reads the UUID v7 time field (the first 48 bits, Unix ms) of any value.
 *
 * The machinery (codec.ts, batch.ts, generate.ts...) works with fixed-width records, so TypeID is a format per
 * prefix: `typeIdSpec(prefix)` counts the prefix in `chars`, and each prefix has its Format, calls and minting, made
 * on first use and kept in a bounded cache. Which prefix a call uses:
 * - the `prefix` option, when given: generators and encoders write it (default "": none), decoders require it;
 * - without it, a string (one ID, or each element of a string array: separate strings) may carry any valid prefix,
 *   read under its own (a column of mixed TypeIDs decodes as a user expects);
 * - a Uint8Array batch is records of one width, so one prefix per call: the option's or, without it, the first
 *   record's (the first valid one of that width when the first record's is invalid: `textBatchReader`). A record
 *   with another prefix is an invalid element (INVALID_PREFIX with its index; flag 0).
 * Text is lower case only: the `lowercase` option is taken (a boolean) and changes nothing.
 */
import { checkOptions, unsharedBytes } from "../core/arguments.js";
import { INVALID, LOWER_DECODE_TABLE } from "../alphabets/crockford.js";
import { MAX_PREFIX, TYPEID, typeIdSpec } from "../engine/specs.js";
import type { FormatCodec, IdBatch } from "../engine/types.js";
import { createJsCodec } from "../engine/js-record-codec.js";
import { codecOfTypeId } from "../engine/js-typeid.js";
import { readTime } from "../engine/js-ulid-text.js";
import { toTime } from "../core/time.js";
import { formatUuid, parseUuid } from "../alphabets/uuid-hex.js";
import { boundsOf } from "./bounds.js";
import { createIntegerApi, type BigIntValues, type IntegerApi } from "./integers.js";
import {
  createCodecApi,
  type CodecApi,
  type DecodeManyOptions,
  type DecodeTimeManyOptions,
  type EncodeTextOptions,
  type Format,
  type Texts,
} from "./codec.js";
import type { Fault, Problem } from "./faults.js";
import { generateBatch, generateOne, monotonicGenerator, type GenerateOptions, type ManyOptions, type Minting, type MonotonicFactoryOptions } from "./generate.js";
import type { CaseOptions } from "./letter-case.js";
import type { FormatDefinition } from "./definition.js";
import { withDefinition } from "./namespace.js";
import type { TypeId } from "./schema.js";
import {
  badPrefixOption,
  invalidChar,
  prefixCharText,
  prefixLengthText,
  typeIdOtherPrefix,
  typeIdOverflow,
  typeIdPrefixFault,
} from "../core/messages.js";

/** The option that picks a call's prefix. */
export interface PrefixOptions {
  /** The TypeID prefix: written by generators and encoders (default "": none), required by decoders when given. */
  prefix?: string;
}

const UNDERSCORE = 0x5f;
const SUFFIX_CHARS = TYPEID.chars;
/** What a suffix character must be, for messages. */
const SUFFIX_EXPECTED = "a lower-case Crockford base32 character (0-9 and a-z without i, l, o, u)";
/** Prefixes whose formats are kept (beyond the empty one): enough for any app's types, bounded against a stream of junk. */
const CACHED_PREFIXES = 256;

/**
 * Where `prefix` (at the start of `text`: a whole TypeID, or the prefix alone) breaks the rules, and how; null when
 * it is valid: at most 63 chars of a-z and "_", no "_" first or last.
 */
function prefixBreak(text: string, prefix: string): { readonly position: number; readonly what: string } | null {
  if (prefix.length > MAX_PREFIX) return { position: MAX_PREFIX, what: prefixLengthText(prefix.length) };
  const bad = badPrefixChar(prefix, prefix.length);
  return bad < 0 ? null : { position: bad, what: prefixCharText(text, bad) };
}

/** The first of the `width` chars starting `text` that cannot stand there in a prefix (a-z, "_" inside), or -1. */
function badPrefixChar(text: string, width: number): number {
  for (let i = 0; i < width; i++) {
    const code = text.charCodeAt(i);
    const letter = code >= 0x61 && code <= 0x7a;
    if (!letter && (code !== UNDERSCORE || i === 0 || i === width - 1)) return i;
  }
  return -1;
}

/** The fault of `prefix`, which starts TypeID `text`, or null when it is valid. */
function prefixFault(text: string, prefix: string): Fault | null {
  const broken = prefixBreak(text, prefix);
  return broken === null ? null : { ...typeIdPrefixFault(text, broken.what), position: broken.position };
}

/**
 * The prefix of TypeID text (before its last underscore; "" without one), or the fault of it. An underscore first
 * is a fault: an empty prefix has no underscore.
 */
function ownPrefix(text: string): string | Fault {
  const split = text.lastIndexOf("_");
  if (split < 0) return "";
  const prefix = text.slice(0, split);
  return (split === 0 ? prefixFault(text, "_") : prefixFault(text, prefix)) ?? prefix;
}

/** A `prefix` option's value: "" when absent, INVALID_PREFIX for one that is no TypeID prefix. */
function prefixOption(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value !== "string") throw badPrefixOption(value);
  const broken = prefixBreak(value, value);
  if (broken !== null) throw badPrefixOption(value, broken.what);
  return value;
}

/** The fault of suffix character `position` of `text` (the suffix starts at `lead`), or null. */
function suffixFault(text: string, position: number, lead: number): Problem | null {
  const value = LOWER_DECODE_TABLE[text.charCodeAt(position)]!;
  if (value === INVALID) return invalidChar(text, position, TYPEID.label, SUFFIX_EXPECTED);
  return position === lead && value > 7 ? typeIdOverflow(text, position) : null;
}

const everyValueIsOne = (): never => {
  throw new Error("internal: every 16 bytes are a TypeID");
};

/** One prefix's view of TypeID: its format for the machinery, its calls, and how its IDs are made. */
interface Prefixed {
  readonly format: Format;
  readonly api: CodecApi<TypeId>;
  readonly integers: IntegerApi<TypeId>;
  readonly minting: Minting;
}

/** The calls that read TypeIDs: of one prefix, or of any. */
type Reader = Pick<Prefixed, "api" | "integers">;

function createPrefixed(prefix: string): Prefixed {
  const spec = typeIdSpec(prefix);
  const lead = spec.chars - SUFFIX_CHARS;
  const format: Format = {
    spec,
    jsCodec: createJsCodec(spec, codecOfTypeId(prefix)),
    // The prefix and its underscore are checked first (leadOf): here only the suffix.
    charFault: (text, position) => (position < lead ? null : suffixFault(text, position, lead)),
    binaryFault: everyValueIsOne,
    leadOf(text) {
      // The required prefix, then the suffix (so an underscore in what follows it is a suffix character fault).
      if (prefix === "" ? !text.includes("_") : text.startsWith(prefix) && text.charCodeAt(prefix.length) === UNDERSCORE) {
        return format;
      }
      const own = ownPrefix(text);
      if (typeof own !== "string") return own;
      let position = 0;
      while (position < prefix.length && text.charCodeAt(position) === prefix.charCodeAt(position)) position++;
      return { ...typeIdOtherPrefix(text, own, prefix), position };
    },
  };
  const api = createCodecApi<TypeId>(format);
  const minting: Minting = { format, param: 0, field: toTime, clock: () => Date.now(), unit: "millisecond" };
  return { format, api, integers: createIntegerApi<TypeId>(format, api), minting };
}

const NO_PREFIX = createPrefixed("");
const cache = new Map<string, Prefixed>();

/** The view of a valid prefix. */
function prefixed(prefix: string): Prefixed {
  if (prefix === "") return NO_PREFIX;
  let view = cache.get(prefix);
  if (view === undefined) {
    // The oldest goes first: a bounded cache, whatever prefixes a stream of input carries.
    if (cache.size >= CACHED_PREFIXES) cache.delete(cache.keys().next().value!);
    view = createPrefixed(prefix);
    cache.set(prefix, view);
  }
  return view;
}

/**
 * The suffix of a string with a valid prefix; undefined (an invalid element) for anything else. A valid TypeID's
 * last underscore is the one before its last 26 chars (a suffix holds none), so the split is found without a search;
 * a text it refuses here is refused by the suffix's reader too (an underscore is no suffix char), so validity is the
 * same as splitting at the last underscore, and a fault's explanation is `ownPrefix`'s.
 */
function suffixOf(id: unknown): unknown {
  if (typeof id !== "string") return undefined;
  const width = id.length - SUFFIX_CHARS - 1;
  if (width < 0) return id;
  if (width === 0 || width > MAX_PREFIX || id.charCodeAt(width) !== UNDERSCORE || badPrefixChar(id, width) >= 0) return undefined;
  return id.slice(width + 1);
}

/**
 * An engine's codec of the empty prefix as the codec of texts of any prefix: each string is read under its own
 * prefix (its suffix by the codec), and IDs are written without one. Text batches never come here (one prefix each).
 */
function anyPrefix(codec: FormatCodec): FormatCodec {
  const suffixes = (batch: IdBatch, count: number): IdBatch =>
    batch.kind === "text" ? batch : { kind: "strings", ids: Array.from({ length: count }, (_, i) => suffixOf(batch.ids[i])) as string[] };
  const read = <T>(text: string, invalid: T, reading: (suffix: string) => T): T => {
    const suffix = suffixOf(text);
    return typeof suffix === "string" ? reading(suffix) : invalid;
  };
  return {
    ...codec,
    decodeOne: (text, dst, offset) => read(text, false, (suffix) => codec.decodeOne(suffix, dst, offset)),
    timeOne: (text) => read(text, -1, (suffix) => codec.timeOne(suffix)),
    isValidOne: (text) => read(text, false, (suffix) => codec.isValidOne(suffix)),
    decodeMany: (batch, count, dst, flags) => codec.decodeMany(suffixes(batch, count), count, dst, flags),
    timeMany: (batch, count, dst, flags) => codec.timeMany(suffixes(batch, count), count, dst, flags),
    validateMany: (batch, count, dst) => codec.validateMany(suffixes(batch, count), count, dst),
  };
}

const adapted = new WeakMap<FormatCodec, FormatCodec>();

/** TypeID texts of any prefix, each read under its own. */
const ANY_PREFIX: Format = {
  ...NO_PREFIX.format,
  jsCodec: anyPrefix(NO_PREFIX.format.jsCodec),
  adapt(codec) {
    let any = adapted.get(codec);
    if (any === undefined) {
      any = anyPrefix(codec);
      adapted.set(codec, any);
    }
    return any;
  },
  leadOf(text) {
    const own = ownPrefix(text);
    return typeof own === "string" ? prefixed(own).format : own;
  },
};
const anyApi = createCodecApi<TypeId>(ANY_PREFIX);
/** The decoding calls of texts of any prefix. */
const ANY: Reader = { api: anyApi, integers: createIntegerApi<TypeId>(ANY_PREFIX, anyApi) };

const latin1 = new TextDecoder("latin1");

/**
 * The calls of a text batch: records of one width and one prefix. The width is its first record's: what comes before
 * that record's last underscore, "_" and a suffix (26 chars without an underscore), so a batch has as many
 * elements as records whatever its first one holds. The prefix is the first record's when it is a valid one; else
 * that of the first record with a valid prefix of that width (the first record then being an invalid element:
 * INVALID_PREFIX at index 0); and when none has one, no record can be valid (`refusing`).
 */
function textBatchReader(texts: Uint8Array): Reader {
  const text = unsharedBytes(texts, "IDs");
  let length = 0;
  while (length < text.length && !TYPEID.isSeparator(text[length]!)) length++;
  const split = text.subarray(0, length).lastIndexOf(UNDERSCORE);
  if (split < 0) return NO_PREFIX;
  const record = split + 1 + SUFFIX_CHARS + 1;
  for (let at = 0; at === 0 || at + record - 1 <= text.length; at += record) {
    const prefix = prefixAt(text, at, split);
    if (prefix !== null) return prefixed(prefix);
  }
  return refusing(record - 1);
}

/** The valid prefix of `split` chars and its underscore at `text[at]`, or null. */
function prefixAt(text: Uint8Array, at: number, split: number): string | null {
  if (split === 0 || split > MAX_PREFIX || text[at + split] !== UNDERSCORE) return null;
  const prefix = latin1.decode(text.subarray(at, at + split));
  return badPrefixChar(prefix, split) < 0 ? prefix : null;
}

/** Whole-record batch calls that find every element invalid: a batch none of whose records can be a TypeID. */
function refuse(count: number, flags: Uint8Array | undefined, blank: () => void): number {
  if (flags !== undefined) {
    flags.fill(0, 0, count);
    blank();
  }
  return count > 0 ? 0 : -1;
}

/** A codec that finds no TypeID: no engine's work, so every engine's (`Format.everyEngine`). */
const REFUSING_CODEC: FormatCodec = {
  ...NO_PREFIX.format.jsCodec,
  decodeOne: () => false,
  timeOne: () => -1,
  isValidOne: () => false,
  decodeMany: (_batch, count, dst, flags) => refuse(count, flags, () => dst.fill(0, 0, count * TYPEID.bytes)),
  timeMany: (_batch, count, dst, flags) => refuse(count, flags, () => dst.fill(Number.NaN, 0, count)),
  validateMany(_batch, count, dst) {
    dst.fill(0, 0, count);
  },
};

/**
 * The calls of a text batch of records `chars` wide none of which can be a TypeID: none has a valid prefix of the
 * width's length (or no prefix is that long). Each record's fault is found under its own prefix, as for a string.
 */
function refusing(chars: number): Reader {
  const format: Format = { ...ANY_PREFIX, spec: { ...TYPEID, chars }, jsCodec: REFUSING_CODEC, adapt: undefined, everyEngine: true };
  const api = createCodecApi<TypeId>(format);
  return { api, integers: createIntegerApi<TypeId>(format, api) };
}

/** The view of a `prefix` option's value (INVALID_PREFIX for a bad one). */
function viewOf(prefix: unknown): Prefixed {
  // The last one is kept: a call site passes one prefix, most apps one per type, so the check and lookup run once.
  if (prefix === lastPrefix) return lastView;
  const view = prefixed(prefixOption(prefix));
  lastPrefix = prefix;
  lastView = view;
  return view;
}
let lastPrefix: unknown;
let lastView = NO_PREFIX;

/**
 * A text batch, copied once when it lies on a SharedArrayBuffer (`unsharedBytes`): its prefix is read from the same
 * bytes as its records are decoded from.
 */
function ownBatch(texts: Texts): Texts {
  return isTextBatch(texts) ? unsharedBytes(texts, "IDs") : texts;
}

/** Whether `texts` are text records (a typed array: a Uint8Array, or a view the batch check refuses), not strings. */
function isTextBatch(texts: Texts | undefined): boolean {
  return typeof texts === "object" && texts !== null && ArrayBuffer.isView(texts);
}

/** The calls for decoding `texts` (a string, a string array, or text records) under `prefix` (an option value). */
function readerOf(prefix: unknown, texts?: Texts): Reader {
  if (prefix !== undefined) return viewOf(prefix);
  if (isTextBatch(texts)) return textBatchReader(texts as Uint8Array);
  return ANY;
}

/**
 * The view of a call's `prefix` option. The options go on to the machinery as they are: it reads its own keys only,
 * and a getter of `prefix` runs once.
 */
const viewOfOptions = (options: PrefixOptions | undefined): Prefixed => viewOf(checkOptions(options).prefix);

/** TypeID: any prefix unless a call's `prefix` option names one; times in and out in Unix ms, the UUID's first 48 bits. */
export const definition: FormatDefinition<"typeid", PrefixOptions, PrefixOptions, PrefixOptions> = {
  name: "typeid",
  format: ANY_PREFIX,
  minting: (options) => viewOfOptions(options).minting,
  bounding: (options) => viewOf(options.prefix).minting,
  time: { scale: 1, divisor: 1, origin: () => 0 },
  withPrefix: formatWithPrefix,
};

/** What `parse` tells of a TypeID. */
export interface ParsedTypeId {
  /** The type prefix ("" for none). */
  readonly prefix: string;
  /** The UUID, in canonical text (lower-case 8-4-4-4-12 hex). */
  readonly uuid: string;
  /** The UUID's 16 bytes. */
  readonly bytes: Uint8Array;
  /** The UUID v7 time field (the first 48 bits) in Unix ms, whatever the UUID's version. */
  readonly time: number;
}

export const typeid = withDefinition({
  name: "typeid" as const,
  chars: TYPEID.chars,
  bytes: TYPEID.bytes,

  /** The 16 bytes at `bytes[offset]` as a TypeID with the `prefix` option's prefix (default none). */
  encode(bytes: Uint8Array, offset?: number, options?: PrefixOptions & CaseOptions): TypeId {
    return viewOfOptions(options).api.encode(bytes, offset, options);
  },
  /** The 16 bytes of the UUID; any valid prefix, or the `prefix` option's only. */
  decode(text: string, options?: PrefixOptions): Uint8Array {
    return readerOf(checkOptions(options).prefix).api.decode(text);
  },
  /** True exactly when `decode` would succeed; never throws for a bad ID. */
  isValid(text: unknown, options?: PrefixOptions): text is TypeId {
    return readerOf(checkOptions(options).prefix).api.isValid(text);
  },
  /** The TypeID in canonical text: TypeID has one spelling, so the text itself once it is valid. */
  canonicalize(text: string, options?: PrefixOptions): TypeId {
    return readerOf(checkOptions(options).prefix).api.canonicalize(text);
  },
  /** A Standard Schema of TypeIDs of any prefix (their canonical text is themselves). */
  schema: anyApi.schema,

  /** Packed 16-byte UUIDs as TypeIDs with the `prefix` option's prefix. */
  encodeMany(bytes: Uint8Array, options?: PrefixOptions & CaseOptions): TypeId[] {
    return viewOfOptions(options).api.encodeMany(bytes, options);
  },
  /** Packed 16-byte UUIDs as ASCII text records `prefix_suffix` and a separator (default "\n"). */
  encodeManyText(bytes: Uint8Array, options?: PrefixOptions & EncodeTextOptions): Uint8Array {
    return viewOfOptions(options).api.encodeManyText(bytes, options);
  },
  /** The packed 16 bytes of each TypeID; throws for the first bad one with its element index, unless given `flags`. */
  decodeMany(texts: Texts, options?: PrefixOptions & DecodeManyOptions): Uint8Array {
    const batch = ownBatch(texts);
    return readerOf(checkOptions(options).prefix, batch).api.decodeMany(batch, options);
  },
  /** 1 per valid TypeID, 0 per invalid one (of another prefix than the batch's too); never throws for a bad ID. */
  validateMany(texts: Texts, options?: PrefixOptions): Uint8Array {
    const batch = ownBatch(texts);
    return readerOf(checkOptions(options).prefix, batch).api.validateMany(batch);
  },
  /** The UUID v7 time field (Unix ms) of a TypeID of any UUID version. */
  decodeTime(text: string, options?: PrefixOptions): number {
    return readerOf(checkOptions(options).prefix).api.timeField(text);
  },
  /** `decodeTime` of each TypeID; throws for the first bad one with its element index, unless given `flags`. */
  decodeTimeMany(texts: Texts, options?: PrefixOptions & DecodeTimeManyOptions): Float64Array {
    return readerOf(checkOptions(options).prefix, texts).api.timeFields(texts, options);
  },

  /** A new TypeID (a UUID v7 inside); `time` in Unix ms or a Date, default now. */
  generate(time?: number | Date, options?: PrefixOptions & GenerateOptions): TypeId {
    return generateOne(viewOfOptions(options).minting, time, options) as TypeId;
  },
  /** A generator of strictly increasing TypeIDs of one prefix (UUID v7's counter method); `after` must carry it. */
  monotonicFactory(options?: PrefixOptions & MonotonicFactoryOptions): (time?: number | Date) => TypeId {
    return monotonicGenerator(viewOfOptions(options).minting, options) as (time?: number | Date) => TypeId;
  },
  /** `count` TypeIDs' UUIDs as 16*count bytes (monotonic by default); a text `after` must carry `prefix`. */
  generateMany(count: number, options?: PrefixOptions & ManyOptions<number | Date>): Uint8Array {
    return generateBatch(viewOfOptions(options).minting, count, options);
  },
  ...boundsOf<number | Date, PrefixOptions, TypeId>((options) => viewOf(options.prefix).minting),

  /** The UUID as one unsigned 128-bit integer; any valid prefix, or the `prefix` option's only. */
  toBigInt(text: string, options?: PrefixOptions): bigint {
    return readerOf(checkOptions(options).prefix).integers.toBigInt(text);
  },
  /** The TypeID of a 128-bit integer, with the `prefix` option's prefix. */
  fromBigInt(value: bigint, options?: PrefixOptions): TypeId {
    return viewOfOptions(options).integers.fromBigInt(value);
  },
  /** Packed 16-byte UUIDs as 64-bit words, 2 per ID, least significant first. */
  toBigIntMany: (bytes: Uint8Array): BigUint64Array => NO_PREFIX.integers.toBigIntMany(bytes),
  /** Packed 16-byte UUIDs from words (as `toBigIntMany` gives them) or a bigint per ID. */
  fromBigIntMany: (values: BigIntValues): Uint8Array => NO_PREFIX.integers.fromBigIntMany(values),

  /** The prefix, the UUID (text and bytes) and the time field of a TypeID. */
  parse(text: string, options?: PrefixOptions): ParsedTypeId {
    const bytes = typeid.decode(text, options);
    const split = text.lastIndexOf("_");
    return { prefix: split < 0 ? "" : text.slice(0, split), uuid: formatUuid(bytes, 0), bytes, time: readTime(bytes, 0) };
  },
  /** The UUID of a TypeID, in canonical text (lower-case 8-4-4-4-12 hex). */
  toUUID(text: string, options?: PrefixOptions): string {
    return formatUuid(typeid.decode(text, options), 0);
  },
  /**
   * The TypeID of a UUID of any version, with `prefix` (default none). The UUID is hyphenated 8-4-4-4-12 hex in
   * either case (what RFC 9562 and `crypto.randomUUID` write); every fault is a UlidError with its position.
   */
  fromUUID(uuid: string, prefix?: string): TypeId {
    const bytes = new Uint8Array(16);
    parseUuid(uuid, bytes, 0);
    return viewOf(prefix).api.encode(bytes);
  },
}, definition);

/** The machinery's view of TypeIDs with `prefix` (an option value; INVALID_PREFIX for a bad one). */
export function formatWithPrefix(prefix: unknown): Format {
  return viewOf(prefix).format;
}

/** How TypeIDs with `prefix` (an option value) are made, for the CLI's streams. */
export function mintingWithPrefix(prefix: unknown): Minting {
  return viewOf(prefix).minting;
}
