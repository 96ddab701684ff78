/**
 * Differential test: the WebAssembly engine (both builds, SIMD and scalar) against the pure TypeScript engine,
 * method by method, byte for byte, on random inputs: valid IDs in random case and aliases, and corruptions (a bad
 * character anywhere, an overflowing first character, a letter or digit as separator, non-ASCII). Batches cross
 * the wasm chunk size. Plain random inputs come from a seeded PRNG and fast-check runs with a fixed seed, so a
 * failure reproduces.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsUlidCodec } from "../src/engine/js-ulid.js";
import { FORMAT_SPECS } from "../src/engine/specs.js";
import { type FormatCodec, GENERATE_CHUNK, type IdBatch } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { type LoadedWasm, instantiateBuild, loadWasm } from "../src/wasm/load.js";

const FC = { numRuns: 500, seed: 0x51d };

/** ULID's codec on the TypeScript engine, the reference the wasm codec is compared with. */
const jsEngine = jsUlidCodec;

/** `count` IDs of `src` as strings. */
function strings(codec: FormatCodec, src: Uint8Array, count: number): string[] {
  const out: string[] = [];
  expect(codec.encodeStrings(src, count, out)).toBe(-1);
  return out;
}

/** ULID's successor draws nothing: a `fill` that must never be called. */
const NO_FILL = (): void => {
  throw new Error("a ULID increment drew randomness");
};
const MAX_TIME = 2 ** 48 - 1;

/** mulberry32: a small seeded PRNG (uint32 per call). */
function prng(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
const next = prng(20250101);
const below = (n: number): number => next() % n;
const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;

/** Characters no ULID may hold, ASCII and not (every string keeps its length when one replaces a char). */
const BAD_CHARS = [
  ..."Uu!/:@[`{~ \0\x7f\x80é€",
  "０", // U+FF10: its low byte is no char
  "\u0130", // İ: its low byte is "0"
  "\u0141", // Ł: its low byte is "A"
  "\ud800", // a lone surrogate
];
/** First characters above 7: the ID would carry more than 128 bits. */
const OVERFLOW_FIRST = ["8", "9", "A", "Z", "z", "v", "V"];
/** Bytes that may separate records in text (not ASCII letters or digits). */
const SEPARATORS = [0x0a, 0x2c, 0x20, 0x09, 0x00, 0x7f, 0xff];
/** Bytes that may not: the ID would run on. */
const ALNUM_SEPARATORS = [0x30, 0x37, 0x41, 0x55, 0x5a, 0x61, 0x7a];

/** Every accepted spelling of each canonical character. */
function spellings(ch: string): string[] {
  if (ch === "0") return ["0", "O", "o"];
  if (ch === "1") return ["1", "I", "i", "L", "l"];
  return [ch, ch.toLowerCase()];
}

/** `n` random IDs; some all zero or all ones, so the extreme characters occur often. */
function randomIds(n: number): Uint8Array {
  const bytes = new Uint8Array(16 * n);
  for (let i = 0; i < n; i++) {
    const id = bytes.subarray(16 * i, 16 * i + 16);
    const kind = below(8);
    if (kind === 0) id.fill(0xff);
    else if (kind !== 1) for (let j = 0; j < 16; j++) id[j] = below(256);
  }
  return bytes;
}

/** `id` with a random spelling of each character. */
function respell(id: string): string {
  let out = "";
  for (const ch of id) out += pick(spellings(ch));
  return out;
}

/** `id` with its char at `at` replaced by `ch`. */
function replaceAt(id: string, at: number, ch: string): string {
  return id.slice(0, at) + ch + id.slice(at + 1);
}

/** `id` made invalid, its length kept: a bad char at a random position, or an overflowing first char. */
function corrupt(id: string): string {
  return below(4) === 0 ? replaceAt(id, 0, pick(OVERFLOW_FIRST)) : replaceAt(id, below(26), pick(BAD_CHARS));
}

// The same inputs as fast-check arbitraries, for properties (they shrink a failure to a small case).
const canonicalArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => jsEngine.encodeOne(bytes, 0)!);
const respelledArb = canonicalArb.chain((id) =>
  fc.tuple(...[...id].map((ch) => fc.constantFrom(...spellings(ch)))).map((chars) => chars.join("")),
);
const corruptedArb = fc.oneof(
  fc.tuple(respelledArb, fc.constantFrom(...OVERFLOW_FIRST)).map(([id, ch]) => replaceAt(id, 0, ch)),
  fc.tuple(respelledArb, fc.nat(25), fc.constantFrom(...BAD_CHARS)).map(([id, at, ch]) => replaceAt(id, at, ch)),
);

