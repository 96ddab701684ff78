/**
 * The text of a stream around its newest chunk, for reading a TypeID's prefix at a match's offset: the scanner's
 * `columns: true` results hold a TypeID's UUID bytes, not its prefix. A chunk's matches may start in the chunks
 * before it (a match split across chunks is reported with the chunk that ends it), at most a match's width before,
 * so the last TAIL_BYTES of the earlier text are kept beside the newest chunk.
 */
import type { ScanColumns } from "ulid-wasm";

/**
 * Bytes of the longest TypeID the scanner finds (a prefix of up to 63 characters, "_", a suffix of 26), and so
 * the furthest a chunk's match starts before the chunk.
 */
const TAIL_BYTES = 90;
const UNDERSCORE = 0x5f;

/** Whether `byte` is an ASCII letter, digit or underscore: a TypeID match is a whole word of them. */
function isWordByte(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === UNDERSCORE;
}

export class ChunkText {
  /** The last TAIL_BYTES (or fewer) of the text before `chunk`, starting at stream offset `tailStart`. */
  private tail: Uint8Array = new Uint8Array(0);
  private tailStart = 0;
  private chunk: Uint8Array = new Uint8Array(0);
  /** Stream offset of `chunk`'s first byte. */
  private chunkStart = 0;

  /** Takes the stream's next chunk; the one before it goes into the tail. */
  next(chunk: Uint8Array): void {
    const kept = Math.min(TAIL_BYTES, this.tail.length + this.chunk.length);
    const tail = new Uint8Array(kept);
    const fromChunk = Math.min(kept, this.chunk.length);
    tail.set(this.tail.subarray(this.tail.length - (kept - fromChunk)));
    tail.set(this.chunk.subarray(this.chunk.length - fromChunk), kept - fromChunk);
    this.tail = tail;
    this.chunkStart += this.chunk.length;
    this.tailStart = this.chunkStart - kept;
    this.chunk = chunk;
  }

  /** The byte at stream offset `offset`, or -1 outside the text held. */
  private byteAt(offset: number): number {
    if (offset >= this.chunkStart) return offset - this.chunkStart < this.chunk.length ? this.chunk[offset - this.chunkStart]! : -1;
    return offset >= this.tailStart ? this.tail[offset - this.tailStart]! : -1;
  }

  /**
   * The prefix of the TypeID match at stream offset `offset`: the match is the whole word there (prefix, "_",
   * suffix), and the suffix holds no underscore, so the prefix is the word up to its last "_" ("" without one).
   */
  typeIdPrefix(offset: number): string {
    let prefix = "";
    let word = "";
    for (let at = offset, byte = this.byteAt(at); byte >= 0 && isWordByte(byte); byte = this.byteAt(++at)) {
      if (byte === UNDERSCORE) prefix = word;
      word += String.fromCharCode(byte);
    }
    return prefix;
  }
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
    if (columns.formats[i] === typeId) prefixes[i] = intern(text.typeIdPrefix(columns.offsets[i]!));
  }
  return prefixes;
}
