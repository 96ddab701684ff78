import { AsciiBytes, ByteWriter, TimeSuffix, jsonTimeSuffix } from "../byte-writer.js";
import type { Command } from "../command.js";
import { openInput } from "../input.js";
import { TYPE_OPTIONS, formatOf, typeHelp } from "../other-formats.js";
import { Output } from "../output.js";
import { processInput } from "../process-input.js";
import { reportInvalid } from "../report.js";
import { checkPositionals } from "../usage.js";

export const decodeCommand: Command = {
  name: "decode",
  synopsis: "decode [FILE|-] [--json] [--strict]",
  summary: "Decode one ULID per line into ID, Unix ms and ISO time (tab-separated), or JSON lines.",
  details: `
Reads FILE, or standard input when FILE is '-' or absent, in chunks (constant memory, any size). Each line
must be one ULID (lower case and aliases are read; CRLF line ends work); the ID is printed canonically. A bad
line is reported on standard error as 'line N: reason' and skipped, and the exit status is then 1.

Options:
  --json        one object per line: {"ulid": ..., "time": <Unix ms>, "iso": ...} (the first key is the type)
  --strict      stop at the first bad line (exit status 1)
${typeHelp(16, false)}
  -h, --help    show this help

Times are whole Unix ms (a BaseUID's tick start, cut to the ms: 'ulid parse' shows its fraction).

Examples:
  ulid decode ids.txt
  ulid generate 1000000 | ulid decode --json > ids.jsonl
  ulid decode --strict < ids.txt > decoded.tsv || echo "bad input"
  ulid generate 1000 --type uuidv7 | ulid decode --type uuidv7
`,
  options: { json: { type: "boolean" }, strict: { type: "boolean" }, ...TYPE_OPTIONS },
  async run({ values, positionals }) {
    checkPositionals(positionals, 1);
    const json = values.json === true;
    const format = formatOf(values);
    // Each line: (JSON) the key, the ID as `format.text` writes it (canonical already, and BaseUID's case is part
    // of its value), then what depends on its time alone.
    const start = new AsciiBytes(json ? `{"${format.name}":"` : "");
    const suffix = json ? jsonTimeSuffix() : new TimeSuffix("\t", "\t", "\n");
    const input = await openInput(positionals[0]);
    let status = 0;
    const decoder = format.lineDecoder(
      values.strict === true
        ? undefined
        : (error) => {
            status = reportInvalid(error);
          },
    );
    const { binaryBytes, textChars } = format;
    const writer = new ByteWriter();
    const record = textChars + 1;
    // The canonical text and the times of a batch, in buffers grown to the largest batch and reused.
    let text = new Uint8Array(0);
    let textWords = new DataView(text.buffer);
    let times = new Float64Array(0);
    const print = (bytes: Uint8Array): void => {
      const count = bytes.length / binaryBytes;
      if (times.length < count) {
        text = new Uint8Array(record * count);
        textWords = new DataView(text.buffer);
        times = new Float64Array(count);
      }
      format.text(bytes, text);
      format.times(bytes, text.subarray(0, record * count), times);
      writer.idLines(start, textWords, record, textChars, times, count, suffix);
    };
    const out = new Output();
    try {
      await processInput(
        input,
        (chunk, final) => decoder.push(chunk, final, print),
        () => out.drain(writer),
      );
    } catch (error) {
      return reportInvalid(error);
    }
    return status;
  },
};
