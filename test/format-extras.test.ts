/**
 * What is particular to each of the other formats, beyond the shared core: the namespaces' common shape, engine
 * routing ("auto": single IDs on TypeScript, batches on WebAssembly but for the string-array reading calls the rule
 * in src/engine/backend.ts puts on TypeScript), Ulid-Flake's integers, epochs and layouts,
 * BaseUID's sub-millisecond times and UUIDv8 form, UUID v7 as a ULID.
 */
import fc from "fast-check";
import { validate as uuidValidate, version as uuidVersion } from "uuid";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as api from "../src/index.js";
import { baseuid, decodeTime as ulidDecodeTime, flake, setBackend, uuidv7 } from "../src/index.js";
import { batchEngine } from "../src/engine/backend.js";
import type { FormatCodec } from "../src/engine/types.js";
import { format as flakeFormat } from "../src/formats/flake.js";
import { forEachEngine } from "./helpers/engines.js";
import { machineryOf, REF_FORMATS } from "./helpers/format-reference.js";
import { FLAKE_README } from "./format-vectors.js";

const FC = { numRuns: 200, seed: 0xe7a5 };
/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;

const CORE = [
  "generate", "monotonicFactory", "encode", "decode", "decodeTime", "isValid",
  "generateMany", "encodeMany", "decodeMany", "decodeTimeMany", "validateMany", "min", "max",
  "toBigInt", "fromBigInt", "toBigIntMany", "fromBigIntMany",
];

/** What each namespace has beyond the core: its documented extras, and nothing internal. */
const EXTRAS: Readonly<Record<string, readonly string[]>> = {
  ulid: [],
  flake: ["fields"],
  baseuid: ["toUUID", "fromUUID", "decodeTimeNs"],
  uuidv7: ["toULID"],
  ksuid: [],
  typeid: ["parse", "toUUID", "fromUUID"],
  objectid: [],
  xid: [],
  tsid: [],
  snowflake: [],
};

describe("the namespaces", () => {
  it.each(REF_FORMATS)("$name has the core shape, and is frozen", (ref) => {
    for (const name of [...CORE, "encodeManyText", "canonicalize"]) expect({ name, type: typeof (ref.api as Record<string, unknown>)[name] }).toEqual({ name, type: "function" });
    expect(Object.isFrozen(ref.api)).toBe(true);
  });

  it.each(REF_FORMATS)("$name has its documented members and nothing else", (ref) => {
    const members = [...CORE, "encodeManyText", "canonicalize", "schema", "name", "chars", "bytes", ...EXTRAS[ref.name]!];
    expect(Object.keys(ref.api).sort()).toEqual(members.sort());
  });

  describe("routing", () => {
    afterEach(() => {
      setBackend("auto");
      vi.restoreAllMocks();
    });

    it("auto: single IDs on TypeScript, batches on WebAssembly; wasm and js force one engine", () => {
      setBackend("wasm");
      const wasmFlake = batchEngine().codecs!.flake;
      expect(wasmFlake).not.toBe(flakeFormat.jsCodec);
      const spies = {
        jsOne: vi.spyOn(flakeFormat.jsCodec, "decodeOne"),
        jsMany: vi.spyOn(flakeFormat.jsCodec, "decodeMany"),
        wasmOne: vi.spyOn(wasmFlake, "decodeOne"),
        wasmMany: vi.spyOn(wasmFlake, "decodeMany"),
      };
      const calls = () => Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]));
      const run = (kind: "auto" | "wasm" | "js") => {
        setBackend(kind);
        vi.clearAllMocks();
        flake.decode(FLAKE_README.text);
        flake.decodeMany([FLAKE_README.text]);
        return calls();
      };
      expect(run("auto")).toEqual({ jsOne: 1, jsMany: 0, wasmOne: 0, wasmMany: 1 });
      expect(run("wasm")).toEqual({ jsOne: 0, jsMany: 0, wasmOne: 1, wasmMany: 1 });
      expect(run("js")).toEqual({ jsOne: 1, jsMany: 1, wasmOne: 0, wasmMany: 0 });
    });

    /** src/engine/backend.ts's rule, written out: the string-array reading calls "auto" runs on TypeScript, per format. */
    const STRINGS_ON_TYPESCRIPT: Readonly<Record<string, readonly string[]>> = {
      ulid: ["decodeMany", "decodeTimeMany", "validateMany"],
      baseuid: ["decodeTimeMany", "validateMany"],
      ksuid: ["validateMany"],
    };
    /** Each reading call of a namespace, and the codec method it reaches. */
    const READING_CALLS = { decodeMany: "decodeMany", decodeTimeMany: "timeMany", validateMany: "validateMany" } as const;

    it.each(REF_FORMATS)("$name: auto reads string arrays on the engine the rule names, text on WebAssembly; wasm and js force one", (ref) => {
      setBackend("wasm");
      const codecs = { js: machineryOf(ref).jsCodec, wasm: batchEngine().codecOf(machineryOf(ref).spec)! };
      expect(codecs.wasm).not.toBe(codecs.js);
      const bytes = ref.api.generateMany(3);
      const inputs = { strings: ref.api.encodeMany(bytes) as string[], text: ref.api.encodeManyText(bytes) };
      for (const [call, method] of Object.entries(READING_CALLS)) {
        const spies = { js: vi.spyOn(codecs.js, method as keyof FormatCodec), wasm: vi.spyOn(codecs.wasm, method as keyof FormatCodec) };
        /** Which engine ran the call: the codec whose method was called, and only it. */
        const engineOf = (kind: "auto" | "wasm" | "js", input: keyof typeof inputs) => {
          setBackend(kind);
          vi.clearAllMocks();
          (ref.api[call as keyof typeof READING_CALLS] as (texts: string[] | Uint8Array) => unknown)(inputs[input]);
          return Object.entries(spies).filter(([, spy]) => spy.mock.calls.length > 0).map(([engine]) => engine).join("+");
        };
        const ruled = STRINGS_ON_TYPESCRIPT[ref.name]?.includes(call) ? "js" : "wasm";
        expect({ call, strings: engineOf("auto", "strings"), text: engineOf("auto", "text") }).toEqual({ call, strings: ruled, text: "wasm" });
        for (const kind of ["wasm", "js"] as const) {
          expect({ call, kind, strings: engineOf(kind, "strings"), text: engineOf(kind, "text") }).toEqual({ call, kind, strings: kind, text: kind });
        }
        vi.restoreAllMocks();
      }
    });

    it("works on TypeScript alone where WebAssembly cannot load", async () => {
      vi.stubGlobal("WebAssembly", undefined);
      vi.resetModules();
      try {
        const lib = (await import("../src/index.js")) as typeof api;
        expect(lib.getBackend().kind).toBe("js");
        for (const format of [lib.flake, lib.baseuid, lib.uuidv7, lib.ksuid]) {
          const bytes = format.generateMany(3);
          expect(format.decodeMany(format.encodeMany(bytes))).toEqual(bytes);
        }
      } finally {
        vi.unstubAllGlobals();
        vi.resetModules();
      }
    });
  });
});

