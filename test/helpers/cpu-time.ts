/**
 * CPU time for the tests that bound how much work a call does ("fails fast", "does not spin"): the time this process
 * ran, which another process loading the machine does not stretch, as it does wall-clock time.
 */

/** Milliseconds of CPU time (user and system) this process has used. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
