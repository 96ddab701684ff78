/**
 * The command's argument parsing in process (src/cli/usage.ts; test/cli-conventions.test.ts runs the built command):
 * unknown options and missing values are usage errors, and a mistyped option gets the nearest one as a suggestion.
 */
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "../src/cli/command-names.js";
import { COMMANDS } from "../src/cli/commands/index.js";
import { UsageError, parseCommandArgs } from "../src/cli/usage.js";

const OPTIONS = { json: { type: "boolean" }, format: { type: "string" }, type: { type: "string" }, jobs: { type: "string" } } as const;

/** The UsageError's message for `args`. */
function usageError(args: string[]): string {
  try {
    parseCommandArgs(args, OPTIONS);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error(`${JSON.stringify(args)} parsed`);
}

describe("parseCommandArgs", () => {
  it("parses the options given and --help", () => {
    expect(parseCommandArgs(["x", "--json", "--format=json", "-h"], OPTIONS)).toEqual({
      values: { json: true, format: "json", help: true },
      positionals: ["x"],
    });
  });

  it.each([
    ["--jsn", "--json"],
    ["--josn", "--json"],
    ["--fromat", "--format"],
    ["--fromat=json", "--format"],
    ["--tpye", "--type"],
    ["--job", "--jobs"],
    ["--hlep", "--help"],
    ["--JSON", "--json"],
  ])("suggests the nearest option for %s", (typed, meant) => {
    expect(usageError([typed])).toBe(`Unknown option '${typed.split("=")[0]}' (did you mean '${meant}'?)`);
  });

  it.each(["--bogus", "--x", "--jsonl-output", "-j"])("makes no wild guess for %s", (typed) => {
    expect(usageError([typed])).toBe(`Unknown option '${typed}'`);
  });

  it("names a missing value without a suggestion", () => {
    expect(usageError(["--format"])).toMatch(/^Option '--format <value>' argument missing$/);
  });
});

describe("the command's subcommands", () => {
  it("are the ones the bin names (it keeps a code cache per subcommand: src/cli/bundle-cache.ts)", () => {
    expect(COMMAND_NAMES).toEqual(COMMANDS.map((command) => command.name));
  });
});