forEachEngine(() => {
  describe("Ulid-Flake", () => {
    it("converts integers both ways, one at a time and in bulk (native-order BigUint64Array)", () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (value) => {
          expect(flake.toBigInt(flake.fromBigInt(value))).toBe(value);
        }),
        FC,
      );
      const bytes = flake.generateMany(100);
      const values = flake.toBigIntMany(bytes);
      expect(Array.from(values)).toEqual(flake.encodeMany(bytes).map((text) => flake.toBigInt(text)));
      expect(flake.fromBigIntMany(values)).toEqual(bytes);
      expect(flake.fromBigIntMany(Array.from(values))).toEqual(bytes);
      expect(flake.fromBigIntMany(new BigInt64Array(values.buffer))).toEqual(bytes);
    });

    it("carries the epoch in every time it reads and writes", () => {
      const epoch = new Date("2020-06-01T00:00:00Z");
      const ids = flake.encodeMany(flake.generateMany(3, { epoch, time: T }));
      expect(ids.map((id) => flake.decodeTime(id, { epoch }))).toEqual([T, T, T]);
      expect([...flake.decodeTimeMany(ids, { epoch: epoch.getTime() })]).toEqual([T, T, T]);
      expect(flake.fields(ids[0]!, { epoch }).time).toBe(T - epoch.getTime());
      expect(flake.decodeTime(ids[0]!)).toBe(T - epoch.getTime() + 1704067200000);
    });

    it("stamps the sid on every ID of the scalable layout", () => {
      for (const sid of [0, 9, 31]) {
        // 15 random bits hold ~128 IDs a millisecond at entropySize 1 (and ~1 at 2): the batch waits for the clock.
        const ids = flake.encodeMany(flake.generateMany(300, { sid }));
        expect(new Set(ids.map((id) => flake.fields(id, { scalable: true }).sid))).toEqual(new Set([sid]));
        expect(flake.fields(flake.monotonicFactory({ sid })(), { scalable: true }).sid).toBe(sid);
        expect(flake.fields(flake.generate(undefined, { sid }), { scalable: true }).sid).toBe(sid);
      }
    });
  });

  describe("BaseUID", () => {
    it("keeps sub-millisecond times: the tick that starts at or before the time, in ms and ns", () => {
      fc.assert(
        fc.property(fc.double({ min: 0, max: 9e12, noNaN: true }), (ms) => {
          const id = baseuid.generate(ms);
          const start = baseuid.decodeTime(id);
          expect(start <= ms + 1e-6 && ms < start + 0.032768 + 1e-6).toBe(true);
          expect(baseuid.decodeTimeNs(id)).toBe((BigInt(Math.floor((Number(baseuid.decodeTimeNs(id)) / 32768))) * 32768n));
        }),
        FC,
      );
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (ns) => {
          expect(baseuid.decodeTimeNs(baseuid.generate(ns))).toBe((ns >> 15n) << 15n);
        }),
        FC,
      );
    });

    it("reads its clock with sub-millisecond precision, close to Date.now()", () => {
      const before = Date.now();
      const ids = Array.from({ length: 50 }, () => baseuid.generate());
      const after = Date.now();
      const times = ids.map((id) => baseuid.decodeTime(id));
      expect(times.every((t) => t >= before - 1 && t <= after + 1)).toBe(true);
      expect(times.some((t) => !Number.isInteger(t))).toBe(true);
    });

    it("round-trips through its UUIDv8 form, which uuid accepts as version 8", () => {
      fc.assert(
        fc.property(fc.uint8Array({ minLength: 15, maxLength: 15 }), (bytes) => {
          const text = baseuid.encode(bytes);
          const uuid = baseuid.toUUID(text);
          expect([uuidValidate(uuid), uuidVersion(uuid)]).toEqual([true, 8]);
          expect(baseuid.fromUUID(uuid)).toBe(text);
        }),
        FC,
      );
    });
  });

  describe("UUID v7", () => {
    it("is the same millisecond as a ULID", () => {
      const ids = uuidv7.encodeMany(uuidv7.generateMany(100, { monotonic: false }));
      expect(ids.map((id) => ulidDecodeTime(uuidv7.toULID(id)))).toEqual(ids.map((id) => uuidv7.decodeTime(id)));
    });
  });
});
