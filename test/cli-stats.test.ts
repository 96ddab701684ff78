/**
 * The parts of `ulid scan --stats` that need no process: the IdSet counts distinct 128-bit IDs exactly (against a
 * Set of strings, with the all-zero ID, near-identical IDs and growth); a match's key is its binary ID for both
 * scannable formats; implausible times are counted apart and kept out of first, last and histogram; the time
 * windows of --plausible and --since/--until. And the code run per match destructures no array: before V8
 * optimises it, which on a small log is most of the run, that cost `ulid scan --stats` 10 ms (docs/performance.md).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdSet } from "../src/printer/id-set.js";
import { PLAUSIBLE_FROM, plausibleWindow, selectedWindow } from "../src/cli/plausible.js";
import { scanTargetOf } from "../src/cli/scan-targets.js";
import { ScanStats } from "../src/printer/scan-stats.js";
import { UsageError } from "../src/cli/usage.js";
import { formats, uuidv7 } from "../src/index.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;

const key = (...words: number[]): Uint32Array => Uint32Array.from(words);

describe("IdSet", () => {
  it("counts distinct keys exactly, as a Set of their text does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(3), fc.nat(3), fc.constantFrom(0, 1, 0xffffffff), fc.nat(50)), { maxLength: 3000 }),
        (keys) => {
          const set = new IdSet();
          const reference = new Set<string>();
          for (const words of keys) {
            expect(set.add(Uint32Array.from(words))).toBe(!reference.has(words.join()));
            reference.add(words.join());
          }
          expect(set.size).toBe(reference.size);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it("tells apart keys that differ in one word only, whichever word", () => {
    const set = new IdSet();
    let added = 0;
    for (let word = 0; word < 4; word++) {
      for (let i = 0; i < 20_000; i++) {
        const words = [0, 0, 0, 0];
        words[word] = i;
        if (set.add(Uint32Array.from(words))) added++;
      }
    }
    // Each word's 20,000 keys share only the all-zero one.
    expect([added, set.size]).toEqual([4 * 20_000 - 3, 4 * 20_000 - 3]);
  });

  it("counts the all-zero ID, which marks empty slots, once", () => {
    const set = new IdSet();
    expect([set.add(key(0, 0, 0, 0)), set.add(key(0, 0, 0, 0)), set.add(key(0, 0, 0, 1))]).toEqual([true, false, true]);
    expect(set.size).toBe(2);
  });

  it("keeps every key through many growths, and stays within 32 bytes per key", () => {
    const set = new IdSet();
    const next = seededUint32(5);
    const keys = Array.from({ length: 200_000 }, (_, i) => key(i & 7, next(), i, next()));
    expect(keys.filter((k) => set.add(k)).length).toBe(keys.length);
    expect(keys.filter((k) => set.add(k)).length).toBe(0);
    expect(set.size).toBe(keys.length);
    expect(set.bytes / keys.length).toBeLessThanOrEqual(32);
  });
});

describe("the code run per match", () => {
  it.each(["printer/id-set.ts", "printer/scan-target.ts"])("in %s destructures no array", (path) => {
    const source = readFileSync(new URL(`../src/${path}`, import.meta.url), "utf8");
    expect(source.match(/(?:let|const) \[[^\]]*\] =/g)).toBe(null);
  });
});

describe("a match's key", () => {
  const keyOf = (type: string, text: string): number[] => {
    const out = new Uint32Array(4);
    scanTargetOf({ type }).targets[0]!.key(latin1(` ${text} `), 1, text.length, out);
    return [...out];
  };
  const wordsOf = (bytes: Uint8Array): number[] => {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return [0, 4, 8, 12].map((at) => view.getUint32(at));
  };

  it("is the binary ID, in either case, for ULIDs and UUID v7s", () => {
    for (const id of [...formats.ulid.encodeMany(formats.ulid.generateMany(50)), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000"]) {
      expect(keyOf("ulid", id)).toEqual(wordsOf(formats.ulid.decode(id)));
      expect(keyOf("ulid", id.toLowerCase())).toEqual(wordsOf(formats.ulid.decode(id)));
    }
    for (const id of uuidv7.encodeMany(uuidv7.generateMany(50))) {
      expect(keyOf("uuidv7", id.toUpperCase())).toEqual(wordsOf(uuidv7.decode(id)));
    }
  });

  it("is the UUID for TypeIDs, whatever the prefix (so distinct counts UUIDs)", () => {
    for (const prefix of ["", "u", "user_account", "a".repeat(63)]) {
      for (const id of formats.typeid.encodeMany(formats.typeid.generateMany(20), { prefix })) {
        expect(keyOf("typeid", id)).toEqual(wordsOf(formats.typeid.decode(id)));
      }
    }
    expect(keyOf("typeid", "7zzzzzzzzzzzzzzzzzzzzzzzzz")).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  });
});

describe("ScanStats", () => {
  const plausible = plausibleWindow(undefined, NOW);
  const T = Date.UTC(2026, 3, 15);

  it("counts implausible matches apart and keeps them out of first, last, span and the histogram", () => {
    const stats = new ScanStats(plausible);
    stats.add(key(0, 0, 0, 1), T);
    stats.add(key(0, 0, 0, 1), T + 60_000);
    stats.add(key(0, 0, 0, 2), 1_776_222_698); // a 10-digit etag: January 1970
    stats.add(key(0, 0, 0, 2), 1_776_222_698);
    stats.add(key(0, 0, 0, 3), 2 ** 48 - 1); // year 10889
    stats.add(key(0, 0, 0, 4), NOW + 2 * DAY);
    const summary = JSON.parse(stats.json());
    expect(summary).toMatchObject({
      matches: 6,
      distinct: 4,
      implausible: { matches: 4, distinct: 3 },
      plausible: { from: "2000-01-01T00:00:00.000Z", until: new Date(NOW + DAY).toISOString() },
      first: new Date(T).toISOString(),
      last: new Date(T + 60_000).toISOString(),
      spanMs: 60_000,
    });
    expect(summary.histogram.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(2);
    const text = stats.text();
    expect(text).toContain(
      `implausible  4 (3 distinct): times outside 2000-01-01T00:00:00.000Z..${new Date(NOW + DAY).toISOString()}, left out below\n`,
    );
    expect(text).toContain("mentions by creation time, per ");
  });

  it("shows no times nor histogram when every match is implausible", () => {
    const stats = new ScanStats(plausible);
    stats.add(key(1, 2, 3, 4), 5);
    expect(stats.text()).toBe(
      `matches      1\ndistinct     1\nimplausible  1 (1 distinct): times outside 2000-01-01T00:00:00.000Z..${new Date(NOW + DAY).toISOString()}, left out below\n`,
    );
    expect(JSON.parse(stats.json())).toMatchObject({ first: null, last: null, spanMs: null, histogram: [] });
  });

  it("believes every time in a window without bounds", () => {
    const stats = new ScanStats(plausibleWindow("..", NOW));
    stats.add(key(1, 2, 3, 4), 0);
    expect(JSON.parse(stats.json())).toMatchObject({ implausible: { matches: 0 }, plausible: { from: null, until: null }, first: "1970-01-01T00:00:00.000Z" });
  });
});

describe("time windows", () => {
  it("defaults the plausible window to 2000-01-01 up to a day after now", () => {
    expect(plausibleWindow(undefined, NOW)).toEqual({ from: PLAUSIBLE_FROM, to: NOW + DAY });
    expect(PLAUSIBLE_FROM).toBe(Date.parse("2000-01-01T00:00:00Z"));
  });

  it.each([
    ["2024-01-01..2025-01-01", Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
    ["2024-01-01..", Date.UTC(2024, 0, 1), Infinity],
    ["..1700000000000", -Infinity, 1_700_000_000_000],
    ["..", -Infinity, Infinity],
  ])("reads --plausible %s", (text, from, to) => {
    expect(plausibleWindow(text, NOW)).toEqual({ from, to });
  });

  it.each(["2024", "2024-01-01", "a..b..c"])("refuses --plausible %j: no FROM..UNTIL", (text) => {
    expect(() => plausibleWindow(text, NOW)).toThrow(/--plausible must be FROM\.\.UNTIL/);
  });

  it.each(["2025-01-01..2024-01-01", "2024-01-01..2024-01-01"])("refuses --plausible %j: an empty window", (text) => {
    expect(() => plausibleWindow(text, NOW)).toThrow(/--plausible FROM must be before UNTIL/);
  });

  it("refuses --since at or after --until, and takes either alone", () => {
    expect(() => selectedWindow("2026-04-15T03:00", "2026-04-15T02:00")).toThrow(/--since must be before --until/);
    expect(() => selectedWindow("5", "5")).toThrow(UsageError);
    expect(selectedWindow("5", undefined)).toEqual({ from: 5, to: Infinity });
    expect(selectedWindow(undefined, undefined)).toEqual({ from: -Infinity, to: Infinity });
  });
});
