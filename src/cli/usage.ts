/**
 * Command-line arguments: parsing (the common forms here, every other form and every mistake by `node:util`
 * parseArgs), and the usage errors (exit status 2) it and the commands raise. Every command gets `--help` / `-h`.
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
  const all: OptionSpec = { ...options, help: { type: "boolean", short: "h" } };
  const common = parseCommonForms(args, all);
  if (common !== undefined) return common;
  try {
    const { values, positionals } = parseArgs({ args, options: all, allowPositionals: true, strict: true });
    // No option is `multiple`: no value is a list.
    return { values: values as ParsedArgs["values"], positionals };
  } catch (error) {
    // parseArgs throws a TypeError with an ERR_PARSE_ARGS_* code and a readable message; its first sentence says
    // what is wrong, the rest (on lines of its own, or after ". ") is advice about "--" that rarely applies here,
    // but for a value that starts with "-" (`--sid -1`), said in one line.
    const text = error instanceof Error ? error.message : String(error);
    const first = text.split(/\.(?:\s|$)/)[0]!;
    // Node's advice names the option's long form (`--jobs=-XYZ`), for `-j` too.
    const long = /argument is ambiguous$/.test(first) ? /use '(--[^=']+)=/.exec(text)?.[1] : undefined;
    const message = long === undefined ? first : `${first}: give a value that starts with "-" as ${long}=VALUE`;
    throw new UsageError(message + suggestion(message, [...Object.keys(options), "help"]));
  }
}

/**
 * `args` read as `parseArgs` reads them (strict, positionals allowed), when every one is of a common form: a
 * positional (`-` or anything not starting with `-`), a known option as `--name` (a boolean), `--name=value`,
 * `--name value`, `-n` or `-n value` (a string, its value not starting with `-`); else undefined, for `parseArgs`
 * to read them: every other form (`--`, groups such as `-Hj2`, repeated lists) and every mistake, with its message.
 * Why: `node:util`'s parser costs 0.5-0.8 ms of every start (its module loaded, then run cold), and a scan of a
 * small log is mostly start. test/cli-usage.test.ts checks the two agree on random arguments.
 */
export function parseCommonForms(args: readonly string[], options: OptionSpec): ParsedArgs | undefined {
  const values: ParsedArgs["values"] = Object.create(null) as ParsedArgs["values"];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    let value: string | undefined;
    if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      name = arg.slice(2, equals < 0 ? undefined : equals);
      if (equals >= 0) value = arg.slice(equals + 1);
      if (!Object.hasOwn(options, name)) return undefined;
    } else {
      name = arg.length === 2 ? Object.keys(options).find((key) => options[key]!.short === arg[1]) : undefined;
      if (name === undefined) return undefined;
    }
    const option = options[name]!;
    if (option.multiple === true) return undefined;
    if (option.type === "boolean") {
      if (value !== undefined) return undefined;
      values[name] = true;
      continue;
    }
    if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith("-")) return undefined;
      i++;
    }
    values[name] = value;
  }
  for (const [name, option] of Object.entries(options)) {
    if (option.default !== undefined && values[name] === undefined) values[name] = option.default as string | boolean;
  }
  return { values, positionals };
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
