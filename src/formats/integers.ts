/**
 * IDs as unsigned integers, the same for every format: the binary ID read as one big-endian number of the format's
 * width (KSUID 160 bits, ULID and UUID v7 128, BaseUID 120, Ulid-Flake 64), so integer order is byte order and text
 * order.
 *
 * The bulk form is columnar: a BigUint64Array of `ceil(bits / 64)` words per ID, the least significant word first,
 * each word a native 64-bit integer:
 *
 *   ID i, 160 bits:  words[3i] = bits 63-0 (bytes 12-19)   words[3i + 1] = bits 127-64 (bytes 4-11)
 *                    words[3i + 2] = bits 159-128 (bytes 0-3: a KSUID's time field)
 *   ID i, 128 bits:  words[2i] = bits 63-0 (bytes 8-15)    words[2i + 1] = bits 127-64 (bytes 0-7)
 *   ID i, 120 bits:  words[2i] = bits 63-0 (bytes 7-14)    words[2i + 1] = bits 119-64 (bytes 0-6)
 *   ID i, 64 bits:   words[i]  = the whole ID
 *
 * That is the order of DuckDB's HUGEINT/UHUGEINT (`{ lower, upper }`) and, on little-endian machines (every
 * mainstream one), the memory of ClickHouse's UInt128 and of Arrow's 128-bit values: the array's buffer can be
 * handed to them as it is. A BigInt64Array is read as DuckDB reads a HUGEINT: lower words as unsigned, the top word
 * signed, so a negative value is OVERFLOW and never wraps to a large one.
 */
import { allocate, plainBigInts, plainBytes } from "../core/arguments.js";
import { batchCodec, singleCodec } from "../engine/backend.js";
import type { CodecApi, Format } from "./codec.js";
import { elementError, integerNotBigint, integerNotId, integerOutOfRange, mustBe, partialWords } from "../core/messages.js";

/** Binary IDs checked per engine call: bounds the scratch text (36 KiB for UUIDs) whatever the batch size. */
const CHECK_CHUNK = 1024;

export type BigIntValues = BigUint64Array | BigInt64Array | readonly bigint[];

/** `Id`: the format's branded text (src/formats/schema.ts). */
export interface IntegerApi<Id extends string> {
  /** The ID as one unsigned integer of the format's width (big-endian bytes). */
  toBigInt(text: string): bigint;
  /** The ID of an integer: OVERFLOW outside the format's width; an integer whose bytes are no ID is refused as they are. */
  fromBigInt(value: bigint): Id;
  /** Packed binary IDs as 64-bit words, least significant first, `ceil(bits / 64)` per ID. */
  toBigIntMany(bytes: Uint8Array): BigUint64Array;
  /** Packed binary IDs from words (as `toBigIntMany` gives them) or from a bigint per ID. */
  fromBigIntMany(values: BigIntValues): Uint8Array;
}

