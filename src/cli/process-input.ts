/** Feeding an input through a chunked core (a scanner, a line decoder), with a progress bar for long work. */
import type { Input } from "./input.js";
import { Progress } from "./progress.js";

const NO_BYTES = new Uint8Array(0);

/**
 * Calls `push` with every chunk of `input`, then with the end of input (`final`, an empty chunk), and `after`
 * after each push, even one that throws, so output made before a fault is still written. `quiet`: nothing is
 * written to standard output until the end (see `Progress`). `jobProgress`: the progress line of a job of several
 * inputs, which this one's bytes advance (its caller clears it); without it the input has a line of its own.
 * Resolves to the bytes read.
 */
export async function processInput(
  input: Input,
  push: (chunk: Uint8Array, final: boolean) => void,
  after: () => Promise<void>,
  quiet = false,
  jobProgress?: Progress,
): Promise<number> {
  const progress = jobProgress ?? new Progress("bytes", input.size, quiet);
  const step = async (chunk: Uint8Array, final: boolean): Promise<void> => {
    try {
      push(chunk, final);
    } finally {
      await after();
    }
  };
  let done = 0;
  try {
    for await (const chunk of input.chunks) {
      await step(chunk, false);
      done += chunk.length;
      await progress.update(done);
    }
    await step(NO_BYTES, true);
  } finally {
    if (jobProgress === undefined) progress.clear();
  }
  return done;
}
