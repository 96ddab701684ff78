/**
 * Finding TypeIDs in text, on every engine (TypeScript, wasm SIMD, wasm scalar): SPEC.md's vectors and the edge
 * cases of what a match is (assembly/scan-typeid.ts) by name, random logs full of decoys against an independent
 * regular expression (helpers/scan-reference.ts), random chunk splits (fast-check) and window boundaries inside a
 * long prefix, and the kernels against each other on raw windows. Then the public calls (`scanText`, `scanChunks`,
 * `scanStream` with `format: "typeid"`) on both engines, against the reference and against the `typeid` codec.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanChunks, scanStream, scanText, typeid, type UlidMatch } from "../src/index.js";
import { jsEngine } from "../src/engine/js.js";
import { TYPEID } from "../src/engine/specs.js";
import { SCAN_BYTES, SCAN_MATCHES, type Engine } from "../src/engine/types.js";
import { createWasmEngine } from "../src/engine/wasm.js";
import { matchFinder } from "../src/scan/match-finder.js";
import { Scanner, VisitingSearch } from "../src/scan/scanner.js";
import { instantiateBuild } from "../src/wasm/load.js";
import { forEachEngine } from "./helpers/engines.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { type ExpectedMatch, randomChunks, randomTypeIdLog, referenceTypeIdScan } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";
import { propertyRuns } from "./helpers/tier.js";

const ENGINES: readonly [string, Engine][] = [
  ["js", jsEngine],
  ["wasm simd", createWasmEngine(instantiateBuild(true))!],
  ["wasm scalar", createWasmEngine(instantiateBuild(false))!],
];

/** SPEC.md's TypeID vectors, with the Unix ms of their UUIDs' time fields. */
const VECTOR = "prefix_01h455vb4pex5vsknk084sn02q";
const VECTOR_TIME = 0x01890a5dac96;
const ALPHABET_VECTOR = "prefix_0123456789abcdefghjkmnpqrs";
const NIL = "00000000000000000000000000";
const MAX = "7zzzzzzzzzzzzzzzzzzzzzzzzz";
const SUFFIX = VECTOR.slice(-26);

/** Every match a Scanner on `engine` visits in `chunks` (the last one final). */
function scan(engine: Engine, chunks: readonly Uint8Array[], lines = true): ExpectedMatch[] {
  const found: ExpectedMatch[] = [];
  const scanner = new Scanner(TYPEID, new VisitingSearch(matchFinder(engine, [TYPEID]), lines, (window, at, length, offset, time, line) => {
    found.push({ id: Buffer.from(window.subarray(at, at + length)).toString("latin1"), offset, time, line });
  }));
  chunks.forEach((chunk, i) => scanner.push(chunk, i === chunks.length - 1));
  if (chunks.length === 0) scanner.push(new Uint8Array(0), true);
  return found;
}

