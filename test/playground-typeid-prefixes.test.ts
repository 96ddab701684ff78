/**
 * The inspector's TypeID prefixes (playground/typeid-prefixes.ts, through src/sql/chunk-text.ts): read from the text
 * at each match's offset of the scanner's `columns: true` results, they are the prefixes of the object results'
 * TypeIDs, over random mixed logs cut into random chunks (matches split across chunks, chunks of one byte), and in
 * one piece.
 */
import { describe, expect, it } from "vitest";
import { ChunkText } from "../src/sql/chunk-text.js";
import { typeIdPrefixes } from "../playground/typeid-prefixes.js";
import { scanChunks, scanText } from "../src/index.js";
import { byteChunks, randomChunks, randomMixedLog } from "./helpers/scan-reference.js";

/** The prefixes `typeIdPrefixes` reads for every match of a scan of `chunks` ("" for other formats). */
async function prefixesRead(chunks: readonly Uint8Array[]): Promise<string[]> {
  const text = new ChunkText();
  const list = [""];
  const intern = (prefix: string): number => (list.includes(prefix) ? list.indexOf(prefix) : list.push(prefix) - 1);
  async function* source(): AsyncGenerator<Uint8Array> {
    for (const chunk of chunks) {
      text.next(chunk);
      yield chunk;
    }
  }
  const read: string[] = [];
  for await (const columns of scanChunks(source(), { format: "all", columns: true })) {
    for (const index of typeIdPrefixes(columns, text, intern)) read.push(list[index]!);
  }
  return read;
}

/** Each match's TypeID prefix as the object results write it ("" for other formats). */
function prefixesFound(log: Uint8Array): string[] {
  return scanText(log, { format: "all" }).map(({ format, id }) => (format === "typeid" && id.length > 26 ? id.slice(0, -27) : ""));
}

describe("TypeID prefixes read from the text at each match's offset", () => {
  it.each([1, 2, 3, 4])("a random mixed log (seed %i), in one piece and in random chunks", async (seed) => {
    const log = new TextEncoder().encode(randomMixedLog(20_000, seed));
    const expected = prefixesFound(log);
    expect(expected.filter((prefix) => prefix !== "").length).toBeGreaterThan(10);
    expect(await prefixesRead([log])).toEqual(expected);
    for (const maxChunk of [7, 50, 200, 5000]) expect(await prefixesRead(randomChunks(log, maxChunk, seed * 31 + maxChunk))).toEqual(expected);
  });

  it("chunks of one byte, with a prefix of 63 characters", async () => {
    const prefix = `a${"b_".repeat(30)}cd`;
    expect(prefix).toHaveLength(63);
    const log = new TextEncoder().encode(`x ${prefix}_01h455vb4pex5vsknk084sn02q y user_01h455vb4pex5vsknk084sn02q\n01h455vb4pex5vsknk084sn02q`);
    const expected = prefixesFound(log);
    expect(expected).toEqual([prefix, "user", ""]);
    expect(await prefixesRead(byteChunks(log))).toEqual(expected);
  });
});
