/**
 * Refusing an output that is one of the command's inputs, as grep refuses an input that is also its output: `-o
 * FILE` would be emptied before it is read, and standard output appended to an input (`ulid scan app.log >>
 * app.log`) would grow it for as long as it is read.
 */
import { descriptorStats, pathStats } from "./terminal.js";
import { UsageError } from "./usage.js";

/**
 * A usage error when `output` (a path, or 1 for standard output) is one of `inputs` (paths, "-" for standard input).
 * Regular files only: /dev/null is both, harmlessly.
 */
export function refuseInputAsOutput(output: string | 1, inputs: readonly string[]): void {
  const written = output === 1 ? descriptorStats(1) : pathStats(output);
  if (written === undefined || !written.isFile()) return;
  for (const input of inputs) {
    const read = pathStats(input);
    if (read !== undefined && read.dev === written.dev && read.ino === written.ino) {
      const what = output === 1 ? "standard output" : `-o ${output}`;
      const name = input === "-" ? "standard input" : input;
      const harm = output === 1 ? "it would grow as it is read" : "writing it would empty it before it is read";
      throw new UsageError(`${what} is also an input (${name}): ${harm}`);
    }
  }
}
