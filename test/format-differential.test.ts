/**
 * Differential test of the other formats: the WebAssembly codecs (both builds) against the TypeScript ones, method
 * by method, on random batches that cross the chunk size: valid IDs in any spelling, corruptions (a bad character,
 * a bad separator), binary non-IDs, and generation up to the overflow. Seeded, so a failure reproduces.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OBJECTID_GENERATOR } from "../src/engine/js-objectid.js";
import { flakeParam, type FormatName, PAD } from "../src/engine/specs.js";
import { xidParam } from "../src/engine/js-xid.js";
import { tsidParam } from "../src/engine/js-tsid.js";
import { snowflakeParam } from "../src/engine/js-snowflake.js";
import type { FormatCodec, IdBatch } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { expectSameArray } from "./helpers/arrays.js";
import { machineryOf, REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { pseudoRandomBytes, seededUint32 } from "./helpers/reference.js";

const next = seededUint32(0xf0a7);

/** Each format's codec on the TypeScript engine, the reference the wasm codecs are compared with. */
const jsCodecOf = (ref: RefFormat): FormatCodec => machineryOf(ref).jsCodec;
const specOf = (ref: RefFormat) => machineryOf(ref).spec;
const below = (n: number): number => next() % n;
const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;

/** Generation parameters worth covering: every Ulid-Flake layout and entropy size; 0 for the others. */
const PARAMS: Readonly<Record<FormatName, readonly number[]>> = {
  ulid: [0],
  flake: [flakeParam(1, undefined), flakeParam(2, undefined), flakeParam(3, undefined), flakeParam(1, 0), flakeParam(2, 31)],
  baseuid: [0],
  uuidv7: [0],
  ksuid: [0],
  typeid: [0],
  objectid: [0, OBJECTID_GENERATOR],
  // Machine and pid drawn or given (43 bits: above what an i32 holds), for generate and a generator.
  xid: [xidParam(undefined, undefined, false), xidParam(0xabcdef, 0xfedc, false), xidParam(undefined, 7, true), xidParam(0xffffff, undefined, true)],
  // Node bits 0, 10 and 20, the node given or drawn, for generate and a generator.
  tsid: [tsidParam(10, undefined, false), tsidParam(0, undefined, true), tsidParam(20, 0xfffff, true), tsidParam(10, 4, false)],
  // The worker given or drawn, for generate and a generator (whose sequence starts at 0).
  snowflake: [snowflakeParam(undefined, false), snowflakeParam(1023, false), snowflakeParam(undefined, true), snowflakeParam(32, true)],
};

/** `n` binary IDs (some all zero, some all ones), a share `bad` of them made no ID of the format. */
function randomBinary(ref: RefFormat, n: number, bad = 0): Uint8Array {
  const out = new Uint8Array(ref.bytes * n);
  for (let i = 0; i < n; i++) {
    const kind = below(8);
    const raw = kind === 0 ? new Uint8Array(ref.bytes).fill(0xff) : kind === 1 ? new Uint8Array(ref.bytes) : pseudoRandomBytes(ref.bytes, next());
    out.set(next() / 2 ** 32 < bad ? raw.subarray(0, ref.bytes) : ref.conform(raw), ref.bytes * i);
  }
  return out;
}

/**
 * `n` texts in random spellings, each corrupted with probability `rate` (a bad char anywhere, or, for a format with
 * values its text can exceed, now and then a text that overflows), as strings and text.
 */
function randomBatch(ref: RefFormat, n: number, rate: number): IdBatch[] {
  const texts = encodeAll(jsCodecOf(ref), ref, randomBinary(ref, n));
  const ids = texts.map((text) => {
    const spelled = specOf(ref).caseInsensitive ? [...text].map((c) => (below(2) ? c.toLowerCase() : c)).join("") : text;
    if (next() / 2 ** 32 >= rate) return spelled;
    if (ref.overflows.length > 0 && below(4) === 0) return pick(ref.overflows).text;
    const at = below(ref.chars);
    return spelled.slice(0, at) + pick(ref.badChars) + spelled.slice(at + 1);
  });
  const record = ref.chars + 1;
  const text = new Uint8Array(record * n - (below(2) && n > 0 ? 1 : 0));
  ids.forEach((id, i) => {
    // A shorter text of a format whose texts vary in width is right-aligned after PAD bytes, as the engines read it.
    const lead = ref.minChars === undefined ? 0 : Math.max(0, ref.chars - id.length);
    text.fill(PAD, record * i, record * i + lead);
    for (let j = 0; j < ref.chars - lead; j++) text[record * i + lead + j] = Math.min(id.charCodeAt(j), 0xff);
    if (record * i + ref.chars < text.length) {
      text[record * i + ref.chars] = next() / 2 ** 32 < rate ? pick(ref.nonSeparators) : pick(ref.separators);
    }
  });
  return [
    { kind: "strings", ids },
    { kind: "text", text },
  ];
}

