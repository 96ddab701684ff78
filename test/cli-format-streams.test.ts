/**
 * The streaming pieces behind `--type` in the CLI, fed random chunk splits (1-byte chunks included) and compared
 * with one-shot results: the UUID v7 scanner (`scan --type uuidv7`) against a reference regex over the whole
 * text, and the line decoder (`decodeLines`) of the other formats. Then `scan --type` as a real process.
 */
import { describe, expect, it } from "vitest";
import { jsEngine } from "../src/engine/js.js";
import { UUIDV7 } from "../src/engine/specs.js";
import type { Engine } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { matchFinder } from "../src/scan/match-finder.js";
import { Scanner, VisitingSearch } from "../src/scan/scanner.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { UlidError, baseuid, decodeLines, flake, ksuid, uuidv7 } from "../src/index.js";
import { lines, runCli } from "./helpers/cli.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { type ExpectedMatch, referenceUuidV7Scan } from "./helpers/scan-reference.js";

const next = seededUint32(0x5ca7);
const below = (n: number): number => next() % n;

/** `text` cut at random places; with `tiny`, into chunks of 1-3 bytes. */
function splits(text: Uint8Array, tiny: boolean): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < text.length; ) {
    const size = tiny ? 1 + below(3) : 1 + below(200);
    chunks.push(text.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

type Found = ExpectedMatch;

function scanAll(engine: Engine, chunks: readonly Uint8Array[]): Found[] {
  const found: Found[] = [];
  const scanner = new Scanner(UUIDV7, new VisitingSearch(matchFinder(engine, [UUIDV7]), true, (window, at, length, offset, time, line) => {
    found.push({ id: String.fromCharCode(...window.subarray(at, at + length)).toLowerCase(), offset, time, line });
  }));
  chunks.forEach((chunk, i) => scanner.push(chunk, i === chunks.length - 1));
  if (chunks.length === 0) scanner.push(new Uint8Array(0), true);
  return found;
}

const reference = referenceUuidV7Scan;

/** A log with v7s in many settings, decoys (v4, glued, cut short) and newlines anywhere. */
function log(): string {
  const ids = uuidv7.encodeMany(uuidv7.generateMany(60, { monotonic: false }));
  const pieces = ids.flatMap((id) => [
    [`id=${id}`, `"${id.toUpperCase()}"`, `/u/${id}?x`, `x${id}`, `${id}0`, `${id.slice(0, 14)}4${id.slice(15)}`, id.slice(1)][below(7)]!,
    [" ", "\n", ",", "\r\n", "-", ""][below(6)]!,
  ]);
  return pieces.join("");
}

describe.each([
  ["js", jsEngine],
  ["wasm simd", createWasmEngine(instantiateBuild(true))!],
  ["wasm scalar", createWasmEngine(instantiateBuild(false))!],
] as const)("the UUID v7 scanner on the %s engine", (_name, engine) => {
  it("finds what the reference finds, however the text is split", () => {
    for (let round = 0; round < 20; round++) {
      const text = log();
      const bytes = latin1(text);
      const expected = reference(text);
      expect(expected.length).toBeGreaterThan(0);
      expect(scanAll(engine, [bytes])).toEqual(expected);
      expect(scanAll(engine, splits(bytes, round % 2 === 0))).toEqual(expected);
    }
  });

  it("finds UUIDs across window boundaries of a long text", () => {
    const text = log().repeat(40); // several 64 KiB windows
    expect(scanAll(engine, [latin1(text)])).toEqual(reference(text));
  });
});

describe("decodeLines of the other formats", () => {
  it.each([
    ["Ulid-Flake", flake],
    ["BaseUID", baseuid],
    ["UUID v7", uuidv7],
    ["KSUID", ksuid],
  ] as const)("decodes %s lines split anywhere, reporting bad lines in order", async (_label, api) => {
    const ids = api.encodeMany(api.generateMany(300, { monotonic: false }));
    const input = ids.map((id, i) => (i % 50 === 7 ? `${id}!` : id) + (i % 2 ? "\r\n" : "\n")).join("");
    const expectedBytes = api.decodeMany(ids.filter((_, i) => i % 50 !== 7));
    const expectedLines = ids.flatMap((_, i) => (i % 50 === 7 ? [i] : []));
    for (const tiny of [false, true]) {
      const out: Uint8Array[] = [];
      const bad: number[] = [];
      const chunks = splits(new TextEncoder().encode(input), tiny);
      const onInvalid = (error: UlidError) => bad.push(error.index!);
      for await (const decoded of decodeLines(chunks, { format: api.name, onInvalid })) out.push(decoded.slice());
      expect(Buffer.concat(out)).toEqual(Buffer.from(expectedBytes));
      expect(bad).toEqual(expectedLines);
    }
  });

  it("reports an over-long line by its length, and stops at the first bad line without a handler", async () => {
    const emitted: number[] = [];
    const chunks = ["00EZJCRCB4650\n", `${"0".repeat(300)}\n`].map((text) => new TextEncoder().encode(text));
    await expect(async () => {
      for await (const ids of decodeLines(chunks, { format: "flake" })) emitted.push(ids.length);
    }).rejects.toThrow(/line 2: a Ulid-Flake has 13 characters, got a line of 300/);
    expect(emitted).toEqual([8]);
  });
});

describe("ulid scan --type", () => {
  it("finds UUID v7s, and refuses formats text cannot reveal", async () => {
    const text = log();
    // Every match, plausible or not: the reference knows no time window.
    const found = await runCli(["scan", "--type", "uuidv7", "--json", "--plausible", ".."], text);
    expect(found.status).toBe(0);
    const matches = lines(found.stdout).map((l) => JSON.parse(l));
    expect(matches.map((m) => m.id)).toEqual(reference(text).map((m) => m.id));
    expect(new Set(matches.map((m) => m.type))).toEqual(new Set(["uuidv7"]));
    for (const type of ["flake", "baseuid", "ksuid"]) {
      const refused = await runCli(["scan", "--type", type], "x");
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain("cannot be told from ordinary words");
    }
  });
});
