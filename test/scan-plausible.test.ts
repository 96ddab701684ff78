/**
 * The `plausible` option on every scanning call (scanText over bytes and strings, scanChunks, scanStream), one
 * format and several, on both engines: exactly the reference's matches with from <= time < until, bounds as Unix
 * ms or Dates, either side open; and its faults.
 */
import { describe, expect, it } from "vitest";
import { scanChunks, scanStream, scanText, type ScanOptions, type UlidMatch } from "../src/index.js";
import { scannableNames } from "../src/internal.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { latin1 } from "./helpers/reference.js";
import { randomChunks, randomMixedLog, referenceFormatsScan, referenceScan } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";

const Y2000 = Date.UTC(2000, 0, 1);
const Y2030 = Date.UTC(2030, 0, 1);

async function collect(batches: AsyncGenerator<UlidMatch[]>): Promise<UlidMatch[]> {
  const all: UlidMatch[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

forEachEngine(() => {
  describe("plausible times", () => {
    const text = randomMixedLog(60_000, 41);
    const bytes = latin1(text);
    const windows: [ScanOptions["plausible"], number, number][] = [
      [{ from: Y2000, until: Y2030 }, Y2000, Y2030],
      [{ from: new Date(Y2000), until: new Date(Y2030) }, Y2000, Y2030],
      [{ from: Y2000 + 0.5 }, Y2000 + 0.5, Infinity],
      [{ until: new Date(Y2000) }, -Infinity, Y2000],
      [{}, -Infinity, Infinity],
      [{ from: -Infinity, until: Infinity }, -Infinity, Infinity],
      [{ from: Y2030, until: Y2000 }, Y2030, Y2000],
    ];

    it("keeps the matches with from <= time < until, on every call, one format or several", async () => {
      for (const [plausible, from, until] of windows) {
        const keep = (match: { time: number }): boolean => match.time >= from && match.time < until;
        const all = referenceFormatsScan(text, scannableNames());
        const ulids = referenceScan(bytes);
        expect(all.filter(keep).length).toBeLessThanOrEqual(all.length);
        expect(scanText(bytes, { format: "all", lines: true, plausible })).toEqual(all.filter(keep));
        expect(scanText(text, { format: "all", lines: true, plausible })).toEqual(all.filter(keep));
        expect(scanText(bytes, { lines: true, plausible })).toEqual(ulids.filter(keep));
        expect(await collect(scanChunks(randomChunks(bytes, 2_000, 5), { format: "all", lines: true, plausible }))).toEqual(all.filter(keep));
        const streamed = await throughTransform(scanStream({ lines: true, plausible }), randomChunks(bytes, 700, 6));
        expect(streamed.flat()).toEqual(ulids.filter(keep));
      }
      // The log holds both kinds, so the windows above drop some matches and keep others.
      const all = scanText(bytes, { format: "all" });
      expect(scanText(bytes, { format: "all", plausible: { from: Y2000, until: Y2030 } }).length).toBeGreaterThan(10);
      expect(scanText(bytes, { format: "all", plausible: { from: Y2000, until: Y2030 } }).length).toBeLessThan(all.length - 10);
    });

    it("refuses a window it cannot read", () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      for (const plausible of [5, null, "2000..", proxy, { from: "2000-01-01" }, { from: Number.NaN }, { until: new Date(Number.NaN) }, { until: 10n }]) {
        expect(faultOf(() => scanText("", { plausible: plausible as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        expect(faultOf(() => scanStream({ plausible: plausible as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
      expect(() => scanText("", { plausible: { from: "x" as never } })).toThrow(/`plausible.from` option/);
    });
  });
});