interface Batch {
  readonly ids: string[];
  readonly text: Uint8Array;
}

/** The batch in both forms the engines take. */
function forms(batch: Batch): IdBatch[] {
  return [
    { kind: "strings", ids: batch.ids },
    { kind: "text", text: batch.text },
  ];
}

/**
 * `n` respelled IDs, each corrupted with probability `rate`, as strings and as text (a char above 0xFF becomes a
 * byte above 0x7F). In text, a record is also corrupted with probability `rate` by a letter or digit as its
 * separator; `trailing` says whether the last record has a separator.
 */
function makeBatch(n: number, rate: number, trailing = below(2) === 0): Batch {
  const ids = strings(jsEngine, randomIds(n), n).map((id) => {
    const spelled = respell(id);
    return next() / 2 ** 32 < rate ? corrupt(spelled) : spelled;
  });
  const separator = pick(SEPARATORS);
  const text = new Uint8Array(Math.max(0, 27 * n - (trailing ? 0 : 1)));
  ids.forEach((id, i) => {
    for (let j = 0; j < 26; j++) {
      const code = id.charCodeAt(j);
      text[27 * i + j] = code <= 0xff ? code : 0x80 | (code & 0x7f);
    }
    if (27 * i + 26 < text.length) {
      text[27 * i + 26] = next() / 2 ** 32 < rate ? pick(ALNUM_SEPARATORS) : separator;
    }
  });
  return { ids, text };
}

/**
 * Expects two arrays to hold the same elements. A plain loop: deep equality on arrays of 10^5 elements is slow, and
 * a failure names the first difference instead of printing both arrays.
 */
function expectSame<T>(actual: ArrayLike<T>, expected: ArrayLike<T>): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) {
      expect({ index: i, value: actual[i] }).toEqual({ index: i, value: expected[i] });
    }
  }
}

/** Checks every batch method of `engine` against the TS engine on the first `count` elements of `batch`. */
function expectSameBatch(engine: FormatCodec, batch: IdBatch, count: number): void {
  const bytes = [new Uint8Array(16 * count), new Uint8Array(16 * count)] as const;
  const faults = [jsEngine, engine].map((e, i) => e.decodeMany(batch, count, bytes[i]!));
  expect(faults[1]).toBe(faults[0]);
  const decoded = 16 * (faults[0]! < 0 ? count : faults[0]!);
  expectSame(bytes[1].subarray(0, decoded), bytes[0].subarray(0, decoded));

  const times = [new Float64Array(count), new Float64Array(count)] as const;
  const timeFaults = [jsEngine, engine].map((e, i) => e.timeMany(batch, count, times[i]!));
  expect(timeFaults).toEqual([faults[0], faults[0]]);
  const timed = faults[0]! < 0 ? count : faults[0]!;
  expectSame(times[1].subarray(0, timed), times[0].subarray(0, timed));

  const flags = [new Uint8Array(count), new Uint8Array(count)] as const;
  jsEngine.validateMany(batch, count, flags[0]);
  engine.validateMany(batch, count, flags[1]);
  expectSame(flags[1], flags[0]);
}

/** A filler that writes the same pseudo-random stream for the same seed, recording the lengths it was asked for. */
function seededFill(seed: number): { fill: (out: Uint8Array) => void; lengths: number[] } {
  const random = prng(seed);
  const lengths: number[] = [];
  return {
    lengths,
    fill: (out) => {
      lengths.push(out.length);
      for (let i = 0; i < out.length; i++) out[i] = random() & 0xff;
    },
  };
}