describe.each(ENGINES)("the TypeID scanner on the %s engine", (_name, engine) => {
  const ids = (text: string): string[] => scan(engine, [latin1(text)]).map(({ id }) => id);

  it("finds SPEC.md's vectors in JSON, plain text, quotes, after '=', at the start and end of input, in colours", () => {
    expect(scan(engine, [latin1(`{"id":"${VECTOR}"}`)])).toEqual([{ id: VECTOR, offset: 7, time: VECTOR_TIME, line: 1 }]);
    expect(ids(VECTOR)).toEqual([VECTOR]);
    expect(ids(`${ALPHABET_VECTOR} ${NIL}\n'${MAX}'`)).toEqual([ALPHABET_VECTOR, NIL, MAX]);
    expect(ids(`user=${VECTOR}&x=pre_fix_${NIL}`)).toEqual([VECTOR, `pre_fix_${NIL}`]);
    expect(ids(`\x1b[36m${VECTOR}\x1b[0m \x1b[1;32m${NIL}\x1b[m`)).toEqual([VECTOR, NIL]);
    expect(scan(engine, [latin1(`a\nb ${MAX}`)])).toEqual([{ id: MAX, offset: 4, time: 2 ** 48 - 1, line: 2 }]);
  });

  it("takes a prefix of 1 and of 63 chars, underscores inside it, and borders that are no word bytes", () => {
    const p63 = `${"a".repeat(31)}_${"b".repeat(31)}`;
    expect(p63).toHaveLength(63);
    expect(ids(`x_${SUFFIX} ${p63}_${SUFFIX} a_b_c_${SUFFIX}`)).toEqual([`x_${SUFFIX}`, `${p63}_${SUFFIX}`, `a_b_c_${SUFFIX}`]);
    expect(ids(`/v1/${VECTOR}?page=2 (${VECTOR}) ${VECTOR}-retry ${VECTOR}.\u00e9${VECTOR}\u00e9`)).toEqual(
      Array(5).fill(VECTOR),
    );
  });

  it("finds no TypeID in a word that is none: glued, a bad prefix, a 64-char prefix, upper case, overflow", () => {
    const decoys = [
      `User_${SUFFIX}`, // an upper-case letter in the word
      `x9_${SUFFIX}`, // a digit in the prefix
      `9${VECTOR}`,
      `__${SUFFIX}`,
      `_${SUFFIX}`, // an underscore with no prefix
      `_prefix_${NIL}`, // SPEC.md's invalid cases
      `PREFIX_${NIL}`,
      `prefix_8${"z".repeat(25)}`,
      `prefix__${NIL}`,
      `${"a".repeat(64)}_${SUFFIX}`,
      `${VECTOR}_v2`, // the word goes on: its last underscore splits it elsewhere
      `${VECTOR}_`,
      `${VECTOR}a`,
      `${VECTOR}0`,
      `prefix_${SUFFIX.toUpperCase()}`,
      SUFFIX.toUpperCase(),
      `prefix_${SUFFIX.slice(1)}`, // 25 chars
      `prefix_${SUFFIX}z`, // 27
      `prefix_${SUFFIX.slice(0, 10)}l${SUFFIX.slice(11)}`, // an alias
      `prefix_${SUFFIX.slice(0, 10)}u${SUFFIX.slice(11)}`,
      `\x1b${SUFFIX}`, // the ESC takes the first char as its final byte
    ];
    for (const decoy of decoys) expect(ids(` ${decoy} `), decoy).toEqual([]);
  });

  it("matches the reference on random logs of TypeIDs and decoys, whole and in random chunks", () => {
    for (let seed = 1; seed <= 8; seed++) {
      const text = randomTypeIdLog(20_000, seed);
      const expected = referenceTypeIdScan(text);
      expect(expected.length).toBeGreaterThan(50);
      const bytes = latin1(text);
      expect(scan(engine, [bytes])).toEqual(expected);
      expect(scan(engine, randomChunks(bytes, 150, seed))).toEqual(expected);
      expect(scan(engine, [bytes], false)).toEqual(expected.map((match) => ({ ...match, line: 0 })));
    }
  });

  it("finds a TypeID with a 63-char prefix wherever a 64 KiB window boundary falls inside it", () => {
    const id = `${"ab_c".repeat(15)}abc_${SUFFIX}`;
    expect(id).toHaveLength(90);
    for (let cut = 0; cut <= id.length + 1; cut++) {
      const offset = SCAN_BYTES - id.length + cut;
      const text = `${" ".repeat(offset - 1)}\n${id} ${"x".repeat(30)}`;
      const expected = [{ id, offset, time: VECTOR_TIME, line: 2 }];
      expect(scan(engine, [latin1(text)]), `cut ${cut}`).toEqual(expected);
      // The same boundary as a chunk boundary, and a 64-char prefix there is still no match.
      const bytes = latin1(text);
      expect(scan(engine, [bytes.subarray(0, offset + cut), bytes.subarray(offset + cut)])).toEqual(expected);
      expect(scan(engine, [latin1(text.replace(id, `a${id}`))])).toEqual([]);
    }
  });

  it("gives any split of a text the matches of one piece (fast-check)", () => {
    const text = randomTypeIdLog(3000, 99);
    const bytes = latin1(text);
    const expected = referenceTypeIdScan(text);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const chunks = points.slice(1).map((end, i) => bytes.subarray(points[i]!, end));
        expect(scan(engine, chunks)).toEqual(expected);
      }),
      { numRuns: propertyRuns(400), seed: 0x7e1d },
    );
  });

  it("reads pathological words as the reference does: long runs of prefix and suffix bytes, underscores between", () => {
    const texts = [
      `${"a_".repeat(100_000)}${SUFFIX}`,
      `${"ab".repeat(100_000)}_${SUFFIX}`,
      `${SUFFIX.repeat(8000)} ${`_${SUFFIX}`.repeat(8000)} ${`x_${SUFFIX} `.repeat(8000)}`,
      `${"_".repeat(200_000)}${SUFFIX}`,
      `${`${"a".repeat(63)}_`.repeat(3000)}${SUFFIX}`,
    ];
    for (const text of texts) {
      const expected = referenceTypeIdScan(text);
      expect(scan(engine, [latin1(text)])).toEqual(expected);
      expect(scan(engine, randomChunks(latin1(text), 5000, text.length))).toEqual(expected);
    }
    expect(referenceTypeIdScan(texts[2]!)).toHaveLength(8000);
    expect(referenceTypeIdScan(texts[4]!)).toEqual([]);
  });

  it("holds as many matches as the scan region allows: a window of prefixless TypeIDs", () => {
    const text = `${SUFFIX} `.repeat(SCAN_MATCHES + 5);
    expect(scan(engine, [latin1(text)])).toHaveLength(SCAN_MATCHES + 5);
  });
});

