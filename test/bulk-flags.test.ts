/**
 * Batch decoding into the caller's buffers (`out`) and without throwing (`flags`), for every format on both engines:
 * `decodeMany` and `decodeTimeMany`, top-level ULID and every namespace. Flags are checked against damage made on
 * purpose (every fault kind, string and text batches, across the 8192-element pieces and the wasm chunks) and
 * against `validateMany`; outputs against the BigInt reference (test/helpers/format-reference.ts) and against the
 * single-ID calls. Then the arguments: sizes, types, overlaps, detached and hostile buffers.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UlidError, decodeMany, decodeTimeMany, formats } from "../src/index.js";
import { batchCodec } from "../src/engine/backend.js";
import type { Format } from "../src/formats/codec.js";
import { format as baseUidFormat } from "../src/formats/baseuid.js";
import { format as ksuidFormat } from "../src/formats/ksuid.js";
import { format as objectIdFormat } from "../src/formats/objectid.js";
import { format as xidFormat } from "../src/formats/xid.js";
import { format as tsidFormat } from "../src/formats/tsid.js";
import { format as snowflakeFormat } from "../src/formats/snowflake.js";
import { format as flakeFormat } from "../src/formats/flake.js";
import { ULID_FORMAT } from "../src/formats/ulid-format.js";
import { format as uuidV7Format } from "../src/formats/uuidv7.js";
import { expectSameArray, recordingArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { machineryOf, REF_FORMATS, REF_TYPEID, REF_ULID, type RefFormat } from "./helpers/format-reference.js";
import { latin1, seededUint32, textBatch } from "./helpers/reference.js";
import { FLAKE_DEFAULT_EPOCH } from "./format-vectors.js";

/**
 * More than two string pieces (8192) and wasm chunks (8192 records; 5977 UUIDs, 7899 KSUIDs), and not a multiple of
 * either.
 */
const COUNT = 2 * 8192 + 11;
/** Positions where damage is always placed: the edges of pieces and chunks. */
const EDGES = [0, 1, 5976, 5977, 7898, 7899, 8191, 8192, 8193, 15798, 16383, 16384, COUNT - 1];
const FILL = 0xa5;
/** Each format as the shared machinery sees it, to find its codec on the engine in use. */
const FORMATS: Record<RefFormat["name"], Format> = {
  ulid: ULID_FORMAT,
  flake: flakeFormat,
  baseuid: baseUidFormat,
  uuidv7: uuidV7Format,
  ksuid: ksuidFormat,
  objectid: objectIdFormat,
  xid: xidFormat,
  tsid: tsidFormat,
  snowflake: snowflakeFormat,
  typeid: machineryOf(REF_TYPEID),
};

function detached<T extends Uint8Array | Float64Array>(base: new (buffer: ArrayBuffer) => T, bytes: number): T {
  const buffer = new ArrayBuffer(bytes);
  const view = new base(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return view;
}

/**
 * An ID of `ref` made invalid without a separator in it: one character short, or, for texts that vary in width
 * (Snowflake's, whose shorter texts are IDs too, and in whose text every byte but a digit separates), its first
 * character a leading zero.
 */
function broken(ref: RefFormat, id: string): string {
  return ref.minChars === undefined ? id.slice(1) : `0${id.slice(1)}`;
}

/** Ways to damage an ID of a string batch of `ref` (`next`: seeded numbers); each makes it invalid. */
function stringDamages(ref: RefFormat): ((id: string, next: () => number) => unknown)[] {
  const at = (id: string, next: () => number, char: string): string => {
    const position = next() % ref.chars;
    return id.slice(0, position) + char + id.slice(position + 1);
  };
  const damages: ((id: string, next: () => number) => unknown)[] = [
    () => 42,
    () => null,
    () => undefined,
    (id) => new String(id),
    () => ({}),
    () => 10n,
    (id) => broken(ref, id),
    (id) => `${id}0`,
    () => "",
    (id, next) => at(id, next, ref.badChars[next() % ref.badChars.length]!),
  ];
  // Texts above the format's largest value (a first Crockford char above 7; a KSUID above aWgEPTl1tmebfsQzFP4bxwgy80V).
  for (const { text } of ref.overflows) damages.push(() => text);
  return damages;
}

/** Bytes that make a text record invalid, in place of one of its characters. */
function badBytes(ref: RefFormat): number[] {
  return ref.badChars.filter((char) => char.charCodeAt(0) <= 0xff).map((char) => char.charCodeAt(0));
}

/** `ids` with damage at EDGES and about 1 in 20 others, seeded; the damaged indexes. */
function damagedStrings(ref: RefFormat, ids: readonly string[], seed: number): { batch: unknown[]; bad: Set<number> } {
  const next = seededUint32(seed);
  const damages = stringDamages(ref);
  const batch: unknown[] = ids.slice();
  const bad = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    if (!EDGES.includes(i) && next() % 20 !== 0) continue;
    bad.add(i);
    batch[i] = damages[next() % damages.length]!(ids[i]!, next);
  }
  // A hole: a sparse array's missing element reads as undefined.
  const hole = ids.length >> 1;
  bad.add(hole);
  delete batch[hole];
  return { batch, bad };
}

