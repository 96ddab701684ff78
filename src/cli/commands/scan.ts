import { closeSync, fstatSync, openSync } from "node:fs";
import type { MatchVisitor } from "../../internal.js";
import { ByteWriter } from "../../printer/byte-writer.js";
import type { Command } from "../command.js";
import { READ_SIZE, openInput } from "../input.js";
import { Output } from "../output.js";
import { plausibleWindow, selectedWindow } from "../plausible.js";
import { ScanPool } from "../parallel/parallel-scan.js";
import { lastLineStart } from "../parallel/line-ranges.js";
import { processInput } from "../process-input.js";
import { Progress, message } from "../progress.js";
import { scanTargetOf } from "../scan-targets.js";
import { ScanLines } from "../../printer/scan-match-lines.js";
import { printingScanner } from "../../printer/wasm-scan-match-lines.js";
import { ScanStats } from "../../printer/scan-stats.js";
import { IdRows } from "../../printer/columnar-file.js";
import { ScanRows } from "../../printer/scan-columns.js";
import type { ScanTargets } from "../../printer/scan-target.js";
import type { TimeWindow } from "../../printer/time-window.js";
import { COLUMNAR_OPTIONS, type ColumnarChoice, columnarChoice, columnarHelp } from "../columnar-output.js";
import { InputError, UsageError } from "../usage.js";
import { refuseInputAsOutput } from "../output-is-input.js";
import { pathStats } from "../terminal.js";

/** The name grep gives standard input among files. */
const STDIN_NAME = "(standard input)";
/** The most threads --jobs takes. */
const MAX_JOBS = 256;

/** --jobs N: an integer from 1 to MAX_JOBS, or undefined when not given. */
function jobsOption(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const jobs = Number(value);
  if (typeof value !== "string" || !/^[0-9]+$/.test(value) || jobs < 1 || jobs > MAX_JOBS) {
    throw new UsageError(`--jobs must be a whole number from 1 to ${MAX_JOBS}, got ${JSON.stringify(value)}`);
  }
  return jobs;
}

/**
 * The threads to scan `path` with, and the bytes they scan (its whole lines as far as its size, `lastLineStart`),
 * when --jobs asks for more than one and `path` is a regular file with such lines; else undefined: one job (standard
 * input, pipes and anything else, and by default). One job reads the rest of the file, to its end, whatever its size
 * said. More threads are not the default: one job already scans at memory speed, bound by memory traffic and
 * Node's start, so a second thread competes for the same memory and gains little or loses, for more CPU time
 * (bench/cli.mjs, bench/scan-sizes.mjs --jobs; the measurements are in docs/performance.md).
 */
