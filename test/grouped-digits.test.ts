/**
 * The command's counts in groups of three digits (src/printer/grouped-digits.ts) read exactly as
 * `toLocaleString("en-US")` writes them, which they replace: every length of number, either sign, up to 2^53. And
 * no source calls `toLocaleString`: its first call costs 12 ms (ICU's locale data).
 */
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupedDigits } from "../src/printer/grouped-digits.js";

describe("groupedDigits", () => {
  it("writes what toLocaleString('en-US') writes, at every number of digits", () => {
    for (let digits = 1; digits <= 16; digits++) {
      for (const value of [10 ** (digits - 1), 10 ** digits - 1, Math.floor(1.234567 * 10 ** (digits - 1))]) {
        expect(groupedDigits(value)).toBe(value.toLocaleString("en-US"));
        expect(groupedDigits(-value)).toBe((-value).toLocaleString("en-US"));
      }
    }
    expect([groupedDigits(0), groupedDigits(999), groupedDigits(1000), groupedDigits(174_071)]).toEqual(["0", "999", "1,000", "174,071"]);
  });

  it("agrees with toLocaleString('en-US') on any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(groupedDigits(value)).toBe(value.toLocaleString("en-US"));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the sources", () => {
  it("call no toLocaleString, whose first call loads ICU's locale data", () => {
    const sources = readdirSync(new URL("../src/", import.meta.url), { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(100);
    const calling = sources.filter((path) => readFileSync(new URL(`../src/${path}`, import.meta.url), "utf8").includes(".toLocaleString("));
    expect(calling).toEqual([]);
  });
});
