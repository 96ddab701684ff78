/**
 * The `ulid` command: generate, inspect, validate, decode and find ULIDs, at engine speed and in constant memory.
 * A thin layer over the library: each subcommand is one file under commands/. Exit status: 0 ok, 1 bad data (an
 * invalid ID or time), 2 a usage error or unreadable input, 3 standard output could not be written (output.ts).
 */
// First: it starts compiling the WebAssembly module while the rest loads (run-command.ts).
import { exitWith, runCommand } from "./run-command.js";
import { helpText } from "./command.js";
import { COMMANDS } from "./commands/index.js";
import { stdoutStream } from "./output.js";
import { packageVersion } from "./package-version.js";
import { message } from "./progress.js";
import { closest } from "./suggest.js";

const OVERVIEW = `Usage: ulid <command> [arguments]

Generate, inspect, validate, decode and find ULIDs, at engine speed and in constant memory.

Commands:
${COMMANDS.map((command) => `  ${command.synopsis}\n      ${command.summary}`).join("\n")}

TIME is Unix ms or ISO-8601 (2026-04-15, 2026-04-15T05:11:38.123Z); without an offset it is UTC.
Exit status: 0 ok, 1 bad data (an invalid ID or time), 2 a usage error or unreadable input, 3 standard
output could not be written (a full disk; a reader that stops early, as 'head' does, is no error).
Run 'ulid <command> --help' for a command's options and examples, 'ulid --version' for the version.
`;

/** "unknown command "scna" (did you mean "scan"?)". */
function unknownCommand(name: string): string {
  const guess = closest(name, COMMANDS.map((command) => command.name));
  return `unknown command ${JSON.stringify(name)}${guess === undefined ? "" : ` (did you mean ${JSON.stringify(guess)}?)`}`;
}

/** Runs `ulid` with `argv` (the arguments after the program name); resolves to the exit status. */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === "--version" || name === "-V") {
    stdoutStream().write(`${packageVersion()}\n`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    // `ulid help help` asks about help itself: the overview says how to get help.
    if (args[0] === undefined || args[0] === "help") {
      stdoutStream().write(OVERVIEW);
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === args[0]);
    if (command === undefined) {
      message(`ulid help: ${unknownCommand(args[0])}\nRun 'ulid --help' for the commands.\n`);
      return 2;
    }
    stdoutStream().write(helpText(command));
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    if (name === undefined) {
      message(`ulid: missing command\n\n${OVERVIEW}`);
    } else {
      message(`ulid: ${unknownCommand(name)}\nRun 'ulid --help' for the commands.\n`);
    }
    return 2;
  }
  return runCommand(command, args);
}

exitWith(main(process.argv.slice(2)));
