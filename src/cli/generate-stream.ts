/** Streaming many new IDs to standard output in chunks, in constant memory, with a progress bar for long runs. */
import type { IdFormat, IdSource } from "./id-format.js";
import type { Output } from "./output.js";
import { Progress } from "./progress.js";

/**
 * IDs per chunk: the library's own generation step (it reads the clock once per 8192 IDs), so a chunk costs one
 * clock read and each ID carries the time it was made in, to the millisecond.
 */
const CHUNK = 8192;

/**
 * Writes `count` IDs from `source`: text lines, or binary records with `binary`. IDs are made CHUNK at a time
 * into two buffers reused for every chunk.
 */
export async function streamIds(
  format: IdFormat,
  source: IdSource,
  count: number,
  binary: boolean,
  out: Output,
): Promise<void> {
  const ids = new Uint8Array(format.binaryBytes * CHUNK);
  const text = new Uint8Array((format.textChars + 1) * CHUNK);
  const progress = new Progress("IDs", count);
  for (let done = 0; done < count; ) {
    const n = Math.min(CHUNK, count - done);
    const chunk = source(n, ids.subarray(0, format.binaryBytes * n));
    await out.write(binary ? chunk : format.text(chunk, text));
    done += n;
    await progress.update(done);
  }
  progress.clear();
}
