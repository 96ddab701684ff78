/**
 * The `ulid` command's subcommands, by name: main.ts's commands (commands/index.ts, a test checks they agree),
 * named here apart so that the bin (bin.ts) can tell them without loading them.
 */
export const COMMAND_NAMES: readonly string[] = ["new", "monotonic", "from-time", "parse", "validate", "generate", "decode", "scan"];

/**
 * The subcommand that `argv` (the arguments after the program name) runs, or undefined when it runs none: another
 * word, or a subcommand's help (`--help`, `-h`), which runs little of it.
 */
export function subcommandRun([name, ...args]: readonly string[]): string | undefined {
  return name !== undefined && COMMAND_NAMES.includes(name) && !args.includes("--help") && !args.includes("-h") ? name : undefined;
}
