/** The command line's pure rules: when a progress line may be drawn, and which command a mistyped one means. */
import { describe, expect, it } from "vitest";
import { mayDrawProgress } from "../src/cli/progress.js";
import { closest } from "../src/cli/suggest.js";

describe("mayDrawProgress", () => {
  it.each([
    // stderr terminal, stdout terminal, stdout pipe, quiet -> draw
    [true, false, false, false, true], // ulid generate N > file (or /dev/null)
    [true, false, true, false, false], // ulid generate N | ulid decode: the first of a pipeline
    [true, false, true, true, false], // a quiet command feeding a pipe still does not draw
    [true, true, false, false, false], // ulid scan app.log on a terminal: lines would land on the bar
    [true, true, false, true, true], // ulid scan app.log --stats on a terminal: nothing printed until the end
    [false, false, false, false, false], // stderr into a log file
    [false, true, false, true, false],
  ])("stderr terminal %s, stdout terminal %s, stdout pipe %s, quiet %s: %s", (stderr, stdout, pipe, quiet, draw) => {
    expect(mayDrawProgress({ stderrIsTerminal: stderr, stdoutIsTerminal: stdout, stdoutIsPipe: pipe }, quiet)).toBe(draw);
  });
});

describe("closest", () => {
  const COMMANDS = ["new", "monotonic", "from-time", "parse", "validate", "generate", "decode", "scan"];

  it.each([
    ["scna", "scan"],
    ["sacn", "scan"],
    ["genrate", "generate"],
    ["generat", "generate"],
    ["valdate", "validate"],
    ["monotnic", "monotonic"],
    ["fromtime", "from-time"],
    ["DECODE", "decode"],
    ["nwe", "new"],
  ])("takes %j for %j", (typed, meant) => {
    expect(closest(typed, COMMANDS)).toBe(meant);
  });

  it.each(["x", "ls", "frobnicate", "help-me", "sc"])("makes no guess for %j", (typed) => {
    expect(closest(typed, COMMANDS)).toBeUndefined();
  });
});
