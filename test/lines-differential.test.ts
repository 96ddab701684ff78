/**
 * `ulid decode`'s whole lines made by the command's module (`wasmDecodeLines`: assembly/command/decode-lines.ts), SIMD
 * and scalar builds, against an oracle: validity, times and canonical text from the TypeScript engine's other batch
 * calls (test/helpers/ulid-records.ts), ISO times from `Date.toISOString`, each line put together as a string. On
 * random records: valid IDs in random case and aliases, in runs that share their time chars (the kernel's fast
 * path) or spell them differently, of times across the 48-bit range (ISO years 1970 to 9999 and the six-digit ones,
 * leap days); a bad byte at every position, overflowing first chars, letters as separators; batches around the
 * chunk size and the lines region's capacity; TSV and JSON shapes (the command's TimeSuffix), switched between
 * calls; lines handed to a `direct` writer until the first invalid record.
 */
import { describe, expect, it } from "vitest";
import { TimeSuffix, jsonTimeSuffix } from "../src/printer/time-suffix.js";
import { type LineShape, type LinesMany, maxLineBytes, wasmDecodeLines } from "../src/printer/wasm-decode-lines.js";
import { commandExports } from "../src/printer/wasm-kernels.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { encode } from "../src/index.js";
import { commandBuild } from "./helpers/command-builds.js";
import { byTier } from "./helpers/tier.js";
import { ALNUM, BAD_BYTES, RECORD, oracle, recordMaker } from "./helpers/ulid-records.js";

const { pick, records } = recordMaker(0x11e5);

/** The pieces of a line around an ID and its time, and its shape for linesMany over the command's TimeSuffix. */
interface Pieces {
  readonly start: string;
  readonly before: string;
  readonly between: string;
  readonly after: string;
  readonly shape: LineShape;
}

function pieces(start: string, suffix: TimeSuffix, before: string, between: string, after: string): Pieces {
  return { start, before, between, after, shape: { start, suffixBytes: suffix.longest, suffix: (time, into) => suffix.write(time, into) } };
}

const TSV = pieces("", new TimeSuffix("\t", "\t", "\n"), "\t", "\t", "\n");
const JSON_LINES = pieces('{"ulid":"', jsonTimeSuffix(), '","time":', ',"iso":"', '"}\n');
/** The longest start (16 bytes) and a suffix of 92 bytes, the most a slot holds in 16-byte steps. */
const LONGEST = pieces("<start:16 bytes>", new TimeSuffix("<before16 bytes>", "<between16bytes>", "<after:16 bytes>"), "<before16 bytes>", "<between16bytes>", "<after:16 bytes>");

/** ISO times by Unix ms: runs of one time make each once. */
const isoTimes = new Map<number, string>();
const iso = (time: number): string => {
  let text = isoTimes.get(time);
  if (text === undefined) isoTimes.set(time, (text = new Date(time).toISOString()));
  return text;
};

/** The lines the oracle prints for `count` records of `text` (one string), and each record's validity. */
function expectedLines(text: Uint8Array, count: number, pieces: Pieces): { lines: string[]; valid: Uint8Array; first: number } {
  const { valid, times, text: canonical } = oracle(text, count);
  const ids = Buffer.from(canonical.buffer, canonical.byteOffset, canonical.length).toString("latin1");
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (!valid[i]) continue;
    const time = times[i]!;
    lines.push(`${pieces.start}${ids.slice(RECORD * i, RECORD * i + 26)}${pieces.before}${time}${pieces.between}${iso(time)}${pieces.after}`);
  }
  return { lines, valid, first: valid.indexOf(0) };
}

