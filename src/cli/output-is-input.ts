/**
 * Refusing an output that is one of the command's inputs, as grep refuses an input that is also its output: `-o
 * FILE` would be emptied before it is read, and standard output appended to an input (`ulid scan app.log >>
 * app.log`) would grow it for as long as it is read.
 */
import { type Stats, fstatSync, statSync } from "node:fs";
import { UsageError } from "./usage.js";

/**
 * A usage error when `output` (a path, or 1 for standard output) is one of `inputs` (paths, "-" for standard input).
 * Regular files only: /dev/null is both, harmlessly.
 */
export function refuseInputAsOutput(output: string | 1, inputs: readonly string[]): void {
  const written = statusOf(output);
  if (written === undefined || !written.isFile()) return;
  for (const input of inputs) {
    const read = statusOf(input);
    if (read !== undefined && read.dev === written.dev && read.ino === written.ino) {
      const what = output === 1 ? "standard output" : `-o ${output}`;
      const name = input === "-" ? "standard input" : input;
      const harm = output === 1 ? "it would grow as it is read" : "writing it would empty it before it is read";
      throw new UsageError(`${what} is also an input (${name}): ${harm}`);
    }
  }
}

/**
 * The status of the file at `path` (1: standard output; "-": standard input), or undefined when there is none: an
 * output not made yet, or an input whose fault is named when it is read.
 */
function statusOf(path: string | 1): Stats | undefined {
  try {
    return path === 1 ? fstatSync(1) : path === "-" ? fstatSync(0) : statSync(path);
  } catch {
    return undefined;
  }
}
