/**
 * Several formats in one scan, on both engines: a list of formats or "all", each match naming its format, in text
 * order, a span reported once (the longest match, and of equal spans the format listed first), against each
 * format's regular-expression reference (helpers/scan-reference.ts) on a mixed log; in one pass, in random chunk
 * splits, through a Web stream, from a string; across the scan window's edge; and the option's faults.
 */
import { describe, expect, it } from "vitest";
import { scanChunks, scanStream, scanText, type ScanOptions, type UlidMatch } from "../src/index.js";
import { SCAN_BYTES } from "../src/engine/types.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { latin1 } from "./helpers/reference.js";
import { byteChunks, randomChunks, randomMixedLog, referenceFormatsScan, referenceScan } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";

const TYPEID = "user_01h455vb4pex5vsknk084sn02q";
const SUFFIX = "01h455vb4pex5vsknk084sn02q";
const UUID = "01890a5d-ac96-774b-bcce-b302099a8057";

const LISTS: (readonly ("ulid" | "uuidv7" | "typeid")[])[] = [
  ["ulid", "uuidv7", "typeid"],
  ["typeid", "ulid", "uuidv7"],
  ["uuidv7", "typeid"],
  ["ulid", "typeid"],
  ["typeid", "ulid"],
  ["uuidv7", "ulid"],
];

/** Every scannable format, in the registry's order: what "all" scans. */
const ALL = ["ulid", "uuidv7", "typeid", "objectid", "xid"];

async function collect(batches: AsyncGenerator<UlidMatch[]>): Promise<UlidMatch[]> {
  const all: UlidMatch[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

forEachEngine(() => {
  describe("several formats in one scan", () => {
    const text = randomMixedLog(100_000, 31);
    const bytes = latin1(text);

    it("finds each format's matches as its reference does, each span once, in text order", () => {
      for (const list of LISTS) {
        const expected = referenceFormatsScan(text, list);
        for (const format of list) expect(expected.filter((match) => match.format === format).length).toBeGreaterThan(20);
        expect(scanText(bytes, { format: list, lines: true })).toEqual(expected);
        expect(scanText(bytes, { format: list })).toEqual(expected.map(({ line: _, ...match }) => match));
      }
    });

    it('"all" is every scannable format in the registry\'s order', () => {
      expect(scanText(bytes, { format: "all", lines: true })).toEqual(referenceFormatsScan(text, ALL));
    });

    it("keeps a single format's results as they were: no format named", () => {
      expect(scanText(bytes, { format: "ulid", lines: true })).toEqual(referenceScan(bytes));
      expect(scanText(bytes, { format: ["ulid"], lines: true })).toEqual(referenceFormatsScan(text, ["ulid"]));
    });

    it("settles overlaps: the longest span, then the format listed first", () => {
      const line = `a ${TYPEID} b ${SUFFIX} c ${SUFFIX.toUpperCase()} d ${UUID}`;
      const found = (format: ScanOptions["format"]): [string, string | undefined][] =>
        scanText(line, { format }).map((match) => [match.id, match.format]);
      expect(found("all")).toEqual([
        [TYPEID, "typeid"],
        [SUFFIX.toUpperCase(), "ulid"],
        [SUFFIX.toUpperCase(), "ulid"],
        [UUID, "uuidv7"],
      ]);
      expect(found(["typeid", "ulid"])).toEqual([
        [TYPEID, "typeid"],
        [SUFFIX, "typeid"],
        [SUFFIX.toUpperCase(), "ulid"],
      ]);
      expect(found(["ulid", "uuidv7"])).toEqual([
        [SUFFIX.toUpperCase(), "ulid"],
        [SUFFIX.toUpperCase(), "ulid"],
        [SUFFIX.toUpperCase(), "ulid"],
        [UUID, "uuidv7"],
      ]);
    });

    it("reports a TypeID once whichever window its prefix and its suffix fall in", () => {
      for (let at = SCAN_BYTES - 120; at < SCAN_BYTES + 8; at++) {
        const log = `${" ".repeat(at)}${TYPEID} ${SUFFIX}\n`;
        const offsets = scanText(latin1(log), { format: ["ulid", "typeid"], lines: true }).map(({ offset, format, line }) => [offset, format, line]);
        expect(offsets).toEqual([
          [at, "typeid", 1],
          [at + TYPEID.length + 1, "ulid", 1],
        ]);
      }
    });

    it("finds in chunks, split anywhere, what one pass finds", async () => {
      const expected = referenceFormatsScan(text, ALL);
      const small = latin1(text.slice(0, 3_000));
      for (const [chunks, want] of [
        [randomChunks(bytes, 64, 1), expected],
        [randomChunks(bytes, 4_096, 2), expected],
        [randomChunks(bytes, 100_000, 3), expected],
        [byteChunks(small), referenceFormatsScan(text.slice(0, 3_000), ALL)],
      ] as const) {
        expect(await collect(scanChunks(chunks, { format: "all", lines: true }))).toEqual(want);
      }
      const streamed = await throughTransform(scanStream({ format: ALL as ScanOptions["format"], lines: true }), randomChunks(bytes, 1_000, 4));
      expect(streamed.flat()).toEqual(expected);
    });

    it("finds in a string what it finds in its bytes", () => {
      expect(scanText(text, { format: "all", lines: true })).toEqual(scanText(bytes, { format: "all", lines: true }));
    });

    it("refuses a list that is empty, repeats a format, names one it cannot scan, or cannot be read", () => {
      const { proxy, revoke } = Proxy.revocable(["ulid"], {});
      revoke();
      const throwing = new Proxy(["ulid", "typeid"], {
        get: (target, key) => {
          if (key === "1") throw new Error("no");
          return Reflect.get(target, key);
        },
      });
      for (const bad of [[], ["ulid", "ulid"], ["ulid", "ksuid"], ["nope"], "every", ["ulid", 5], proxy, throwing, ["ulid", "uuidv7", "typeid", "ulid"]]) {
        expect(faultOf(() => scanText("", { format: bad as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => scanStream({ format: bad as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
      expect(() => scanText("", { format: ["ulid", "flake"] })).toThrow(/cannot be told from ordinary words/);
    });

    it("says what is wrong with a list: the element that names no format, the one named twice, its length", () => {
      const ulid = "a 01ARYZ6S410000000000000000";
      // An undefined or a hole in a list is no format, not the default one.
      expect(() => scanText(ulid, { format: [undefined] as never })).toThrow("the `format[0]` option must be a scannable format's name, got undefined");
      expect(() => scanText(ulid, { format: ["uuidv7", , "ulid"] as never })).toThrow("`format[1]`");
      expect(() => scanText(ulid, { format: ["ulid", "typeid", "ulid"] })).toThrow(/each once, got "ulid" twice$/);
      expect(() => scanText(ulid, { format: [] as never })).toThrow(/1 to 5 formats, got a list of 0$/);
      for (const length of [Number.NaN, 1.5]) {
        const lying = new Proxy(["ulid"], { get: (target, key) => (key === "length" ? length : Reflect.get(target, key)) });
        expect(faultOf(() => scanText(ulid, { format: lying as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
      const throwing = new Proxy(["ulid"], { get: (target, key) => (key === "0" ? ((): never => { throw new RangeError("no"); })() : Reflect.get(target, key)) });
      expect(() => scanText(ulid, { format: throwing as never })).toThrow("the `format` option cannot be read: reading it threw RangeError: no");
      expect(() => scanText(ulid, { plausible: { get from(): number { throw new TypeError("no"); } } })).toThrow(
        "the `plausible` option cannot be read: reading it threw TypeError: no",
      );
    });
  });
});
