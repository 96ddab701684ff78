/** The shape of one `ulid` subcommand (one file each under commands/). */
import type { OptionSpec, ParsedArgs } from "./usage.js";

export interface Command {
  readonly name: string;
  /** Arguments as shown in usage lines: "new [N]". */
  readonly synopsis: string;
  /** One line for `ulid --help`. */
  readonly summary: string;
  /**
   * The rest of `ulid <command> --help`: a description, the options, examples. (Commands make it when asked, with
   * a getter: the tables of types in it are a share of every start of the command otherwise.)
   */
  readonly details: string;
  /** Its options for `node:util` parseArgs (`--help` is added to every command). */
  readonly options: OptionSpec;
  /** Runs with its parsed arguments; resolves to the exit status (0, or 1 for bad data). */
  run(args: ParsedArgs): Promise<number>;
}

/** The full help text of a command. */
export function helpText(command: Command): string {
  return `Usage: ulid ${command.synopsis}\n\n${command.summary}\n\n${command.details.trim()}\n`;
}
