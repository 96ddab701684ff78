/**
 * encodeTime(time, length), as the `ulid` package's encodeTime(now, len): the same text wherever that package
 * keeps the whole time, INVALID_TIME where it would silently drop the time's leading characters, and
 * INVALID_ARGUMENT for a length that is not a whole number of characters from 0 to 26.
 */
import { encodeTime as referenceEncodeTime } from "ulid";
import { describe, expect, it } from "vitest";
import { encodeTime } from "../src/index.js";
import { expectMentions, expectUlidError } from "./helpers/errors.js";

const MAX_TIME = 2 ** 48 - 1;
const TIMES = [0, 1, 31, 32, 1023, 1024, 1469918176385, 1735689600000, MAX_TIME];
const LENGTHS = [0, 1, 2, 5, 9, 10, 11, 12, 16, 26];

/** Characters `time` needs in base 32 (0 needs none). */
function charsOf(time: number): number {
  let chars = 0;
  for (let rest = time; rest > 0; rest = Math.floor(rest / 32)) chars++;
  return chars;
}

describe("encodeTime(time, length)", () => {
  const fitting = TIMES.flatMap((time) => LENGTHS.filter((length) => length >= charsOf(time)).map((length) => [time, length]));
  const cut = TIMES.flatMap((time) => LENGTHS.filter((length) => length < charsOf(time)).map((length) => [time, length]));

  it.each(fitting)("time %d in %d characters is the ulid package's text", (time, length) => {
    expect(encodeTime(time, length)).toBe(referenceEncodeTime(time, length));
  });

  it("defaults to 10 characters, also for an explicit undefined (as the ulid package)", () => {
    expect(encodeTime(1735689600000)).toBe("01JGFJJZ00");
    expect(encodeTime(1735689600000, undefined)).toBe(referenceEncodeTime(1735689600000, undefined));
    expect(encodeTime(MAX_TIME, 10)).toBe("7ZZZZZZZZZ");
    expect(encodeTime(1735689600000, 12)).toBe("0001JGFJJZ00");
  });

  it.each(cut)("time %d does not fit in %d characters: INVALID_TIME, not the ulid package's cut text", (time, length) => {
    const error = expectUlidError(() => encodeTime(time, length), "INVALID_TIME");
    expectMentions(error, String(time));
    expect(error.message).toContain(`needs ${charsOf(time)} characters`);
  });

  it.each([
    ["a fraction", 2.5, "2.5"],
    ["a negative length", -1, "-1"],
    ["NaN", Number.NaN, "NaN"],
    ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
    ["more than 26", 27, "27"],
    ["a huge length", 1e9, "1000000000"],
    ["a string", "10", '"10"'],
    ["null", null, "null"],
  ])("a length that is %s is INVALID_ARGUMENT naming it", (_, length, shown) => {
    const error = expectUlidError(() => encodeTime(1735689600000, length as number), "INVALID_ARGUMENT");
    expectMentions(error, shown);
  });

  it("checks the time before the length, as the ulid package", () => {
    expectUlidError(() => encodeTime(-1, 2.5), "INVALID_TIME");
  });
});
