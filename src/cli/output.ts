/**
 * Standard output for streaming commands. Each write resolves once the stream is done with the bytes, so callers
 * reuse one buffer for every chunk and memory stays flat however long the stream; a reader that falls behind
 * simply delays the next chunk. A reader that goes away (`ulid generate 1000000000 | head`) ends the process
 * quietly: EPIPE exits with status 0 and no message.
 */

const encoder = new TextEncoder();

export class Output {
  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {}

  /** Writes `bytes`; resolves when they are written (or the write failed: a failure is the "error" event's). */
  write(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.stream.write(bytes, () => resolve()));
  }

  /** Writes text, as UTF-8. */
  text(text: string): Promise<void> {
    return this.write(encoder.encode(text));
  }
}

/** Makes a closed reader (EPIPE on stdout) end the process quietly, with status 0. */
export function exitQuietlyOnBrokenPipe(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}
