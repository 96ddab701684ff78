/**
 * `ulid decode` on its two engines: WebAssembly (whole lines made in one pass: assembly/command/decode-lines.ts) and, where
 * WebAssembly does not load (`node --jitless`), TypeScript (canonical text, then the command's line writer). The same
 * random input, in text and JSON, lenient and --strict, must give byte-identical output, messages and exit status:
 * runs of IDs of one time (as `ulid generate` writes them) and of times across the 48-bit range, lower case and
 * aliases, bad chars, overflows, short, long, empty and CRLF lines, past the command's 512 KiB reads. And on
 * WebAssembly, output to a file or a pipe (whose lines go out straight from the module's memory until a bad line)
 * must be what output to a socket (copied out first) is, and with `2>&1` each message must stand after the lines
 * before its line.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, WITHOUT_WASM, runCli } from "./helpers/cli.js";
import { recordMaker } from "./helpers/ulid-records.js";

const { below, pick, randomId } = recordMaker(0x2e1);

const dir = mkdtempSync(join(tmpdir(), "ulid-decode-engines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `n` random lines: mostly valid IDs in runs that share their time chars, with faults of every kind among them. */
function input(n: number): string {
  const lines: string[] = [];
  let head = randomId(false).slice(0, 10);
  for (let i = 0; i < n; i++) {
    const kind = below(40);
    if (kind < 2) head = randomId(below(2) === 0).slice(0, 10);
    const id = kind < 30 ? head + randomId(below(4) === 0).slice(10) : randomId(below(2) === 0);
    if (kind === 30) lines.push(`${id.slice(0, 5)}${pick(["U", "!", "é", " "])}${id.slice(6)}`);
    else if (kind === 31) lines.push(`8${id.slice(1)}`);
    else if (kind === 32) lines.push(id.slice(0, below(26)));
    else if (kind === 33) lines.push(`${id}Z`);
    else if (kind === 34) lines.push(`${id}\r`);
    else lines.push(id);
  }
  return `${lines.join("\n")}\n`;
}

describe("ulid decode prints the same on both engines", () => {
  it("runs on TypeScript under --jitless (WebAssembly is not there)", () => {
    const run = spawnSync(process.execPath, [...WITHOUT_WASM, "-e", "process.stdout.write(typeof WebAssembly)"], { encoding: "utf8" });
    expect({ stdout: run.stdout, stderr: run.stderr }).toEqual({ stdout: "undefined", stderr: "" });
  });

  // Files, not standard input: --strict stops reading at the first bad line. The second's is its 50,001st.
  const mixed = join(dir, "mixed.txt");
  writeFileSync(mixed, input(60_000));
  const lateFault = join(dir, "late-fault.txt");
  writeFileSync(lateFault, `${Array.from({ length: 50_000 }, () => randomId(below(8) === 0)).join("\n")}\n01ARZ3NDEKTSV4RRFFQ69G5FAU\n${input(100)}`);
  const files: Record<string, string> = { "mixed.txt": mixed, "late-fault.txt": lateFault };
  it.each([
    ["mixed.txt", []],
    ["mixed.txt", ["--json"]],
    ["mixed.txt", ["--strict"]],
    ["late-fault.txt", ["--strict"]],
    ["late-fault.txt", ["--json", "--strict"]],
  ])("decode %s %j", async (name, options) => {
    const args = ["decode", files[name]!, ...options];
    const [wasm, typescript] = await Promise.all([runCli(args), runCli(args, undefined, undefined, WITHOUT_WASM)]);
    expect(wasm.stdout.length).toBeGreaterThan(0);
    expect(wasm.stderr).toMatch(/^line \d+: /);
    expect(wasm.status).toBe(1);
    expect(typescript.status).toBe(wasm.status);
    expect(typescript.stderr).toBe(wasm.stderr);
    expect(typescript.stdout === wasm.stdout).toBe(true);
  });
});

describe("ulid decode writes the same to a file, a pipe and a socket", () => {
  // Valid runs of thousands of lines (blocks of lines that go out directly) broken by single bad lines, so the
  // change from direct lines to copied ones falls inside reads and inside the kernel's blocks.
  const sparse = join(dir, "sparse.txt");
  const lines: string[] = [];
  for (let run = 0; run < 12; run++) {
    const head = randomId(false).slice(0, 10);
    // The first run is long enough that --strict too writes lines directly before it stops.
    for (let i = below(5000) + (run === 0 ? 2000 : 0); i >= 0; i--) lines.push(head + randomId(below(4) === 0).slice(10));
    lines.push(pick(["01ARZ3NDEKTSV4RRFFQ69G5FAU", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "short", ""]));
  }
  writeFileSync(sparse, `${lines.join("\n")}\n`);
  const mixed = join(dir, "mixed-2.txt");
  writeFileSync(mixed, input(30_000));

  it.each([
    ["sparse", []],
    ["sparse", ["--json"]],
    ["sparse", ["--strict"]],
    ["mixed", []],
  ])("%s %j", async (name, options) => {
    const args = ["decode", name === "sparse" ? sparse : mixed, ...options];
    const socket = await runCli(args);
    const toFile = join(dir, "out.txt");
    const errors = join(dir, "err.txt");
    const file = spawnSync("sh", ["-c", 'exec "$0" "$@" > "$OUT" 2> "$ERR"', process.execPath, CLI, ...args], {
      env: { ...process.env, OUT: toFile, ERR: errors },
    });
    // A pipe, its reader pausing first so that it fills: with standard error apart, and with `2>&1`, where the
    // two streams share the pipe's open file and making the stderr stream sets it non-blocking again.
    const piped = (script: string) =>
      spawnSync("bash", ["-c", `${script}; exit \${PIPESTATUS[0]}`, process.execPath, CLI, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
    const pipe = piped('"$0" "$@" | (sleep 0.3; cat)');
    const shared = piped('"$0" "$@" 2>&1 | (sleep 0.3; cat)');
    expect(socket.status).toBe(1);
    expect(file.status).toBe(socket.status);
    expect(readFileSync(errors, "utf8")).toBe(socket.stderr);
    expect(readFileSync(toFile, "utf8") === socket.stdout).toBe(true);
    expect({ status: pipe.status, stderr: pipe.stderr }).toEqual({ status: 1, stderr: socket.stderr });
    expect(pipe.stdout === socket.stdout).toBe(true);
    // Lines and messages interleave there: each in its own order must be what the socket run printed, and each
    // message must stand where its line was, as every input line gives one output line or one message.
    const inOrder = (text: string) => {
      const entries = text.split(/(?<=\n)/);
      const misplaced = entries.findIndex((entry, at) => entry.startsWith("line ") && !entry.startsWith(`line ${at + 1}: `));
      expect(misplaced === -1 ? "in order" : entries[misplaced]).toBe("in order");
      expect(entries.filter((entry) => entry.startsWith("line ")).join("")).toBe(socket.stderr);
      expect(entries.filter((entry) => !entry.startsWith("line ")).join("") === socket.stdout).toBe(true);
    };
    expect(shared.status).toBe(1);
    inOrder(shared.stdout);
    const together = spawnSync("sh", ["-c", 'exec "$0" "$@" > "$OUT" 2>&1', process.execPath, CLI, ...args], { env: { ...process.env, OUT: toFile } });
    expect(together.status).toBe(1);
    inOrder(readFileSync(toFile, "utf8"));
  });
});
