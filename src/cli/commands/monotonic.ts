import type { Command } from "../command.js";
import { streamIds } from "../generate-stream.js";
import { Output } from "../output.js";
import { MAKING_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { UsageError, checkPositionals, parseCount } from "../usage.js";

export const monotonicCommand: Command = {
  name: "monotonic",
  synopsis: "monotonic N",
  summary: "Print N strictly increasing ULIDs, one per line.",
  get details() {
    return `
Within one millisecond each ID is the one before with its 80-bit random part plus 1, so the output sorts the
same as text, as bytes and in time. (The same stream as 'ulid generate N'.) The other types count up their own
way (docs/formats.md); a Ulid-Flake millisecond holds a few thousand IDs, so a long run waits for the clock.

Options:
${typeHelp(16, true)}
  -h, --help    show this help

Examples:
  ulid monotonic 10
  ulid monotonic 10 --type baseuid
`;
  },
  options: { ...MAKING_OPTIONS },
  async run({ values, positionals }) {
    const format = formatOf(values);
    checkPositionals(positionals, 1);
    if (positionals[0] === undefined) throw new UsageError("missing N, the number of IDs");
    const count = parseCount(positionals[0], "N");
    await streamIds(format, format.monotonic(undefined), count, false, new Output());
    return 0;
  },
};
