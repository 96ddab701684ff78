/**
 * The bytes `ulid decode` and `ulid scan` print, against the same lines made with strings from the library's own
 * results (`decodeTime`, `scanText`) and `Date.toISOString`: random IDs of every format `decode` reads, random
 * times (0, the largest, years beyond 9999) alone and in runs of one time, random case, and random logs with several files, in text and JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { formats, scanText } from "../src/index.js";
import { runCli } from "./helpers/cli.js";
import { propertyRuns } from "./helpers/tier.js";

const dir = mkdtempSync(join(tmpdir(), "ulid-output-bytes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const iso = (ms: number): string => new Date(ms).toISOString();
const encoder = new TextEncoder();

/** Each format `decode --type` reads, with the times its IDs can hold (Unix ms). */
const DECODED = [
  { key: "ulid", times: fc.oneof(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.constantFrom(0, 2 ** 48 - 1, 253_402_300_800_000)) },
  { key: "uuidv7", times: fc.integer({ min: 0, max: 2 ** 48 - 1 }) },
  { key: "flake", times: fc.integer({ min: 1_704_067_200_000, max: 1_704_067_200_000 + 2 ** 43 - 1 }) },
  { key: "baseuid", times: fc.integer({ min: 1_700_000_000_000, max: 4_000_000_000_000 }) },
] as const;

describe("ulid decode prints what string formatting of the library's results prints", () => {
  for (const { key, times } of DECODED) {
    it(`--type ${key}, text and JSON, random IDs and times`, async () => {
      const api = formats[key];
      // Runs of IDs of one time too, as `ulid generate` makes them (decode writes such a run's lines by copying).
      const runs = fc.array(fc.tuple(times, fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 40 }))), { minLength: 1, maxLength: 60 });
      await fc.assert(
        fc.asyncProperty(runs, fc.boolean(), async (timeRuns, json) => {
          const stamps = timeRuns.flatMap(([time, length]) => Array<number>(length).fill(time));
          const ids = stamps.map((time) => api.encode(api.generateMany(1, { time })));
          const file = join(dir, `${key}.txt`);
          writeFileSync(file, `${ids.join("\n")}\n`);
          const { status, stdout, stderr } = await runCli(["decode", file, "--type", key, ...(json ? ["--json"] : [])]);
          expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
          const want = ids.map((id) => {
            const time = Math.floor(api.decodeTime(id));
            return json ? `${JSON.stringify({ [key]: id, time, iso: iso(time) })}\n` : `${id}\t${time}\t${iso(time)}\n`;
          });
          expect(stdout).toBe(want.join(""));
        }),
        { numRuns: propertyRuns(30) },
      );
    });
  }
});

/** A time: anywhere in 48 bits, or in the years the command believes by default. */
const anyTime = fc.oneof(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2030, 0, 1) }));

/** A log line: words, IDs (ULIDs in random case, TypeIDs, UUID v7s; random times) and punctuation. */
const logLine = fc
  .array(
    fc.oneof(
      fc.constantFrom("GET /orders/", " ", "\t", '{"id":"', '"}', " req=", ",", "x", "0"),
      fc.tuple(anyTime, fc.boolean()).map(([time, lower]) => {
        const id = formats.ulid.encode(formats.ulid.generateMany(1, { time }));
        return lower ? id.toLowerCase() : id;
      }),
      anyTime.map((time) => `user_${formats.ulid.encode(formats.ulid.generateMany(1, { time })).toLowerCase()}`),
      anyTime.map((time) => formats.uuidv7.encode(formats.uuidv7.generateMany(1, { time }))),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

describe("ulid scan prints what string formatting of scanText's matches prints", () => {
  it("text and JSON, one file or several (named), random logs", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(logLine, { maxLength: 200 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom("ulid", "all", "typeid,ulid"),
        fc.boolean(),
        async (logs, json, type, believeAll) => {
          const files = logs.map((lines, i) => {
            const file = join(dir, `log ${i} é.txt`);
            writeFileSync(file, lines.join("\n"));
            return file;
          });
          const now = Date.now();
          const { status, stdout, stderr } = await runCli([
            "scan",
            ...files,
            "--type",
            type,
            ...(json ? ["--json"] : []),
            ...(believeAll ? ["--plausible", ".."] : []),
          ]);
          expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
          const named = files.length > 1;
          const several = type !== "ulid";
          // The command's default window: 2000-01-01 to a day after its start (after `now`).
          const plausible = believeAll ? undefined : { from: Date.UTC(2000, 0, 1), until: now + 86_400_000 };
          const format = type === "all" ? "all" : (type.split(",") as ["ulid"]);
          const want = files.flatMap((file, i) =>
            scanText(encoder.encode(logs[i]!.join("\n")), { lines: true, format, plausible }).map(({ id, offset, time, line, format }) => {
              if (json) {
                return `${JSON.stringify({ ...(named ? { file } : {}), line, offset, type: format, id, time, iso: iso(time) })}\n`;
              }
              return `${named ? `${file}\t` : ""}${line}\t${several ? `${format}\t` : ""}${id}\t${iso(time)}\n`;
            }),
          );
          expect(stdout).toBe(want.join(""));
        },
      ),
      { numRuns: propertyRuns(30) },
    );
  });
});
