/**
 * Finding ULIDs in text: `scanText` and the streaming helpers, on both engines, against named cases and an
 * independent oracle (helpers/scan-reference.ts). Streams get random chunk splits, one-byte chunks included, and
 * must find exactly what one pass over the whole text finds; long texts cross the 64 KiB scan window.
 */
import { describe, expect, it } from "vitest";
import { UlidError, scanChunks, scanStream, scanText, type UlidMatch } from "../src/index.js";
import { jsEngine } from "../src/engine/js.js";
import { ULID } from "../src/engine/specs.js";
import { SCAN_BYTES, type Engine } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { matchFinder } from "../src/scan/match-finder.js";
import { Scanner, VisitingSearch } from "../src/scan/scanner.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { forEachEngine } from "./helpers/engines.js";
import { latin1, refTime } from "./helpers/reference.js";
import { type ExpectedMatch, byteChunks, randomChunks, randomLog, referenceScan } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";
import { SPEC_MAX, SPEC_MIN, SPEC_OVERFLOW, SPEC_ZERO_RANDOM } from "./vectors.js";

const A = SPEC_ZERO_RANDOM.ulid;
const B = "01KP7RTPGZB62RC63XPYZENR1F";

/** The IDs found in `text`. */
function ids(text: string): string[] {
  return scanText(latin1(text)).map((match) => match.id);
}

