/**
 * The machinery for a format whose texts vary in width (`FormatSpec.minChars`): bulk text batches of records of
 * varying width, each ended by one separator byte, line decoding, strings, and encoding, through a format defined
 * here alone (it is in no registry and ships in no build): decimal digits of a 63-bit value without leading zeros,
 * 1 to 19 characters, as Snowflake's text is. It runs on the TypeScript engine (it has no WebAssembly codec); the
 * WebAssembly engine's text loader, the one part of that engine that sees strings, is checked directly.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setBackend, UlidError } from "../src/index.js";
import type { Format } from "../src/formats/codec.js";
import { noOptions } from "../src/formats/definition.js";
import { createNamespace } from "../src/formats/namespace.js";
import { BinaryRecords, LineDecoder } from "../src/streams/line-decoder.js";
import { createJsCodec, type RecordCodec } from "../src/engine/js-record-codec.js";
import { type FormatName, type FormatSpec, PAD } from "../src/engine/specs.js";
import { createTextLoader } from "../src/engine/wasm-text.js";
import { invalidChar } from "../src/core/messages.js";
import { byteChunks, randomChunks } from "./helpers/scan-reference.js";

const LARGEST = (1n << 63n) - 1n;
const ZERO = 0x30;
const isDigit = (code: number): boolean => code >= ZERO && code <= 0x39;

/** The value of the last valid `read`. */
let value = 0n;

/** Decimal text, right-aligned after PAD characters in 19, as the machinery hands it to a record codec. */
const decimal: RecordCodec = {
  read(text, at) {
    let start = at;
    while (start < at + 19 && text.charCodeAt(start) === PAD) start++;
    const width = at + 19 - start;
    if (width === 0 || (width > 1 && text.charCodeAt(start) === ZERO)) return false;
    for (let i = start; i < at + 19; i++) if (!isDigit(text.charCodeAt(i))) return false;
    value = BigInt(text.slice(start, at + 19));
    return value <= LARGEST;
  },
  pack(dst, at) {
    new DataView(dst.buffer, dst.byteOffset).setBigUint64(at, value);
  },
  time: () => Number(value >> 22n),
  write(src, from, dst, at) {
    const v = new DataView(src.buffer, src.byteOffset).getBigUint64(from);
    if (v > LARGEST) return false;
    const text = String(v);
    dst.fill(PAD, at, at + 19 - text.length);
    for (let i = 0; i < text.length; i++) dst[at + 19 - text.length + i] = text.charCodeAt(i);
    return true;
  },
  stamp(time, _param, random, from, dst, at) {
    const low = (BigInt(random[from]!) << 8n) | BigInt(random[from + 1]!);
    new DataView(dst.buffer, dst.byteOffset).setBigUint64(at, (BigInt(time) << 22n) | low);
  },
  advance(id, at) {
    const view = new DataView(id.buffer, id.byteOffset);
    const v = view.getBigUint64(at);
    if ((v & 0x3fffffn) === 0x3fffffn) return false;
    view.setBigUint64(at, v + 1n);
    return true;
  },
};

const SPEC: FormatSpec = {
  name: "decimal" as FormatName,
  label: "Decimal",
  wasmId: -1,
  bytes: 8,
  chars: 19,
  minChars: 1,
  maxTime: 2 ** 41 - 1,
  freeBits: Uint8Array.of(0, 0, 0, 0, 0, 0x3f, 0xff, 0xff),
  stampRandom: () => 2,
  advanceRandom: () => 0,
  caseInsensitive: false,
  isSeparator: (byte) => !isDigit(byte),
};

const FORMAT: Format = {
  spec: SPEC,
  jsCodec: createJsCodec(SPEC, decimal),
  charFault(text, position) {
    const code = text.charCodeAt(position);
    if (!isDigit(code) || (position === 0 && code === ZERO && text.length > 1)) return invalidChar(text, position, "Decimal", "a digit");
    return null;
  },
  binaryFault: () => ({ code: "OVERFLOW", reason: "the sign bit is set" }),
};

const minting = { format: FORMAT, param: 0, field: (time: unknown) => time as number, clock: () => 1, unit: "millisecond" };
const decimalIds = createNamespace<"decimal", string, number, object, object, object>({
  name: "decimal",
  format: FORMAT,
  minting: () => minting,
  bounding: () => minting,
  time: { scale: 1, divisor: 1, origin: noOptions(0) },
});

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));
const bytesOf = (values: readonly bigint[]): Uint8Array => {
  const out = new Uint8Array(8 * values.length);
  values.forEach((v, i) => new DataView(out.buffer).setBigUint64(8 * i, v));
  return out;
};

const VALUES = [0n, 7n, 4194304n, 175928847299117063n, LARGEST];
const TEXT = VALUES.join("\n");

