/**
 * What `ulid scan` loads of Node: a plain scan (one job, output to a pipe, a file or /dev/null) loads neither
 * worker threads, nor Node's streams (`process.stdout`, node:fs/promises), nor its sockets and terminals, nor
 * `os`, `module` and the argument parser: each is a share of every start of the command, which writes and reads
 * with plain calls (docs/performance.md). `--jobs 2` loads worker threads, as the case that shows this file can
 * tell. And the subcommands that compile the WebAssembly module as the command starts are those that load it. And a
 * scan runs a bundle of its own (dist/cli-scan.cjs), which holds no format's namespace nor TypeScript codec: a small
 * scan's start is mostly the load of its bundle.
 */
import { spawnSync } from "node:child_process";
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "../src/cli/command-names.js";
import { ENGINE_COMMANDS } from "../src/cli/command-wasm-files.js";
import { CLI } from "./helpers/cli.js";
import { SPEC_ZERO_RANDOM } from "./vectors.js";

const DIR = mkdtempSync(join(tmpdir(), "ulid-start-modules-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Preloaded into the command: writes the modules Node loaded to the file ULID_TEST_MODULES names, as it exits. */
const RECORDER = join(DIR, "record-modules.cjs");
writeFileSync(
  RECORDER,
  `process.on("exit", () => require("fs").writeFileSync(process.env.ULID_TEST_MODULES, process.moduleLoadList.join("\\n")));\n`,
);

const LOG = join(DIR, "app.log");
writeFileSync(LOG, `a line ${SPEC_ZERO_RANDOM.ulid} and another\n`.repeat(1000));

/**
 * Node's modules that a plain scan must not load: also `os` and `module` (the bin's code cache finds its directory
 * and runs the bundle without them) and parseArgs (the common forms of arguments are read without it).
 */
const UNUSED = [
  "worker_threads", "stream", "net", "tty", "fs/promises", "internal/fs/sync_write_stream",
  "os", "module", "internal/util/parse_args/parse_args",
];

type Sink = "pipe" | "file" | "/dev/null";

/** The modules `ulid ...args` loaded, its output sent to `sink`, and that output (from a pipe or a file). */
function modulesOf(args: string[], sink: Sink): { status: number | null; modules: Set<string>; output: string } {
  const modules = join(DIR, "modules.txt");
  const outFile = join(DIR, "out.txt");
  const fd = sink === "pipe" ? "pipe" : openSync(sink === "file" ? outFile : "/dev/null", "w");
  try {
    const { status, stdout } = spawnSync(process.execPath, ["--require", RECORDER, CLI, ...args], {
      stdio: ["ignore", fd, "pipe"],
      encoding: "utf8",
      env: { ...process.env, ULID_TEST_MODULES: modules },
    });
    const output = sink === "pipe" ? stdout : sink === "file" ? readFileSync(outFile, "utf8") : "";
    const names = readFileSync(modules, "utf8").split("\n").map((entry) => entry.replace(/^NativeModule /, ""));
    return { status, modules: new Set(names), output };
  } finally {
    if (typeof fd === "number") closeSync(fd);
  }
}

describe("ulid scan loads no more of Node than it uses", () => {
  for (const sink of ["pipe", "file", "/dev/null"] as const) {
    it(`writing to ${sink === "/dev/null" ? sink : `a ${sink}`}`, () => {
      const { status, modules, output } = modulesOf(["scan", LOG], sink);
      expect(status).toBe(0);
      if (sink !== "/dev/null") expect(output.split("\n")).toHaveLength(1001);
      expect(UNUSED.filter((name) => modules.has(name))).toEqual([]);
    });
  }

  it("with --jobs 2, loads worker threads", () => {
    const { status, modules } = modulesOf(["scan", LOG, "--jobs", "2"], "pipe");
    expect(status).toBe(0);
    expect(modules.has("worker_threads")).toBe(true);
  });
});

/**
 * Preloaded into the command: writes to the file ULID_TEST_INSTANCES names how many WebAssembly modules it compiled
 * synchronously (`new WebAssembly.Module`) and asynchronously (`WebAssembly.compile`), and instantiated.
 */
const INSTANCES = join(DIR, "record-instances.cjs");
writeFileSync(
  INSTANCES,
  `const made = { sync: 0, async: 0, instances: 0 };
const { Module, Instance, compile } = WebAssembly;
WebAssembly.Module = function (...args) { made.sync++; return new Module(...args); };
WebAssembly.compile = function (...args) { made.async++; return compile(...args); };
WebAssembly.Instance = function (...args) { made.instances++; return new Instance(...args); };
process.on("exit", () => require("fs").writeFileSync(process.env.ULID_TEST_INSTANCES, JSON.stringify(made)));\n`,
);

/** What a run of `ulid ...args` compiled and instantiated, without the code cache (its checksum is a module too). */
function wasmOf(args: string[]): { sync: number; async: number; instances: number } {
  const file = join(DIR, "instances.txt");
  const { status } = spawnSync(process.execPath, ["--require", INSTANCES, CLI, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, ULID_TEST_INSTANCES: file, NODE_DISABLE_COMPILE_CACHE: "1" },
  });
  expect(status).toBe(0);
  return JSON.parse(readFileSync(file, "utf8"));
}

describe("the subcommands whose runs compile the WebAssembly module early (command-wasm-files.ts) load the engine", () => {
  const ids = join(DIR, "ids.txt");
  writeFileSync(ids, `${SPEC_ZERO_RANDOM.ulid}\n`);
  const runs: Record<string, string[]> = {
    new: ["new"],
    monotonic: ["monotonic", "3"],
    "from-time": ["from-time", "2026-04-15"],
    generate: ["generate", "3"],
    decode: ["decode", ids],
    scan: ["scan", LOG],
  };

  it("names each of them, and only subcommands", () => {
    expect(ENGINE_COMMANDS.filter((name) => !COMMAND_NAMES.includes(name))).toEqual([]);
    expect(Object.keys(runs).sort()).toEqual([...ENGINE_COMMANDS].sort());
  });

  for (const [name, args] of Object.entries(runs)) {
    it(`${name} instantiates the module it compiled early, and compiles no other`, () => {
      expect(wasmOf(args)).toEqual({ sync: 0, async: 1, instances: 1 });
    });
  }

  it.each([[["parse", SPEC_ZERO_RANDOM.ulid]], [["validate", SPEC_ZERO_RANDOM.ulid]], [["scan", "--help"]]])(
    "%j, which is not among them, compiles nothing",
    (args) => expect(wasmOf(args)).toEqual({ sync: 0, async: 0, instances: 0 }),
  );
});

describe("ulid scan runs a bundle of its own", () => {
  it("runs without the bundle of the other subcommands, which serves them and scan's help", () => {
    const install = join(DIR, "install");
    cpSync(dirname(CLI), join(install, "dist"), { recursive: true });
    cpSync(join(dirname(CLI), "../package.json"), join(install, "package.json"));
    rmSync(join(install, "dist/cli-main.cjs"));
    const bin = join(install, "dist/cli.cjs");
    // A code cache of its own: the copy's path would otherwise add a cache to the user's directory at every run.
    const env = { ...process.env, NODE_COMPILE_CACHE: join(DIR, "install-cache") };
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env });
    // Twice: the first run makes the scan's code cache, the second runs from it.
    for (const _ of [1, 2]) {
      const scan = run(["scan", LOG]);
      expect(scan.status).toBe(0);
      expect(scan.stdout.split("\n")).toHaveLength(1001);
      expect(scan.stdout).toMatch(new RegExp(`^1\t${SPEC_ZERO_RANDOM.ulid}\t`));
    }
    expect(run(["scan", "--type", "all", "--json", LOG]).status).toBe(0);
    for (const args of [["--version"], ["scan", "--help"]]) {
      const other = run(args);
      expect(other.status).not.toBe(0);
      expect(other.stderr).toContain("cli-main.cjs");
    }
  });

  it("holds the scan's modules: no format's namespace or TypeScript codec, no other subcommand", () => {
    const { sources } = JSON.parse(readFileSync(join(dirname(CLI), "cli-scan.cjs.map"), "utf8")) as { sources: string[] };
    const modules = sources.map((source) => source.replace(/^(\.\.\/)+/, ""));
    expect(modules).toContain("src/cli/commands/scan.ts");
    expect(modules).toContain("src/engine/wasm-scan.ts");
    const codecs = ["ulid", "ulid-text", "flake", "baseuid", "ksuid", "typeid", "record-codec"].map((name) => `src/engine/js-${name}.ts`);
    const unexpected = modules.filter(
      (module) => module.startsWith("src/formats/") || (module.startsWith("src/cli/commands/") && module !== "src/cli/commands/scan.ts") || codecs.includes(module),
    );
    expect(unexpected).toEqual([]);
  });
});
