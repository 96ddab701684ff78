import type { Command } from "../command.js";
import { Output } from "../output.js";
import { TYPE_OPTIONS, formatOf, typeHelp } from "../other-formats.js";
import { reportInvalid } from "../report.js";
import { UsageError } from "../usage.js";

export const parseCommand: Command = {
  name: "parse",
  synopsis: "parse ID... [--format text|json]",
  summary: "Show every field of each ULID: time, ISO time, random part, bytes, UUID form.",
  details: `
Lower case and the Crockford aliases (I, L -> 1; O -> 0) are read; the output is canonical. An invalid ID is
named on standard error with the reason, the others are still shown, and the exit status is 1.

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
  ulid parse 017f22e2-79b0-7cc3-98c4-dc0c0c07398f --type uuidv7
  ulid parse 00EZJCRCB4650 --type flake --scalable
`,
  options: { format: { type: "string", default: "text" }, ...TYPE_OPTIONS, scalable: { type: "boolean" } },
  async run({ values, positionals }) {
    if (values.format !== "text" && values.format !== "json") {
      throw new UsageError(`--format must be text or json, got ${JSON.stringify(values.format)}`);
    }
    if (positionals.length === 0) throw new UsageError("missing ID: give one or more ULIDs");
    const json = values.format === "json";
    const format = formatOf(values);
    let text = "";
    let status = 0;
    let blocks = 0;
    for (const id of positionals) {
      let fields: Record<string, string | number>;
      try {
        fields = format.fields(id);
      } catch (error) {
        status = reportInvalid(error);
        continue;
      }
      if (json) {
        text += `${JSON.stringify(fields)}\n`;
      } else {
        // The first field is the ID itself, canonical: the block's heading.
        const [[, heading], ...rest] = Object.entries(fields);
        const lines = rest.map(([key, value]) => `  ${key.padEnd(7)} ${value}\n`);
        text += `${blocks++ > 0 ? "\n" : ""}${heading}\n${lines.join("")}`;
      }
    }
    await new Output().text(text);
    return status;
  },
};