/** Runs `linesMany` over `count` records of `text` against the oracle: lines, ends, flags and the result. */
function expectLikeOracle(linesMany: LinesMany, text: Uint8Array, count: number, pieces: Pieces): void {
  const expected = expectedLines(text, count, pieces);
  const out = new Uint8Array(maxLineBytes(pieces.shape, 26) * count);
  const ends = new Uint32Array(count).fill(0xdead);
  const flags = new Uint8Array(count).fill(7);
  const before = text.slice();
  expect(linesMany(text, count, pieces.shape, out, ends, flags)).toBe(expected.first);
  // The records are only read.
  expect(Buffer.compare(text, before)).toBe(0);
  for (let i = 0; i < count; i++) if (flags[i] !== expected.valid[i]) expect({ flag: i, value: flags[i] }).toEqual({ flag: i, value: expected.valid[i] });
  const total = count === 0 ? 0 : ends[count - 1]!;
  if (Buffer.from(out.buffer, 0, total).toString("latin1") === expected.lines.join("")) {
    // The lines are right; each record's end must be its line's.
    let end = 0;
    let line = 0;
    for (let i = 0; i < count; i++) {
      if (flags[i] === 1) end += expected.lines[line++]!.length;
      if (ends[i] !== end) expect({ record: i, end: ends[i] }).toEqual({ record: i, end });
    }
    return;
  }
  // A difference: name the first line that differs.
  let end = 0;
  let line = 0;
  for (let i = 0; i < count; i++) {
    if (flags[i] === 1) {
      const printed = Buffer.from(out.subarray(end, ends[i])).toString("latin1");
      expect({ record: i, printed }).toEqual({ record: i, printed: expected.lines[line++] });
    }
    end = ends[i]!;
  }
  expect.unreachable("the lines differ, yet no line does");
}

// The line kernels are the command's: its module's builds.
const builds = (["simd", "scalar"] as const).map((name) => [name, wasmDecodeLines(commandExports(commandBuild(name === "simd").exports)!)] as const);
const CHUNK = commandBuild(true).exports.chunkSize();

it("is not in the library's module (only the command embeds the line kernels)", () => {
  for (const simd of [true, false]) expect(commandExports(instantiateBuild(simd).exports)).toBe(null);
});

