/**
 * Standard output for streaming commands. Each write resolves once the stream is done with the bytes, so callers
 * reuse one buffer for every chunk and memory stays flat however long the stream; a reader that falls behind
 * simply delays the next chunk. A failed write ends the process (`outputFailed`).
 */
import { closeSync, writeSync } from "node:fs";
import type { ByteWriter } from "../printer/byte-writer.js";
import { message, stderrStream } from "./progress.js";
import { systemReason } from "./system-error.js";
import { descriptorStats, isTerminal } from "./terminal.js";

const encoder = new TextEncoder();

/**
 * Writes retried at once on a full pipe (EAGAIN) before the rest goes through the stream, which waits for the
 * reader through the event loop. Only a standard output left non-blocking meets this (see `blockingPipe`): a
 * reader keeping pace drains the pipe within microseconds, and a turn of the event loop per 64 KiB pipe-full cost
 * more than the IDs' making. A slow reader costs this many failed writes, a few hundred microseconds, then the wait.
 */
const FULL_PIPE_RETRIES = 256;

/**
 * Makes a piped standard output blocking again, and says whether it did. A shell's pipe is blocking, and Node leaves
 * it so as long as nothing makes `process.stdout` (which makes it non-blocking); a writer to a non-blocking pipe
 * either spins on a full pipe (EAGAIN) or goes round the event loop per pipe-full, while a blocking write sleeps
 * in the kernel until the reader has made room and wakes as soon as it has: less wall and CPU time than retrying
 * for `ulid generate 10000000 | ulid decode` (bench/cli.mjs --pipeline). Nothing waits on the event loop while a
 * write blocks, and that is safe here: a command whose standard output is a pipe draws no progress line, so it
 * installs no Ctrl-C handler (progress.ts) and Ctrl-C ends it at once, as it ends any program blocked on a pipe.
 * The mode belongs to the pipe's open file, which others may share and set non-blocking at any time: the parent,
 * this process's own standard error under `2>&1` (Node makes it non-blocking when it first touches the stream, so
 * that is done first here), or another Node process writing the same pipe. Every write below therefore takes
 * EAGAIN as that, makes the pipe blocking again and goes on. `setBlocking` is the stdio handle's own (libuv's
 * uv_stream_set_blocking); where a runtime lacks it, `write`'s retries apply, and `syncWriter` sleeps between
 * tries. A socket is left as it is.
 */
function blockingPipe(): boolean {
  stderrStream();
  const handle = (stdoutStream() as { _handle?: { setBlocking?: (blocking: boolean) => number } })._handle;
  return handle?.setBlocking?.(true) === 0;
}

/**
 * Whether standard output takes every write at once: a regular file, a device other than a terminal (/dev/null), or
 * a pipe (blocking, or made so on the first EAGAIN: see `blockingPipe`). Decided once, on the first Output.
 */
let stdoutSynchronous: boolean | undefined;
/** Standard output is a pipe; false once `blockingPipe` failed on it. */
let stdoutPipe = false;

function prepareStdout(): boolean {
  const stats = descriptorStats(1);
  if (stats === undefined) return false;
  stdoutPipe = stats.isFIFO();
  return stdoutPipe || stats.isFile() || (stats.isCharacterDevice() && !isTerminal(1, stats));
}

/** `process.stdout`, made on first use, its failed writes ending the process (`outputFailed`). */
let stdout: NodeJS.WriteStream | undefined;

export function stdoutStream(): NodeJS.WriteStream {
  if (stdout === undefined) {
    stdout = process.stdout;
    stdout.on("error", outputFailed);
  }
  return stdout;
}

/**
 * `writeSync` to standard output, or the failure ending the process (`outputFailed`); -1 for EAGAIN, after making a
 * pipe blocking (again: see `blockingPipe`).
 */