function parallelScan(path: string, jobs: number | undefined): { threads: number; size: number } | undefined {
  if (path === "-" || jobs === undefined || jobs === 1) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const stats = fstatSync(fd);
    const size = stats.isFile() ? lastLineStart(fd, stats.size) : 0;
    return size > 0 ? { threads: jobs, size } : undefined;
  } catch {
    return undefined; // openInput names the fault.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The bytes of every input of a scan, for one progress bar over all of them; undefined when one has no size known
 * in advance (standard input from a pipe, a FIFO). An input that cannot be read (a directory, a missing file)
 * counts nothing: it is skipped.
 */
export function totalSize(paths: readonly string[]): number | undefined {
  let total = 0;
  for (const path of paths) {
    // One that cannot be read is named by openInput.
    const stats = pathStats(path);
    if (stats === undefined || stats.isDirectory()) continue;
    if (!stats.isFile()) return undefined;
    total += stats.size;
  }
  return total;
}

export const scanCommand: Command = {
  name: "scan",
  synopsis: "scan [FILE...] [--type TYPES] [--json] [--stats] [--since TIME] [--until TIME] [--plausible FROM..UNTIL] [--jobs N] [--format parquet|arrow -o FILE]",
  summary: "Find ULIDs, UUID v7s, TypeIDs, ObjectIds and XIDs in text (logs, JSON, CSV, URLs) and print each one's line, canonical form and time.",
  get details() {
    return `
Reads each FILE in turn, or standard input when FILE is '-' or there is none, in chunks (constant memory, any
size). A match is a token of 26 characters of the ULID alphabet in either case (no I/L/O aliases, no U) with no
ASCII letter or digit directly before or after it, and valid (first character 0-7). Terminal escape sequences
(colours in 'kubectl logs' output) are borders, not letters. Each match prints as LINE<TAB>ID<TAB>ISO; with more
than one type, as LINE<TAB>TYPE<TAB>ID<TAB>ISO; with more than one FILE (or -H), the FILE and a tab first,
standard input named '(standard input)'. Only IDs of a plausible time are printed (see --plausible): any token of
the alphabet reads as some time, and a hex hash or a long number found as an ID is dated 1970 or centuries ahead.
A FILE that cannot be read is named on standard error and skipped, as grep does: the others are still scanned,
and the exit status is then 2.

Options:
  --type TYPES        what to find: ulid (default); uuidv7: 8-4-4-4-12 hex digits in either case with version
                      7 and the RFC variant (printed in lower case); typeid: a whole word of letters, digits
                      and underscores that is a TypeID as written (an optional prefix of 1-63 chars of a-z
                      and _, then _, then 26 lower-case chars, the first 0-7), printed as found; objectid: 24
                      hex digits in either case (printed in lower case); xid: 20 chars of 0-9a-v, the last 0
                      or g. All but typeid not glued to a letter or digit. Several separated by commas, or all
                      (ulid,uuidv7,typeid,objectid,xid), in one pass. Where matches overlap, the longest wins
                      (a TypeID over the ULID of its suffix), and of two of the same text the type listed
                      first (a TypeID without a prefix is a lower-case ULID). Ulid-Flakes, BaseUIDs, KSUIDs,
                      TSIDs and Snowflakes cannot be told from ordinary words and numbers, so they are not
                      scanned for
  --json              one object per match: {"line", "offset" (byte), "type", "id", "time" (Unix ms),
                      "iso"}, "file" first with more than one FILE (or -H)
  -H, --with-filename name the file on every match, even with one FILE
  --no-filename       never name the file
  --stats             only a summary of all the FILEs: matches, distinct IDs (counted exactly: memory grows
                      by ~20-30 bytes per distinct ID; --stats counts distinct 128-bit values, so TypeIDs of
                      one UUID count once), implausible matches (those the lines leave out), first and last
                      time, span, and a histogram of the mentions by creation time (bucket size chosen from
                      the span); with --json, one JSON object
  --plausible FROM..UNTIL
                      the times to believe (default 2000-01-01..one day after now; a side may be empty for
                      no bound, and '..' believes every time). A match whose time falls outside is not printed,
                      and --stats counts it as implausible and leaves it out of first, last, span and histogram
  -j, --jobs N        scan a regular file with N threads (1-256; default 1: one thread already scans at
                      memory speed, so more may pay on a large file with idle cores and lose on a busy
                      machine: time both first).
                      The output is the same as one job's, byte for byte, in the same order. Standard
                      input, pipes and --stats are scanned in one job
  --since TIME        only IDs created at or after TIME (Unix ms or ISO-8601, UTC without an offset)
  --until TIME        only IDs created before TIME
${columnarHelp(22, true)}
  -h, --help          show this help

Examples:
  ulid scan app.log | head
  ulid scan *.log --stats
  ulid scan app.log --since 2026-04-15T02:00 --until 2026-04-15T03:00 | cut -f2 | sort -u
  kubectl logs deploy/api | ulid scan --json
  ulid scan app.log --type all --json | jq -r 'select(.type == "uuidv7") | .id'
  ulid scan access.log --type uuidv7 --stats --plausible 2024-01-01..
  ulid scan dump.txt --plausible ..
  ulid scan *.log --type all --format parquet -o ids.parquet
`;
  },
  options: {
    json: { type: "boolean" },
    stats: { type: "boolean" },
    since: { type: "string" },
    until: { type: "string" },
    plausible: { type: "string" },
    type: { type: "string", default: "ulid" },
    "with-filename": { type: "boolean", short: "H" },
    "no-filename": { type: "boolean" },
    jobs: { type: "string", short: "j" },
    ...COLUMNAR_OPTIONS,
  },
  async run({ values, positionals }) {
    const selected = selectedWindow(values.since as string | undefined, values.until as string | undefined);
    const json = values.json === true;
    const targets = scanTargetOf(values);
    const plausible = plausibleWindow(values.plausible as string | undefined, Date.now());
    const paths = positionals.length === 0 ? ["-"] : positionals;
    const columnar = columnarChoice(values, ["json", "stats", "with-filename", "no-filename"], paths);
    const stats = values.stats === true ? new ScanStats(plausible) : undefined;
    // The lines printed: the times asked for that are plausible too.
    const printed = { from: Math.max(selected.from, plausible.from), to: Math.min(selected.to, plausible.to) };
    // Statistics are counted in one job (--jobs is still checked).
    const askedJobs = jobsOption(values.jobs);
    const jobs = stats ? 1 : askedJobs;
    if (columnar !== undefined) return scanColumns(paths, targets, printed, columnar);
    // A summary is written once everything is read: only the lines could feed an input.
    if (!stats) refuseInputAsOutput(1, paths);
    const named = values["no-filename"] !== true && (values["with-filename"] === true || paths.length > 1);
    // Room for a chunk's lines (the writer is written out after each chunk): a dense log's take ~40% of the chunk's
    // bytes, and growing to them from the default size cost ~0.5 ms of a 1 MB scan. Pages never written to are never
    // touched.
    const writer = new ByteWriter(READ_SIZE);
    const lines = new ScanLines(writer, targets, json);
    const key = new Uint32Array(4);
    const count: MatchVisitor = (window, at, length, _offset, time, _line, format) => {
      if (time < selected.from || time >= selected.to) return;
      targets.targets[format]!.key(window, at, length, key);
      stats!.add(key, time);
    };
    const out = new Output();
    let status = 0;
    let pool: ScanPool | undefined;
    // One progress line for the whole job: its threshold, bar and rate count the bytes of every file.
    const progress = new Progress("bytes", totalSize(paths), stats !== undefined);
    let scannedBefore = 0;
    try {
      for (const path of paths) {
        progress.nextInput(scannedBefore);
        const name = named ? (path === "-" ? STDIN_NAME : path) : undefined;
        const parallel = parallelScan(path, jobs);
        try {
          // Where one job takes over: the file's start, or the end of what the threads scanned.
          let line = 1;
          let offset = 0;
          if (parallel !== undefined) {
            const { threads, size } = parallel;
            if (pool?.jobs !== threads) {
              await pool?.close();
              pool = await ScanPool.start(threads);
            }
            const job = { path, name, type: targets.type, json, since: printed.from, until: printed.to, size };
            line = await pool.scan(job, (bytes) => out.write(bytes), progress);
            offset = size;
            progress.nextInput(scannedBefore + offset);
          }
          lines.file(name);
          const scanner = stats ? targets.scanner(count) : printingScanner(lines, writer, printed, line, offset);
          const input = await openInput(path, offset);
          const read = await processInput(input, (chunk, final) => scanner.push(chunk, final), () => out.drain(writer), stats !== undefined, progress);
          scannedBefore += offset + read;
        } catch (error) {
          // As grep and ripgrep do: name the file, go on with the others, and end with status 2.
          if (!(error instanceof InputError)) throw error;
          message(`ulid scan: ${error.message}\n`);
          status = 2;
          // A pool whose scan failed may still have ranges out: the next file gets a new one.
          await pool?.close();
          pool = undefined;
        }
      }
    } finally {
      progress.clear();
      await pool?.close();
    }
    if (stats) await out.text(json ? stats.json() : stats.text());
    return status;
  },
};

/**
 * `scan --format parquet|arrow`: each match of a plausible time within --since/--until a row, the files in one
 * job, in turn. A FILE that cannot be read is named and skipped, as in text (exit status 2).
 */
async function scanColumns(paths: readonly string[], targets: ScanTargets, window: TimeWindow, columnar: ColumnarChoice): Promise<number> {
  const widths = new Set(targets.formats.map((format) => format.bytes));
  return columnar.write({ width: widths.size === 1 ? targets.formats[0]!.bytes : undefined, scan: true }, async (file) => {
    const rows = new IdRows(file);
    const matches = new ScanRows(rows, targets, window);
    let status = 0;
    for (const path of paths) {
      try {
        matches.file(path === "-" ? STDIN_NAME : path);
        const scanner = matches.scanner();
        const input = await openInput(path);
        await processInput(input, (chunk, final) => scanner.push(chunk, final), () => rows.flush());
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        message(`ulid scan: ${error.message}\n`);
        status = 2;
      }
    }
    await file.finish();
    return status;
  });
}