/** `ids` as newline-separated text with damage as `damagedStrings` (a bad byte in a record, or a separator that cannot separate); with `partial`, a short last record. */
function damagedText(ref: RefFormat, ids: readonly string[], seed: number, partial: boolean): { text: Uint8Array; bad: Set<number>; elements: number } {
  const next = seededUint32(seed);
  const bytes = badBytes(ref);
  const text = textBatch(ids);
  const record = ref.chars + 1;
  const bad = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    if (!EDGES.includes(i) && next() % 20 !== 0) continue;
    bad.add(i);
    // The separator after the last record is optional, so it is never the one damaged there.
    // Snowflakes made now are all 19 digits wide: a leading zero, since any other byte would separate.
    if (ref.minChars !== undefined) text[record * i] = 0x30;
    else if (next() % 3 === 0 && i < ids.length - 1) text[record * i + ref.chars] = ref.nonSeparators[next() % ref.nonSeparators.length]!;
    else text[record * i + (next() % ref.chars)] = bytes[next() % bytes.length]!;
  }
  if (!partial) return { text, bad, elements: ids.length };
  bad.add(ids.length);
  const withPartial = new Uint8Array(text.length + 5);
  withPartial.set(text);
  withPartial.set(latin1(broken(ref, ids[0]!).slice(0, 5)), text.length);
  return { text: withPartial, bad, elements: ids.length + 1 };
}

