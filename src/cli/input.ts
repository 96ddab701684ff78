/** The input of `decode`, `scan` and `validate -`: a file, or standard input for "-" or no argument. */
import { fstatSync, readSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { systemReason as reason } from "./system-error.js";
import { InputError } from "./usage.js";

/** Bytes per read from a file: large reads keep the per-chunk costs (a call, a scan window loop) negligible. */
const READ_SIZE = 1 << 20;

export interface Input {
  /** Size in bytes when known (a regular file), for the progress bar. */
  size: number | undefined;
  /** The bytes, in order. A chunk is valid only until the next one is read (a file is read into one buffer). */
  chunks: AsyncIterable<Uint8Array>;
}

/** Opens `path` ("-" or undefined: standard input); a file that cannot be opened is an InputError naming it. */
export async function openInput(path: string | undefined): Promise<Input> {
  if (path === undefined || path === "-") {
    checkStdin();
    return { size: undefined, chunks: readStream(process.stdin, "standard input") };
  }
  let handle: FileHandle | undefined;
  try {
    handle = await open(path);
    const stats = await handle.stat();
    if (stats.isDirectory()) throw directoryError();
    const regular = stats.isFile();
    return { size: regular ? stats.size : undefined, chunks: readFile(handle, path, regular) };
  } catch (error) {
    await handle?.close();
    throw new InputError(`cannot read ${path}: ${reason(error)}`);
  }
}

/**
 * Standard input must be something to read: Node gives a directory (`< /tmp`) as an empty stream, which would make
 * `validate -` succeed on nothing.
 */
function checkStdin(): void {
  try {
    if (fstatSync(0).isDirectory()) throw directoryError();
  } catch (error) {
    throw new InputError(`cannot read standard input: ${reason(error)}`);
  }
}

/** The fault of a directory given as input, found by its stat (opening one succeeds, and stdin reads as empty). */
function directoryError(): Error {
  return Object.assign(new Error("it is a directory"), { code: "EISDIR" });
}

/** A stream's chunks, a read error turned into an InputError naming the input. */
async function* readStream(stream: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch (error) {
    throw new InputError(`cannot read ${name}: ${reason(error)}`);
  }
}

/**
 * A file's bytes, read into one reused buffer (so memory stays flat), then the file closed. A regular file is read
 * synchronously: such a read never waits for a writer, and an asynchronous one waits for a thread of the pool,
 * which on a busy machine cost scan ~1 ms a chunk (~60 ms of 0.3 s over a 58 MB log). Anything else (a pipe given
 * as /dev/fd/N, a device) is read asynchronously, so a stalled writer cannot stall Ctrl-C.
 */
async function* readFile(handle: FileHandle, name: string, regular: boolean): AsyncGenerator<Uint8Array> {
  // A Buffer, not a plain Uint8Array: Buffer#indexOf is memchr, which makes counting lines cheap.
  const buffer = Buffer.alloc(READ_SIZE);
  try {
    for (;;) {
      let bytesRead: number;
      try {
        bytesRead = regular ? readSync(handle.fd, buffer, 0, READ_SIZE, null) : (await handle.read(buffer, 0, READ_SIZE, null)).bytesRead;
      } catch (error) {
        throw new InputError(`cannot read ${name}: ${reason(error)}`);
      }
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