function writeStdout(bytes: Uint8Array, from: number): number {
  try {
    return writeSync(1, bytes, from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") outputFailed(error as NodeJS.ErrnoException);
    if (stdoutPipe && !blockingPipe()) stdoutPipe = false;
    return -1;
  }
}

/** What a synchronous writer waits on between tries, where a pipe cannot be made blocking (`syncWriter`). */
const pause = new Int32Array(new SharedArrayBuffer(4));

export class Output {
  constructor() {
    stdoutSynchronous ??= prepareStdout();
  }

  /**
   * Where standard output takes every write at once (see `stdoutSynchronous`), a function that writes bytes out
   * before it returns, so they may be a view that is gone afterwards (`ulid decode`'s lines in WebAssembly memory);
   * else undefined. A failed write ends the process, as in `write`.
   */
  syncWriter(): ((bytes: Uint8Array) => void) | undefined {
    if (!stdoutSynchronous) return undefined;
    return (bytes) => {
      // After EAGAIN a pipe is blocking again and the next write waits for the reader; one that cannot be made so
      // (a runtime without `setBlocking`) is retried every millisecond, the thread asleep in between.
      for (let done = 0; done < bytes.length; ) {
        const written = writeStdout(bytes, done);
        if (written >= 0) done += written;
        else if (!stdoutPipe) Atomics.wait(pause, 0, 0, 1);
      }
    };
  }

  /**
   * Writes `bytes`; resolves when they are written (or the write failed: a failure is the "error" event's). Standard
   * output takes them in plain writes, skipping the stream's machinery per call (a share of `decode`'s CPU
   * time at pipe speed), which wait on a full pipe (see `blockingPipe`); one left non-blocking (EAGAIN) gets the
   * rest through the stream after FULL_PIPE_RETRIES, and the stream waits for the reader. Nothing is ever left
   * queued in the stream when the next write comes (each resolves once its bytes are out), so the two ways keep the
   * bytes in order.
   */
  write(bytes: Uint8Array): Promise<void> {
    let done = 0;
    let retries = 0;
    while (done < bytes.length && retries <= FULL_PIPE_RETRIES) {
      const written = writeStdout(bytes, done);
      if (written >= 0) {
        done += written;
        retries = 0;
      } else {
        retries++;
      }
    }
    if (done === bytes.length) return Promise.resolve();
    return new Promise((resolve) => stdoutStream().write(bytes.subarray(done), () => resolve()));
  }

  /**
   * Writes what `writer` holds, then clears it for the next chunk's lines. Every chunk's lines are written when it
   * is done, not held back for bigger writes: a live input (`kubectl logs -f | ulid scan`) shows its matches as
   * they come.
   */
  async drain(writer: ByteWriter): Promise<void> {
    await this.write(writer.view());
    writer.clear();
  }

  /** Writes text, as UTF-8. */
  text(text: string): Promise<void> {
    return this.write(encoder.encode(text));
  }
}

/** Exit status when standard output cannot be written: apart from bad data (1) and usage or input errors (2). */
export const OUTPUT_FAILED = 3;

/** A file given with -o that cannot be created or written: exit status OUTPUT_FAILED, naming the file. */
export class OutputError extends Error {
  override readonly name = "OutputError";
}

/**
 * Ends the process for a failed write to standard output. A reader that went away (EPIPE: `ulid generate
 * 1000000000 | head`; ECONNRESET when standard output is a socket whose reader closed it with bytes unread, as a
 * parent process's pipe is) ends it quietly with status 0, as usual for pipes; any other failure (a full disk:
 * ENOSPC, EIO) with one line on standard error and status 3.
 */
function outputFailed(error: NodeJS.ErrnoException): never {
  if (error.code === "EPIPE" || error.code === "ECONNRESET") process.exit(0);
  message(`ulid: cannot write standard output: ${systemReason(error)}\n`);
  // On exit Node restores a terminal's settings on standard output, and aborts with a native stack trace when
  // that fails, as it does on a terminal gone away (EIO). It skips a closed descriptor, and nothing more is
  // written: closing it first leaves the one line above and the status.
  try {
    closeSync(1);
  } catch {
    // Closed already.
  }
  process.exit(OUTPUT_FAILED);
}