function encodeAll(codec: FormatCodec, ref: RefFormat, bytes: Uint8Array): string[] {
  const out: string[] = [];
  expect(codec.encodeStrings(bytes, bytes.length / ref.bytes, out)).toBe(-1);
  return out;
}

/** Every batch method of `wasm` against the TS codec on the first `count` elements of `batch`. */
function expectSameBatch(ref: RefFormat, wasm: FormatCodec, batch: IdBatch, count: number): void {
  const js = jsCodecOf(ref);
  const bytes = [new Uint8Array(ref.bytes * count), new Uint8Array(ref.bytes * count)];
  const faults = [js, wasm].map((codec, i) => codec.decodeMany(batch, count, bytes[i]!));
  expect(faults[1]).toBe(faults[0]);
  const good = faults[0]! < 0 ? count : faults[0]!;
  expectSameArray(bytes[1]!.subarray(0, ref.bytes * good), bytes[0]!.subarray(0, ref.bytes * good), "decodeMany");
  const times = [new Float64Array(count), new Float64Array(count)];
  expect([js, wasm].map((codec, i) => codec.timeMany(batch, count, times[i]!))).toEqual([faults[0], faults[0]]);
  expectSameArray(times[1]!.subarray(0, good), times[0]!.subarray(0, good), "timeMany");
  const flags = [new Uint8Array(count), new Uint8Array(count)];
  js.validateMany(batch, count, flags[0]!);
  wasm.validateMany(batch, count, flags[1]!);
  expectSameArray(flags[1]!, flags[0]!, "validateMany");
}

