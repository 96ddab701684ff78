/**
 * The command's WebAssembly module (assembly/command/index.ts: the library's kernels and the command's own), read
 * from the files the build copies beside its bundle (dist/cli.simd.wasm and dist/cli.scalar.wasm, tsup.config.ts).
 * Reading a file is cheaper at every start than an embedded build: the bundle's compile (or its compile cache)
 * skips ~160 kB of string literals, and the bytes need no decoding.
 *
 * A run of a subcommand that loads the engine starts compiling the SIMD build as the bundle starts loading
 * (`earlyModule`): V8 compiles it on a thread of its own while this thread loads the rest of the bundle, where the
 * engine's own compile, on first use, would take 0.3-0.5 ms of the run's start. run-command.ts imports this file
 * first, and both bundles' entries (main.ts, scan-main.ts) import run-command.ts first, so it is the first module of
 * either bundle to run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { WasmBinaries } from "../internal.js";
import { subcommandRun } from "./command-names.js";

/**
 * The subcommands whose runs load the engine (test/cli-start-modules.test.ts checks). Not `parse`, which reads one ID
 * in JavaScript, nor `validate`, which loads it only for IDs read from standard input, not for IDs given as
 * arguments.
 */
export const ENGINE_COMMANDS: readonly string[] = ["new", "monotonic", "from-time", "generate", "decode", "scan"];

/** One build's bytes (`build`: "simd" or "scalar"), read by path: a file URL costs its parse at every start. */
function readBuild(build: string): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(join(import.meta.dirname, `cli.${build}.wasm`));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>;
}

export const COMMAND_BINARIES: WasmBinaries = { simd: () => readBuild("simd"), scalar: () => readBuild("scalar") };

/**
 * The SIMD build as `WebAssembly.compile` makes it, started as this module loads when the process runs a subcommand
 * of ENGINE_COMMANDS (not its help); undefined when not started (another subcommand, a runtime without WebAssembly,
 * the file not readable). It resolves to null where the runtime refuses the build (no SIMD): the engine then
 * compiles from COMMAND_BINARIES as it loads, the scalar build where the SIMD one fails (after trying the SIMD one
 * again), and says why when none loads.
 */
export const earlyModule: Promise<WebAssembly.Module | null> | undefined = startCompile(process.argv.slice(2));

function startCompile(argv: readonly string[]): Promise<WebAssembly.Module | null> | undefined {
  const command = subcommandRun(argv);
  if (command === undefined || !ENGINE_COMMANDS.includes(command) || typeof WebAssembly !== "object") return undefined;
  try {
    return WebAssembly.compile(readBuild("simd")).catch(() => null);
  } catch {
    return undefined;
  }
}