/** What the reference says each element decodes to: its bytes and time, or zero bytes and NaN for a bad one. */
function expected(ref: RefFormat, ids: readonly string[], bad: Set<number>, elements: number): { bytes: Uint8Array; times: Float64Array; flags: Uint8Array } {
  const bytes = new Uint8Array(ref.bytes * elements);
  const times = new Float64Array(elements).fill(Number.NaN);
  const flags = new Uint8Array(elements);
  for (let i = 0; i < elements; i++) {
    if (bad.has(i)) continue;
    bytes.set(ref.decode(ids[i]!)!, ref.bytes * i);
    times[i] = ref.time(ids[i]!);
    flags[i] = 1;
  }
  return { bytes, times, flags };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(REF_FORMATS)("$name", (ref) => {
  const api = ref.api;
  const ids = api.encodeMany(api.generateMany(COUNT, { monotonic: false }));
  const strings = damagedStrings(ref, ids, 7);
  const stringsWanted = expected(ref, ids, strings.bad, ids.length);
  const text = damagedText(ref, ids, 11, true);
  const textWanted = expected(ref, ids, text.bad, text.elements);

  forEachEngine(() => {
    it.each([
      ["a string array", strings.batch, stringsWanted],
      ["text with a partial last record", text.text, textWanted],
    ] as const)("flags every element of %s in one call, an invalid one's output blank, as validateMany does", (_, batch, wanted) => {
      const texts = batch as string[] | Uint8Array;
      const flags = new Uint8Array(wanted.flags.length).fill(FILL);
      const bytes = api.decodeMany(texts, { flags });
      expectSameArray(flags, wanted.flags);
      expectSameArray(bytes, wanted.bytes);
      expectSameArray(api.validateMany(texts), wanted.flags);

      const timeFlags = new Uint8Array(wanted.flags.length).fill(FILL);
      expectSameArray(api.decodeTimeMany(texts, { flags: timeFlags }), wanted.times);
      expectSameArray(timeFlags, wanted.flags);
    });

    it.each([
      ["a string array", strings.batch, stringsWanted],
      ["text with a partial last record", text.text, textWanted],
    ] as const)("writes %s into out and flags filled with garbage beforehand, and returns a view of out", (_, batch, wanted) => {
      const texts = batch as string[] | Uint8Array;
      const n = wanted.flags.length;
      // Room beyond the batch, and offsets into larger buffers: only the batch's part is written.
      const outBacking = new Uint8Array(ref.bytes * n + 24).fill(FILL);
      const out = outBacking.subarray(8);
      const flagBacking = new Uint8Array(n + 9).fill(FILL);
      const flags = flagBacking.subarray(3);
      const bytes = api.decodeMany(texts, { out, flags });
      expect([bytes.buffer === outBacking.buffer, bytes.byteOffset, bytes.length]).toEqual([true, 8, ref.bytes * n]);
      expectSameArray(bytes, wanted.bytes);
      expectSameArray(flags.subarray(0, n), wanted.flags);
      expect([...outBacking.subarray(0, 8), ...outBacking.subarray(8 + ref.bytes * n)].every((b) => b === FILL)).toBe(true);
      expect([...flagBacking.subarray(0, 3), ...flagBacking.subarray(3 + n)].every((b) => b === FILL)).toBe(true);

      const timeBacking = new Float64Array(n + 2).fill(-1);
      flags.fill(FILL);
      const times = api.decodeTimeMany(texts, { out: timeBacking.subarray(1), flags });
      expect([times.buffer === timeBacking.buffer, times.byteOffset, times.length]).toEqual([true, 8, n]);
      expectSameArray(times, wanted.times);
      expectSameArray(flags.subarray(0, n), wanted.flags);
      expect([timeBacking[0], timeBacking[n + 1]]).toEqual([-1, -1]);
    });

    it("decodes into out exactly what it returns without it, and out without flags still throws for the first bad ID", () => {
      const valid = textBatch(ids);
      const out = new Uint8Array(ref.bytes * COUNT).fill(FILL);
      expectSameArray(api.decodeMany(valid, { out }), api.decodeMany(ids));
      expectSameArray(out, api.decodeMany(valid));
      const times = new Float64Array(COUNT);
      expectSameArray(api.decodeTimeMany(ids, { out: times }), api.decodeTimeMany(valid));

      const first = Math.min(...strings.bad);
      const fault = faultOf(() => api.decodeMany(strings.batch as string[]));
      expect(faultOf(() => api.decodeMany(strings.batch as string[], { out }))).toEqual(fault);
      expect(fault).toMatchObject({ index: first });
      // A failed batch leaves no decoded IDs behind: out is zero bytes, and the times NaN, over the batch.
      expect(out.every((b) => b === 0)).toBe(true);
      const timesOut = new Float64Array(text.elements + 1).fill(7);
      expect(faultOf(() => api.decodeTimeMany(text.text, { out: timesOut }))).toMatchObject({ index: Math.min(...text.bad) });
      expect([...timesOut.subarray(0, text.elements)].every(Number.isNaN)).toBe(true);
      expect(timesOut[text.elements]).toBe(7);
    });

    it("agrees with the single-ID calls on any small batch of valid and invalid texts, strings and text", () => {
      const texts = fc.oneof(
        fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => ref.encode(ref.conform(bytes))!),
        fc.string({ maxLength: ref.chars + 1 }),
        fc
          .tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.nat(ref.chars - 1), fc.constantFrom(...ref.badChars, "0", "a", "-"))
          .map(([bytes, at, char]) => {
            const id = ref.encode(ref.conform(bytes))!;
            return id.slice(0, at) + char + id.slice(at + 1);
          }),
      );
      fc.assert(
        fc.property(fc.array(texts, { maxLength: 24 }), fc.boolean(), (batch, asText) => {
          // Text holds bytes: a char above U+00FF becomes 0xFF (no format's char), and a text of the wrong width
          // would shift the records after it, so text batches take the right width only.
          // Texts that vary in width take any record without a separator.
          const fits = (t: string) => (ref.minChars === undefined ? t.length === ref.chars : /^[0-9]+$/.test(t));
          const elements = asText ? batch.map((t) => t.replace(/[^\0-\xff]/g, "\xff")).filter(fits) : batch;
          const input = asText ? textBatch(elements, "\n", false) : elements;
          const flags = new Uint8Array(elements.length);
          const bytes = api.decodeMany(input, { flags });
          const timeFlags = new Uint8Array(elements.length);
          const times = api.decodeTimeMany(input, { flags: timeFlags });
          elements.forEach((element, i) => {
            const valid = api.isValid(element);
            expect({ i, flag: flags[i], timeFlag: timeFlags[i] }).toEqual({ i, flag: valid ? 1 : 0, timeFlag: valid ? 1 : 0 });
            expect(bytes.subarray(ref.bytes * i, ref.bytes * (i + 1))).toEqual(valid ? api.decode(element) : new Uint8Array(ref.bytes));
            expect(Object.is(times[i], valid ? api.decodeTime(element) : Number.NaN)).toBe(true);
          });
          expect(flags).toEqual(api.validateMany(input));
        }),
        { numRuns: 150, seed: 0xf1a9 },
      );
    });

    it("reads each element of a string array once and decodes it once: no validation pass before", () => {
      const codec = batchCodec(FORMATS[ref.name]);
      const validate = vi.spyOn(codec, "validateMany");
      const decode = vi.spyOn(codec, "decodeMany");
      const reads = new Map<string, number>();
      const counted = new Proxy(strings.batch, {
        get(target, key, receiver) {
          if (typeof key === "string" && key !== "length") reads.set(key, (reads.get(key) ?? 0) + 1);
          return Reflect.get(target, key, receiver);
        },
      }) as string[];
      const flags = new Uint8Array(COUNT);
      api.decodeMany(counted, { flags });
      // One engine call per piece of 8192 elements.
      expect([validate.mock.calls.length, decode.mock.calls.length]).toEqual([0, 3]);
      expect([reads.size, Math.max(...reads.values())]).toEqual([COUNT, 1]);
      expectSameArray(flags, stringsWanted.flags);
    });

    it("takes an empty batch with empty buffers, and a flag for a batch of one bad element", () => {
      expect(api.decodeMany([], { out: new Uint8Array(0), flags: new Uint8Array(0) }).length).toBe(0);
      expect(api.decodeTimeMany(new Uint8Array(0), { flags: new Uint8Array(0) }).length).toBe(0);
      const flags = Uint8Array.of(9);
      expect([...api.decodeTimeMany([broken(ref, ids[0]!)], { flags })]).toEqual([Number.NaN]);
      expect([...flags]).toEqual([0]);
    });
  });
});

