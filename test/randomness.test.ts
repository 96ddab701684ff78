/**
 * Randomness (docs/formats.md): crypto.getRandomValues only, never Math.random; RANDOM_UNAVAILABLE when there is no
 * secure source and no `random` option; a `random` option is used exactly; both engines produce identical
 * generateMany output from the same deterministic `random` and `now`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import * as api from "../src/index.js";
import { encodeTime, generateMany, monotonicFactory, setBackend, ulid } from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { ENGINE_KINDS, forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { MAX_RANDOM, bigIntToBytes, firstNonIncreasing, recordingRandom, scriptedClock } from "./helpers/reference.js";

/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;
const STEP = 8192;

type Api = typeof api;

/** A fresh copy of the library, loaded after the globals were changed. */
async function freshApi(): Promise<Api> {
  vi.resetModules();
  return (await import("../src/index.js")) as Api;
}

/** `{ code }` of what `fn` threw, if it is the given module's UlidError. */
function codeOf(lib: Api, fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return error instanceof lib.UlidError ? error.code : `not a UlidError: ${String(error)}`;
  }
  return "returned";
}

describe("without a secure random source", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const MISSING: readonly [string, unknown][] = [
    ["crypto undefined", undefined],
    ["crypto without getRandomValues", {}],
  ];

  it.each(MISSING)("%s: generating without a random option is RANDOM_UNAVAILABLE, on both engines", async (_, crypto) => {
    vi.stubGlobal("crypto", crypto);
    const lib = await freshApi();
    for (const kind of ENGINE_KINDS) {
      lib.setBackend(kind);
      const calls: [string, () => unknown][] = [
        ["ulid()", () => lib.ulid()],
        ["ulid(T)", () => lib.ulid(T)],
        ["monotonicFactory()()", () => lib.monotonicFactory()()],
        ["generateMany monotonic", () => lib.generateMany(2)],
        ["generateMany fixed time", () => lib.generateMany(2, { time: T })],
        ["generateMany not monotonic", () => lib.generateMany(2, { monotonic: false })],
      ];
      for (const [name, call] of calls) expect({ kind, name, code: codeOf(lib, call) }).toEqual({ kind, name, code: "RANDOM_UNAVAILABLE" });
    }
  });

  it.each(MISSING)("%s: a random option and decoding still work", async (_, crypto) => {
    vi.stubGlobal("crypto", crypto);
    const lib = await freshApi();
    for (const kind of ENGINE_KINDS) {
      lib.setBackend(kind);
      const zeros = (out: Uint8Array) => out.fill(0);
      expect(lib.monotonicFactory({ random: zeros })(T)).toBe(`${encodeTime(T)}0000000000000000`);
      expect(lib.generateMany(2, { time: T, random: zeros })).toEqual(generateMany(2, { time: T, random: zeros }));
      expect(lib.decodeTime(`${encodeTime(T)}0000000000000000`)).toBe(T);
      expect(lib.decodeMany([`${encodeTime(T)}0000000000000000`]).length).toBe(16);
    }
  });

  it("uses crypto.getRandomValues, never Math.random", async () => {
    const getRandomValues = vi.fn(<A extends ArrayBufferView | null>(array: A) => {
      if (array) new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(0);
      return array;
    });
    vi.stubGlobal("crypto", { getRandomValues });
    const mathRandom = vi.spyOn(Math, "random");
    try {
      const lib = await freshApi();
      for (const kind of ENGINE_KINDS) {
        lib.setBackend(kind);
        expect(lib.ulid(T)).toBe(`${encodeTime(T)}0000000000000000`);
        expect(lib.monotonicFactory()(T)).toBe(`${encodeTime(T)}0000000000000000`);
        expect(lib.encodeMany(lib.generateMany(2, { time: T }))).toEqual([
          `${encodeTime(T)}0000000000000000`,
          `${encodeTime(T)}0000000000000001`,
        ]);
      }
      // The library may pool its draws, so only "at least once" is certain.
      expect(getRandomValues).toHaveBeenCalled();
      expect(mathRandom).not.toHaveBeenCalled();
    } finally {
      mathRandom.mockRestore();
    }
  });

  it("draws an app's first few IDs directly, without asking node:v8, then pools its draws", async () => {
    const draws: number[] = [];
    const secure = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: <A extends ArrayBufferView | null>(array: A): A => {
        draws.push(array?.byteLength ?? 0);
        return secure.getRandomValues(array as Uint8Array) as unknown as A;
      },
    });
    const getBuiltinModule = vi.spyOn(process, "getBuiltinModule");
    try {
      const lib = await freshApi();
      const first = [lib.ulid(), lib.ulid(T), lib.uuidv7.generate()];
      expect(new Set(first.map((id) => id.slice(-10))).size).toBe(3);
      // One draw each, of the ID's random bytes only, and node:v8 (a startup snapshot's check) not loaded.
      expect(draws).toEqual([10, 10, 10]);
      expect(getBuiltinModule).not.toHaveBeenCalledWith("node:v8");
      const many = Array.from({ length: 1000 }, () => lib.ulid(T).slice(10));
      expect(new Set(many).size).toBe(1000);
      // Then a pool: far fewer draws than IDs, the pool's of 65536 bytes, once the snapshot question was asked.
      expect(draws.length).toBeLessThan(40);
      expect(draws).toContain(65536);
      expect(getBuiltinModule).toHaveBeenCalledWith("node:v8");
    } finally {
      getBuiltinModule.mockRestore();
    }
  });
});

