/** The `ulid` command's subcommands, in the order `ulid --help` lists them (their names: command-names.ts). */
import type { Command } from "../command.js";
import { decodeCommand } from "./decode.js";
import { fromTimeCommand } from "./from-time.js";
import { generateCommand } from "./generate.js";
import { monotonicCommand } from "./monotonic.js";
import { newCommand } from "./new.js";
import { parseCommand } from "./parse.js";
import { scanCommand } from "./scan.js";
import { validateCommand } from "./validate.js";

export const COMMANDS: readonly Command[] = [
  newCommand,
  monotonicCommand,
  fromTimeCommand,
  parseCommand,
  validateCommand,
  generateCommand,
  decodeCommand,
  scanCommand,
];