/** An ID of time `time` whose random part (bytes 6-15) is 2^80 - 1 - `gap`, as a seed for incrementMany. */
function seedBelowMax(time: number, gap: number): Uint8Array {
  const seed = new Uint8Array(16).fill(0xff);
  for (let i = 5, t = time; i >= 0; i--, t = Math.floor(t / 256)) seed[i] = t % 256;
  for (let i = 15, g = gap; i >= 6 && g > 0; i--, g = Math.floor(g / 256)) seed[i] = 0xff - (g % 256);
  return seed;
}

const builds: readonly [string, LoadedWasm][] = [
  ["simd", instantiateBuild(true)],
  ["scalar", instantiateBuild(false)],
];
const CHUNK = builds[0]![1].exports.chunkSize();
const SIZES = [0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 5];

it("loads the default build once and shares it", () => {
  const wasm = loadWasm();
  expect(wasm).not.toBeNull();
  expect(loadWasm()).toBe(wasm);
  expect(createWasmEngine()?.kind).toBe("wasm");
});

it("makes each format's codec once, on first use, the same through codecs and codecOf", () => {
  // The module's exports, with each codec's making counted: it asks the module for its format's chunk once.
  const wasm = instantiateBuild(true);
  const made: number[] = [];
  const exports = { ...wasm.exports, formatChunk: (id: number) => (made.push(id), wasm.exports.formatChunk(id)) };
  const engine = createWasmEngine({ ...wasm, exports })!;
  expect(made).toEqual([]);
  expect(Object.keys(engine.codecs!)).toEqual(FORMAT_SPECS.map((spec) => spec.name));
  FORMAT_SPECS.forEach((spec, i) => {
    // Half first through the record, half through codecOf.
    const codec = i % 2 === 0 ? engine.codecs![spec.name] : engine.codecOf(spec);
    expect(codec).not.toBeNull();
    expect(engine.codecs![spec.name]).toBe(codec);
    expect(engine.codecOf(spec)).toBe(codec);
    expect(made).toEqual(FORMAT_SPECS.slice(0, i + 1).map((first) => first.wasmId));
  });
});

it("has a chunk that holds a whole generation step", () => {
  expect(CHUNK).toBeGreaterThanOrEqual(GENERATE_CHUNK);
});

