import type { Command } from "../command.js";
import { streamIds } from "../generate-stream.js";
import { Output } from "../output.js";
import { MAKING_OPTIONS, formatOf, typeHelp } from "../type-option.js";
import { parseTime } from "../time-arg.js";
import { UsageError, checkPositionals, parseCount } from "../usage.js";

export const fromTimeCommand: Command = {
  name: "from-time",
  synopsis: "from-time TIME [N]",
  summary: "Print N ULIDs (default 1) pinned to TIME, with fresh randomness each.",
  get details() {
    return `
TIME is Unix ms or ISO-8601; an ISO time without an offset is UTC. Handy for making the lower bound of a
time range: the ULIDs of a moment all start with the same 10 characters ('ulid from-time T | cut -c1-10').
ObjectIds, XIDs, TSIDs and Snowflakes hold a counter instead of randomness: theirs come from one generator
per run, in order, and a moment holds only so many (4,096 Snowflakes of a worker in a millisecond): more are
an error (status 1), never a repeated ID.

Options:
${typeHelp(16, true)}
  -h, --help    show this help

Examples:
  ulid from-time 2026-04-15T00:00:00Z 5
  ulid from-time 2026-04-15              # midnight UTC
  ulid from-time 1469918176385
  ulid from-time 2026-04-15 --type flake --epoch 2026-01-01
`;
  },
  options: { ...MAKING_OPTIONS },
  async run({ values, positionals }) {
    const format = formatOf(values);
    checkPositionals(positionals, 2);
    if (positionals[0] === undefined) throw new UsageError("missing TIME (Unix ms or ISO-8601)");
    const time = parseTime(positionals[0]);
    const count = positionals[1] === undefined ? 1 : parseCount(positionals[1], "N");
    await streamIds(format, format.random(time), count, false, new Output());
    return 0;
  },
};
