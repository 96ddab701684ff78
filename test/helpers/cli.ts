/** Runs the built `ulid` command (dist/cli.cjs, built by `npm test`'s pretest) as a real process. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../../dist/cli.cjs", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Node's options that leave it without WebAssembly, so the command runs on its TypeScript engine: --jitless, as a
 * runtime without a JIT compiler. On Node 20 and 22, --jitless alone turns WebAssembly off with a warning on
 * standard error (V8 disables --expose-wasm, which conflicts with it); turning that off too says so, and V8 has
 * nothing to warn about. Node 24's V8 has no --expose-wasm (it refuses the option), and --jitless alone is silent.
 */
export const WITHOUT_WASM: readonly string[] = Number(process.versions.node.split(".")[0]) < 24 ? ["--jitless", "--no-expose-wasm"] : ["--jitless"];

/**
 * Runs `ulid ...args` (under Node's `nodeOptions`, if any), writing `input` (if any) to its standard input, with
 * `env` added to the environment; resolves when it exits.
 */
export function runCli(
  args: readonly string[],
  input?: string | Uint8Array,
  env?: Record<string, string>,
  nodeOptions: readonly string[] = [],
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, CLI, ...args], { stdio: ["pipe", "pipe", "pipe"], env: env && { ...process.env, ...env } });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (status) => {
      resolve({ status, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") });
    });
    child.stdin.end(input);
  });
}

/** Runs `ulid ...args` and returns its standard output as raw bytes (for binary output). */
export function runCliBytes(args: readonly string[]): Promise<{ status: number | null; stdout: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(chunks) }));
  });
}

/** A match as `ulid scan --json` prints it (`file` first with several files or -H). */
export interface ScanJsonMatch {
  file?: string;
  line: number;
  offset: number;
  type: string;
  id: string;
  time: number;
  iso: string;
}

/** The lines of command output, without the final newline's empty string. */
export function lines(text: string): string[] {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}
