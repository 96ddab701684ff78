/**
 * The text of a stream around its newest chunk, for reading a TypeID at a match's offset: the scanner's
 * `columns: true` results hold a TypeID's UUID bytes, not its prefix. A chunk's matches may start in the chunks
 * before it (a match split across chunks is reported with the chunk that ends it), at most a match's width before,
 * so the last TAIL_BYTES of the earlier text are kept beside the newest chunk. Read by `read_ids`' thread (its `id`
 * column: id-texts.ts) and by the inspector's (playground/typeid-prefixes.ts).
 */

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
  byteAt(offset: number): number {
    if (offset >= this.chunkStart) return offset - this.chunkStart < this.chunk.length ? this.chunk[offset - this.chunkStart]! : -1;
    return offset >= this.tailStart ? this.tail[offset - this.tailStart]! : -1;
  }

  /** Bytes of the word at stream offset `offset`: a TypeID match's whole text (prefix, "_", suffix) when one starts there. */
  wordLength(offset: number): number {
    let at = offset;
    for (let byte = this.byteAt(at); byte >= 0 && isWordByte(byte); byte = this.byteAt(++at));
    return at - offset;
  }
}
