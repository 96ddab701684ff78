/**
 * The TypeScript engine's `FormatCodec` for any format given as a small per-record codec (`js-flake.ts`,
 * `js-baseuid.ts`, `js-uuidv7.ts`): one batch layer, mirroring the WebAssembly loops record for record. (ULID's
 * codec, tuned by hand, is js-ulid.ts.) Text batches are read through latin1 string views of the bytes, one
 * character per byte, so positions hold.
 */
import { paddedStringMaker, stringMaker } from "./flat-string.js";
import { fitsWidth, MAX_ID_CHARS, MAX_RANDOM_BYTES, PAD, type FormatSpec } from "./specs.js";
import { GENERATE_CHUNK, type FillRandom, type FormatCodec, type IdBatch } from "./types.js";

/** One format's codec for a single record: what differs between formats, and nothing else. */
export interface RecordCodec {
  /**
   * Reads the ID at `text[at]` (the caller has checked its characters are there); true when it is valid, and then
   * `pack` and `time` give its bytes and time field until the next `read`.
   */
  read(text: string, at: number): boolean;
  /**
   * Whether the ID at `text[at]` is valid, as `read` says, without decoding it: for a format whose decoding costs far
   * more than its check (KSUID's long division). Without it, validating reads.
   */
  check?(text: string, at: number): boolean;
  /** Writes the bytes of the last valid `read` at `dst[at]`. */
  pack(dst: Uint8Array, at: number): void;
  /** The raw time field of the last valid `read`. */
  time(): number;
  /** The binary ID at `src[from]` as ASCII codes at `dst[at]`; false when those bytes are no ID of the format. */
  write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean;
  /** A fresh ID of time field `time` at `dst[at]`, its random bits from `random[from]`. */
  stamp(time: number, param: number, random: Uint8Array, from: number, dst: Uint8Array, at: number): void;
  /** Replaces the ID at `id[at]` by its successor, drawing from `random[from]`; false, changing nothing, on overflow. */
  advance(id: Uint8Array, at: number, param: number, random: Uint8Array, from: number): boolean;
}

/** Records per latin1 view of a text batch: bounds the temporary string (2.4 MiB for UUIDs) whatever the batch size. */
const TEXT_WINDOW = 65536;

/**
 * Windows-1252 where the runtime follows the Encoding standard (browsers, Node 22+; Node 20 reads ISO-8859-1): the
 * characters it gives bytes 0x80-0x9F are no symbol of any format either, so what is valid does not change.
 */
const latin1 = new TextDecoder("latin1");
const codes = new Uint8Array(MAX_ID_CHARS);
const randomScratch = new Uint8Array(MAX_RANDOM_BYTES * GENERATE_CHUNK);
/** The randomness of one ID, by its size: single IDs are minted far more often than batches. */
const randomOfOne = Array.from({ length: MAX_RANDOM_BYTES + 1 }, (_, size) => randomScratch.subarray(0, size));

/** The codec of one format on the TypeScript engine. */
export function createJsCodec(spec: FormatSpec, record: RecordCodec): FormatCodec {
  const codec = createCodec(spec, record);
  return spec.minChars === undefined ? codec : readingPadded(spec, codec);
}

/**
 * The codec of a format whose texts vary in width (`FormatSpec.minChars`), over its codec of right-aligned records:
 * a string is read after the PAD characters that make it `chars` wide. Text records come padded already (the batch
 * framing and the line decoder lay them out so). A string holding a character above 0x7F is no ID, and is refused
 * before it is padded, so that no character of it is read as PAD.
 */
function readingPadded(spec: FormatSpec, codec: FormatCodec): FormatCodec {
  const pads = String.fromCharCode(PAD).repeat(spec.chars);
  const fit = (id: unknown): string | undefined =>
    typeof id === "string" && fitsWidth(spec, id.length) && !/[^\0-\x7f]/.test(id) ? pads.slice(id.length) + id : undefined;
  const fitted = (batch: IdBatch, count: number): IdBatch =>
    batch.kind === "text" ? batch : { kind: "strings", ids: Array.from({ length: count }, (_, i) => fit(batch.ids[i])) as string[] };
  return {
    ...codec,
    decodeOne(text, dst, offset) {
      const id = fit(text);
      return id !== undefined && codec.decodeOne(id, dst, offset);
    },
    timeOne(text) {
      const id = fit(text);
      return id === undefined ? -1 : codec.timeOne(id);
    },
    isValidOne(text) {
      const id = fit(text);
      return id !== undefined && codec.isValidOne(id);
    },
    decodeMany: (batch, count, dst, flags) => codec.decodeMany(fitted(batch, count), count, dst, flags),
    timeMany: (batch, count, dst, flags) => codec.timeMany(fitted(batch, count), count, dst, flags),
    validateMany: (batch, count, dst) => codec.validateMany(fitted(batch, count), count, dst),
  };
}

