/**
 * Scans of texts that hold the most matches their length can (XIDs, the shortest scannable IDs, one space apart),
 * on both engines, at every size the scan's arrays are made for: a text of a few bytes, texts around a scan window
 * and past two, and streams whose chunks grow from a few bytes to whole windows. A scan sizes its match lists to the
 * windows it has seen and a whole text's columns to its length (src/scan/match-finder.ts, match-columns.ts), so a
 * bound that fell short here would lose or garble matches. The reference is a regular expression over the text.
 */
import { describe, expect, it } from "vitest";
import { scanChunks, scanText, xid, type ScanColumns, type ScanOptions, type UlidMatch } from "../src/index.js";
import { FORMAT_SPECS } from "../src/engine/specs.js";
import { SCAN_BYTES, SHORTEST_SCAN_CHARS, mostMatches } from "../src/engine/types.js";
import { forEachEngine } from "./helpers/engines.js";
import { latin1, pseudoRandomBytes } from "./helpers/reference.js";
import { referenceXidScan } from "./helpers/scan-reference.js";

/** `count` XIDs of pseudo-random bytes, one space apart: the densest text scanning can meet. */
function packedXids(count: number, seed: number): string {
  const bytes = pseudoRandomBytes(12 * count, seed);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(xid.encode(bytes.subarray(12 * i, 12 * i + 12)));
  return ids.join(" ");
}

/** Chunks of `bytes` whose sizes grow from 1 byte, doubling, to a scan window and more. */
function growingChunks(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0, size = 1; at < bytes.length; at += size, size = Math.min(2 * size, 3 * SCAN_BYTES)) {
    chunks.push(bytes.subarray(at, at + size));
  }
  return chunks;
}

/** Columns as [offset, time, format] rows. */
function columnRows(columns: ScanColumns): [number, number, string][] {
  return Array.from({ length: columns.count }, (_, i) => [columns.offsets[i]!, columns.times[i]!, columns.names[columns.formats[i]!]!]);
}

function objectRows(matches: readonly UlidMatch[]): [number, number, string][] {
  return matches.map((match) => [match.offset, match.time, match.format ?? "xid"]);
}

/** Lengths of packed texts: short ones, and ones whose end falls around the first and second scan window's end. */
const COUNTS = [0, 1, 2, 3, 7, 50, 194, 195, 196, 3119, 3120, 3121, 3122, 6240, 6241, 6242, 9400];

describe("the bound on a window's matches", () => {
  it("counts IDs of the shortest scannable format: a shorter one would overflow the match arrays unseen", () => {
    const scannable = FORMAT_SPECS.filter((spec) => spec.scan !== undefined);
    expect(Math.min(...scannable.map((spec) => spec.chars))).toBe(SHORTEST_SCAN_CHARS);
  });
});

forEachEngine(() => {
  describe("scans of texts packed with matches", () => {
    for (const format of ["xid", "all", ["ulid", "xid"]] as ScanOptions["format"][]) {
      it(`finds every match at every size, as objects and as columns (format ${JSON.stringify(format)})`, () => {
        for (const count of COUNTS) {
          const text = packedXids(count, count + 1);
          // Every byte but the spaces is an ID's: the most matches this length holds.
          expect(count).toBe(mostMatches(text.length));
          const expected = referenceXidScan(text).map(({ offset, time }): [number, number, string] => [offset, time, "xid"]);
          expect(expected).toHaveLength(count);
          for (const input of [text, latin1(text)]) {
            expect(objectRows(scanText(input, { format }))).toEqual(expected);
            expect(columnRows(scanText(input, { format, columns: true }))).toEqual(expected);
          }
        }
      });

      it(`finds every match in chunks that grow to whole windows (format ${JSON.stringify(format)})`, async () => {
        const text = packedXids(12_000, 7);
        const expected = referenceXidScan(text).map(({ offset, time }): [number, number, string] => [offset, time, "xid"]);
        const objects: UlidMatch[] = [];
        for await (const matches of scanChunks(growingChunks(latin1(text)), { format })) objects.push(...matches);
        expect(objectRows(objects)).toEqual(expected);
        const rows: [number, number, string][] = [];
        for await (const columns of scanChunks(growingChunks(latin1(text)), { format, columns: true })) rows.push(...columnRows(columns));
        expect(rows).toEqual(expected);
      });
    }

    it("gives a short text's matches in arrays of their own size", () => {
      const text = packedXids(3, 11);
      const columns = scanText(text, { format: "xid", columns: true });
      expect([columns.offsets.length, columns.times.length, columns.formats.length, columns.ends.length, columns.bytes.length]).toEqual([3, 3, 3, 3, 36]);
      expect(columns.bytes.buffer.byteLength).toBe(36);
    });
  });
});
