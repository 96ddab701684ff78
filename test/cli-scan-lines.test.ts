/**
 * `ulid scan`'s lines as the WebAssembly module writes them (src/printer/wasm-scan-match-lines.ts over
 * assembly/command/scan-match-lines.ts), byte for byte against the TypeScript formatter (`ScanLines.write` over the TypeScript
 * engine's matches), which the CLI suites check against ripgrep and references. On both wasm builds (SIMD and
 * scalar), for every scannable format, text and JSON, unnamed and named files (JSON-escaped names; a start that
 * fills most of the line-parts region, so a window's lines overflow the output region and are written in several
 * calls), time windows, random chunk splits, escape sequences, and line numbers from 1 and offsets from 0 to just below
 * 2^53. And the newline count of a `--jobs` range, on either engine, and where its ranges end.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ByteWriter } from "../src/printer/byte-writer.js";
import { commandExports, commandWasm } from "../src/printer/wasm-kernels.js";
import { ScanLines } from "../src/printer/scan-match-lines.js";
import { lastLineStart, newlineCount } from "../src/cli/parallel/line-ranges.js";
import { scanTargetOf } from "../src/cli/scan-targets.js";
import { WasmLineSearch, lineKernelTakes, printingScanner } from "../src/printer/wasm-scan-match-lines.js";
import { jsEngine } from "../src/engine/js.js";
import { setBackend } from "../src/index.js";
import { matchFinder } from "../src/scan/match-finder.js";
import { Scanner, VisitingSearch } from "../src/scan/scanner.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { commandBuild, useCommandModule } from "./helpers/command-builds.js";
import { seededUint32 } from "./helpers/reference.js";
import { randomChunks, randomLog, randomMixedLog, randomTypeIdLog } from "./helpers/scan-reference.js";

// As the command does first: the engine loads the command's module.
useCommandModule();

const next = seededUint32(0x11e5);
const HEX = "0123456789abcdef";

/** A UUID v7's text of Unix ms `time`, random otherwise, in random case. */
function uuidV7(time: number): string {
  const hex = time.toString(16).padStart(12, "0") + "7" + Array.from({ length: 19 }, () => HEX[next() % 16]).join("");
  const variant = HEX[8 + (next() % 4)];
  const text = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return next() % 2 === 0 ? text : text.toUpperCase();
}

/** A log of about `length` bytes with UUID v7s (times from 1970 to the largest) among the ULID log's text. */
function uuidLog(length: number, seed: number): Uint8Array {
  const words = new TextDecoder("latin1").decode(randomLog(length, seed)).split(" ");
  const times = [0, 999, 1_000, 1_745_000_000_000, 253_402_300_799_999, 253_402_300_800_000, 2 ** 48 - 1];
  const text = words.map((word, i) => (i % 3 === 0 ? uuidV7(times[next() % times.length]!) : word)).join(" ");
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
const ESCAPES = ["\x1b[36m", "\x1b[0m", "\x1b[1;31m", "\x1b(B", "\x1b["];

/** `bytes` with terminal escape sequences put in at random places (around and inside IDs alike). */
function withEscapes(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const byte of bytes) {
    if (next() % 40 === 0) out.push(...latin1(ESCAPES[next() % ESCAPES.length]!));
    out.push(byte);
  }
  return Uint8Array.from(out);
}

const LOGS: Record<string, () => Uint8Array> = {
  ulid: () => withEscapes(randomLog(150_000, 7)),
  uuidv7: () => withEscapes(uuidLog(150_000, 8)),
  typeid: () => withEscapes(latin1(randomTypeIdLog(150_000, 9))),
  // Several types in one pass: a type column in text, each match's type in JSON.
  "ulid,uuidv7,typeid": () => withEscapes(latin1(randomMixedLog(150_000, 10))),
  "typeid,ulid": () => withEscapes(latin1(randomMixedLog(150_000, 11))),
  // Every type the module's one pass finds, ObjectIds and XIDs among them, and in another order.
  "ulid,uuidv7,typeid,objectid,xid": () => withEscapes(latin1(randomMixedLog(150_000, 12))),
  "xid,objectid,typeid": () => withEscapes(latin1(randomMixedLog(150_000, 13))),
};

/**
 * Where a case's lines and offsets start: at 1 and 0, or just below 10^9 (where decimals get a digit and their
 * writer its other path), 2^32, above 2^40, and just below 2^53 (the largest whole numbers a double holds).
 */
const FIRST_LINES = [1, 1e9 - 100, 2 ** 32 - 100, 2 ** 40 + 12_345, 2 ** 53 - 1e6];
const FIRST_OFFSETS = [0, 1e9 - 50_000, 2 ** 32 - 50_000, 2 ** 45 + 12_345, 2 ** 53 - 1e7];

interface Case {
  type: string;
  json: boolean;
  name: string | undefined;
  window: { from: number; to: number };
  firstLine: number;
  firstOffset: number;
}

/** The bytes a scanner made by `make` writes for `chunks`. */
function output(make: (lines: ScanLines, writer: ByteWriter) => Scanner, type: string, json: boolean, name: string | undefined, chunks: Uint8Array[]): Uint8Array {
  const writer = new ByteWriter();
  const lines = new ScanLines(writer, scanTargetOf({ type }), json);
  lines.file(name);
  const scanner = make(lines, writer);
  chunks.forEach((chunk, i) => scanner.push(chunk, i === chunks.length - 1));
  return writer.view().slice();
}

