import type { Command } from "../command.js";
import { idsOrStandardInput, openInput } from "../input.js";
import { TYPE_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { reportInvalid } from "../report.js";
import { UsageError } from "../usage.js";
import { processInput } from "../process-input.js";

export const validateCommand: Command = {
  name: "validate",
  synopsis: "validate [ID...|-]",
  summary: "Check ULIDs: exit status 0 when all are valid, 1 otherwise, each invalid one named on standard error.",
  get details() {
    return `
The reason names the fault: a wrong length, a character outside the alphabet and its 0-based position, or an
overflow (a first character above 7). With '-', or with no ID when standard input is a pipe or a file, IDs are
read from standard input, one per line, and faults are reported as 'line N: reason'; the exit status is 1 when
any line is invalid. A UTF-8 byte order mark at the start of the input is skipped. Nothing is printed for valid
IDs, and empty input is valid (exit status 0).

Options:
${typeHelp(16, false)}
  -h, --help    show this help

Examples:
  ulid validate 01ARYZ6S410000000000000000 && echo valid
  ulid validate 01ARYZ6S41U000000000000000     # invalid character "U" at position 10
  cut -f1 ids.tsv | ulid validate
  ulid validate --type uuidv7 017f22e2-79b0-4cc3-98c4-dc0c0c07398f   # version 4: invalid
`;
  },
  options: { ...TYPE_OPTIONS },
  async run({ values, positionals }) {
    const format = formatOf(values);
    positionals = await idsOrStandardInput(positionals);
    if (positionals.includes("-")) {
      if (positionals.length > 1) throw new UsageError("'-' (read standard input) cannot be mixed with IDs");
      let status = 0;
      const decoder = format.lineDecoder((error) => {
        status = reportInvalid(error);
      });
      await processInput(await openInput("-"), (chunk, final) => decoder.push(chunk, final, () => {}), async () => {}, true);
      return status;
    }
    let status = 0;
    for (const id of positionals) {
      try {
        format.check(id);
      } catch (error) {
        status = reportInvalid(error);
      }
    }
    return status;
  },
};
