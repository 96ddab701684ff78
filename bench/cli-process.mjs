// Runs the built `ulid` command (dist/cli.cjs) as a child process for the benchmarks: wall time, exit status, and
// the child's CPU time and peak resident memory, reported by a hook the child loads before the command (--import).
// CPU time is given beside wall time because the benchmark machine may be shared: it is what the work costs.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../dist/cli.cjs", import.meta.url));

/**
 * Prints the process's peak RSS (KiB) and CPU time (us) on standard error as it exits, however it exits. The peak is
 * /proc/self/status's VmHWM where there is one: Linux carries getrusage's maxRSS over exec, so a command started
 * by a large process (a benchmark holding its data) would report that process's peak as its own.
 */
const USAGE_HOOK = `data:text/javascript,${encodeURIComponent(
  'import { readFileSync } from "node:fs"; ' +
    'process.on("exit", () => { const u = process.resourceUsage(); let peak = u.maxRSS; ' +
    'try { peak = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]); } catch {} ' +
    'process.stderr.write(`\\nusage ${peak} ${u.userCPUTime + u.systemCPUTime}\\n`); });',
)}`;

/**
 * Runs `ulid ...args` with standard output going to `stdout` (a file descriptor, or "pipe": then `onStdout` gets
 * each chunk) and `stdin` from a file descriptor or "ignore"; `cli`, another build's dist/cli.cjs to compare with.
 * Resolves to { ms, cpuMs, peakRssMB, status, stderr }.
 */
export function runUlid(args, { stdin = "ignore", stdout = "ignore", onStdout, cli = CLI } = {}) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ["--import", USAGE_HOOK, cli, ...args], { stdio: [stdin, stdout, "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    if (onStdout) child.stdout.on("data", onStdout);
    child.on("error", reject);
    child.on("close", (status) => {
      const ms = performance.now() - start;
      const usage = /usage (\d+) (\d+)/.exec(stderr);
      resolve({
        ms,
        cpuMs: usage ? Number(usage[2]) / 1000 : NaN,
        peakRssMB: usage ? Number(usage[1]) / 1024 : NaN,
        status,
        stderr: stderr.replace(/\n?usage \d+ \d+\n/, ""),
      });
    });
  });
}

/** The median of `values` (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** The run with the median wall time of `runs` runs of `run` (an async function resolving to { ms, cpuMs, ... }). */
export async function medianRun(runs, run) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await run());
  return results.sort((a, b) => a.ms - b.ms)[runs >> 1];
}

/** Times a synchronous or async function in this process: { ms, cpuMs }. */
export async function timed(work) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}
