/**
 * The inspector's TypeID prefixes: a TypeID's prefix is not in its binary ID, so each is read from the text at its
 * match's offset (src/sql/chunk-text.ts, which `read_ids` reads its TypeIDs with too) and numbered for the store.
 */
import type { ScanColumns } from "ulid-wasm";
import type { ChunkText } from "../src/sql/chunk-text.js";

const UNDERSCORE = 0x5f;

/**
 * The prefix of the TypeID match at stream offset `offset`: the match is the whole word there (prefix, "_",
 * suffix), and the suffix holds no underscore, so the prefix is the word up to its last "_" ("" without one).
 */
function typeIdPrefix(text: ChunkText, offset: number): string {
  let end = offset + text.wordLength(offset);
  while (end > offset && text.byteAt(end - 1) !== UNDERSCORE) end--;
  let prefix = "";
  for (let at = offset; at < end - 1; at++) prefix += String.fromCharCode(text.byteAt(at));
  return prefix;
}

/**
 * Each match's TypeID prefix in a chunk's columns, as `intern` numbers it (0 for other formats and for a TypeID
 * without a prefix), read from `text`, which holds the chunk the columns come from.
 */
export function typeIdPrefixes(columns: ScanColumns, text: ChunkText, intern: (prefix: string) => number): Uint32Array {
  const prefixes = new Uint32Array(columns.count);
  const typeId = columns.names.indexOf("typeid");
  if (typeId < 0) return prefixes;
  for (let i = 0; i < columns.count; i++) {
    if (columns.formats[i] === typeId) prefixes[i] = intern(typeIdPrefix(text, columns.offsets[i]!));
  }
  return prefixes;
}
