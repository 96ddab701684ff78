/**
 * `ulid scan --stats` on the built bin: histogram labels keep their precision after year 9999 ("+010000-..."),
 * where a plausible window without bounds lets such times in.
 */
import { describe, expect, it } from "vitest";
import { ulid } from "../src/index.js";
import { lines, runCli } from "./helpers/cli.js";

describe("scan --stats after year 9999", () => {
  const Y10K = Date.UTC(10000, 0, 1);
  const SECOND = 1000;
  const MINUTE = 60 * SECOND;
  const DAY = 24 * 60 * MINUTE;

  it.each([
    ["seconds", 30 * SECOND, "mentions by creation time, per 1s:", "+010000-01-01T00:00:00Z", "+010000-01-01T00:00:30Z"],
    ["minutes", 39 * MINUTE, "mentions by creation time, per 1m:", "+010000-01-01T00:00Z", "+010000-01-01T00:39Z"],
    ["days", 20 * DAY, "mentions by creation time, per 1d:", "+010000-01-01", "+010000-01-21"],
  ])("labels buckets of %s in full", async (_, span, heading, first, last) => {
    const { status, stdout } = await runCli(["scan", "--stats", "--plausible", ".."], `${ulid(Y10K)} then ${ulid(Y10K + span)}\n`);
    expect(status).toBe(0);
    const rows = lines(stdout.split("\n\n")[1]!);
    expect(rows[0]).toBe(heading);
    expect(rows[1]!.split("  ")[0]).toBe(first);
    expect(rows.at(-1)!.split("  ")[0]).toBe(last);
  });
});
