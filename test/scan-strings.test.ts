/**
 * `scanText` over strings, on both engines: offsets in UTF-16 code units, so `text.slice(offset, offset +
 * id.length)` is the match as written, whatever comes before it (astral characters as surrogate pairs, other
 * non-ASCII text, lone surrogates, terminal escapes). The reference is the same text scanned as UTF-8 bytes, its
 * byte offsets turned into code unit offsets; and a string of 100 MB scans without a fault.
 */
import { describe, expect, it } from "vitest";
import { UlidError, scanText, type UlidMatch } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { seededUint32 } from "./helpers/reference.js";
import { randomLog, randomTypeIdLog } from "./helpers/scan-reference.js";
import { SPEC_ZERO_RANDOM } from "./vectors.js";

const A = SPEC_ZERO_RANDOM.ulid;
const UUID = "01890a5d-ac96-774b-bcce-b302099a8057";
const utf8 = new TextEncoder();

/** Non-ASCII text: astral characters (surrogate pairs), other scripts, and what is a letter outside ASCII only. */
const WIDE = ["\u{1f600}", "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}", "\u{20bb7}", "\u00e9t\u00e9", "\u65e5\u672c", "\u0410", "\u00ff", "\u2028", "\ufeff"];

/** The matches of `text` scanned as UTF-8, their offsets in code units of `text`. */
function asUtf8(text: string, options: Parameters<typeof scanText>[1]): UlidMatch[] {
  const bytes = utf8.encode(text);
  return scanText(bytes, options).map((match) => ({
    ...match,
    offset: new TextDecoder().decode(bytes.subarray(0, match.offset)).length,
  }));
}

/** `log` (Latin-1 text) with non-ASCII text put in at random places: before, between and around the IDs. */
function widened(log: string, seed: number): string {
  const next = seededUint32(seed);
  let out = "";
  for (const char of log) {
    if (next() % 23 === 0) out += WIDE[next() % WIDE.length];
    // The Latin-1 logs' bytes past ASCII become characters of more than one UTF-8 byte, as the emoji do.
    out += char;
  }
  return out;
}

forEachEngine(() => {
  describe("scanText over a string", () => {
    it("gives offsets in UTF-16 code units, astral characters before and between the IDs", () => {
      const text = `\u{1f600} ${A} \u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u00e9${A.toLowerCase()}\u{20bb7}\n\u65e5 ${UUID}`;
      const found = scanText(text, { lines: true });
      expect(found.map(({ id, offset, line }) => [id, offset, line])).toEqual([
        [A, 3, 1],
        [A, text.indexOf(A.toLowerCase()), 1],
      ]);
      for (const match of found) expect(text.slice(match.offset, match.offset + match.id.length).toUpperCase()).toBe(match.id);
      const uuid = scanText(text, { format: "uuidv7", lines: true });
      expect(uuid).toEqual([{ id: UUID, offset: text.indexOf(UUID), time: 0x01890a5dac96, line: 2 }]);
      expect(text.slice(uuid[0]!.offset, uuid[0]!.offset + 36)).toBe(UUID);
    });

    it("reads a lone surrogate as a border, as any character past ASCII", () => {
      for (const lone of ["\ud800", "\udfff", "\udc00\ud800"]) {
        const text = `${lone}${A}${lone}x${lone}${A}`;
        expect(scanText(text).map(({ offset }) => offset)).toEqual([lone.length, 2 * lone.length + 27 + lone.length]);
      }
      // A letter of another script glues no more than an emoji does: IDs are ASCII, and so are their borders.
      expect(scanText(`\u0410${A}\u00e9`)).toHaveLength(1);
    });

    it("agrees with the same text scanned as UTF-8, for every scannable format", () => {
      const logs: [string, string][] = [
        ["ulid", widened(new TextDecoder("latin1").decode(randomLog(60_000, 24)), 1)],
        ["typeid", widened(randomTypeIdLog(60_000, 25), 2)],
        ["uuidv7", widened(`x ${UUID}\n${UUID.toUpperCase()}\u{1f600}${UUID}-${UUID}a ${UUID}`.repeat(300), 3)],
      ];
      for (const [format, text] of logs) {
        const options = { format: format as "ulid", lines: true };
        const found = scanText(text, options);
        expect(found.length).toBeGreaterThan(50);
        expect(found).toEqual(asUtf8(text, options));
        for (const { id, offset } of found) expect(text.slice(offset, offset + id.length).toLowerCase()).toBe(id.toLowerCase());
      }
    });

    it("finds IDs after colour codes and across the steps a long string is read in", () => {
      const filler = "\u{1f600}".repeat(40_000);
      const text = `${filler}\x1b[36m${A}\x1b[0m${"\u00e9".repeat(65_530)}${A}${filler}`;
      expect(scanText(text).map(({ offset }) => offset)).toEqual([filler.length + 5, filler.length + 5 + 26 + 4 + 65_530]);
    });

    it("scans a string of 100 MB without a fault", () => {
      const text = `${" ".repeat(50_000_000)}${A}${"-".repeat(50_000_000)}`;
      expect(scanText(text)).toEqual([{ id: A, offset: 50_000_000, time: SPEC_ZERO_RANDOM.time }]);
    });

    it("refuses what is neither a string nor bytes", () => {
      for (const bad of [null, 5, [1, 2], new Uint16Array(4), new String("x")]) {
        expect(() => scanText(bad as never)).toThrow(UlidError);
        expect(() => scanText(bad as never)).toThrow(/text must be a string or a Uint8Array/);
      }
    });
  });
});
