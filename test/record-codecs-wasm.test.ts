/**
 * The AssemblyScript record codecs of ObjectId, XID, TSID and Snowflake (assembly/objectid.ts, xid.ts, tsid.ts,
 * snowflake.ts) against their TypeScript codecs, byte for byte: reading (valid or not, the bytes and the time field),
 * writing, and the generation steps; and the ObjectId and XID scan kernels (assembly/scan-objectid.ts, scan-xid.ts) against the TypeScript ones. Compiled from source here through a test-only entry
 * (test/assembly/record-codecs.ts), so they are checked before and apart from the batch ABI. Deep tier: the
 * compilation alone takes seconds.
 */
import asc from "assemblyscript/asc";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { OBJECTID_GENERATOR, codecOfObjectId } from "../src/engine/js-objectid.js";
import { scanObjectIdWindow } from "../src/engine/js-scan-objectid.js";
import { scanXidWindow } from "../src/engine/js-scan-xid.js";
import { codecOfSnowflake, snowflakeParam, snowflakeStampRandom } from "../src/engine/js-snowflake.js";
import { codecOfTsid, tsidParam } from "../src/engine/js-tsid.js";
import { codecOfXid, xidParam, xidStampRandom } from "../src/engine/js-xid.js";
import type { RecordCodec } from "../src/engine/js-record-codec.js";
import { decodeWith, encodeWith, hexOf } from "./helpers/record-codec.js";
import { propertyRuns } from "./helpers/tier.js";

interface Harness {
  memory: WebAssembly.Memory;
  scratch(): number;
  read(format: number, length: number): number;
  write(format: number): number;
  stamp(format: number, time: number, param: number): void;
  advance(format: number, param: number): number;
  renew(time: number): void;
  scanRegions(): number;
  scanOffsets(): number;
  scanTimes(): number;
  scan(format: number, length: number, glued: number, atEnd: number): number;
}

let wasm: Harness;

beforeAll(async () => {
  let binary: Uint8Array | undefined;
  const { error, stderr } = await asc.main(
    ["test/assembly/record-codecs.ts", "--outFile", "record-codecs.wasm", "--runtime", "stub", "--optimizeLevel", "3", "--use", "abort="],
    {
      writeFile(name: string, contents: string | Uint8Array) {
        if (name.endsWith(".wasm") && typeof contents !== "string") binary = contents;
      },
    },
  );
  if (error) throw new Error(`${error.message}\n${stderr.toString()}`);
  wasm = (await WebAssembly.instantiate(new WebAssembly.Module(Uint8Array.from(binary!)))).exports as unknown as Harness;
}, 120_000);

const view = () => new Uint8Array(wasm.memory.buffer, wasm.scratch(), 128);
const TEXT = 0;
const BINARY = 64;
const RANDOM = 96;

/** The wasm codec's reading of `text`: its bytes and time field, or null. */
function wasmRead(format: number, text: string, bytes: number): { bytes: string; time: number } | null {
  const scratch = view();
  for (let i = 0; i < text.length; i++) scratch[TEXT + i] = text.charCodeAt(i);
  const time = wasm.read(format, text.length);
  return time < 0 ? null : { bytes: hexOf(scratch.slice(BINARY, BINARY + bytes)), time };
}

function wasmWrite(format: number, bytes: Uint8Array): string | null {
  const scratch = view();
  scratch.set(bytes, BINARY);
  const length = wasm.write(format);
  return length < 0 ? null : String.fromCharCode(...scratch.subarray(TEXT, TEXT + length));
}

const FORMATS = [
  { name: "ObjectId", id: 0, bytes: 12, chars: 24, codec: codecOfObjectId, symbols: "0123456789abcdefABCDEFgG-" },
  { name: "XID", id: 1, bytes: 12, chars: 20, codec: codecOfXid, symbols: "0123456789abcdefghuvwxyzV-" },
  { name: "TSID", id: 2, bytes: 8, chars: 13, codec: codecOfTsid, symbols: "0123456789ABCDEFGHZabzILOilouU-" },
  { name: "Snowflake", id: 3, bytes: 8, chars: 19, codec: codecOfSnowflake, symbols: "01234567899a" },
] as const;

