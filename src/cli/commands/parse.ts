import { canonicalIds } from "../canonical-ids.js";
import type { Command } from "../command.js";
import { idsOrStandardInput, openInput } from "../input.js";
import { Output } from "../output.js";
import { processInput } from "../process-input.js";
import { TYPE_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { reportInvalid } from "../report.js";
import { UsageError } from "../usage.js";

/**
 * The column a block's values start after its keys: the longest key of most formats ("integer", "random"), so their
 * blocks line up alike; a block with a longer key (KSUID's "timestamp") moves all its values past it.
 */
const KEY_WIDTH = 7;

export const parseCommand: Command = {
  name: "parse",
  synopsis: "parse [ID...|-] [--format text|json]",
  summary: "Show every field of each ULID: time, ISO time, random part, bytes, UUID form.",
  get details() {
    return `
Lower case and the Crockford aliases (I, L -> 1; O -> 0) are read; the output is canonical. An invalid ID is
named on standard error with the reason, the others are still shown, and the exit status is 1. With '-', or
with no ID when standard input is a pipe or a file, IDs are read from standard input, one per line, and shown
as arguments are; a bad line is reported as 'line N: reason'. A UTF-8 byte order mark at the start of the input
is skipped. Empty input shows nothing (exit status 0).

Options:
  --format text|json  text (default): a block per ID; json: one object per line with the keys
                      ulid, time (Unix ms), iso, random (hex of the 10 random bytes), bytes (hex of all 16), uuid;
                      other types: their own fields, the first keyed by the type
${typeHelp(22, false)}
  --scalable          Ulid-Flake: read the low 20 bits as 15 random bits and the 5-bit sid
  -h, --help          show this help

Examples:
  ulid parse 01ARYZ6S410000000000000000
  ulid parse 01ARYZ6S410000000000000000 --format json | jq .iso
  ulid new 3 | ulid parse --format json
  ulid parse 017f22e2-79b0-7cc3-98c4-dc0c0c07398f --type uuidv7
  ulid parse 00EZJCRCB4650 --type flake --scalable
`;
  },
  options: { format: { type: "string", default: "text" }, ...TYPE_OPTIONS, scalable: { type: "boolean" } },
  async run({ values, positionals }) {
    if (values.format !== "text" && values.format !== "json") {
      throw new UsageError(`--format must be text or json, got ${JSON.stringify(values.format)}`);
    }
    positionals = await idsOrStandardInput(positionals);
    const json = values.format === "json";
    const format = formatOf(values);
    let text = "";
    let blocks = 0;
    const show = (fields: Record<string, string | number>): void => {
      if (json) {
        text += `${JSON.stringify(fields)}\n`;
      } else {
        // The first field is the ID itself, canonical: the block's heading.
        const [[, heading], ...rest] = Object.entries(fields);
        const width = rest.reduce((widest, [key]) => Math.max(widest, key.length), KEY_WIDTH);
        const lines = rest.map(([key, value]) => `  ${key.padEnd(width)} ${value}\n`);
        text += `${blocks++ > 0 ? "\n" : ""}${heading}\n${lines.join("")}`;
      }
    };
    const out = new Output();
    let status = 0;
    if (positionals.includes("-")) {
      if (positionals.length > 1) throw new UsageError("'-' (read standard input) cannot be mixed with IDs");
      // Lines are read as `validate -` and `decode` read them (a bad one named by its number), then each valid ID,
      // made canonical, is parsed as an argument would be.
      const ids = canonicalIds(format, (error) => {
        status = reportInvalid(error);
      });
      const flush = async (): Promise<void> => {
        await out.text(text);
        text = "";
      };
      await processInput(await openInput("-"), (chunk, final) => ids.push(chunk, final, (id) => show(format.fields(id))), flush);
      return status;
    }
    for (const id of positionals) {
      try {
        show(format.fields(id));
      } catch (error) {
        status = reportInvalid(error);
      }
    }
    await out.text(text);
    return status;
  },
};