describe.each(builds)("wasm engine, %s build", (name, wasm) => {
  const wasmEngine = createWasmEngine(wasm)!;
  const engine = wasmEngine.codecs!.ulid;

  it("reports its build", () => {
    expect(wasmEngine.simd).toBe(name === "simd");
  });

  it.each(SIZES)("encodes %i IDs like the TS engine", (n) => {
    const src = randomIds(n);
    expectSame(strings(engine, src, n), strings(jsEngine, src, n));
    for (const separator of [-1, 0x0a, 0x2c, 0x00]) {
      const stride = separator >= 0 ? 27 : 26;
      const expected = new Uint8Array(stride * n + 3).fill(0xaa);
      const actual = expected.slice();
      jsEngine.encodeText(src, n, expected, separator);
      engine.encodeText(src, n, actual, separator);
      expectSame(actual, expected);
    }
  });

  it("encodes one ID at any offset", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 40 }), fc.nat(24), (bytes, start) => {
        const offset = Math.min(start, bytes.length - 16);
        expect(engine.encodeOne(bytes, offset)).toBe(jsEngine.encodeOne(bytes, offset));
      }),
      FC,
    );
  });

  it("decodes, times and validates one ID like the TS engine", () => {
    const anyId = fc.oneof(
      respelledArb,
      corruptedArb,
      fc.string({ minLength: 24, maxLength: 28 }),
      fc.string({ unit: "binary", minLength: 26, maxLength: 26 }),
    );
    fc.assert(
      fc.property(anyId, (id) => {
        const expected = new Uint8Array(18).fill(0xaa);
        const actual = expected.slice();
        expect(engine.decodeOne(id, actual, 2)).toBe(jsEngine.decodeOne(id, expected, 2));
        expectSame(actual, expected);
        expect(engine.timeOne(id)).toBe(jsEngine.timeOne(id));
        expect(engine.isValidOne(id)).toBe(jsEngine.isValidOne(id));
      }),
      FC,
    );
  });

  it("rejects a bad character at each position and an overflowing first character", () => {
    const id = respell(strings(jsEngine, randomIds(1), 1)[0]!);
    for (let at = 0; at < 26; at++) {
      for (const bad of BAD_CHARS) {
        const wrong = replaceAt(id, at, bad);
        expect(engine.isValidOne(wrong)).toBe(false);
        expect(engine.timeOne(wrong)).toBe(-1);
      }
    }
    for (const first of OVERFLOW_FIRST) expect(engine.isValidOne(replaceAt(id, 0, first))).toBe(false);
    for (const first of ["0", "7", "o", "O", "i", "L"]) expect(engine.isValidOne(replaceAt(id, 0, first))).toBe(true);
  });

  it("reads every byte at every position of a text record, separator included, like the TS engine", () => {
    // Record 256 * at + byte: a valid ID (respelled, so aliases and lower case come in) with `byte` at `at`.
    const n = 27 * 256;
    const text = new Uint8Array(27 * n);
    for (let at = 0; at < 27; at++) {
      for (let byte = 0; byte < 256; byte++) {
        const record = 27 * (256 * at + byte);
        const id = respell(strings(jsEngine, randomIds(1), 1)[0]!);
        for (let j = 0; j < 26; j++) text[record + j] = id.charCodeAt(j);
        text[record + 26] = 0x0a;
        text[record + at] = byte;
      }
    }
    const batch: IdBatch = { kind: "text", text };
    const [expected, actual] = [jsEngine, engine].map((codec) => {
      const bytes = new Uint8Array(16 * n);
      const flags = new Uint8Array(n);
      const fault = codec.decodeMany(batch, n, bytes, flags);
      const times = new Float64Array(n);
      const timeFlags = new Uint8Array(n);
      const timeFault = codec.timeMany(batch, n, times, timeFlags);
      const valid = new Uint8Array(n);
      codec.validateMany(batch, n, valid);
      return { fault, bytes, flags, timeFault, times, timeFlags, valid };
    });
    expect(actual!.fault).toBe(expected!.fault);
    expect(actual!.timeFault).toBe(expected!.fault);
    expect(expected!.timeFault).toBe(expected!.fault);
    for (const key of ["bytes", "flags", "times", "timeFlags", "valid"] as const) expectSame(actual![key], expected![key]);
    expectSame(expected!.valid, expected!.flags);
  });

  it.each(SIZES)("decodes, times and validates %i valid IDs, as strings and as text", (n) => {
    for (const batch of forms(makeBatch(n, 0))) expectSameBatch(engine, batch, n);
  });

  it.each(SIZES)("finds the same faults in %i IDs with corruptions, as strings and as text", (n) => {
    for (const rate of [0.0005, 0.3]) {
      for (const batch of forms(makeBatch(n, rate))) expectSameBatch(engine, batch, n);
    }
  });

  it("finds the first fault wherever it is, in any chunk", () => {
    for (let round = 0; round < 8; round++) {
      const n = 2 * CHUNK + below(CHUNK);
      const { ids, text } = makeBatch(n, 0, true);
      const bad = below(n);
      ids[bad] = corrupt(ids[bad]!);
      text[27 * below(n) + (below(2) === 0 ? 26 : below(26))] = pick([...ALNUM_SEPARATORS, 0x80, 0x55]);
      for (const batch of forms({ ids, text })) expectSameBatch(engine, batch, n);
      expect(engine.decodeMany({ kind: "strings", ids }, n, new Uint8Array(16 * n))).toBe(bad);
    }
  });

  it("reads only the first count records of a longer batch", () => {
    const batches = forms(makeBatch(CHUNK + 10, 0.01, true));
    for (const count of [0, 1, 9, CHUNK, CHUNK + 9]) {
      for (const batch of batches) expectSameBatch(engine, batch, count);
    }
  });

  it("sees a non-ASCII char at the very end of a full chunk of strings", () => {
    // The joined chunk fills the text region but for one byte, too little for the UTF-8 of the last char.
    const ids = makeBatch(CHUNK, 0).ids;
    expectSameBatch(engine, { kind: "strings", ids }, CHUNK); // leaves valid text in the region
    for (const last of ["€", "\ud800", "é", "😀"]) {
      const wrong = ids.slice();
      wrong[CHUNK - 1] = ids[CHUNK - 1]!.slice(0, 26 - last.length) + last;
      expectSameBatch(engine, { kind: "strings", ids: wrong }, CHUNK);
      expect(engine.decodeMany({ kind: "strings", ids: wrong }, CHUNK, new Uint8Array(16 * CHUNK))).toBe(CHUNK - 1);
    }
  });

  it("validates string batches holding anything", () => {
    const valid = strings(jsEngine, randomIds(4), 4);
    const ids = [
      valid[0], 42, null, undefined, {}, ["x"], "", "short", valid[1] + "0", valid[2]!.slice(1),
      `${valid[3]!.slice(0, 25)}€`, valid[3], `😀${valid[2]!.slice(2)}`, valid[1]!.toLowerCase(),
    ] as unknown as string[];
    expectSameBatch(engine, { kind: "strings", ids }, ids.length);
    const flags = new Uint8Array(ids.length);
    engine.validateMany({ kind: "strings", ids }, ids.length, flags);
    expect([...flags]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
  });

  it("agrees on small random batches (fast-check)", () => {
    const ids = fc.array(fc.oneof(respelledArb, corruptedArb), { maxLength: 40 });
    const separator = fc.constantFrom(...SEPARATORS, ...ALNUM_SEPARATORS);
    fc.assert(
      fc.property(ids, separator, (ids, sep) => {
        expectSameBatch(engine, { kind: "strings", ids }, ids.length);
        // Each char as one byte (its low byte): text of the same length, records at stride 27.
        const joined = ids.join(String.fromCharCode(sep));
        const text = Uint8Array.from({ length: joined.length }, (_, i) => joined.charCodeAt(i));
        expectSameBatch(engine, { kind: "text", text }, ids.length);
      }),
      FC,
    );
  });

  it.each([0, 1, 2, GENERATE_CHUNK])("stamps %i IDs like the TS engine", (count) => {
    for (const time of [0, MAX_TIME, 1469918176385, below(2 ** 31) * 2 ** 16 + below(2 ** 16)]) {
      const seed = next();
      const expected = new Uint8Array(16 * count + 5).fill(0xaa);
      const actual = expected.slice();
      const js = seededFill(seed);
      const wasmFill = seededFill(seed);
      jsEngine.stampMany(count, time, 0, js.fill, expected, 5);
      engine.stampMany(count, time, 0, wasmFill.fill, actual, 5);
      expectSame(actual, expected);
      expect(wasmFill.lengths).toEqual([10 * count]);
    }
  });

  it("mints one ID like the TS engine, drawing 10 bytes", () => {
    for (const time of [0, MAX_TIME, 1469918176385, below(2 ** 31) * 2 ** 16 + below(2 ** 16)]) {
      const seed = next();
      const js = seededFill(seed);
      const wasmFill = seededFill(seed);
      const expected = jsEngine.mintOne(time, 0, js.fill);
      expect(engine.mintOne(time, 0, wasmFill.fill)).toBe(expected);
      expect(js.lengths).toEqual([10]);
      expect(wasmFill.lengths).toEqual([10]);
      const stamped = new Uint8Array(16);
      jsEngine.stampMany(1, time, 0, seededFill(seed).fill, stamped, 0);
      expect(expected).toBe(jsEngine.encodeOne(stamped, 0));
    }
  });

  it("increments like the TS engine, up to the overflow", () => {
    const gaps = [0, 1, 2, 5, 255, 256, 257, 65535, 65536, GENERATE_CHUNK - 1, GENERATE_CHUNK, 2 ** 40, 2 ** 52];
    for (const time of [0, MAX_TIME, 1469918176385]) {
      for (const gap of gaps) {
        for (const count of [0, 1, 3, GENERATE_CHUNK]) {
          const seeds = [seedBelowMax(time, gap), seedBelowMax(time, gap)] as const;
          const out = [new Uint8Array(16 * count + 16).fill(0xaa), new Uint8Array(16 * count + 16).fill(0xaa)];
          const written = [jsEngine, engine].map((e, i) => e.advanceMany(seeds[i]!, count, 0, NO_FILL, out[i]!, 16));
          expect(written[1]).toBe(written[0]);
          expect(written[0]).toBe(Math.min(count, gap));
          expectSame(out[1]!, out[0]!);
          expect(seeds[1]).toEqual(seeds[0]);
        }
      }
    }
  });

  it("increments in place when dst is the seed", () => {
    for (const gap of [0, 1, 256]) {
      const seeds = [seedBelowMax(1469918176385, gap), seedBelowMax(1469918176385, gap)] as const;
      const written = [jsEngine, engine].map((e, i) => e.advanceMany(seeds[i]!, 1, 0, NO_FILL, seeds[i]!, 0));
      expect(written).toEqual([Math.min(1, gap), Math.min(1, gap)]);
      expect(seeds[1]).toEqual(seeds[0]);
      expect(seeds[0]).toEqual(seedBelowMax(1469918176385, Math.max(gap - 1, 0)));
    }
  });

  it("carries across every byte of the random part", () => {
    for (let trailingOnes = 0; trailingOnes <= 9; trailingOnes++) {
      const seed = new Uint8Array(16).map(() => below(256));
      seed.fill(0xff, 16 - trailingOnes);
      seed[15 - trailingOnes] = below(255); // not all ones, so the increment carries here
      const seeds = [seed.slice(), seed.slice()];
      const out = [new Uint8Array(16 * 300), new Uint8Array(16 * 300)];
      const written = [jsEngine, engine].map((e, i) => e.advanceMany(seeds[i]!, 300, 0, NO_FILL, out[i]!, 0));
      expect(written).toEqual([300, 300]);
      expectSame(out[1]!, out[0]!);
      expect(seeds[1]).toEqual(seeds[0]);
    }
  });

  it("never hands out a view of its memory", () => {
    const memory = wasm.exports.memory.buffer;
    const src = randomIds(CHUNK + 2);
    const batch = forms(makeBatch(CHUNK + 2, 0))[1]!;
    const returned: unknown[] = [];
    const binary = new Uint8Array(16 * (CHUNK + 2));
    const times = new Float64Array(CHUNK + 2);
    returned.push(engine.encodeOne(src, 0), strings(engine, src, CHUNK + 2));
    returned.push(engine.decodeMany(batch, CHUNK + 2, binary), engine.timeMany(batch, CHUNK + 2, times));
    returned.push(engine.decodeOne(engine.encodeOne(src, 16)!, binary, 0), engine.isValidOne("x"));
    returned.push(engine.timeOne("x"), engine.advanceMany(new Uint8Array(16), 3, 0, NO_FILL, binary, 0));
    for (const value of returned.flat()) {
      expect(["string", "number", "boolean"]).toContain(typeof value);
    }
    for (const value of Object.values(engine)) expect(ArrayBuffer.isView(value)).toBe(false);
    // Results were copied out: later calls that reuse the scratch regions leave them unchanged.
    const kept = binary.slice();
    const keptTimes = times.slice();
    const other = forms(makeBatch(CHUNK, 0))[0]!;
    engine.decodeMany(other, CHUNK, new Uint8Array(16 * CHUNK));
    engine.timeMany(other, CHUNK, new Float64Array(CHUNK));
    expectSame(binary, kept);
    expectSame(times, keptTimes);
    // The documented exception: stampMany's internal filler writes into the random region directly.
    let given: Uint8Array | undefined;
    engine.stampMany(2, 0, 0, (out) => (given = out), new Uint8Array(32), 0);
    expect(given?.buffer).toBe(memory);
  });
});
