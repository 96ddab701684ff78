/**
 * The input of `decode`, `scan`, `parse` and `validate`: a file, or standard input for "-" or no argument (for
 * `parse` and `validate`, no ID).
 */
import { type Stats, closeSync, fstatSync, open, openSync, read, readSync, statSync } from "node:fs";
import { nodeModule } from "./node-module.js";
import { systemReason as reason } from "./system-error.js";
import { InputError, UsageError } from "./usage.js";

/**
 * Bytes per read from a file: large reads keep the per-chunk costs (a call, a scan window loop) negligible, and a
 * smaller buffer touches fewer fresh pages at the start (each costs a page fault). 512 KiB against 1 MiB: up to
 * 0.6 ms less of a 1.4 MB scan's 39 ms on Node 26, the same time for 200 MB; 256 KiB made a sparse 200 MB scan 9%
 * slower (docs/performance.md).
 */
export const READ_SIZE = 1 << 19;

export interface Input {
  /** Size in bytes when known (a regular file), for the progress bar. */
  size: number | undefined;
  /** The bytes, in order. A chunk is valid only until the next one is read (a file is read into one buffer). */
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Opens `path` ("-" or undefined: standard input); a file that cannot be opened is an InputError naming it. A
 * regular file is read from byte `from` on (`scan --jobs` reads what its ranges left of the file).
 */
export async function openInput(path: string | undefined, from = 0): Promise<Input> {
  if (path === undefined || path === "-") {
    const stdin = checkStdin();
    // A regular file (`< ids.txt`) or a pipe: plain reads; a terminal or a socket: Node's stream.
    if (stdin.isFile() || stdin.isFIFO()) return { size: stdin.isFile() ? stdin.size : undefined, chunks: readStdin() };
    return { size: undefined, chunks: readStream(process.stdin, "standard input") };
  }
  let fd: number | undefined;
  try {
    fd = await openFile(path);
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw directoryError();
    const regular = stats.isFile();
    return { size: regular ? Math.max(0, stats.size - from) : undefined, chunks: readFile(fd, path, regular, from) };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    throw new InputError(`cannot read ${path}: ${reason(error)}`);
  }
}

/**
 * Opens `path` for reading. A regular file (or a directory, refused by the caller) opens at once, synchronously;
 * anything else (a FIFO, which waits for its writer to open it, a device) opens on libuv's thread pool, so that
 * Ctrl-C still ends a command waiting for it. (The callback API, not node:fs/promises, which loads Node's streams:
 * a share of every start of the command.)
 */
function openFile(path: string): Promise<number> | number {
  const stats = statSync(path);
  if (stats.isFile() || stats.isDirectory()) return openSync(path, "r");
  return new Promise((resolve, reject) => open(path, "r", (error, fd) => (error ? reject(error) : resolve(fd))));
}

/**
 * The IDs `parse` and `validate` were given, or with none "-" (standard input, one ID per line, as `decode` reads
 * it without a file) when standard input is a pipe or a file. A terminal would wait for typing: no ID there is a
 * usage error.
 */
export async function idsOrStandardInput(positionals: string[]): Promise<string[]> {
  if (positionals.length > 0) return positionals;
  // Loaded here alone: every other run of the command is spared loading the tty module.
  const { isatty } = await nodeModule<typeof import("node:tty")>("node:tty");
  if (!isatty(0)) return ["-"];
  throw new UsageError("missing ID: give one or more IDs, or - (or a pipe) to read standard input");
}

/**
 * Standard input must be something to read: Node gives a directory (`< /tmp`) as an empty stream, which would make
 * `validate -` succeed on nothing.
 */
function checkStdin(): Stats {
  try {
    const stats = fstatSync(0);
    if (stats.isDirectory()) throw directoryError();
    return stats;
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
 * Standard input that is a regular file or a pipe, read with plain blocking reads (see `readChunks`). Node's
 * stream over a pipe costs far more CPU time than the reads themselves (bench/cli.mjs --pipeline, `cat ids.txt |
 * ulid decode`). A pipe read returns what the pipe holds (up to
 * 64 KiB), so a live input (`kubectl logs -f | ulid scan`) is handled as it comes; a read that waits for the
 * writer holds the event loop, and Ctrl-C, which ends the writer too, ends it. Standard input left non-blocking
 * (EAGAIN: a parent may set that) is read as a stream from there on.
 */
function readStdin(): AsyncGenerator<Uint8Array> {
  return readChunks("standard input", (buffer) => readSync(0, buffer, 0, buffer.length, null), () => process.stdin);
}

/**
 * A file's bytes from byte `from`, then the file closed. A regular file is read synchronously: such a read never
 * waits for a writer, and an asynchronous one waits for a thread of the pool, which on a busy machine costs scan a
 * wait per chunk. Anything else (a pipe given as /dev/fd/N, a device) is read asynchronously,
 * so a stalled writer cannot stall Ctrl-C.
 */
async function* readFile(fd: number, name: string, regular: boolean, from: number): AsyncGenerator<Uint8Array> {
  let position = from;
  const readRegular = (buffer: Buffer): number => {
    const bytesRead = readSync(fd, buffer, 0, buffer.length, position);
    position += bytesRead;
    return bytesRead;
  };
  const readOther = (buffer: Buffer): Promise<number> =>
    new Promise((resolve, reject) => read(fd, buffer, 0, buffer.length, null, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))));
  try {
    yield* readChunks(name, regular ? readRegular : readOther);
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes `read` puts into one reused buffer (so memory stays flat) until it reads none, a failed read turned
 * into an InputError naming the input. A read that would block (EAGAIN) hands over to the stream `nonBlocking`
 * makes of the same input (made only then: Node's stream over a pipe makes the pipe non-blocking).
 */
async function* readChunks(
  name: string,
  read: (buffer: Buffer) => number | Promise<number>,
  nonBlocking?: () => AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  // A Buffer, not a plain Uint8Array: Buffer#indexOf is memchr, which makes counting lines cheap.
  const buffer = Buffer.alloc(READ_SIZE);
  for (;;) {
    let bytesRead: number;
    try {
      bytesRead = await read(buffer);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === "EAGAIN" && nonBlocking !== undefined) {
        yield* readStream(nonBlocking(), name);
        return;
      }
      // Windows reports the end of a pipe as an error.
      if (code === "EOF") return;
      throw new InputError(`cannot read ${name}: ${reason(error)}`);
    }
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}