describe("times in each namespace's unit", () => {
  forEachEngine(() => {
    it("Ulid-Flake adds the epoch to valid times only, and BaseUID converts ticks to ms: NaN stays NaN", () => {
      const epoch = 1_600_000_000_000;
      const texts = formats.flake.encodeMany(formats.flake.generateMany(3, { epoch, time: epoch + 5 }));
      const flags = new Uint8Array(4);
      const out = new Float64Array(4);
      const times = formats.flake.decodeTimeMany([texts[0]!, "not one", texts[1]!, texts[2]!], { epoch, out, flags });
      expect([...times]).toEqual([epoch + 5, Number.NaN, epoch + 5, epoch + 5]);
      expect([...flags]).toEqual([1, 0, 1, 1]);
      expect(formats.flake.decodeTimeMany([texts[0]!], { flags: new Uint8Array(1) })[0]).toBe(5 + FLAKE_DEFAULT_EPOCH);

      const ticks = formats.baseuid.encodeMany(formats.baseuid.generateMany(2, { time: 1735689600000.5 }));
      const baseTimes = formats.baseuid.decodeTimeMany([ticks[0]!, 7, ticks[1]!] as string[], { flags: new Uint8Array(3) });
      expect([...baseTimes]).toEqual([formats.baseuid.decodeTime(ticks[0]!), Number.NaN, formats.baseuid.decodeTime(ticks[1]!)]);
    });

    it("the top-level ULID calls are ULID's namespace's", () => {
      const texts = formats.ulid.encodeMany(formats.ulid.generateMany(3));
      const batch = [texts[0]!, "x", texts[2]!];
      const flags = [new Uint8Array(3), new Uint8Array(3)];
      expect(decodeMany(batch, { flags: flags[0] })).toEqual(formats.ulid.decodeMany(batch, { flags: flags[1] }));
      expect(flags[0]).toEqual(flags[1]);
      expect([...decodeTimeMany(batch, { flags: flags[0] })]).toEqual([...formats.ulid.decodeTimeMany(batch, { flags: flags[1] })]);
      expect(REF_ULID.api).toBe(formats.ulid);
    });
  });
});