export function createIntegerApi<Id extends string>(
  format: Format,
  codec: Pick<CodecApi<Id>, "decode" | "countIds">,
): IntegerApi<Id> {
  const { spec } = format;
  const { label } = spec;
  const size = spec.bytes;
  const bits = 8 * size;
  const limit = 1n << BigInt(bits);
  const words = Math.ceil(bits / 64);
  /** The top word of a value in range is below this (2^32 for 160 bits, 2^56 for 120, 2^64 when the top word is whole). */
  const topLimit = 1n << BigInt(bits - 64 * (words - 1));

  /** Word `k` (0: least significant) of the ID at `bytes[at]`; `view` is a DataView of `bytes`. */
  function wordAt(view: DataView, bytes: Uint8Array, at: number, k: number): bigint {
    // The word's bytes end 8k bytes before the ID's end; the top word of a 120-bit ID has only 7, of a 160-bit one 4.
    const end = at + size - 8 * k;
    if (end - 8 >= at) return view.getBigUint64(end - 8);
    let word = 0n;
    for (let i = at; i < end; i++) word = (word << 8n) | BigInt(bytes[i]!);
    return word;
  }

  /** The big-endian integer of the ID at `bytes[at]`, from its words. */
  function valueAt(bytes: Uint8Array, at: number): bigint {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    let value = 0n;
    for (let k = words - 1; k >= 0; k--) value = (value << 64n) | wordAt(view, bytes, at, k);
    return value;
  }

  /** Writes word `k` (a value below 2^64, below 2^56 for a 120-bit ID's top word) of the ID at `bytes[at]`. */
  function writeWord(view: DataView, bytes: Uint8Array, at: number, k: number, word: bigint): void {
    const end = at + size - 8 * k;
    if (end - 8 >= at) return view.setBigUint64(end - 8, word);
    for (let i = end - 1; i >= at; i--, word >>= 8n) bytes[i] = Number(word & 0xffn);
  }

  /** Writes `value` (an unknown, checked here) as the ID's bytes at `bytes[at]`; `index` names a batch element. */
  function writeValue(value: unknown, view: DataView, bytes: Uint8Array, at: number, index: number | undefined): void {
    if (typeof value !== "bigint") throw elementError(integerNotBigint(label, value), index);
    if (value < 0n || value >= limit) throw elementError(integerOutOfRange(label, bits, value), index);
    for (let k = 0; k < words; k++) writeWord(view, bytes, at, k, BigInt.asUintN(64, value >> BigInt(64 * k)));
  }

  /**
   * Throws for the first of `count` binary IDs that is no ID of the format, found as encoding finds it (the engine's
   * encoder is the one definition of a valid binary ID). `fromIntegers`: the IDs were made from integers.
   */
  function checkIds(ids: Uint8Array, count: number, fromIntegers: boolean): void {
    const scratch = new Uint8Array(Math.min(count, CHECK_CHUNK) * spec.chars);
    const engine = batchCodec(format);
    for (let start = 0; start < count; start += CHECK_CHUNK) {
      const n = Math.min(CHECK_CHUNK, count - start);
      const fault = engine.encodeText(ids.subarray(start * size, (start + n) * size), n, scratch, -1);
      if (fault < 0) continue;
      const at = (start + fault) * size;
      const problem = format.binaryFault(ids, at);
      throw elementError(fromIntegers ? integerNotId(valueAt(ids, at), problem) : problem, start + fault);
    }
  }

  /**
   * How many IDs `values` holds, and a writer of the bytes of each (`write(index, view, bytes, at)`), which reads
   * each element once; anything unreadable is INVALID_ARGUMENT.
   */
  function readValues(values: unknown): { count: number; write: (index: number, view: DataView, bytes: Uint8Array, at: number) => void } {
    const expected = "a BigUint64Array, BigInt64Array or bigint[]";
    const typed = plainBigInts(values, "values");
    if (typed !== null) {
      if (typed.length % words !== 0) throw partialWords(label, words, typed.length);
      return {
        count: typed.length / words,
        write(index, view, bytes, at) {
          const first = index * words;
          // The top word as it is (signed in a BigInt64Array), the lower ones as their 64 bits: word by word, without
          // building the whole value (that took most of the time), but for the message of one out of range.
          const top = typed[first + words - 1]!;
          if (top < 0n || top >= topLimit) {
            let value = top;
            for (let k = words - 2; k >= 0; k--) value = (value << 64n) | BigInt.asUintN(64, typed[first + k]!);
            throw elementError(integerOutOfRange(label, bits, value), index);
          }
          for (let k = 0; k < words; k++) writeWord(view, bytes, at, k, BigInt.asUintN(64, typed[first + k]!));
        },
      };
    }
    // Read once, element by element, and anything unreadable (a revoked proxy, a throwing getter) refused.
    let length: unknown;
    try {
      length = Array.isArray(values) ? (values as readonly unknown[]).length : -1;
    } catch {
      length = -1;
    }
    if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) throw mustBe("values", expected, values);
    return {
      count: length,
      write(index, view, bytes, at) {
        let value: unknown;
        try {
          value = (values as readonly unknown[])[index];
        } catch {
          throw mustBe("values", expected, values);
        }
        writeValue(value, view, bytes, at, index);
      },
    };
  }

  return {
    toBigInt: (text) => valueAt(codec.decode(text), 0),

    fromBigInt(value) {
      const bytes = new Uint8Array(size);
      writeValue(value, new DataView(bytes.buffer), bytes, 0, undefined);
      const text = singleCodec(format).encodeOne(bytes, 0);
      if (text === null) throw elementError(integerNotId(value, format.binaryFault(bytes, 0)), undefined);
      return text as Id;
    },

    toBigIntMany(bytes) {
      const ids = plainBytes(bytes, "bytes");
      const count = codec.countIds(ids);
      const out = allocate(BigUint64Array, count * words, "the batch");
      checkIds(ids, count, false);
      const view = new DataView(ids.buffer, ids.byteOffset, ids.length);
      for (let i = 0; i < count; i++) {
        for (let k = 0; k < words; k++) out[i * words + k] = wordAt(view, ids, i * size, k);
      }
      return out;
    },

    fromBigIntMany(values) {
      const { count, write } = readValues(values);
      const bytes = allocate(Uint8Array, count * size, "the batch");
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < count; i++) write(i, view, bytes, i * size);
      checkIds(bytes, count, true);
      return bytes;
    },
  };
}
