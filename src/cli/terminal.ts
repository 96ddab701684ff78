/**
 * Whether standard output or standard error is a terminal, told without making Node's stream for it where a stat
 * can tell: making `process.stdout` or `process.stderr` loads Node's streams (and for a pipe, its sockets), a few
 * ms of every start of the command, which writes its output with plain writes and needs neither stream.
 */
import { type Stats, fstatSync, statSync } from "node:fs";

/** The stat of descriptor `fd`, or undefined where it is closed. */
export function descriptorStats(fd: number): Stats | undefined {
  try {
    return fstatSync(fd);
  } catch {
    return undefined;
  }
}

/** The stat of the file at `path` (standard input for "-"), or undefined where there is none or it cannot be read. */
export function pathStats(path: string): Stats | undefined {
  if (path === "-") return descriptorStats(0);
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether `fd` (1 or 2; `stats`, its stat when known) is a terminal. Only a character device can be one; of those,
 * /dev/null (the same device number), where output is most often sent to be dropped, is told by a stat; any other
 * is asked of its stream.
 */
export function isTerminal(fd: 1 | 2, stats = descriptorStats(fd)): boolean {
  if (stats === undefined || !stats.isCharacterDevice() || isDevNull(stats)) return false;
  return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
}

function isDevNull(stats: Stats): boolean {
  try {
    return statSync("/dev/null").rdev === stats.rdev;
  } catch {
    return false; // No /dev/null (Windows): the stream tells.
  }
}
