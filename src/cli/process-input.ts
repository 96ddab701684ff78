/** Feeding an input through a chunked core (a scanner, a line decoder), with a progress bar for long work. */
import type { Input } from "./input.js";
import { Progress } from "./progress.js";

const NO_BYTES = new Uint8Array(0);

/**
 * Calls `push` with every chunk of `input`, then with the end of input (`final`, an empty chunk), and `after`
 * after each push, even one that throws, so output made before a fault is still written.
 */
export async function processInput(
  input: Input,
  push: (chunk: Uint8Array, final: boolean) => void,
  after: () => Promise<void>,
): Promise<void> {
  const progress = new Progress("bytes", input.size);
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
      progress.update(done);
    }
    await step(NO_BYTES, true);
  } finally {
    progress.finish();
  }
}