describe.each(FORMATS)("$name: the AssemblyScript codec reads and writes as the TypeScript one", ({ id, bytes, chars, codec, symbols }) => {
  const js = {
    ...codec,
    read: (text: string, at: number, length: number) =>
      id === 3 ? codecOfSnowflake.read(text, at, length) : length === chars && (codec as RecordCodec).read(text, at),
  };
  const anyBytes = fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => {
    if (id === 3 && b[0]! > 0x7f && b[1]! & 1) b[0] = b[0]! & 0x7f; // mostly valid Snowflakes, some with the sign bit
    return b;
  });

  it("writes every binary ID alike, and reads it back alike", () => {
    fc.assert(
      fc.property(anyBytes, (b) => {
        const text = wasmWrite(id, b);
        expect(text).toBe(encodeWith(js, b));
        if (text === null) return;
        const ours = decodeWith(js, text, bytes)!;
        expect(wasmRead(id, text, bytes)).toEqual({ bytes: hexOf(ours.bytes), time: ours.time });
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it("reads any text near the format's alike: valid or not, and the same bytes and time", () => {
    const lengths = id === 3 ? fc.integer({ min: 0, max: 21 }) : fc.constantFrom(chars - 1, chars, chars, chars, chars + 1);
    const texts = lengths.chain((length) => fc.string({ unit: fc.constantFrom(...symbols), minLength: length, maxLength: length }));
    fc.assert(
      fc.property(texts, (text) => {
        const ours = decodeWith(js, text, bytes);
        expect(wasmRead(id, text, bytes)).toEqual(ours === null ? null : { bytes: hexOf(ours.bytes), time: ours.time });
      }),
      { numRuns: propertyRuns(40_000) },
    );
  });
});

describe("the generation steps are the TypeScript codecs'", () => {
  const params = [
    { name: "ObjectId", id: 0, codec: codecOfObjectId, bytes: 12, maxTime: 2 ** 32 - 1, param: fc.constantFrom(0, OBJECTID_GENERATOR), random: () => 8 },
    {
      name: "XID",
      id: 1,
      codec: codecOfXid,
      bytes: 12,
      maxTime: 2 ** 32 - 1,
      param: fc.tuple(fc.option(fc.integer({ min: 0, max: 2 ** 24 - 1 })), fc.option(fc.integer({ min: 0, max: 65535 })), fc.boolean()).map(([m, p, g]) => xidParam(m ?? undefined, p ?? undefined, g)),
      random: xidStampRandom,
    },
    {
      name: "TSID",
      id: 2,
      codec: codecOfTsid,
      bytes: 8,
      maxTime: 2 ** 42 - 1,
      param: fc.integer({ min: 0, max: 20 }).chain((nodeBits) => fc.tuple(fc.constant(nodeBits), fc.option(fc.integer({ min: 0, max: 2 ** nodeBits - 1 })), fc.boolean())).map(([n, node, g]) => tsidParam(n, node ?? undefined, g)),
      random: () => 3,
    },
    {
      name: "Snowflake",
      id: 3,
      codec: codecOfSnowflake,
      bytes: 8,
      maxTime: 2 ** 41 - 1,
      param: fc.tuple(fc.option(fc.integer({ min: 0, max: 1023 })), fc.boolean()).map(([w, g]) => snowflakeParam(w ?? undefined, g)),
      random: snowflakeStampRandom,
    },
  ] as const;

  it.each(params)("$name: stamp alike, for any time, options and drawn bytes", ({ id, codec, bytes, maxTime, param, random }) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: maxTime }), param, fc.uint8Array({ minLength: 8, maxLength: 8 }), (time, p, drawn) => {
        const ours = new Uint8Array(bytes);
        const used = drawn.subarray(0, random(p));
        codec.stamp(time, p, used, 0, ours, 0);
        view().set(used, RANDOM);
        wasm.stamp(id, time, p);
        expect(hexOf(view().slice(BINARY, BINARY + bytes))).toBe(hexOf(ours));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it.each(params)("$name: advance alike from any ID, up to and at the counter's end; renew alike", ({ id, codec, bytes, maxTime, param }) => {
    // The low bytes (the counter's) are all ones half the time, so the last steps and the overflow come up often.
    const seeds = fc.tuple(fc.uint8Array({ minLength: bytes, maxLength: bytes }), fc.boolean(), fc.integer({ min: 1, max: 3 })).map(([seed, full, ones]) => {
      if (full) seed.fill(0xff, bytes - ones);
      return seed;
    });
    fc.assert(
      fc.property(seeds, param, (seed, p) => {
        const ours = seed.slice();
        view().set(seed, BINARY);
        for (let step = 0; step < 4; step++) {
          const stepped = codec.advance(ours, 0, p, new Uint8Array(0), 0);
          expect(wasm.advance(id, p) !== 0).toBe(stepped);
          expect(hexOf(view().slice(BINARY, BINARY + bytes))).toBe(hexOf(ours));
        }
        if (id <= 1) {
          const later = Math.min(((ours[0]! << 24) | (ours[1]! << 16) | (ours[2]! << 8) | ours[3]!) >>> 0, maxTime - 1) + 1;
          codecOfObjectId.renew(ours, 0, later);
          wasm.renew(later);
          expect(hexOf(view().slice(BINARY, BINARY + bytes))).toBe(hexOf(ours));
        }
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });
});

describe.each([
  { name: "ObjectId", id: 0, kernel: scanObjectIdWindow, width: 24, symbols: "0123456789abcdefABCDEF" },
  { name: "XID", id: 1, kernel: scanXidWindow, width: 20, symbols: "0123456789abcdefghuvg0" },
])("$name's scan kernel is the TypeScript one's", ({ id, kernel, width, symbols }) => {
  const text = fc
    .array(
      fc.oneof(
        fc.integer({ min: width - 4, max: width + 4 }).chain((n) => fc.string({ unit: fc.constantFrom(...symbols), minLength: n, maxLength: n })),
        fc.constantFrom(" ", "\n", "-", "_", '"', "\u00e9", "g", "Z", "w", "0"),
      ),
      { maxLength: 200 },
    )
    .map((parts) => Buffer.from(parts.join(""), "latin1"));

  it("the same matches and times in any window, glued or not, at the end or not", () => {
    fc.assert(
      fc.property(text, fc.boolean(), fc.boolean(), (bytes, glued, atEnd) => {
        const offsets = new Uint32Array(bytes.length);
        const times = new Float64Array(bytes.length);
        const count = kernel(bytes, glued, atEnd, offsets, times);
        new Uint8Array(wasm.memory.buffer, wasm.scanRegions(), bytes.length).set(bytes);
        expect(wasm.scan(id, bytes.length, glued ? 1 : 0, atEnd ? 1 : 0)).toBe(count);
        expect([...new Uint32Array(wasm.memory.buffer, wasm.scanOffsets(), count)]).toEqual([...offsets.subarray(0, count)]);
        expect([...new Float64Array(wasm.memory.buffer, wasm.scanTimes(), count)]).toEqual([...times.subarray(0, count)]);
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });
});
