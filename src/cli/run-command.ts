/**
 * A run of one `ulid` subcommand, for both of the command's bundles: main.ts (every subcommand, help and the
 * version) and scan-main.ts (`ulid scan` alone, the bundle the bin runs for a scan); its exit statuses are main.ts's.
 */
// First: it starts compiling the WebAssembly module while the rest loads (command-wasm-files.ts).
import { COMMAND_BINARIES, earlyModule } from "./command-wasm-files.js";
import { UlidError } from "../index.js";
import { useCompiledModule, useWasmBinaries } from "../internal.js";
import { type Command, helpText } from "./command.js";
import { OUTPUT_FAILED, OutputError, stdoutStream } from "./output.js";
import { message } from "./progress.js";
import { InputError, UsageError, parseCommandArgs } from "./usage.js";

// The command's engine reads its module from the files beside the bundle (command-wasm-files.ts), before any run
// can load it: here, as each bundle's entry imports this module first.
useWasmBinaries(COMMAND_BINARIES);

/** Runs `command` with `args` (the arguments after its name); resolves to the exit status. */
export async function runCommand(command: Command, args: string[]): Promise<number> {
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

/**
 * Ends the process with the status `run` resolves to, once Node's event loop is empty. Not `process.exit()`, which
 * would spare the wait for V8's compiler threads (a few ms of a small scan): with a compile job waiting for a garbage
 * collection on the main thread, it deadlocks (seen on Node 26 under test/cli-scan-jobs.test.ts).
 */
export function exitWith(run: Promise<number>): void {
  // No top-level await: the bundles are CommonJS (bin.ts says why).
  run.then((status) => {
    process.exitCode = status;
  });
}