function createCodec(spec: FormatSpec, record: RecordCodec): FormatCodec {
  const { bytes, chars } = spec;
  const recordBytes = chars + 1;
  const stringOf = spec.minChars === undefined ? stringMaker(chars, spec.prefix) : paddedStringMaker(chars, PAD);
  /** How an ID is validated alone (nothing of it kept). */
  const check = record.check ?? record.read;

  /**
   * Calls `visit(valid, index)` for the first `count` elements, stopping when it returns false. `valid` means the
   * element was read as a valid ID (so `pack`/`time` apply) and, in text, that its separator may separate.
   */
  function forEachId(
    batch: IdBatch,
    count: number,
    visit: (valid: boolean, index: number) => boolean,
    read: (text: string, at: number) => boolean,
  ): void {
    if (batch.kind === "strings") {
      for (let i = 0; i < count; i++) {
        const id: unknown = batch.ids[i];
        if (!visit(typeof id === "string" && id.length === chars && read(id, 0), i)) return;
      }
      return;
    }
    const text = batch.text;
    for (let first = 0; first < count; first += TEXT_WINDOW) {
      const last = Math.min(first + TEXT_WINDOW, count);
      const window = latin1.decode(text.subarray(first * recordBytes, last * recordBytes));
      for (let i = first; i < last; i++) {
        const separator = i * recordBytes + chars;
        const valid = read(window, (i - first) * recordBytes) && (separator >= text.length || spec.isSeparator(text[separator]!));
        if (!visit(valid, i)) return;
      }
    }
  }

  /**
   * Runs `take(index)` on each valid element; returns the first invalid one's index, or -1. Without `flags` it stops
   * there; with them it writes 1 or 0 per element and `blank(index)` for each invalid one, and goes on. `read`
   * decodes (default), or only checks where `take` needs nothing of the element.
   */
  function decodeEach(
    batch: IdBatch,
    count: number,
    flags: Uint8Array | undefined,
    take: (index: number) => void,
    blank: (index: number) => void,
    read: (text: string, at: number) => boolean = record.read,
  ): number {
    let first = -1;
    forEachId(batch, count, (valid, index) => {
      if (flags !== undefined) flags[index] = valid ? 1 : 0;
      if (valid) {
        take(index);
        return true;
      }
      if (first < 0) first = index;
      if (flags === undefined) return false;
      blank(index);
      return true;
    }, read);
    return first;
  }

  const nothing = (): void => {};

  /** Draws `perId * count` bytes with one call of `fill` (none when there is nothing to draw). */
  function draw(fill: FillRandom, perId: number, count: number): Uint8Array {
    const random = count === 1 ? randomOfOne[perId]! : randomScratch.subarray(0, perId * count);
    if (random.length > 0) fill(random);
    return random;
  }

  function encodeOne(src: Uint8Array, offset: number): string | null {
    return record.write(src, offset, codes, 0) ? stringOf(codes, 0) : null;
  }

  /** The ID made for `generate`: its text is what the call returns. */
  const minted = new Uint8Array(bytes);

  return {
    encodeOne,
    decodeOne(text, dst, offset) {
      if (text.length !== chars || !record.read(text, 0)) return false;
      record.pack(dst, offset);
      return true;
    },
    timeOne: (text) => (text.length === chars && record.read(text, 0) ? record.time() : -1),
    isValidOne: (text) => text.length === chars && check(text, 0),
    mintOne(time, param, fill) {
      record.stamp(time, param, draw(fill, spec.stampRandom(param), 1), 0, minted, 0);
      return encodeOne(minted, 0)!;
    },

    encodeText(src, count, dst, separator) {
      const stride = separator >= 0 ? recordBytes : chars;
      for (let i = 0; i < count; i++) {
        if (!record.write(src, i * bytes, dst, i * stride)) return i;
        if (separator >= 0) dst[i * stride + chars] = separator;
      }
      return -1;
    },
    encodeStrings(src, count, out) {
      for (let i = 0; i < count; i++) {
        const text = encodeOne(src, i * bytes);
        if (text === null) return i;
        out[i] = text;
      }
      return -1;
    },

    decodeMany: (batch, count, dst, flags) =>
      decodeEach(
        batch,
        count,
        flags,
        (i) => record.pack(dst, i * bytes),
        (i) => dst.fill(0, i * bytes, (i + 1) * bytes),
      ),
    timeMany: (batch, count, dst, flags) =>
      decodeEach(
        batch,
        count,
        flags,
        (i) => {
          dst[i] = record.time();
        },
        (i) => {
          dst[i] = Number.NaN;
        },
      ),
    validateMany(batch, count, dst) {
      decodeEach(batch, count, dst, nothing, nothing, check);
    },

    stampMany(count, time, param, fill, dst, dstOffset) {
      const perId = spec.stampRandom(param);
      const random = draw(fill, perId, count);
      for (let i = 0; i < count; i++) record.stamp(time, param, random, i * perId, dst, dstOffset + i * bytes);
    },
    advanceMany(seed, count, param, fill, dst, dstOffset) {
      const perId = spec.advanceRandom(param);
      const random = draw(fill, perId, count);
      for (let written = 0; written < count; written++) {
        if (!record.advance(seed, 0, param, random, written * perId)) return written;
        dst.set(seed, dstOffset + written * bytes);
      }
      return count;
    },
  };
}
