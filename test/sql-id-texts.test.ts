/**
 * `read_ids`' ID text (src/sql/id-texts.ts, over src/sql/chunk-text.ts): made from the scanner's `columns: true`
 * results, each chunk's IDs are the object results' `id`s, over random mixed logs in one piece and cut into random
 * chunks (IDs and TypeID prefixes split across chunks, chunks of one byte), for one format, lists and "all".
 */
import { describe, expect, it } from "vitest";
import { ChunkText } from "../src/sql/chunk-text.js";
import { idTexts } from "../src/sql/id-texts.js";
import { formats, scanChunks, scanText, type ScanOptions } from "../src/index.js";
import { byteChunks, randomChunks, randomMixedLog } from "./helpers/scan-reference.js";

/** The IDs `idTexts` makes for every match of a scan of `chunks`. */
async function idsMade(chunks: readonly Uint8Array[], format: ScanOptions["format"]): Promise<string[]> {
  const text = new ChunkText();
  async function* source(): AsyncGenerator<Uint8Array> {
    for (const chunk of chunks) {
      text.next(chunk);
      yield chunk;
    }
  }
  const made: string[] = [];
  for await (const columns of scanChunks(source(), { format, columns: true })) {
    const lines = Buffer.from(idTexts(columns, text, formats)).toString("latin1").split("\n");
    expect(lines.pop()).toBe("");
    made.push(...lines);
    expect(lines).toHaveLength(columns.count);
  }
  return made;
}

const FORMATS: ScanOptions["format"][] = ["all", "ulid", "typeid", "xid", ["typeid", "ulid"], ["uuidv7", "xid", "objectid"]];

describe("read_ids' ID text from columnar scan results", () => {
  it.each([1, 2, 3])("a random mixed log (seed %i), in one piece and in random chunks, for every format option", async (seed) => {
    const log = Uint8Array.from(randomMixedLog(20_000, seed), (char) => char.charCodeAt(0));
    for (const format of FORMATS) {
      const expected = scanText(log, { format }).map((match) => match.id);
      expect(expected.length).toBeGreaterThan(10);
      expect(await idsMade([log], format)).toEqual(expected);
      for (const maxChunk of [7, 50, 200, 5000]) expect(await idsMade(randomChunks(log, maxChunk, seed * 31 + maxChunk), format)).toEqual(expected);
    }
  });

  it("chunks of one byte, with a TypeID prefix of 63 characters", async () => {
    const prefix = `a${"b_".repeat(30)}cd`;
    const log = new TextEncoder().encode(`x ${prefix}_01h455vb4pex5vsknk084sn02q y user_01h455vb4pex5vsknk084sn02q\n01h455vb4pex5vsknk084sn02q 01ARYZ6S41TSV4RRFFQ69G5FAV`);
    for (const format of ["all", "typeid"] as const) {
      const expected = scanText(log, { format }).map((match) => match.id);
      expect(expected.slice(0, 2)).toEqual([`${prefix}_01h455vb4pex5vsknk084sn02q`, "user_01h455vb4pex5vsknk084sn02q"]);
      expect(await idsMade(byteChunks(log), format)).toEqual(expected);
    }
  });
});
