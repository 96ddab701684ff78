/**
 * The command's argument parsing in process (src/cli/usage.ts; test/cli-conventions.test.ts runs the built command):
 * unknown options and missing values are usage errors, and a mistyped option gets the nearest one as a suggestion.
 */
import { parseArgs } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "../src/cli/command-names.js";
import { COMMANDS } from "../src/cli/commands/index.js";
import { type OptionSpec, UsageError, parseCommandArgs, parseCommonForms } from "../src/cli/usage.js";

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

  it("says in one line how to give a value that starts with a dash, in the option's long form", () => {
    expect(usageError(["--jobs", "-1"])).toBe(`Option '--jobs' argument is ambiguous: give a value that starts with "-" as --jobs=VALUE`);
    expect(parseCommandArgs(["--jobs=-1"], { jobs: { type: "string", short: "j" } }).values.jobs).toBe("-1");
    const short = (): unknown => parseCommandArgs(["-j", "-1"], { jobs: { type: "string", short: "j" } });
    expect(short).toThrow(`Option '-j' argument is ambiguous: give a value that starts with "-" as --jobs=VALUE`);
  });
});

describe("parseCommonForms, the parser of the common forms", () => {
  /** Every subcommand's options, and --help, as parseCommandArgs hands them over. */
  const specs: OptionSpec[] = COMMANDS.map((command) => ({ ...command.options, help: { type: "boolean", short: "h" } }));
  /** Words an argument is made of: each option's spellings, values (some like options), positionals, oddities. */
  const words = [
    ...new Set(specs.flatMap((spec) => Object.entries(spec).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]))),
    "--", "-", "x.log", "2", "ulid", "-2", "--bogus", "-x", "-Hj2", "-jH", "-Hh", "=", "--json=1", "--type=uuidv7", "--type=",
    "--type=-x", "--no-json", "---x", "--__proto__", "--constructor", "--toString",
  ];
  const argument = fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 }));

  it("reads every argument list it takes as Node's parseArgs does, and the common ones are all it takes", () => {
    let taken = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: specs.length - 1 }), fc.array(argument, { maxLength: 6 }), (which, args) => {
        const options = specs[which]!;
        const common = parseCommonForms(args, options);
        if (common === undefined) return;
        taken++;
        const node = parseArgs({ args, options, allowPositionals: true, strict: true });
        expect(common.positionals).toEqual(node.positionals);
        expect(Object.entries(common.values).sort()).toEqual(Object.entries(node.values).sort());
        expect(Object.getPrototypeOf(common.values)).toBe(null);
      }),
      { numRuns: 3000 },
    );
    // The property is about lists it takes: most lists of these words are of the common forms.
    expect(taken).toBeGreaterThan(300);
  });

  it.each([
    [["scan", "x.log"]],
    [["x.log", "--type", "uuidv7", "--json"]],
    [["--type=all", "-H", "-j", "2", "-", "y.log"]],
    [["--plausible", "..", "--stats"]],
  ])("takes %j", (args) => {
    const options = COMMANDS.find((command) => command.name === "scan")!.options;
    expect(parseCommonForms(args, { ...options, help: { type: "boolean", short: "h" } })).toBeDefined();
  });

  it.each([[["--"]], [["-Hj2"]], [["--json=1"]], [["--type"]], [["--type", "-x"]], [["-x"]], [["--bogus"]], [["--__proto__"]]])(
    "leaves %j to parseArgs",
    (args) => {
      const options = COMMANDS.find((command) => command.name === "scan")!.options;
      expect(parseCommonForms(args, { ...options, help: { type: "boolean", short: "h" } })).toBeUndefined();
    },
  );
});

describe("the command's subcommands", () => {
  it("are the ones the bin names (it keeps a code cache per subcommand: src/cli/bundle-cache.ts)", () => {
    expect(COMMAND_NAMES).toEqual(COMMANDS.map((command) => command.name));
  });
});
