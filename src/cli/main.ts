/**
 * The `ulid` command: generate, inspect, validate, decode and find ULIDs, at engine speed and in constant memory.
 * A thin layer over the library: each subcommand is one file under commands/. Exit status: 0 ok, 1 bad data (an
 * invalid ID or time), 2 a usage error or unreadable input, 3 standard output could not be written (output.ts).
 */
// First: it starts compiling the WebAssembly module while the rest loads (command-wasm-files.ts).
import { COMMAND_BINARIES, earlyModule } from "./command-wasm-files.js";
import { UlidError } from "../index.js";
import { useCompiledModule, useWasmBinaries } from "../internal.js";
import { helpText } from "./command.js";
import { COMMANDS } from "./commands/index.js";
import { OUTPUT_FAILED, OutputError, stdoutStream } from "./output.js";
import { packageVersion } from "./package-version.js";
import { message } from "./progress.js";
import { closest } from "./suggest.js";
import { InputError, UsageError, parseCommandArgs } from "./usage.js";

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
    if (args[0] === undefined) {
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
  try {
    const parsed = parseCommandArgs(args, command.options);
    if (parsed.values.help === true) {
      stdoutStream().write(helpText(command));
      return 0;
    }
    // The module compiled while the bundle loaded, for the engine to instantiate (or, where it failed, compile its own).
    const compiled = await earlyModule;
    if (compiled) useCompiledModule(compiled, true);
    return await command.run(parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      const { name: commandName, synopsis } = command;
      message(
        `ulid ${commandName}: ${error.message}\nUsage: ulid ${synopsis}\nRun 'ulid ${commandName} --help' for more.\n`,
      );
      return 2;
    }
    if (error instanceof InputError) {
      message(`ulid ${command.name}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof OutputError) {
      message(`ulid ${command.name}: ${error.message}\n`);
      return OUTPUT_FAILED;
    }
    if (error instanceof UlidError) {
      message(`ulid ${command.name}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

useWasmBinaries(COMMAND_BINARIES);
// No top-level await: this module is bundled as CommonJS (bin.ts says why).
main(process.argv.slice(2)).then((status) => {
  // Not `process.exit()`, which would spare the wait for V8's compiler threads (a few ms of a small scan): with a
  // compile job waiting for a garbage collection on the main thread, it deadlocks (seen on Node 26 under
  // test/cli-scan-jobs.test.ts). Node ends the process when the event loop is empty.
  process.exitCode = status;
});