/** What the TypeScript formatter writes: the reference. */
function expected(c: Case, chunks: Uint8Array[]): Uint8Array {
  const { formats } = scanTargetOf({ type: c.type });
  return output(
    (lines) =>
      new Scanner(
        formats,
        new VisitingSearch(matchFinder(jsEngine, formats), true, (window, at, length, offset, time, line, format) => {
          if (time >= c.window.from && time < c.window.to) lines.write(window, at, length, offset, time, line, format);
        }),
        c.firstLine,
        c.firstOffset,
      ),
    c.type,
    c.json,
    c.name,
    chunks,
  );
}

const NAMES = [undefined, "app.log", 'logs/"quoted"\\name\t\u00e9\u{1f600}.log', `${"d/".repeat(1_990)}long.log`];
const WINDOWS = [
  { from: -Infinity, to: Infinity },
  { from: 1_745_000_000_000, to: 253_402_300_800_000 },
  { from: 0, to: 1_000 },
];

describe.each([
  ["SIMD", true],
  ["scalar", false],
] as const)("the %s build's lines", (_, simd) => {
  const wasm = commandExports(commandBuild(simd).exports)!;

  for (const type of Object.keys(LOGS)) {
    it(`${type}: the same bytes as the TypeScript formatter, for every case`, () => {
      const log = LOGS[type]!();
      const { formats } = scanTargetOf({ type });
      let compared = 0;
      for (const json of [false, true]) {
        for (const name of NAMES) {
          for (const window of WINDOWS) {
            const c: Case = {
              type,
              json,
              name,
              window,
              firstLine: FIRST_LINES[next() % FIRST_LINES.length]!,
              firstOffset: FIRST_OFFSETS[next() % FIRST_OFFSETS.length]!,
            };
            // A start and keys longer than the module's line-parts region are written by the formatter
            // (`printingScanner`, below).
            const lines = new ScanLines(new ByteWriter(), scanTargetOf({ type }), json);
            lines.file(name);
            if (!lineKernelTakes(wasm, lines)) continue;
            const chunks = randomChunks(log, 1 + (next() % 100_000), next());
            const want = expected(c, chunks);
            const got = output(
              (lines, writer) => new Scanner(formats, new WasmLineSearch(wasm, formats, lines, writer, window), c.firstLine, c.firstOffset),
              type,
              json,
              name,
              chunks,
            );
            expect(Buffer.from(got).equals(Buffer.from(want)), JSON.stringify({ ...c, name: name?.slice(0, 20) })).toBe(true);
            compared += want.length;
          }
        }
      }
      // Lines were written: not two empty outputs compared.
      expect(compared).toBeGreaterThan(1_000_000);
    });
  }
});

describe("the library's module", () => {
  it("has none of the command's kernels", () => {
    expect(commandExports(instantiateBuild(true).exports)).toBe(null);
    expect(commandExports(instantiateBuild(false).exports)).toBe(null);
  });
});

describe("printingScanner", () => {
  it("writes the same bytes on either engine, and past the line-parts region's size through the formatter", () => {
    const window = { from: -Infinity, to: Infinity };
    for (const [type, name] of [
      ["ulid", "x.log"],
      ["ulid", "n".repeat(5_000)],
      ["ulid,uuidv7,typeid", "x.log"],
      ["typeid,ulid", "n".repeat(5_000)],
    ] as const) {
      const log = LOGS[type]!();
      const outputs = (["wasm", "js"] as const).map((backend) => {
        setBackend(backend);
        expect(commandWasm() === null).toBe(backend === "js");
        try {
          return output((lines, writer) => printingScanner(lines, writer, window), type, true, name, [log]);
        } finally {
          setBackend("auto");
        }
      });
      expect(outputs[0]!.length).toBeGreaterThan(100_000);
      expect(Buffer.from(outputs[0]!).equals(Buffer.from(outputs[1]!))).toBe(true);
    }
  });
});

describe("newlineCount (a --jobs range's newlines)", () => {
  it("counts as a byte loop does, on either engine, across scan windows", () => {
    for (const length of [0, 1, 15, 16, 17, 65_535, 65_536, 65_537, 200_003]) {
      const bytes = Buffer.alloc(length);
      for (let i = 0; i < length; i++) bytes[i] = next() % 7 === 0 ? 0x0a : 0x41 + (next() % 60);
      let want = 0;
      for (const byte of bytes) want += byte === 0x0a ? 1 : 0;
      for (const backend of ["wasm", "js"] as const) {
        setBackend(backend);
        try {
          expect(newlineCount(bytes), `${length} bytes on ${backend}`).toBe(want);
        } finally {
          setBackend("auto");
        }
      }
    }
  });
});

describe("lastLineStart (where a --jobs file's ranges end)", () => {
  it("is the start of the last line that starts before the size read, whatever the file holds from there", () => {
    const dir = mkdtempSync(join(tmpdir(), "ulid-last-line-"));
    try {
      // Lines across probe reads (64 KiB), a long last line, and no newline at all.
      const texts = ["", "a", "\n", "ab\ncd\n", "ab\ncd", `${"x".repeat(70_000)}\n${"y".repeat(140_000)}`, "z".repeat(150_000), `\n${"z".repeat(150_000)}`];
      for (const text of texts) {
        const path = join(dir, "file");
        writeFileSync(path, text);
        const fd = openSync(path, "r");
        try {
          // Every size, past the file's length too (a size read before the file shrank, or a /sys file's 4096).
          for (let size = 0; size <= text.length + 2; size += size < 10 || text.length - size < 10 ? 1 : 997) {
            const want = text.slice(0, Math.min(size, text.length)).lastIndexOf("\n") + 1;
            expect(lastLineStart(fd, size), `${text.length} chars, size ${size}`).toBe(want);
          }
        } finally {
          closeSync(fd);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
