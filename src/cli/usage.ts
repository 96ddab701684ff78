/**
 * Command-line arguments: parsing with `node:util` parseArgs, and the usage errors (exit status 2) it and the
 * commands raise. Every command gets `--help` / `-h`.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closest } from "./suggest.js";

/** A mistake in how the command was called: exit status 2, with a pointer to the command's help. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Input that cannot be read (a missing file, a directory): exit status 2, naming the file. */
export class InputError extends Error {
  override readonly name = "InputError";
}

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Parses `args` against `options` (plus --help); unknown options and missing values are usage errors, and a
 * mistyped option gets a "did you mean".
 */
export function parseCommandArgs(args: string[], options: OptionSpec): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { values, positionals };
  } catch (error) {
    // parseArgs throws a TypeError with an ERR_PARSE_ARGS_* code and a readable message; its first sentence says
    // what is wrong, the rest is advice about "--" that rarely applies here.
    const message = (error instanceof Error ? error.message : String(error)).split(". ")[0]!;
    throw new UsageError(message + suggestion(message, [...Object.keys(options), "help"]));
  }
}

/** " (did you mean '--json'?)" after "Unknown option '--jsn'", when one of `names` is that close. */
function suggestion(message: string, names: readonly string[]): string {
  const typed = /^Unknown option '--([^'=]+)'$/.exec(message)?.[1];
  const guess = typed === undefined ? undefined : closest(typed, names);
  return guess === undefined ? "" : ` (did you mean '--${guess}'?)`;
}

/** A count argument: a non-negative integer in decimal (underscores allowed: 10_000_000). */
export function parseCount(text: string, name: string): number {
  const digits = text.replaceAll("_", "");
  const count = /^\d+$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(count)) {
    throw new UsageError(`${name} must be a non-negative integer, got ${JSON.stringify(text)}`);
  }
  return count;
}

/** At most `max` positionals, else a usage error naming the first extra one. */
export function checkPositionals(positionals: string[], max: number): void {
  if (positionals.length > max) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[max])}`);
}
