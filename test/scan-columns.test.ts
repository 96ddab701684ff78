/**
 * Columnar scan results (`columns: true`), on both engines: the same matches as the object results, field for
 * field (each binary ID the decoding of the match's text), over random logs of mixed formats, in one pass and in
 * random chunk splits (scanChunks and scanStream, one result per chunk that completes any match), from strings with
 * astral characters before the IDs, within plausible windows; empty results; and the option's faults.
 */
import { describe, expect, it } from "vitest";
import { decode, objectid, scanChunks, scanStream, scanText, uuidv7, xid, type ScanColumns, type ScanOptions, type UlidMatch } from "../src/index.js";
import { scannableNames } from "../src/internal.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { byteChunks, randomChunks, randomLog, randomMixedLog } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";

type Format = "ulid" | "uuidv7" | "typeid" | "objectid" | "xid";

const FORMATS: (Format | readonly Format[] | "all")[] = ["ulid", "uuidv7", "typeid", "objectid", "xid", "all", ["typeid", "ulid"], ["uuidv7", "ulid"], ["xid", "objectid", "ulid"], ["ulid"]];

/** Non-ASCII text: astral characters (surrogate pairs), other scripts. */
const WIDE = ["\u{1f600}", "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}", "\u{20bb7}", "\u00e9t\u00e9", "\u65e5\u672c", "\u00ff"];

/** The bytes an object match's ID decodes to. */
function idBytes(match: UlidMatch, format: string): Uint8Array {
  if (format === "uuidv7") return uuidv7.decode(match.id);
  if (format === "objectid") return objectid.decode(match.id);
  if (format === "xid") return xid.decode(match.id);
  // A ULID, or a TypeID's suffix: its last 26 characters, Crockford base32 in either case.
  return decode(match.id.slice(-26));
}

/** Columns as the object results they stand for: each match's fields, its format's name and its bytes as hex. */
function rows(columns: ScanColumns): unknown[] {
  const out: unknown[] = [];
  expect(columns.formats.length).toBe(columns.count);
  expect(columns.offsets.length).toBe(columns.count);
  expect(columns.times.length).toBe(columns.count);
  expect(columns.ends.length).toBe(columns.count);
  expect(columns.bytes.length).toBe(columns.count === 0 ? 0 : columns.ends[columns.count - 1]);
  for (let i = 0; i < columns.count; i++) {
    const start = i === 0 ? 0 : columns.ends[i - 1]!;
    out.push({
      offset: columns.offsets[i],
      time: columns.times[i],
      line: columns.lines?.[i],
      format: columns.names[columns.formats[i]!],
      bytes: Buffer.from(columns.bytes.subarray(start, columns.ends[i])).toString("hex"),
    });
  }
  return out;
}

/** Object matches as `rows` gives columns. */
function objectRows(matches: readonly UlidMatch[], single: string | undefined): unknown[] {
  return matches.map((match) => {
    const format = match.format ?? single!;
    return { offset: match.offset, time: match.time, line: match.line, format, bytes: Buffer.from(idBytes(match, format)).toString("hex") };
  });
}

/** The one format's name when `format` is a single format, else undefined (the matches name theirs). */
const singleName = (format: ScanOptions["format"]): string | undefined => (typeof format === "string" && format !== "all" ? format : undefined);

/** `log` with non-ASCII text put in at random places: before, between and around the IDs. */
function widened(log: string, seed: number): string {
  const next = seededUint32(seed);
  let out = "";
  for (const char of log) {
    if (next() % 19 === 0) out += WIDE[next() % WIDE.length];
    out += char;
  }
  return out;
}

