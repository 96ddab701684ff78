import type { MatchVisitor } from "../../scanner.js";
import { ByteWriter } from "../byte-writer.js";
import type { Command } from "../command.js";
import { openInput } from "../input.js";
import { Output } from "../output.js";
import { processInput } from "../process-input.js";
import { scanTargetOf } from "../scan-targets.js";
import { ScanStats } from "../scan-stats.js";
import { parseTime } from "../time-arg.js";
import { checkPositionals } from "../usage.js";

export const scanCommand: Command = {
  name: "scan",
  synopsis: "scan [FILE|-] [--json] [--stats] [--since TIME] [--until TIME]",
  summary: "Find every ULID in text (logs, JSON, CSV, URLs) and print its line, canonical form and time.",
  details: `
Reads FILE, or standard input when FILE is '-' or absent, in chunks (constant memory, any size). A match is a
token of 26 characters of the ULID alphabet in either case (no I/L/O aliases, no U) with no ASCII letter or digit
directly before or after it, and valid (first character 0-7). Each match prints as LINE<TAB>ID<TAB>ISO.

Options:
  --json          one object per match: {"line", "offset" (byte), "ulid", "time" (Unix ms), "iso"}
  --stats         only a summary: matches, distinct IDs, first and last time, span, and a histogram of
                  creation times (bucket size chosen from the span); with --json, one JSON object
  --since TIME    only IDs created at or after TIME (Unix ms or ISO-8601, UTC without an offset)
  --until TIME    only IDs created before TIME
  --type TYPE     ulid (default), or uuidv7: 8-4-4-4-12 hex digits in either case with version 7 and the
                  RFC variant, not glued to a letter or digit (printed in lower case). Ulid-Flakes and BaseUIDs
                  cannot be told from ordinary words and numbers, so they are not scanned for
  -h, --help      show this help

Examples:
  ulid scan app.log | head
  ulid scan app.log --stats
  ulid scan app.log --since 2026-04-15T02:00 --until 2026-04-15T03:00 | cut -f2 | sort -u
  kubectl logs deploy/api | ulid scan --json
  ulid scan access.log --type uuidv7 --stats
`,
  options: {
    json: { type: "boolean" },
    stats: { type: "boolean" },
    since: { type: "string" },
    until: { type: "string" },
    type: { type: "string", default: "ulid" },
  },
  async run({ values, positionals }) {
    checkPositionals(positionals, 1);
    const since = typeof values.since === "string" ? parseTime(values.since) : -Infinity;
    const until = typeof values.until === "string" ? parseTime(values.until) : Infinity;
    const json = values.json === true;
    const target = scanTargetOf(values);
    const jsonKey = `,"${target.name}":"`;
    const stats = values.stats === true ? new ScanStats() : undefined;
    const input = await openInput(positionals[0]);
    const writer = new ByteWriter();
    const print: MatchVisitor = (window, at, offset, time, line) => {
      if (time < since || time >= until) return;
      if (stats) {
        stats.add(target.text(window, at), time);
        return;
      }
      if (json) {
        writer.ascii('{"line":');
        writer.uint(line);
        writer.ascii(',"offset":');
        writer.uint(offset);
        writer.ascii(jsonKey);
      } else {
        writer.uint(line);
        writer.ascii("\t");
      }
      target.write(writer, window, at);
      if (json) {
        writer.ascii('","time":');
        writer.uint(time);
        writer.ascii(',"iso":"');
        writer.iso(time);
        writer.ascii('"}\n');
      } else {
        writer.ascii("\t");
        writer.iso(time);
        writer.ascii("\n");
      }
    };
    const scanner = target.scanner(stats === undefined, print);
    const out = new Output();
    const flush = async (): Promise<void> => {
      await out.write(writer.view());
      writer.clear();
    };
    await processInput(input, (chunk, final) => scanner.push(chunk, final), flush);
    if (stats) {
      await out.text(json ? stats.json() : stats.text());
    }
    return 0;
  },
};
