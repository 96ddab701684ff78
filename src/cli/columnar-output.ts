/**
 * `--format parquet|arrow`, `-o FILE` and `--plain-binary` on `generate`, `decode` and `scan`: which columnar file
 * to write and where. The files themselves are the printer's (src/printer/columnar-file.ts); this reads the options
 * and opens the output: FILE, or for Arrow standard output when it is no terminal. A Parquet file ends with its
 * index, written last, so it goes to a FILE only.
 */
import { closeSync, fstatSync, openSync, unlinkSync, writeSync } from "node:fs";
import { type ColumnarFile, type ColumnarFormat, columnarFile, type IdShape, idColumnSpecs } from "../printer/columnar-file.js";
import { Output, OutputError } from "./output.js";
import { refuseInputAsOutput } from "./output-is-input.js";
import { packageVersion } from "./package-version.js";
import { systemReason } from "./system-error.js";
import type { OptionSpec, ParsedArgs } from "./usage.js";
import { UsageError } from "./usage.js";
import { isTerminal } from "./terminal.js";

export const COLUMNAR_OPTIONS = {
  format: { type: "string" },
  output: { type: "string", short: "o" },
  "plain-binary": { type: "boolean" },
} as const satisfies OptionSpec;

/**
 * Help lines of COLUMNAR_OPTIONS, descriptions from column `width` (an option too long for the column gets a line
 * of its own); `scan` names scan's columns too.
 */
export function columnarHelp(width: number, scan = false): string {
  const rows: [string, string[]][] = [
    [
      "--format FORMAT",
      [
        "text (default); parquet: a Parquet file (needs -o); arrow: an Arrow IPC stream (to",
        "-o FILE, or to standard output when it is no terminal). Columns: " + (scan ? "file, line, offset" : "id (canonical text),"),
        ...(scan
          ? [
              "(byte), type, id (canonical text), bytes (binary; UUIDs when every type is 16 bytes:",
              "objectid and xid are 12), ts (timestamp, ms, UTC); written in one job",
            ]
          : ["bytes (binary; UUIDs for 16-byte IDs), ts (timestamp, ms, UTC)"]),
      ],
    ],
    ["-o, --output FILE", ["write the Parquet or Arrow file to FILE (an Arrow stream: - for standard output)"]],
    ["--plain-binary", ["16-byte IDs as plain fixed-length binary, not marked as UUIDs (for readers that", "refuse the mark: Spark, Polars)"]],
  ];
  const indent = " ".repeat(width);
  return rows
    .map(([name, lines]) => {
      const head = `  ${name}`;
      const text = lines.map((line) => indent + line).join("\n");
      return head.length + 2 <= width ? head.padEnd(width) + text.slice(width) : `${head}\n${text}`;
    })
    .join("\n");
}

/** Where and how a command writes its columnar file. */
export interface ColumnarChoice {
  readonly format: ColumnarFormat;
  readonly plainBinary: boolean;
  /**
   * Opens the output, writes the file's start (its columns are those of `shape`) and runs `work` with the file,
   * which finishes it. A run that throws (a write that failed, a TIME that ran out of IDs) removes what it wrote to
   * -o FILE, a regular file: a partial file would look like a result.
   */
  write<T>(shape: Omit<IdShape, "plainBinary">, work: (file: ColumnarFile) => Promise<T>): Promise<T>;
}

/**
 * The columnar file the options ask for, or undefined for text output. Usage errors: an unknown format, -o or
 * --plain-binary without a columnar format, Parquet without -o, Arrow to a terminal, any of `conflicting` (options
 * of text output, such as --json) given with a columnar format, and an output (-o FILE, or standard output) that is
 * one of `inputs` (the command's input files, "-" for standard input).
 */
export function columnarChoice(
  values: ParsedArgs["values"],
  conflicting: readonly string[],
  inputs: readonly string[] = [],
): ColumnarChoice | undefined {
  const format = values.format ?? "text";
  if (format !== "text" && format !== "parquet" && format !== "arrow") {
    throw new UsageError(`--format must be text, parquet or arrow, got ${JSON.stringify(format)}`);
  }
  const given = values.output as string | undefined;
  // `-o -` is standard output, as for other commands that take a file to write.
  const path = given === "-" ? undefined : given;
  const plainBinary = values["plain-binary"] === true;
  if (format === "text") {
    if (given !== undefined) throw new UsageError("-o is for --format parquet or arrow: redirect standard output for text");
    if (plainBinary) throw new UsageError("--plain-binary is for --format parquet or arrow");
    return undefined;
  }
  const other = conflicting.find((name) => values[name] !== undefined && values[name] !== false);
  if (other !== undefined) throw new UsageError(`--${other} does not go with --format ${format}`);
  if (format === "parquet" && path === undefined) {
    throw new UsageError("--format parquet needs -o FILE (not standard output): a Parquet file ends with its index, written last");
  }
  if (path === undefined && isTerminal(1)) {
    throw new UsageError("refusing to write an Arrow stream to a terminal: give -o FILE, or redirect or pipe standard output");
  }
  refuseInputAsOutput(path ?? 1, inputs);
  return {
    format,
    plainBinary,
    async write(shape, work) {
      const output = path === undefined ? standardOutput() : fileOutput(path);
      try {
        const file = columnarFile(format, idColumnSpecs({ ...shape, plainBinary }), output.write, packageVersion());
        await file.begin();
        return await work(file);
      } catch (error) {
        output.discard();
        throw error;
      }
    },
  };
}

/** Where a columnar file's bytes go, and how to drop what a failed run wrote there. */
interface FileOutput {
  write(bytes: Uint8Array): Promise<void>;
  discard(): void;
}

/** Standard output: what a failed run wrote has gone to the reader, nothing to discard. */
function standardOutput(): FileOutput {
  const out = new Output();
  return { write: (bytes) => out.write(bytes), discard: () => {} };
}

/**
 * Writes to `path`, created or emptied; a file that cannot be created (a missing directory) or written (a full
 * disk) is an OutputError naming it. Plain synchronous writes: each write's bytes are the caller's buffer, reused
 * once the write returns. The file is closed when the process ends; `discard` closes and removes it, if it is a
 * regular file (not a FIFO or a device given as FILE).
 */
function fileOutput(path: string): FileOutput {
  let fd: number;
  try {
    fd = openSync(path, "w");
  } catch (error) {
    throw new OutputError(`cannot write ${path}: ${systemReason(error)}`);
  }
  // A regular file is removed by `discard`; a FIFO or a device given as FILE is left as it is.
  let regular = false;
  try {
    regular = fstatSync(fd).isFile();
  } catch {
    // Its status cannot be read: left as it is.
  }
  let open = true;
  const close = (): void => {
    if (!open) return;
    open = false;
    try {
      closeSync(fd);
    } catch {
      // Closed or gone already: the write's failure is the one to report.
    }
  };
  return {
    async write(bytes) {
      try {
        for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
      } catch (error) {
        close();
        throw new OutputError(`cannot write ${path}: ${systemReason(error)}`);
      }
    },
    discard() {
      close();
      if (!regular) return;
      try {
        unlinkSync(path);
      } catch {
        // Gone already, or not ours to remove any more: the run's own fault is the one to report.
      }
    },
  };
}