describe.each(REF_FORMATS)("$name", (ref) => {
  const js = jsCodecOf(ref);
  describe.each([true, false])("wasm simd %s", (simd) => {
    const wasmInstance = instantiateBuild(simd);
    const wasm = createWasmEngine(wasmInstance)!.codecOf(specOf(ref))!;
    const chunk = wasmInstance.exports.formatChunk(specOf(ref).wasmId);
    const SIZES = [0, 1, 2 * chunk + 5];

    it.each(SIZES)("encodes %i IDs like the TS engine, stopping at the same non-ID", (n) => {
      for (const bad of [0, 0.001]) {
        const src = randomBinary(ref, n, bad);
        const strings: string[][] = [[], []];
        const faults = [js, wasm].map((codec, i) => codec.encodeStrings(src, n, strings[i]!));
        expect(faults[1]).toBe(faults[0]);
        const good = faults[0]! < 0 ? n : faults[0]!;
        expectSameArray(strings[1]!.slice(0, good), strings[0]!.slice(0, good), "encodeStrings");
        for (const separator of [-1, 0x0a]) {
          const stride = separator < 0 ? ref.chars : ref.chars + 1;
          const texts = [new Uint8Array(stride * n), new Uint8Array(stride * n)];
          expect([js, wasm].map((codec, i) => codec.encodeText(src, n, texts[i]!, separator))).toEqual([faults[0], faults[0]]);
          expectSameArray(texts[1]!.subarray(0, stride * good), texts[0]!.subarray(0, stride * good), "encodeText");
        }
      }
    });

    it.each(SIZES)("decodes, times and validates %i IDs with corruptions like the TS engine", (n) => {
      for (const rate of [0, 0.0005, 0.3]) {
        for (const batch of randomBatch(ref, n, rate)) expectSameBatch(ref, wasm, batch, n);
      }
    });

    it("agrees on single IDs of any shape (fast-check)", () => {
      const texts = fc.oneof(
        fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }).map((b) => js.encodeOne(ref.conform(b), 0)!),
        // Texts above the largest value, and the same with a bad last character (none for BaseUID and UUID v7).
        fc.constantFrom(...ref.overflows.flatMap(({ text }) => [text, `${text.slice(0, -1)}!`]), "!".repeat(ref.chars)),
        fc.string({ minLength: ref.chars, maxLength: ref.chars }),
        fc.string({ unit: "binary", minLength: ref.chars - 1, maxLength: ref.chars + 1 }),
      );
      fc.assert(
        fc.property(texts, fc.uint8Array({ minLength: ref.bytes, maxLength: ref.bytes }), (text, raw) => {
          const out = [new Uint8Array(ref.bytes + 2).fill(0xaa), new Uint8Array(ref.bytes + 2).fill(0xaa)];
          expect(wasm.decodeOne(text, out[1]!, 2)).toBe(js.decodeOne(text, out[0]!, 2));
          expect(out[1]).toEqual(out[0]);
          expect(wasm.timeOne(text)).toBe(js.timeOne(text));
          expect(wasm.isValidOne(text)).toBe(js.isValidOne(text));
          expect(wasm.encodeOne(raw, 0)).toBe(js.encodeOne(raw, 0));
        }),
        { numRuns: 300, seed: 0xd1ff },
      );
    });

    it.each(PARAMS[ref.name])("stamps and advances like the TS engine, up to the overflow (param %i)", (param) => {
      const spec = specOf(ref);
      for (const count of [1, 2, 8192]) {
        const time = (below(2 ** 30) * 2 ** 13 + below(2 ** 13)) % (spec.maxTime + 1);
        const seed = next();
        const out = [new Uint8Array(ref.bytes * (2 * count + 1)), new Uint8Array(ref.bytes * (2 * count + 1))];
        const lengths: number[][] = [[], []];
        const fill = (i: number) => {
          const stream = seededUint32(seed);
          return (o: Uint8Array) => {
            lengths[i]!.push(o.length);
            // Mostly high bytes, so increments are large and runs reach the overflow within a batch.
            for (let k = 0; k < o.length; k++) o[k] = 0xc0 | stream();
          };
        };
        const fills = [fill(0), fill(1)];
        [js, wasm].forEach((codec, i) => codec.stampMany(count, time, param, fills[i]!, out[i]!, ref.bytes));
        const seeds = [out[0]!.slice(ref.bytes, 2 * ref.bytes), out[1]!.slice(ref.bytes, 2 * ref.bytes)];
        const written = [js, wasm].map((codec, i) => codec.advanceMany(seeds[i]!, count, param, fills[i]!, out[i]!, (count + 1) * ref.bytes));
        expect(written[1]).toBe(written[0]);
        expectSameArray(out[1]!, out[0]!, "stamped and advanced");
        expect(seeds[1]).toEqual(seeds[0]);
        expect(lengths[1]).toEqual(lengths[0]);
        // A stamp that draws nothing (a Snowflake generator's with its worker given) makes no call at all.
        if (spec.stampRandom(param) === 0) expect(lengths[0]).toEqual([]);
        else expect(lengths[0]![0]).toBe(spec.stampRandom(param) * count);
      }
    });

    it("finds no successor of the largest random field", () => {
      const largest = { ulid: "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", flake: "7ZZZZZZZZZZZZ", baseuid: "zzzzzzzzzzzzzzzzzzzz", uuidv7: "ffffffff-ffff-7fff-bfff-ffffffffffff", ksuid: "aWgEPTl1tmebfsQzFP4bxwgy80V", typeid: "user_7zzzzzzzzzzzzzzzzzzzzzzzzz", objectid: "ffffffffffffffffffffffff", xid: "vvvvvvvvvvvvvvvvvvvg", tsid: "FZZZZZZZZZZZZ", snowflake: "9223372036854775807" }[ref.name];
      for (const codec of [js, wasm]) {
        for (const param of PARAMS[ref.name]) {
          const seed = new Uint8Array(ref.bytes);
          expect(codec.decodeOne(largest, seed, 0)).toBe(true);
          const before = seed.slice();
          expect(codec.advanceMany(seed, 3, param, (o: Uint8Array) => o.fill(0), new Uint8Array(3 * ref.bytes), 0)).toBe(0);
          expect(seed).toEqual(before);
        }
      }
    });
  });
});
