import { ByteWriter } from "../../printer/byte-writer.js";
import { TimeSuffix, jsonTimeSuffix } from "../../printer/time-suffix.js";
import type { Command } from "../command.js";
import { decodedColumns, decodedLines } from "../../printer/decode-output.js";
import { IdRows } from "../../printer/columnar-file.js";
import { COLUMNAR_OPTIONS, type ColumnarChoice, columnarChoice, columnarHelp } from "../columnar-output.js";
import type { IdFormat } from "../id-format.js";
import { openInput } from "../input.js";
import { TYPE_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { Output } from "../output.js";
import { processInput } from "../process-input.js";
import { reportInvalid } from "../report.js";
import { checkPositionals } from "../usage.js";
import { refuseInputAsOutput } from "../output-is-input.js";

export const decodeCommand: Command = {
  name: "decode",
  synopsis: "decode [FILE|-] [--json] [--strict] [--format parquet|arrow -o FILE]",
  summary: "Decode one ULID per line into ID, Unix ms and ISO time (tab-separated), or JSON lines.",
  get details() {
    return `
Reads FILE, or standard input when FILE is '-' or absent, in chunks (constant memory, any size). Each line
must be one ULID (lower case and aliases are read; CRLF line ends work); the ID is printed canonically. A bad
line is reported on standard error as 'line N: reason' and skipped, and the exit status is then 1. A UTF-8 byte
order mark at the start of the input is skipped. Empty input prints nothing (exit status 0).

Options:
  --json        one object per line: {"ulid": ..., "time": <Unix ms>, "iso": ...} (the first key is the type)
  --strict      stop at the first bad line (exit status 1)
${typeHelp(16, false)}
${columnarHelp(16)}
  -h, --help    show this help

Times are whole Unix ms (a BaseUID's tick start, cut to the ms: 'ulid parse' shows its fraction).
TypeID: with --prefix every line must carry it; without, lines of any prefix are read. Each is printed as it is.

Examples:
  ulid decode ids.txt
  ulid generate 1000000 | ulid decode --json > ids.jsonl
  ulid decode --strict < ids.txt > decoded.tsv || echo "bad input"
  ulid generate 1000 --type uuidv7 | ulid decode --type uuidv7
  ulid decode ids.txt --format parquet -o ids.parquet
`;
  },
  options: { json: { type: "boolean" }, strict: { type: "boolean" }, ...TYPE_OPTIONS, ...COLUMNAR_OPTIONS },
  async run({ values, positionals }) {
    checkPositionals(positionals, 1);
    const json = values.json === true;
    const format = formatOf(values);
    const columnar = columnarChoice(values, ["json"], [positionals[0] ?? "-"]);
    if (columnar !== undefined) return decodeColumns(format, positionals[0], values.strict === true, columnar);
    refuseInputAsOutput(1, [positionals[0] ?? "-"]);
    // Each line: (JSON) the key, the ID's canonical text (BaseUID's case is part of its value), then what depends
    // on its time alone.
    const start = json ? `{"${format.name}":"` : "";
    const suffix = json ? jsonTimeSuffix() : new TimeSuffix("\t", "\t", "\n");
    const input = await openInput(positionals[0]);
    let status = 0;
    const writer = new ByteWriter();
    const out = new Output();
    const direct = out.syncWriter();
    const lines = decodedLines(
      format,
      start,
      suffix,
      writer,
      values.strict === true
        ? undefined
        : (error) => {
            // The lines before the bad one first, where standard output can take them now: with `2>&1` each
            // message then stands after the lines before it.
            if (direct !== undefined) writer.writeOut(direct);
            status = reportInvalid(error);
          },
      direct,
    );
    try {
      await processInput(
        input,
        (chunk, final) => lines.push(chunk, final, () => {}),
        () => out.drain(writer),
      );
    } catch (error) {
      return reportInvalid(error);
    }
    return status;
  },
};

/**
 * `decode --format parquet|arrow`: each valid line a row. A bad line is reported and skipped, as in text (with
 * --strict, the first ends the file there); the file is finished either way, so it holds the rows before.
 */
async function decodeColumns(format: IdFormat, path: string | undefined, strict: boolean, columnar: ColumnarChoice): Promise<number> {
  const input = await openInput(path);
  return columnar.write({ width: format.binaryBytes, scan: false }, async (file) => {
    const rows = new IdRows(file);
    let status = 0;
    const records = decodedColumns(format, rows, strict ? undefined : (error) => (status = reportInvalid(error)));
    try {
      await processInput(input, (chunk, final) => records.push(chunk, final, () => {}), () => rows.flush());
    } catch (error) {
      status = reportInvalid(error);
    }
    await file.finish();
    return status;
  });
}
