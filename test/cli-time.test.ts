/** The CLI's time text: TIME arguments (parseTime), ISO output (isoTime) and durations (formatDuration). */
import { describe, expect, it } from "vitest";
import { formatDuration } from "../src/printer/duration.js";
import { isoTime } from "../src/printer/iso-time.js";
import { parseTime } from "../src/cli/time-arg.js";
import { UlidError } from "../src/index.js";
import { MAX_TIME } from "./helpers/reference.js";

describe("parseTime", () => {
  it.each([
    ["0", 0],
    ["1469918176385", 1469918176385],
    [String(MAX_TIME), MAX_TIME],
    ["2026-04-15", Date.UTC(2026, 3, 15)],
    ["2026-04-15T05:11", Date.UTC(2026, 3, 15, 5, 11)],
    ["2026-04-15T05:11:38", Date.UTC(2026, 3, 15, 5, 11, 38)],
    ["2026-04-15 05:11:38.5", Date.UTC(2026, 3, 15, 5, 11, 38, 500)],
    ["2026-04-15t05:11:38.123z", Date.UTC(2026, 3, 15, 5, 11, 38, 123)],
    ["2026-04-15T05:11:38Z", Date.UTC(2026, 3, 15, 5, 11, 38)],
    ["2026-04-15T07:11:38+02:00", Date.UTC(2026, 3, 15, 5, 11, 38)],
    ["2026-04-15T07:11:38+0200", Date.UTC(2026, 3, 15, 5, 11, 38)],
    ["2026-04-15T03:11:38-02", Date.UTC(2026, 3, 15, 5, 11, 38)],
    ["2026-04-15T00:30:00+05:30", Date.UTC(2026, 3, 14, 19, 0)],
    ["2024-02-29", Date.UTC(2024, 1, 29)],
    ["1970-01-01T00:00:00.000Z", 0],
  ])("reads %s (no offset means UTC)", (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });

  it.each([
    ["", "neither Unix ms nor ISO-8601"],
    ["now", "neither Unix ms nor ISO-8601"],
    ["-5", "neither Unix ms nor ISO-8601"],
    ["1.5", "neither Unix ms nor ISO-8601"],
    ["2026-4-15", "neither Unix ms nor ISO-8601"],
    ["2026-04-15T05:11:38.1234Z", "at most 3 fraction digits"],
    ["2026-04-15T05:11:38 UTC", "neither Unix ms nor ISO-8601"],
    ["2025-02-29", "does not exist"],
    ["2026-13-01", "does not exist"],
    ["2026-04-15T24:00", "does not exist"],
    ["2026-04-15T05:60", "does not exist"],
    ["2026-04-15T05:00+24:00", "impossible offset"],
    ["1969-12-31T23:59:59.999Z", "Unix ms 0 to 281474976710655"],
    [String(MAX_TIME + 1), "Unix ms 0 to 281474976710655"],
    ["0001-01-01", "Unix ms 0 to 281474976710655"],
  ])("rejects %j with INVALID_TIME", (text, message) => {
    expect(() => parseTime(text)).toThrow(UlidError);
    expect(() => parseTime(text)).toThrow(expect.objectContaining({ code: "INVALID_TIME", message: expect.stringContaining(message) }));
  });
});

describe("isoTime", () => {
  it("gives what Date.toISOString gives, for runs of nearby times and far apart ones", () => {
    const times = [0, 1, 999, 1000, 1001, 1469918176385, 1469918176999, 1469918177000, 1469918175999, MAX_TIME, 253402300799999];
    for (let t = 1735689599000; t < 1735689601500; t += 7) times.push(t);
    for (const time of times) expect(isoTime(time)).toBe(new Date(time).toISOString());
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "0ms"],
    [1, "1ms"],
    [250, "250ms"],
    [1000, "1s"],
    [1500, "1.5s"],
    [60_000, "1m"],
    [3_600_000, "1h"],
    [3_723_004, "1h 2m 3.004s"],
    [86_400_000 + 5, "1d 0.005s"],
    [2 * 86_400_000 + 3 * 3_600_000, "2d 3h"],
  ])("%d ms is %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