describe.each(builds)("wasmDecodeLines, %s build", (_name, linesMany) => {
  // Around the lines region's capacity and the chunk size; past three chunks in the deep tier.
  const sizes = [0, 1, 2, 100, 499, 500, 1000, 1400, 2000, 2100, CHUNK - 1, CHUNK, CHUNK + 1, ...byTier([], [3 * CHUNK + 5])];
  // The shortest shape and the longest; JSON lines too in the deep tier (and in the unit tier's other tests).
  const shapes = byTier([TSV, LONGEST], [TSV, JSON_LINES, LONGEST]);
  it.each(sizes)("writes %i records' lines like the oracle", (n) => {
    for (const rate of [0, 0.01, 0.5]) {
      for (const pieces of shapes) expectLikeOracle(linesMany, records(n, rate), n, pieces);
    }
  });

  it.each([0, 1, 500, 1000, CHUNK + 1, ...byTier([], [3 * CHUNK + 5])])("hands %i records' lines to `direct` until the first invalid one", (n) => {
    for (const rate of [0, 0.0005, 0.01, 0.5]) {
      const text = records(n, rate);
      const expected = expectedLines(text, n, TSV);
      const out = new Uint8Array(maxLineBytes(TSV.shape, 26) * n);
      const ends = new Uint32Array(n).fill(0xdead);
      const flags = new Uint8Array(n);
      const blocks: string[] = [];
      // A view of the module's memory, valid only during the call: read at once.
      const first = linesMany(text, n, TSV.shape, out, ends, flags, (lines) => blocks.push(Buffer.from(lines).toString("latin1")));
      expect(first).toBe(expected.first);
      const direct = blocks.join("");
      const copied = n === 0 ? "" : Buffer.from(out.subarray(0, ends[n - 1])).toString("latin1");
      expect(direct + copied === expected.lines.join("")).toBe(true);
      // Nothing from the first invalid record on went directly; records whose lines did have end 0.
      const before = new Uint32Array(n + 1);
      for (let i = 0; i < n; i++) before[i + 1] = before[i]! + expected.valid[i]!;
      const linesBefore = (record: number) => before[record]!;
      const directLines = direct.split("\n").length - 1;
      if (first >= 0) expect(directLines).toBeLessThanOrEqual(linesBefore(first));
      else expect(copied).toBe("");
      for (let i = 0; i < n && linesBefore(i + 1) <= directLines; i++) if (ends[i] !== 0) expect({ record: i, end: ends[i] }).toEqual({ record: i, end: 0 });
      for (let i = 0; i < n; i++) if (flags[i] !== expected.valid[i]) expect({ flag: i, value: flags[i] }).toEqual({ flag: i, value: expected.valid[i] });
    }
  });

  it("canonicalises lower case and aliases, and prints the spec's example time", () => {
    const text = new TextEncoder().encode("01arz3ndektsv4rrffq69g5fav\nOIL0000000000000000000000Z\n01ARZ3NDEKTSV4RRFFQ69G5FAV");
    const out = new Uint8Array(3 * maxLineBytes(TSV.shape, 26));
    const ends = new Uint32Array(3);
    expect(linesMany(text, 3, TSV.shape, out, ends, new Uint8Array(3))).toBe(-1);
    // The spec's example ULID (its time 1469922850259), and chars 0, 1, 1 then zeros: 32^8 + 32^7.
    expect(new TextDecoder().decode(out.subarray(0, ends[2]))).toBe(
      "01ARZ3NDEKTSV4RRFFQ69G5FAV\t1469922850259\t2016-07-30T23:54:10.259Z\n" +
        `0110000000000000000000000Z\t${32 ** 8 + 32 ** 7}\t2005-12-06T12:16:06.144Z\n` +
        "01ARZ3NDEKTSV4RRFFQ69G5FAV\t1469922850259\t2016-07-30T23:54:10.259Z\n",
    );
  });

  it("finds a bad byte at every position, in a record on each side of a chunk edge, inside runs of one time", () => {
    for (let at = 0; at < 26; at++) {
      // Random bad bytes: one a position in the unit tier, two in the deep tier.
      for (const bad of byTier([pick(BAD_BYTES)], [pick(BAD_BYTES), pick(BAD_BYTES)])) {
        const n = CHUNK + 2;
        const text = records(n, 0);
        // Every record of the same time chars as the first: the fast path, where only chars 10-25 are read.
        for (let i = 1; i < n; i++) text.copyWithin(RECORD * i, 0, 10);
        for (const i of [0, 1, CHUNK - 1, CHUNK, n - 1]) text[RECORD * i + at] = bad;
        expectLikeOracle(linesMany, text, n, TSV);
      }
    }
  });

  it("stops a record at a letter or digit as separator, but not at the end of the text", () => {
    for (const alnum of ALNUM) {
      const text = records(CHUNK + 1, 0, false);
      text[RECORD * (CHUNK - 1) + 26] = alnum;
      expectLikeOracle(linesMany, text, CHUNK + 1, JSON_LINES);
    }
  });

  it("keeps the suffixes of times that share a slot apart (times 64 ms apart, alternating)", () => {
    const ids = [0, 64, 0, 128, 64, 2 ** 48 - 64, 2 ** 48 - 1, 2 ** 48 - 65].map((time) => {
      const bytes = new Uint8Array(16);
      for (let j = 0; j < 6; j++) bytes[j] = Math.floor(time / 2 ** (8 * (5 - j))) % 256;
      return encode(bytes);
    });
    const text = new TextEncoder().encode(ids.join("\n"));
    for (const pieces of [TSV, JSON_LINES, TSV]) expectLikeOracle(linesMany, text, ids.length, pieces);
  });

  it("takes no start over 16 bytes, nor a suffix over 96", () => {
    const args = [new Uint8Array(27), 1, undefined, new Uint8Array(300), new Uint32Array(1), new Uint8Array(1)] as const;
    const call = (shape: LineShape) => () => linesMany(args[0], args[1], shape, args[3], args[4], args[5]);
    expect(call({ ...TSV.shape, start: "x".repeat(17) })).toThrow(/line shape/);
    expect(call({ ...TSV.shape, suffixBytes: 97 })).toThrow(/line shape/);
  });

  it("asks for each time's suffix once while its slot keeps it", () => {
    const asked: number[] = [];
    const suffix = new TimeSuffix("\t", "\t", "\n");
    const shape: LineShape = { start: "", suffixBytes: suffix.longest, suffix: (time, into) => (asked.push(time), suffix.write(time, into)) };
    const text = records(CHUNK, 0);
    for (let i = 1; i < CHUNK; i++) text.copyWithin(RECORD * i, 0, 10);
    const out = new Uint8Array(maxLineBytes(shape, 26) * CHUNK);
    linesMany(text, CHUNK, shape, out, new Uint32Array(CHUNK), new Uint8Array(CHUNK));
    linesMany(text, CHUNK, shape, out, new Uint32Array(CHUNK), new Uint8Array(CHUNK));
    expect(asked).toHaveLength(1);
  });
});
