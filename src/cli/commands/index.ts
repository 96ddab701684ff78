/**
 * The `ulid` command's subcommands, in the order `ulid --help` lists them (their names: command-names.ts), each
 * loaded when first asked for: a run evaluates its own subcommand's modules and not the others' (the bundle keeps
 * each behind a lazy initialiser).
 */
import type { Command } from "../command.js";

export const COMMAND_LOADERS: Readonly<Record<string, () => Promise<Command>>> = {
  new: async () => (await import("./new.js")).newCommand,
  monotonic: async () => (await import("./monotonic.js")).monotonicCommand,
  "from-time": async () => (await import("./from-time.js")).fromTimeCommand,
  parse: async () => (await import("./parse.js")).parseCommand,
  validate: async () => (await import("./validate.js")).validateCommand,
  generate: async () => (await import("./generate.js")).generateCommand,
  decode: async () => (await import("./decode.js")).decodeCommand,
  scan: async () => (await import("./scan.js")).scanCommand,
};

/** The subcommand named `name`, loaded; undefined for no subcommand (a name such as "toString" included). */
export async function loadCommand(name: string): Promise<Command | undefined> {
  return Object.hasOwn(COMMAND_LOADERS, name) ? COMMAND_LOADERS[name]!() : undefined;
}

/** Every subcommand, in order. */
export function allCommands(): Promise<Command[]> {
  return Promise.all(Object.values(COMMAND_LOADERS).map((load) => load()));
}
