/** Streaming many new IDs to standard output in chunks, in constant memory, with a progress bar for long runs. */
import type { ColumnarFile } from "../printer/columnar-file.js";
import { IdRows } from "../printer/columnar-file.js";
import type { IdFormat, IdSource } from "./id-format.js";
import type { Output } from "./output.js";
import { Progress } from "./progress.js";

/**
 * IDs per chunk: the library's own generation step (it reads the clock once per 8192 IDs), so a chunk costs one
 * clock read and each ID carries the time it was made in, to the millisecond.
 */
const CHUNK = 8192;

/**
 * Bytes of text made and written at a time: half of a pipe's default 64 KiB (Linux). The reader of a pipe (`ulid
 * generate N | ulid decode`) then has the last piece to work on while the next is made, where a chunk's 221 KB,
 * made whole and then written, left it waiting while the text was made and the writer waiting while it read: the
 * two ran in turn. Chosen from bench/cli.mjs --pipeline (pieces against whole chunks, alternating).
 */
const PIECE_BYTES = 32 * 1024;

/**
 * Writes `count` IDs from `source`: text lines, or binary records with `binary`. IDs are made CHUNK at a time
 * and their text PIECE_BYTES at a time, into two buffers reused throughout.
 */
export async function streamIds(
  format: IdFormat,
  source: IdSource,
  count: number,
  binary: boolean,
  out: Output,
): Promise<void> {
  const idBytes = format.binaryBytes;
  const ids = new Uint8Array(idBytes * CHUNK);
  const piece = Math.max(1, Math.floor(PIECE_BYTES / (format.textChars + 1)));
  const text = new Uint8Array((format.textChars + 1) * piece);
  const progress = new Progress("IDs", count);
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const chunk = source(n, ids.subarray(0, idBytes * n));
    if (binary) {
      await out.write(chunk);
    } else {
      for (let at = 0; at < n; at += piece) {
        await out.write(format.text(chunk.subarray(at * idBytes, Math.min(at + piece, n) * idBytes), text));
      }
    }
    done += n;
    await progress.update(done);
  }
  progress.clear();
}

/**
 * Writes `count` IDs from `source` as the rows of a columnar file (its columns: `IdRows`), CHUNK at a time, and
 * finishes the file.
 */
export async function streamIdColumns(format: IdFormat, source: IdSource, count: number, file: ColumnarFile): Promise<void> {
  const idBytes = format.binaryBytes;
  const record = format.textChars + 1;
  const ids = new Uint8Array(idBytes * CHUNK);
  const text = new Uint8Array(record * CHUNK);
  const times = new Float64Array(CHUNK);
  const rows = new IdRows(file);
  const progress = new Progress("IDs", count);
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const chunk = source(n, ids.subarray(0, idBytes * n));
    const lines = format.text(chunk, text);
    if (format.varyingWidth) rows.addIdLines(lines, chunk, format.times(chunk, lines, times), n);
    else rows.addIds(lines, record, format.textChars, chunk, format.times(chunk, lines, times), n);
    await rows.flush();
    done += n;
    await progress.update(done);
  }
  progress.clear();
  await file.finish();
}