function caught(run: () => unknown): UlidError {
  try {
    run();
  } catch (error) {
    if (error instanceof UlidError) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("a format whose texts vary in width", () => {
  beforeAll(() => setBackend("js"));
  afterAll(() => setBackend("auto"));

  it("decodes text batches of records of varying width, with or without the last separator, any non-digit separating", () => {
    expect(decimalIds.decodeMany(ascii(TEXT))).toEqual(bytesOf(VALUES));
    expect(decimalIds.decodeMany(ascii(`${TEXT}\n`))).toEqual(bytesOf(VALUES));
    expect(decimalIds.decodeMany(ascii(VALUES.join(",")))).toEqual(bytesOf(VALUES));
    expect(decimalIds.decodeMany(VALUES.map(String))).toEqual(bytesOf(VALUES));
    expect(Array.from(decimalIds.decodeTimeMany(ascii(TEXT)))).toEqual(VALUES.map((v) => Number(v >> 22n)));
  });

  it("finds each bad record where it is, by its own text: leading zeros, other widths, empty records, characters that could pass for padding", () => {
    // In text every byte that is no digit ends a record: the bad records of text are of other widths, or overflow.
    const records = ["12", "07", "", "12345678901234567890", "9223372036854775808", "5"];
    expect(Array.from(decimalIds.validateMany(ascii(records.join("\n"))))).toEqual([1, 0, 0, 0, 0, 1]);
    const flags = new Uint8Array(records.length);
    const out = decimalIds.decodeMany(ascii(records.join("\n")), { flags });
    expect(Array.from(flags)).toEqual([1, 0, 0, 0, 0, 1]);
    expect(out).toEqual(bytesOf([12n, 0n, 0n, 0n, 0n, 5n]));
    expect(Array.from(decimalIds.validateMany([...records, "1x", "\u00807", 7 as unknown as string]))).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0]);
    const error = caught(() => decimalIds.decodeMany(ascii("12\n34\n056\n7")));
    expect([error.code, error.index]).toEqual(["INVALID_CHAR", 2]);
    expect(error.message).toContain('"056"');
    expect(caught(() => decimalIds.decodeMany(ascii("12\n\n3"))).code).toBe("INVALID_LENGTH");
    expect(caught(() => decimalIds.decode("12345678901234567890")).message).toContain("1 to 19 characters");
    expect(caught(() => decimalIds.decode("\u00807")).code).toBe("INVALID_CHAR");
  });

  it("writes records of varying width, each ended by the separator; strings and single IDs without padding", () => {
    expect(String.fromCharCode(...decimalIds.encodeManyText(bytesOf(VALUES)))).toBe(`${TEXT}\n`);
    expect(String.fromCharCode(...decimalIds.encodeManyText(bytesOf(VALUES), { separator: " " }))).toBe(`${VALUES.join(" ")} `);
    const out = new Uint8Array(20 * VALUES.length).fill(0x41);
    const written = decimalIds.encodeManyText(bytesOf(VALUES), { out });
    expect(String.fromCharCode(...written)).toBe(`${TEXT}\n`);
    expect(out.subarray(written.length).every((byte) => byte === 0)).toBe(true);
    expect(decimalIds.encodeMany(bytesOf(VALUES))).toEqual(VALUES.map(String));
    expect(decimalIds.encode(bytesOf([7n]))).toBe("7");
    expect(decimalIds.min(1)).toBe(String(1n << 22n));
  });

  it("round-trips any values through text and strings", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: LARGEST }), { maxLength: 40 }), (values) => {
        const bytes = bytesOf(values);
        expect(decimalIds.decodeMany(decimalIds.encodeManyText(bytes))).toEqual(bytes);
        expect(decimalIds.decodeMany(decimalIds.encodeMany(bytes))).toEqual(bytes);
      }),
      { numRuns: 100 },
    );
  });

  /** What the line decoder gives for `chunks`: the IDs' bytes joined, and the bad lines' indexes. */
  function decodeLines(chunks: Uint8Array[]): { bytes: number[]; bad: number[] } {
    const bytes: number[] = [];
    const bad: number[] = [];
    const decoder = new LineDecoder(FORMAT, new BinaryRecords(FORMAT, FORMAT.jsCodec), (error) => bad.push(error.index!));
    chunks.forEach((chunk, i) => decoder.push(chunk, i === chunks.length - 1, (ids) => bytes.push(...ids)));
    return { bytes, bad };
  }

  it("decodes lines of any width in any chunks, reporting each bad line by its index", () => {
    const lines = ["0", "7", "07", "4194304\r", "", "175928847299117063", "1".repeat(20), "\x807", String(LARGEST)];
    const text = ascii(lines.join("\n"));
    const expected = { bytes: Array.from(bytesOf([0n, 7n, 4194304n, 175928847299117063n, LARGEST])), bad: [2, 4, 6, 7] };
    expect(decodeLines([text])).toEqual(expected);
    expect(decodeLines(byteChunks(text))).toEqual(expected);
    fc.assert(fc.property(fc.integer(), (seed) => {
      expect(decodeLines(randomChunks(text, 7, seed))).toEqual(expected);
    }), { numRuns: 50 });
  });

  it("puts strings into WebAssembly text records right-aligned after PAD bytes, a character above 0x7F as 0xFF", () => {
    const region = new Uint8Array(20 * 4);
    const loader = createTextLoader(region, SPEC);
    expect(loader.loadOne("12345678901234567890")).toBe(false);
    expect(loader.loadOne("7")).toBe(true);
    expect(Array.from(region.subarray(0, 19))).toEqual([...new Array<number>(18).fill(PAD), 0x37]);
    expect(loader.loadRecords({ kind: "strings", ids: ["12", "\u00807", 5 as unknown as string] }, 0, 3)).toBe(60);
    expect(Array.from(region.subarray(17, 20))).toEqual([0x31, 0x32, 0x0a]);
    expect(Array.from(region.subarray(37, 40))).toEqual([0xff, 0x37, 0x0a]);
    expect(region.subarray(40, 59).every((byte) => byte === 0)).toBe(true);
  });
});
