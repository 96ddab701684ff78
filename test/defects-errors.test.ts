/**
 * Inputs that once escaped as a RangeError or TypeError from inside the library: a 100 MB string to the decoders
 * (its quote in the message was escaped whole before being cut), and values that cannot be inspected (a revoked
 * Proxy, a throwing Symbol.toStringTag getter) to the single-ID entry points. `quote` itself never throws.
 */
import { describe, expect, it } from "vitest";
import { quote } from "../src/core/errors.js";
import { baseuid, decode, decodeTime, flake, isValid, ulid, uuidv7 } from "../src/index.js";
import { cpuMs } from "./helpers/cpu-time.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";

/** 100 MB of NULs; flattened once here, so no call below pays for that. */
const HUGE = "\0".repeat(100_000_000);
HUGE.charCodeAt(HUGE.length - 1);

/**
 * CPU time: under the 1.5 s and more that escaping the whole string took, with room for the slowest runtime CI runs
 * (a 10-million-bit BigInt's hex takes several times longer on some Node releases than on others).
 */
const FAST_MS = 750;

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function trap(): never {
  throw new Error("trap");
}

const throwingTag = {
  get [Symbol.toStringTag](): string {
    throw new Error("no tag");
  },
};

/** Values whose description runs caller code or is huge, each with what its quote must show. */
const AWKWARD: [string, unknown, RegExp][] = [
  ["a revoked Proxy", revokedProxy(), /object/],
  ["a throwing Symbol.toStringTag getter", throwingTag, /object/],
  ["a Proxy whose traps throw", new Proxy({}, { get: trap, getPrototypeOf: trap }), /object/],
  ["a Proxy of a Date", new Proxy(new Date(0), {}), /object|Date/],
  ["an object inheriting from Date.prototype", Object.create(Date.prototype), /object|Date/],
  ["a Symbol", Symbol("sym"), /Symbol\(sym\)/],
  ["a Symbol with a huge description", Symbol("d".repeat(1_000_000)), /^Symbol\(d+\.\.\.\(1000008 chars\)$/],
  ["an object without a prototype", Object.create(null), /\[object Object\]/],
  ["a function", () => 0, /\[object Function\]/],
  ["a huge BigInt", 2n ** 10_000_000n, /^0x10+\.\.\.\(\d+ chars\)$/],
  ["a huge negative BigInt", -(2n ** 10_000_000n), /^-0x10+\.\.\.\(\d+ chars\)$/],
  ["a 100 MB string", HUGE, /^"(\\u0000)+[\\u0]*\.\.\.\(100000000 chars\)$/],
];

describe("quote", () => {
  it.each(AWKWARD)("never throws and stays short for %s", (_, value, shows) => {
    const started = cpuMs();
    const text = quote(value);
    expect(cpuMs() - started).toBeLessThan(FAST_MS);
    expect(text.length).toBeLessThan(100);
    expect(text).toMatch(shows);
  });

  it("still quotes ordinary values as before", () => {
    expect(quote("01ARZ3NDEK")).toBe('"01ARZ3NDEK"');
    expect(quote(12n)).toBe("12n");
    expect(quote(new Date(5))).toBe("Date(5)");
    expect(quote(null)).toBe("null");
    expect(quote([1])).toBe("[object Array]");
    expect(quote("x".repeat(100))).toBe(`"${"x".repeat(63)}...(100 chars)`);
  });
});

forEachEngine(() => {
  describe("a 100 MB string fails fast with INVALID_LENGTH", () => {
    const decoders: [string, (text: string) => unknown, number][] = [
      ["decode", decode, 26],
      ["decodeTime", decodeTime, 26],
      ["flake.decode", flake.decode, 13],
      ["uuidv7.decode", uuidv7.decode, 36],
      ["baseuid.decode", baseuid.decode, 20],
    ];
    it.each(decoders)("%s", (_, decoder, chars) => {
      const started = cpuMs();
      const error = expectUlidError(() => decoder(HUGE), "INVALID_LENGTH", chars);
      expect(cpuMs() - started).toBeLessThan(FAST_MS);
      expect(error.message).toContain("100000000");
      expect(error.message.length).toBeLessThan(400);
    });

    it("isValid", () => {
      const started = cpuMs();
      expect(isValid(HUGE)).toBe(false);
      expect(cpuMs() - started).toBeLessThan(FAST_MS);
    });
  });

  describe("a revoked Proxy is a UlidError at the single-ID entry points", () => {
    const proxy = revokedProxy();
    it.each([
      ["decode", () => decode(proxy as never), "INVALID_ARGUMENT"],
      ["decodeTime", () => decodeTime(proxy as never), "INVALID_ARGUMENT"],
      ["flake.decode", () => flake.decode(proxy as never), "INVALID_ARGUMENT"],
      ["ulid", () => ulid(proxy as never), "INVALID_TIME"],
    ])("%s", (_, call, code) => {
      expectUlidError(call, code);
    });

    it("ulid() takes no Date look-alike, and any realm's Date", async () => {
      expectUlidError(() => ulid(new Proxy(new Date(5), {}) as never), "INVALID_TIME");
      expectUlidError(() => ulid(Object.create(Date.prototype) as never), "INVALID_TIME");
      const { runInNewContext } = await import("node:vm");
      expect(decodeTime(ulid(runInNewContext("new Date(5)") as Date))).toBe(5);
    });
  });
});