/** Every match of a chunked scan, flattened. */
async function collect(batches: AsyncGenerator<UlidMatch[]>): Promise<UlidMatch[]> {
  const all: UlidMatch[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

/** The matches `scanStream` gives for `chunks` written one by one. */
async function throughStream(chunks: Uint8Array[], lines: boolean): Promise<UlidMatch[]> {
  return (await throughTransform(scanStream({ lines }), chunks)).flat();
}

forEachEngine(() => {
  describe("scanText", () => {
    it("finds an ID with its offset, time and line", () => {
      const text = latin1(`first line\nrequest ${A} done\n`);
      expect(scanText(text, { lines: true })).toEqual([
        { id: A, offset: 19, time: SPEC_ZERO_RANDOM.time, line: 2 },
      ]);
      expect(scanText(text)).toEqual([{ id: A, offset: 19, time: SPEC_ZERO_RANDOM.time }]);
    });

    it.each([
      ["JSON", `{"id":"${A}","n":1}`],
      ["a URL path", `GET /orders/${A}/items?x=1`],
      ["a URL query", `/search?id=${A}&page=2`],
      ["brackets", `[${A}]`],
      ["CSV", `x,${A},y`],
      ["the whole text", A],
      ["tabs", `\t${A}\t`],
      ["a non-ASCII neighbour", `\u00e9${A}\u00ff`],
    ])("finds an ID in %s", (_, text) => {
      expect(ids(text)).toEqual([A]);
    });

    it("reads lower case and mixed case, and gives the canonical form", () => {
      expect(ids(`${A.toLowerCase()} ${B.slice(0, 13)}${B.slice(13).toLowerCase()}`)).toEqual([A, B]);
    });

    it("finds two IDs on one line, and IDs on consecutive lines, in order", () => {
      const text = latin1(`${A} ${B}\n${B}\n\n${A}`);
      expect(scanText(text, { lines: true }).map(({ id, line }) => [id, line])).toEqual([
        [A, 1],
        [B, 1],
        [B, 2],
        [A, 4],
      ]);
    });

    it("finds the smallest and largest IDs", () => {
      expect(scanText(latin1(`${SPEC_MIN.ulid} ${SPEC_MAX.ulid}`)).map((m) => m.time)).toEqual([0, SPEC_MAX.time]);
    });

    it.each([
      ["27 characters", `${A}0`],
      ["25 characters", A.slice(1)],
      ["an overflowing first character", SPEC_OVERFLOW],
      ["an overflowing lower-case first character", `z${A.slice(1).toLowerCase()}`],
      ["a U inside", `${A.slice(0, 10)}U${A.slice(11)}`],
      ["a u inside", `${A.slice(0, 10)}u${A.slice(11)}`],
      ["the alias O", `${A.slice(0, 20)}O${A.slice(21)}`],
      ["the alias I", `${A.slice(0, 3)}I${A.slice(4)}`],
      ["the alias l", `${A.slice(0, 3)}l${A.slice(4)}`],
      ["a letter glued before", `x${A}`],
      ["a digit glued before", `9${A}`],
      ["a letter glued after", `${A}g`],
      ["an alias glued after", `${A}O`],
      ["a U glued before", `U${A}`],
      ["a long run of letters and digits", `${A}${B}`],
    ])("does not match %s", (_, decoy) => {
      expect(ids(` ${decoy} `)).toEqual([]);
      expect(ids(decoy)).toEqual([]);
    });

    it("finds an ID right after a decoy that shares its run of canonical characters", () => {
      expect(ids(`${A}0_${B}`)).toEqual([B]);
      expect(ids(`${A.slice(1)}-${B}`)).toEqual([B]);
    });

    describe("terminal escape sequences are borders", () => {
      it.each([
        ["a colour code before and a reset after (the issue's kubectl line)", `req \x1b[36m${A}\x1b[0m\n`],
        ["a colour with several parameters", `\x1b[1;38;5;208m${A}`],
        ["a 24-bit colour", `\x1b[38;2;255;128;0m${A}\x1b[39;49m`],
        ["a reset without parameters", `\x1b[m${A}`],
        ["a private-mode sequence", `\x1b[?25l${A}\x1b[?25h`],
        ["a character set switch (ESC ( B, as tput sgr0 writes)", `\x1b(B${A}`],
        ["a two-byte escape (ESC 7, save cursor)", `\x1b7${A}\x1b8`],
        ["a line erase, then a cursor move", `\x1b[2K\x1b[1G${A}`],
        ["a hyperlink's text (OSC 8)", `\x1b]8;;https://x.test/\x1b\\${A}\x1b]8;;\x1b\\`],
      ])("finds an ID after %s", (_, text) => {
        expect(scanText(latin1(text))).toEqual([{ id: A, offset: text.indexOf(A), time: SPEC_ZERO_RANDOM.time }]);
      });

      it("finds a UUID v7 in colour", () => {
        const uuid = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        expect(scanText(latin1(`\x1b[32m${uuid}\x1b[0m`), { format: "uuidv7" }).map((m) => m.id)).toEqual([uuid]);
      });

      it.each([
        // A terminal reads ESC [ 0 1 K as "erase in line": the rest is 24 characters of text.
        ["the parameters and final byte of a CSI", `\x1b[${A}`],
        ["a 26-digit CSI parameter", "\x1b[01234567890123456789012345m"],
        ["the final byte after ESC", `\x1b${A}`],
        ["a letter that ends no sequence", `[36m${A}`],
      ])("does not read %s as an ID", (_, text) => {
        expect(ids(text)).toEqual([]);
      });

      it("reads a malformed sequence as far as it fits, the rest as text", () => {
        // "\x1b[12" then a newline: the newline ends the sequence unfinished, and the ID after it stands alone.
        expect(ids(`\x1b[12\n${A}`)).toEqual([A]);
        expect(ids(`\x1b[1;\u00e9${A}`)).toEqual([A]);
      });

      it("finds IDs after colour codes split across chunks at every byte, and across windows", async () => {
        const text = latin1(`a\x1b[38;5;208m${A}\x1b[0m \x1b[1;36m${B}\n`);
        const expected = scanText(text);
        expect(expected.map((m) => m.id)).toEqual([A, B]);
        for (let cut = 0; cut <= text.length; cut++) {
          expect(await collect(scanChunks([text.subarray(0, cut), text.subarray(cut)]))).toEqual(expected);
        }
        expect(await collect(scanChunks(byteChunks(text)))).toEqual(expected);
        // A sequence straddling the 64 KiB window, at every position.
        for (let shift = 0; shift < 20; shift++) {
          const long = latin1(`${"-".repeat(SCAN_BYTES - 26 - shift)}\x1b[38;5;208m${A}`);
          expect(ids(Buffer.from(long).toString("latin1"))).toEqual([A]);
        }
      });
    });

    it("finds nothing in empty text and text without IDs", () => {
      expect(scanText(new Uint8Array(0))).toEqual([]);
      expect(ids("just some words, 12345 and punctuation!\n")).toEqual([]);
    });

    it("agrees with the oracle on random logs", () => {
      for (let seed = 1; seed <= 20; seed++) {
        const log = randomLog(4000, seed);
        expect(scanText(log, { lines: true })).toEqual(referenceScan(log));
      }
    });

    it("finds IDs across the 64 KiB scan window at every straddling position", () => {
      // Records of 27 bytes; each prefix length shifts which record straddles a window boundary.
      for (let shift = 0; shift < 28; shift++) {
        const records = `${"-".repeat(shift)}${`${A} `.repeat(Math.ceil((2 * SCAN_BYTES) / 27))}`;
        const text = latin1(records);
        const found = scanText(text, { lines: true });
        expect(found.length).toBe(Math.ceil((2 * SCAN_BYTES) / 27));
        expect(found.every((match, i) => match.offset === shift + 27 * i && match.line === 1)).toBe(true);
      }
    });

    it("treats a run of letters and digits across a window boundary as one run", () => {
      // A 26-character tail of a long run ends exactly after the first window: it is glued, not an ID.
      const glued = latin1(`${"x".repeat(SCAN_BYTES - 26)}${A} ${B}`);
      expect(scanText(glued).map((m) => m.id)).toEqual([B]);
      const longRun = latin1(`${"7".repeat(SCAN_BYTES + 40)} ${A}`);
      expect(scanText(longRun).map((m) => m.offset)).toEqual([SCAN_BYTES + 41]);
    });

    it("agrees with the oracle on logs larger than the scan window", () => {
      const log = randomLog(3 * SCAN_BYTES + 1234, 99);
      expect(scanText(log, { lines: true })).toEqual(referenceScan(log));
    });

    it("rejects what is neither bytes nor a string, and bad options", () => {
      for (const bad of [null, [1, 2], new Uint16Array(4)]) {
        expect(() => scanText(bad as unknown as Uint8Array)).toThrow(UlidError);
      }
      expect(() => scanText(new Uint8Array(1), { lines: "yes" as unknown as boolean })).toThrow(/`lines` option/);
      expect(() => scanText(new Uint8Array(1), 5 as never)).toThrow(UlidError);
    });
  });

  describe("scanChunks and scanStream", () => {
    const log = randomLog(20_000, 7);
    const expected = referenceScan(log);

    it.each([
      ["one chunk", [log]],
      ["random chunks of 1-64 bytes", randomChunks(log, 64, 1)],
      ["random chunks of 1-4096 bytes", randomChunks(log, 4096, 2)],
      ["one-byte chunks", byteChunks(log)],
      ["empty chunks between", randomChunks(log, 300, 3).flatMap((chunk) => [new Uint8Array(0), chunk])],
    ])("scanChunks finds what one pass finds, in %s", async (_, chunks) => {
      expect(await collect(scanChunks(chunks, { lines: true }))).toEqual(expected);
    });

    it("scanChunks reads an async iterable, and gives one batch per chunk with matches", async () => {
      async function* source(): AsyncGenerator<Uint8Array> {
        yield latin1(`${A}\n${B.slice(0, 5)}`);
        yield latin1(`${B.slice(5)}\nnothing here\n`);
        yield latin1(`${A}`);
      }
      const batches: UlidMatch[][] = [];
      for await (const batch of scanChunks(source(), { lines: true })) batches.push(batch);
      expect(batches.map((batch) => batch.map(({ id, line }) => `${line}:${id}`))).toEqual([
        [`1:${A}`],
        [`2:${B}`],
        [`4:${A}`],
      ]);
    });

    it.each([
      ["random chunks of 1-100 bytes", randomChunks(log, 100, 4)],
      ["one-byte chunks", byteChunks(log)],
    ])("scanStream finds what one pass finds, in %s", async (_, chunks) => {
      expect(await throughStream(chunks, true)).toEqual(expected);
    });

    it("counts offsets and lines from the start of the stream, across a large stream", async () => {
      const big = randomLog(3 * SCAN_BYTES, 11);
      expect(await collect(scanChunks(randomChunks(big, 50_000, 5), { lines: true }))).toEqual(referenceScan(big));
    });

    it("rejects a source that is not iterable, and chunks that are not bytes", async () => {
      await expect(collect(scanChunks(42 as never))).rejects.toThrow(UlidError);
      await expect(collect(scanChunks(["text"] as never))).rejects.toThrow(/each chunk must be a Uint8Array/);
      await expect(throughStream(["text" as never], false)).rejects.toThrow(UlidError);
    });
  });
});

describe("scan kernels agree byte for byte", () => {
  const engines: [string, Engine][] = [
    ["js", jsEngine],
    ["wasm simd", createWasmEngine(instantiateBuild(true))!],
    ["wasm scalar", createWasmEngine(instantiateBuild(false))!],
  ];

  /** Every match a Scanner on `engine` visits, given `chunks`, as the oracle describes matches. */
  function visited(engine: Engine, chunks: Uint8Array[], lines: boolean): ExpectedMatch[] {
    const found: ExpectedMatch[] = [];
    const scanner = new Scanner(ULID, new VisitingSearch(matchFinder(engine, [ULID]), lines, (window, at, length, offset, time, line) => {
      const id = Buffer.from(window.subarray(at, at + length)).toString("latin1").toUpperCase();
      found.push({ id, offset, time, line });
    }));
    for (const chunk of chunks) scanner.push(chunk, false);
    scanner.push(new Uint8Array(0), true);
    return found;
  }

  it.each(engines)("%s matches the oracle on random logs and random splits", (_, engine) => {
    for (let seed = 100; seed < 110; seed++) {
      const log = randomLog(6000, seed);
      expect(visited(engine, randomChunks(log, 200, seed), true)).toEqual(referenceScan(log));
    }
  });

  it.each(engines)("%s decodes the time of every match, and gives line 0 when lines are not counted", (_, engine) => {
    const log = latin1(`${SPEC_MAX.ulid}\n${B.toLowerCase()} ${SPEC_MIN.ulid}`);
    expect(visited(engine, [log], false).map(({ time, line }) => [time, line])).toEqual([
      [SPEC_MAX.time, 0],
      [refTime(B), 0],
      [0, 0],
    ]);
  });
});