forEachEngine(() => {
  describe("columnar scan results", () => {
    const text = randomMixedLog(60_000, 77);
    const bytes = latin1(text);

    it("holds what the object results hold, for every format and list, with and without lines", () => {
      for (const format of FORMATS) {
        for (const lines of [false, true]) {
          const objects = scanText(bytes, { format, lines });
          expect(objects.length).toBeGreaterThan(50);
          const columns = scanText(bytes, { format, lines, columns: true });
          expect(columns.count).toBe(objects.length);
          expect(columns.names).toEqual(format === "all" ? scannableNames() : typeof format === "string" ? [format] : format);
          expect("lines" in columns).toBe(lines);
          expect(rows(columns)).toEqual(objectRows(objects, singleName(format)));
        }
      }
    });

    it("gives every binary ID in its format's width, back to back", () => {
      const columns = scanText(bytes, { format: "all", columns: true });
      const widths = columns.names.map((name) => (name === "objectid" || name === "xid" ? 12 : 16));
      let end = 0;
      for (let i = 0; i < columns.count; i++) expect(columns.ends[i]).toBe((end += widths[columns.formats[i]!]!));
      expect(new Set(columns.formats).size).toBe(columns.names.length);
    });

    it("gives one result per chunk that completes any match, split anywhere, as the object results come", async () => {
      const expected = objectRows(scanText(bytes, { format: "all", lines: true }), undefined);
      const small = bytes.subarray(0, 2_500);
      for (const chunks of [randomChunks(bytes, 64, 11), randomChunks(bytes, 5_000, 12), randomChunks(bytes, 150_000, 13), byteChunks(small)]) {
        const results: ScanColumns[] = [];
        for await (const result of scanChunks(chunks, { format: "all", lines: true, columns: true })) results.push(result);
        const batches: UlidMatch[][] = [];
        for await (const batch of scanChunks(chunks, { format: "all", lines: true })) batches.push(batch);
        expect(results.map((result) => result.count)).toEqual(batches.map((batch) => batch.length));
        const want = chunks.length === small.length ? objectRows(scanText(small, { format: "all", lines: true }), undefined) : expected;
        expect(results.flatMap(rows)).toEqual(want);
      }
      const streamed = await throughTransform(scanStream({ format: scannableNames(), lines: true, columns: true }), randomChunks(bytes, 1_000, 14));
      expect(streamed.every((result) => result.count > 0)).toBe(true);
      expect(streamed.flatMap(rows)).toEqual(expected);
    });

    it("counts each match once when a chunk spans several scan windows", async () => {
      // Chunks of several 64 KiB windows each: the matches of every window but the first land in a block that
      // already holds some, which must be counted once.
      const long = latin1(randomMixedLog(400_000, 78));
      const expected = objectRows(scanText(long, { format: "all", lines: true }), undefined);
      for (const chunks of [[long], randomChunks(long, 200_000, 16)]) {
        const results: ScanColumns[] = [];
        for await (const result of scanChunks(chunks, { format: "all", lines: true, columns: true })) results.push(result);
        expect(results.flatMap(rows)).toEqual(expected);
      }
    });

    it("hands out results that share nothing: a kept result stays as it was", async () => {
      const results: ScanColumns[] = [];
      for await (const result of scanChunks(randomChunks(bytes, 3_000, 15), { format: "all", columns: true })) results.push(result);
      const before = results.map(rows);
      const buffers = new Set(results.flatMap((result) => [result.offsets.buffer, result.times.buffer, result.bytes.buffer, result.formats.buffer, result.ends.buffer]));
      expect(buffers.size).toBe(5 * results.length);
      expect(results.map(rows)).toEqual(before);
    });

    it("scans short texts one after another, between a stream's chunks and from inside its options, each result its own", async () => {
      // Whole scans of short texts share their finder and their block of matches (src/scan/match-columns.ts): each
      // result must still be what its text alone gives, and stay so while later scans reuse them.
      const lines = text.split("\n").slice(0, 400);
      const stream = scanChunks(randomChunks(bytes, 700, 21), { format: "all", lines: true, columns: true })[Symbol.asyncIterator]();
      const streamed: ScanColumns[] = [];
      const kept: [ScanColumns, unknown[]][] = [];
      for (const [i, line] of lines.entries()) {
        const format = FORMATS[i % FORMATS.length]!;
        const withLines = i % 3 === 0;
        const columns = scanText(i % 2 === 0 ? line : latin1(line), { format, lines: withLines, columns: true });
        const want = objectRows(scanText(line, { format, lines: withLines }), singleName(format));
        expect(rows(columns)).toEqual(want);
        kept.push([columns, want]);
        if (i % 4 === 0) {
          const step = await stream.next();
          if (step.done !== true) streamed.push(step.value);
        }
      }
      for (;;) {
        const step = await stream.next();
        if (step.done === true) break;
        streamed.push(step.value);
      }
      expect(streamed.flatMap(rows)).toEqual(objectRows(scanText(bytes, { format: "all", lines: true }), undefined));
      for (const [columns, want] of kept) expect(rows(columns)).toEqual(want);
      expect(kept.filter(([columns]) => columns.count > 0).length).toBeGreaterThan(100);

      const withUlid = lines.filter((line) => scanText(line).length > 0);
      const [outer, inner] = [withUlid[0]!, withUlid[withUlid.length - 1]!];
      let inside: ScanColumns | undefined;
      const options = {
        columns: true as const,
        get lines(): boolean {
          inside = scanText(inner, { columns: true, lines: true });
          return true;
        },
      };
      expect(rows(scanText(outer, options))).toEqual(objectRows(scanText(outer, { lines: true }), "ulid"));
      expect(rows(inside!)).toEqual(objectRows(scanText(inner, { lines: true }), "ulid"));
    });

    it("counts UTF-16 code units in a string, astral characters before the IDs", () => {
      for (const seed of [1, 2, 3]) {
        const wide = widened(randomMixedLog(20_000, seed), seed);
        for (const format of ["ulid", "all"] as const) {
          const objects = scanText(wide, { format, lines: true });
          expect(objects.length).toBeGreaterThan(20);
          const columns = scanText(wide, { format, lines: true, columns: true });
          expect(rows(columns)).toEqual(objectRows(objects, singleName(format)));
          for (let i = 0; i < columns.count; i++) {
            const found = objects[i]!.id;
            expect(wide.slice(columns.offsets[i], columns.offsets[i]! + found.length).toLowerCase()).toBe(found.toLowerCase());
          }
        }
      }
      const line = `\u{1f600}\u{1f600} 01ARYZ6S410000000000000000`;
      expect([...scanText(line, { columns: true }).offsets]).toEqual([5]);
    });

    it("keeps only the plausible window's matches", () => {
      const log = latin1(Buffer.from(randomLog(60_000, 5)).toString("latin1"));
      const all = scanText(log, { columns: true });
      const times = [...all.times].sort((a, b) => a - b);
      const from = times[Math.floor(times.length / 4)]!;
      const until = times[Math.floor((3 * times.length) / 4)]!;
      for (const plausible of [{ from, until }, { from: new Date(from) }, { until }, {}]) {
        const columns = scanText(log, { columns: true, lines: true, plausible });
        expect(rows(columns)).toEqual(objectRows(scanText(log, { lines: true, plausible }), "ulid"));
        for (const time of columns.times) expect(time >= (plausible.from === undefined ? -Infinity : +plausible.from) && time < (plausible.until ?? Infinity)).toBe(true);
      }
      expect(scanText(log, { columns: true, plausible: { from: 0, until: 1 } }).count).toBe(0);
    });

    it("gives an empty result for text without matches, and nothing for chunks without any", async () => {
      for (const empty of ["", "no IDs here", new Uint8Array(0), latin1("x01ARYZ6S410000000000000000")]) {
        const columns = scanText(empty, { format: "all", columns: true, lines: true });
        expect(columns).toEqual({
          count: 0,
          formats: new Uint8Array(0),
          names: scannableNames(),
          offsets: new Float64Array(0),
          lines: new Float64Array(0),
          times: new Float64Array(0),
          bytes: new Uint8Array(0),
          ends: new Uint32Array(0),
        });
      }
      expect("lines" in scanText("", { columns: true })).toBe(false);
      const results: ScanColumns[] = [];
      for await (const result of scanChunks([latin1("nothing "), latin1("here")], { columns: true })) results.push(result);
      expect(results).toEqual([]);
    });

    it("refuses a columns option that is no boolean", () => {
      for (const bad of [1, "true", null, {}]) {
        expect(faultOf(() => scanText("", { columns: bad as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => scanStream({ columns: bad as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
      expect(Array.isArray(scanText("01ARYZ6S410000000000000000", { columns: false }))).toBe(true);
    });
  });
});