describe("the TypeID scan kernels agree byte for byte on raw windows", () => {
  it("with every combination of glued and atEnd, on random logs", () => {
    const next = seededUint32(0x5ca7);
    let matches = 0;
    for (let round = 0; round < 40; round++) {
      const bytes = latin1(randomTypeIdLog(1 + (next() % 4000), round));
      const glued = next() % 2 === 0;
      const atEnd = next() % 2 === 0;
      const results = ENGINES.map(([, engine]) => {
        const offsets = new Uint32Array(SCAN_MATCHES);
        const times = new Float64Array(SCAN_MATCHES);
        const lengths = new Uint8Array(SCAN_MATCHES);
        engine.scanLoad(bytes);
        const count = engine.scanLoaded(TYPEID, bytes, glued, atEnd, offsets, times, lengths);
        return { offsets: [...offsets.subarray(0, count)], times: [...times.subarray(0, count)], lengths: [...lengths.subarray(0, count)] };
      });
      matches += results[0]!.offsets.length;
      expect(results[1]).toEqual(results[0]);
      expect(results[2]).toEqual(results[0]);
    }
    expect(matches).toBeGreaterThan(300);
  });
});

forEachEngine(() => {
  it("scanText, scanChunks and scanStream with format 'typeid' find what the reference finds", async () => {
    const text = randomTypeIdLog(30_000, 11);
    const expected = referenceTypeIdScan(text);
    const bytes = latin1(text);
    expect(scanText(bytes, { format: "typeid", lines: true })).toEqual(expected);
    expect(scanText(bytes, { format: "typeid" })).toEqual(expected.map(({ line: _, ...match }) => match));
    const chunks = randomChunks(bytes, 300, 3);
    const found: UlidMatch[] = [];
    for await (const matches of scanChunks(chunks, { format: "typeid", lines: true })) found.push(...matches);
    expect(found).toEqual(expected);
    expect((await throughTransform(scanStream({ format: "typeid", lines: true }), chunks)).flat()).toEqual(expected);
  });

  it("every match is a TypeID the codec accepts, with the time the codec reads", () => {
    const matches = scanText(latin1(randomTypeIdLog(30_000, 12)), { format: "typeid" });
    expect(matches.length).toBeGreaterThan(100);
    for (const { id, time } of matches) {
      expect(typeid.isValid(id), id).toBe(true);
      expect(time).toBe(typeid.decodeTime(id));
    }
  });

  it("finds the TypeIDs typeid.generate makes, with every prefix length, and their times", () => {
    const made = [0, 1, 5, 63].flatMap((length) => {
      const prefix = "q".repeat(length);
      return Array.from({ length: 20 }, (_, i) => typeid.generate(1_700_000_000_000 + i, { prefix }));
    });
    const text = made.map((id, i) => [`id=${id}`, `"${id}"`, `\x1b[32m${id}\x1b[0m`, `${id}\n`][i % 4]).join(" ");
    const matches = scanText(latin1(text), { format: "typeid" });
    expect(matches.map(({ id }) => id)).toEqual(made);
    expect(matches.map(({ time }) => time)).toEqual(made.map((id) => typeid.decodeTime(id)));
  });
});
