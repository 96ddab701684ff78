/**
 * The kernels' skips (the SIMD build's prefilters, the scalar build's probes, the TypeScript engine's), on both
 * engines: an ID at every offset from a window's start and end, after filler that nearly matches (runs of 25
 * canonical characters, groups of 8, hyphens 5 apart), and random text dense in the alphabet and in hyphens, each
 * against the regular-expression reference of every format.
 */
import { describe, expect, it } from "vitest";
import { scanText } from "../src/index.js";
import { SCAN_BYTES } from "../src/engine/types.js";
import { forEachEngine } from "./helpers/engines.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { referenceFormatsScan } from "./helpers/scan-reference.js";

const ULID = "01ARYZ6S41TSV4RRFFQ69G5FAV";
const UUID = "01890a5d-ac96-774b-bcce-b302099a8057";
const TYPEID = "user_01h455vb4pex5vsknk084sn02q";
const FORMATS = ["ulid", "uuidv7", "typeid"] as const;

/** Filler that nearly matches: runs one short, groups of 8 canonical characters, hyphens 5 apart, aliases. */
const NEAR = [
  "0123456789ABCDEFGHJKMNPQR ",
  "ABCDEFGH-abcdefgh ",
  "aaaa-bbbb-cccc-dddd-eeee ",
  "01890a5d-ac96-474b-bcce-b302099a8057 ",
  "01ARYZ6S41TSV4RRFFQ69G5FAVW ",
  "01ARYZ6S41TSVIRRFFQ69G5FAV ",
  "x",
  " ",
];

function expectAsReference(text: string): void {
  for (const format of FORMATS) {
    const expected = referenceFormatsScan(text, [format]).map(({ offset, id }) => [offset, id]);
    const found = scanText(latin1(text), { format }).map(({ offset, id }) => [offset, id]);
    expect(found).toEqual(expected.map(([offset, id]) => [offset, format === "ulid" ? (id as string).toUpperCase() : format === "uuidv7" ? (id as string).toLowerCase() : id]));
  }
}

forEachEngine(() => {
  describe("the kernels' skips", () => {
    it("find an ID at every offset after near-miss filler, from the start and to the end of the text", () => {
      const next = seededUint32(9);
      for (let at = 0; at < 48; at++) {
        let filler = "";
        while (filler.length < at) filler += NEAR[next() % NEAR.length];
        filler = filler.slice(0, at);
        for (const id of [ULID, ULID.toLowerCase(), UUID, TYPEID]) {
          expectAsReference(`${filler}${filler.endsWith("x") ? " " : ""}${id} ${filler}`);
          expectAsReference(`${filler} ${id}`);
        }
      }
    });

    it("agree with the reference on random text dense in the alphabet and in hyphens", () => {
      const next = seededUint32(10);
      const pieces = [..."0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz", "-", "-", "_", " ", "\n", "i", "U", ULID, UUID, TYPEID, "01890a5d-", "-7"];
      let text = "";
      while (text.length < 3 * SCAN_BYTES) text += pieces[next() % pieces.length];
      expect(referenceFormatsScan(text, ["ulid"]).length).toBeGreaterThan(50);
      expectAsReference(text);
    });

    it("find IDs at every offset around a window's end", () => {
      for (let at = SCAN_BYTES - 60; at < SCAN_BYTES + 20; at += 1) {
        expectAsReference(`${"abcdefgh".repeat(at >> 3).slice(0, at)} ${ULID} ${UUID} ${TYPEID}\n`);
      }
    });
  });
});
