/**
 * The `ulid` command's subcommands, by name: main.ts's commands (commands/index.ts, a test checks they agree),
 * named here apart so that the bin (bin.ts) can tell them without loading them.
 */
export const COMMAND_NAMES: readonly string[] = ["new", "monotonic", "from-time", "parse", "validate", "generate", "decode", "scan"];