forEachEngine(() => {
  it("draws more than getRandomValues' 65536-byte limit per step without failing (not monotonic)", () => {
    const bytes = generateMany(3 * STEP, { monotonic: false });
    expect(bytes.length).toBe(16 * 3 * STEP);
    const randomParts = new Set<string>();
    for (let i = 0; i < 3 * STEP; i++) randomParts.add(Buffer.from(bytes.subarray(16 * i + 6, 16 * i + 16)).toString("hex"));
    expect(randomParts.size).toBe(3 * STEP);
  });

  it("ulid() draws fresh randomness per call from the secure source", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => ulid(T).slice(10)));
    expect(ids.size).toBe(2000);
  });

  it("a factory's random option is used exactly: its bytes are the first ID's random part", () => {
    const PATTERN = Uint8Array.of(0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99);
    const next = monotonicFactory({ random: (out) => out.set(PATTERN) });
    // 00 11 22 ... 99 as 80 bits in Crockford base32 (random part of the ID).
    const id = next(T);
    expect(Buffer.from(api.decode(id).subarray(6)).toString("hex")).toBe("00112233445566778899");
  });
});

describe("both engines generate identical output from the same random and clock", () => {
  const SCENARIOS: readonly [string, () => Parameters<typeof generateMany>[1], number][] = [
    ["monotonic, clock stepping and going back", () => ({ now: scriptedClock([T, T, T + 2, T + 1]).now }), 3 * STEP + 5],
    ["not monotonic, clock stepping", () => ({ now: scriptedClock([T, T + 1, T + 2, T + 3]).now, monotonic: false }), 3 * STEP + 5],
    ["monotonic, fixed time", () => ({ time: T }), STEP + 1],
    ["not monotonic, fixed time", () => ({ time: T, monotonic: false }), 100],
  ];

  afterEach(() => setBackend("auto"));

  it.each(SCENARIOS)("%s", (_, options, count) => {
    const results = ENGINE_KINDS.map((kind) => {
      setBackend(kind);
      const random = recordingRandom(123);
      const bytes = generateMany(count, { ...options(), random: random.fill });
      return { bytes, calls: random.calls };
    });
    expect(results[1]!.calls).toEqual(results[0]!.calls);
    expectSameArray(results[1]!.bytes, results[0]!.bytes, "wasm vs js");
    expect(firstNonIncreasing(results[0]!.bytes) === -1 || options()?.monotonic === false).toBe(true);
  });

  it("the same overflow fault", () => {
    const faults = ENGINE_KINDS.map((kind) => {
      setBackend(kind);
      const seed = bigIntToBytes(MAX_RANDOM - 9000n, 10);
      return faultOf(() => generateMany(3 * STEP, { time: T, random: (out) => out.set(seed) }));
    });
    expect(faults[0]).toEqual({ code: "MONOTONIC_OVERFLOW", index: 9001 });
    expect(faults[1]).toEqual(faults[0]);
  });

  it("the same factory output", () => {
    const outputs = ENGINE_KINDS.map((kind) => {
      setBackend(kind);
      const random = recordingRandom(9);
      const clock = scriptedClock([T, T, T + 1, T - 3, T + 1, T + 2]);
      const next = monotonicFactory({ random: random.fill, now: clock.now });
      return Array.from({ length: 6 }, () => next());
    });
    expect(outputs[1]).toEqual(outputs[0]);
  });
});
