import type { Command } from "../command.js";
import { COLUMNAR_OPTIONS, columnarChoice, columnarHelp } from "../columnar-output.js";
import { streamIdColumns, streamIds } from "../generate-stream.js";
import { Output } from "../output.js";
import { MAKING_OPTIONS, binaryWidths, formatOf, helpRows, typeHelp } from "../type-option.js";
import { parseTime } from "../time-arg.js";
import { UsageError, checkPositionals, parseCount } from "../usage.js";
import { isTerminal } from "../terminal.js";

export const generateCommand: Command = {
  name: "generate",
  synopsis: "generate N [--binary] [--time TIME] [--format parquet|arrow -o FILE]",
  summary: "Stream N strictly increasing ULIDs to standard output, as text lines or 16-byte records.",
  get details() {
    return `
Made and written in chunks by the WebAssembly engine, so any N runs in constant memory; pipe it anywhere
(a reader that stops early, like 'head', ends it quietly).

Options:
${helpRows([["--binary", `big-endian binary records instead of text lines (refused on a terminal): ${binaryWidths()}`]], 17)}
  --time TIME    pin every ID to TIME (Unix ms or ISO-8601, UTC without an offset); the sequence still
                 strictly increases, so a TIME holds only so many (4,096 Snowflakes of a worker): more
                 is an error, status 1
${typeHelp(17, true)}
${columnarHelp(17)}
  -h, --help     show this help

Examples:
  ulid generate 10000000 > ids.txt
  ulid generate 1000000 --binary > ids.bin          # 16,000,000 bytes
  ulid generate 5 --time 2026-01-01T00:00:00Z
  ulid generate 1000000 | ulid decode --json | head -3
  ulid generate 1000000 --type uuidv7 --binary > uuids.bin
  ulid generate 10000000 --format parquet -o ids.parquet
`;
  },
  options: { binary: { type: "boolean" }, time: { type: "string" }, ...MAKING_OPTIONS, ...COLUMNAR_OPTIONS },
  async run({ values, positionals }) {
    checkPositionals(positionals, 1);
    if (positionals[0] === undefined) throw new UsageError("missing N, the number of IDs");
    const count = parseCount(positionals[0], "N");
    const format = formatOf(values);
    const columnar = columnarChoice(values, ["binary"]);
    const binary = values.binary === true;
    if (binary && isTerminal(1)) {
      throw new UsageError("refusing to write binary records to a terminal: redirect or pipe standard output");
    }
    const time = typeof values.time === "string" ? parseTime(values.time) : undefined;
    if (columnar !== undefined) {
      await columnar.write({ width: format.binaryBytes, scan: false }, (file) => streamIdColumns(format, format.monotonic(time), count, file));
      return 0;
    }
    await streamIds(format, format.monotonic(time), count, binary, new Output());
    return 0;
  },
};