describe("arguments", () => {
  forEachEngine(() => {
    describe.each(REF_FORMATS)("$name", (ref) => {
      const api = ref.api;
      const ids = api.encodeMany(api.generateMany(10, { monotonic: false }));
      const text = textBatch(ids);
      const n = ids.length;

      it("refuses out and flags of the wrong type, with INVALID_ARGUMENT", () => {
        const wrongOut: unknown[] = [new Float64Array(2 * n), [0], new DataView(new ArrayBuffer(ref.bytes * n)), new ArrayBuffer(ref.bytes * n), "out", null, 0];
        for (const out of wrongOut) expect(faultOf(() => api.decodeMany(ids, { out: out as Uint8Array }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        for (const out of [new Uint8Array(8 * n), new Float32Array(n), new BigInt64Array(n), [0], null]) {
          expect(faultOf(() => api.decodeTimeMany(ids, { out: out as unknown as Float64Array }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        }
        for (const flags of [new Int8Array(n), new Uint8ClampedArray(n), new Uint16Array(n), Array(n).fill(0), true, null]) {
          expect(faultOf(() => api.decodeMany(ids, { flags: flags as unknown as Uint8Array }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
          expect(faultOf(() => api.decodeTimeMany(text, { flags: flags as unknown as Uint8Array }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        }
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        expect(faultOf(() => api.decodeMany(ids, proxy))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => api.decodeMany(ids, { out: new Proxy(new Uint8Array(ref.bytes * n), {}) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        // Bad arguments throw with flags too.
        expect(faultOf(() => api.decodeMany("ids" as never, { flags: new Uint8Array(3) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      });

      it("refuses out and flags too small for the batch with INVALID_LENGTH naming both sizes, and takes larger ones", () => {
        const error = (() => {
          try {
            api.decodeMany(ids, { out: new Uint8Array(ref.bytes * n - 1) });
          } catch (thrown) {
            return thrown as UlidError;
          }
        })();
        expect([error?.code, error?.message]).toEqual(["INVALID_LENGTH", `out is too small for the batch: it needs ${ref.bytes * n} bytes, but has ${ref.bytes * n - 1}`]);
        expect(faultOf(() => api.decodeTimeMany(ids, { out: new Float64Array(n - 1) }))).toEqual({ code: "INVALID_LENGTH", index: undefined });
        expect(faultOf(() => api.decodeMany(text, { flags: new Uint8Array(n - 1) }))).toEqual({ code: "INVALID_LENGTH", index: undefined });
        expect(faultOf(() => api.decodeTimeMany(ids, { flags: new Uint8Array(0) }))).toEqual({ code: "INVALID_LENGTH", index: undefined });
        const flags = new Uint8Array(n + 5).fill(FILL);
        expect(api.decodeMany(ids, { out: new Uint8Array(ref.bytes * n + 1), flags })).toEqual(api.decodeMany(ids));
        expect([...flags]).toEqual([...new Array(n).fill(1), ...new Array(5).fill(FILL)]);
      });

      it("refuses detached buffers, and buffers that share memory with the text or with each other", () => {
        expect(faultOf(() => api.decodeMany(ids, { out: detached(Uint8Array, ref.bytes * n) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => api.decodeTimeMany(ids, { out: detached(Float64Array, 8 * n) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => api.decodeMany(ids, { flags: detached(Uint8Array, n) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });

        const shared = new Uint8Array(text.length + ref.bytes * n + 8 * n + n);
        shared.set(text);
        const input = shared.subarray(0, text.length);
        const outside = shared.subarray(text.length, text.length + ref.bytes * n);
        const overlapping: [string, () => unknown][] = [
          ["out over the text", () => api.decodeMany(input, { out: shared.subarray(text.length - 1) })],
          ["time out over the text", () => api.decodeTimeMany(input, { out: new Float64Array(shared.buffer, 0, n) })],
          ["flags over the text", () => api.decodeMany(input, { flags: shared.subarray(text.length - 1) })],
          ["flags over out", () => api.decodeMany(ids, { out: outside, flags: outside })],
          ["flags over time out", () => api.decodeTimeMany(ids, { out: new Float64Array(shared.buffer, 8 * Math.ceil(text.length / 8), n), flags: shared.subarray(8 * Math.ceil(text.length / 8) + 8 * n - 1) })],
        ];
        for (const [what, call] of overlapping) expect({ what, fault: faultOf(call) }).toEqual({ what, fault: { code: "INVALID_ARGUMENT", index: undefined } });
        expect(input).toEqual(text);
        // Beside each other in one buffer: fine.
        const flags = shared.subarray(text.length + ref.bytes * n, text.length + ref.bytes * n + n);
        expect(api.decodeMany(input, { out: outside, flags })).toEqual(api.decodeMany(ids));
        expect([...flags]).toEqual(new Array(n).fill(1));
      });

      it("never calls a caller's typed array methods", () => {
        const out = recordingArray(Uint8Array, ref.bytes * n);
        const flags = recordingArray(Uint8Array, n);
        api.decodeMany([...ids.slice(1), "bad"], { out, flags });
        const times = recordingArray(Float64Array, n);
        api.decodeTimeMany(text, { out: times, flags });
        expect([out.seen, flags.seen, times.seen]).toEqual([[], [], []]);
        expect(faultOf(() => api.decodeMany(["bad", ...ids].slice(0, n), { out }))).toMatchObject({ index: 0 });
        expect(out.seen).toEqual([]);
      });
    });

    describe.each(REF_FORMATS)("$name, buffers a getter detaches while the batch is read", (ref) => {
      const api = ref.api;
      const ids = api.encodeMany(api.generateMany(9000, { monotonic: false }));

      /** `ids` as a proxy whose element 8500 (in the second piece) runs `act` when read. */
      function trapped(act: () => void): string[] {
        return new Proxy(ids, {
          get(target, key, receiver) {
            if (key === "8500") act();
            return Reflect.get(target, key, receiver);
          },
        });
      }

      it("are UlidErrors, never a TypeError from inside", () => {
        const out = new Uint8Array(ref.bytes * ids.length);
        expect(faultOf(() => api.decodeMany(trapped(() => structuredClone(out.buffer, { transfer: [out.buffer] })), { out }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        const flags = new Uint8Array(ids.length);
        expect(faultOf(() => api.decodeMany(trapped(() => structuredClone(flags.buffer, { transfer: [flags.buffer] })), { flags }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        const times = new Float64Array(ids.length);
        expect(faultOf(() => api.decodeTimeMany(trapped(() => structuredClone(times.buffer, { transfer: [times.buffer] })), { out: times }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      });

      it("leave out and flags blank when a getter throws", () => {
        const out = new Uint8Array(ref.bytes * ids.length).fill(FILL);
        const flags = new Uint8Array(ids.length).fill(FILL);
        const stop = new Error("stop");
        const error = (() => {
          try {
            api.decodeMany(trapped(() => { throw stop; }), { out, flags });
          } catch (thrown) {
            return thrown;
          }
        })();
        expect(error).toBeInstanceOf(UlidError);
        expect([out.every((b) => b === 0), flags.every((b) => b === 0)]).toEqual([true, true]);
      });
    });
  });
});
