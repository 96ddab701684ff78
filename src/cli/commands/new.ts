import type { Command } from "../command.js";
import { streamIds } from "../generate-stream.js";
import { Output } from "../output.js";
import { MAKING_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { checkPositionals, parseCount } from "../usage.js";

export const newCommand: Command = {
  name: "new",
  synopsis: "new [N]",
  summary: "Print N random ULIDs (default 1), one per line.",
  get details() {
    return `
Each ID carries the current time and fresh randomness, so IDs made in the same millisecond are in no particular
order among themselves: use 'ulid monotonic' when order matters. ObjectIds, XIDs, TSIDs and Snowflakes hold a
counter instead of randomness: theirs come from one generator per run (one worker, node or machine), in order,
and a millisecond holds only so many (4,096 Snowflakes; fewer TSIDs with more node bits), so a long run waits for
the clock, as 'ulid monotonic' does.

Options:
${typeHelp(16, true)}
  -h, --help    show this help

Examples:
  ulid new
  ulid new 5
  ulid new 3 --type uuidv7
  ulid new --type flake --sid 7
`;
  },
  options: { ...MAKING_OPTIONS },
  async run({ values, positionals }) {
    const format = formatOf(values);
    checkPositionals(positionals, 1);
    const count = positionals[0] === undefined ? 1 : parseCount(positionals[0], "N");
    await streamIds(format, format.random(undefined), count, false, new Output());
    return 0;
  },
};
