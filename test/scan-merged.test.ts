/**
 * The WebAssembly engine's one pass for several formats (assembly/scan-merged.ts) against each format's own kernel
 * with their matches merged in TypeScript (src/scan/match-finder.ts), which the regular-expression references check
 * (scan-many-formats.test.ts): on hostile text built to sit on every edge of the pass (runs of letters and digits of
 * 18 to 28 bytes in every alphabet, IDs glued by letters, digits, underscores and hyphens, TypeIDs whose prefix is
 * an ObjectId or an XID, UUIDs with hyphens too many or of other versions, bytes of 0x80 and up, escape sequences),
 * for single formats and lists of formats in several orders, whole and in random chunks, across scan windows. The `scalar` project runs
 * it on the scalar build, whose classification is the SWAR one.
 */
import { describe, expect, it } from "vitest";
import { setBackend } from "../src/index.js";
import { type FormatSpec, Scanner, VisitingSearch, batchEngine, matchFinder, scanFormats } from "../src/internal.js";
import { SCAN_BYTES } from "../src/engine/types.js";
import type { Engine } from "../src/engine/types.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { randomChunks } from "./helpers/scan-reference.js";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";
const HEX = "0123456789abcdef";
const XID_DIGITS = "0123456789abcdefghijklmnopqrstuv";
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

const LISTS: readonly (readonly string[])[] = [
  ["ulid", "uuidv7", "typeid", "objectid", "xid"],
  ["xid", "objectid", "typeid", "uuidv7", "ulid"],
  ["typeid", "ulid"],
  ["ulid", "typeid"],
  ["objectid", "typeid"],
  ["xid", "typeid", "uuidv7"],
  ["uuidv7", "ulid"],
  ["objectid", "xid"],
  // A single format's scan takes the one pass too.
  ["ulid"],
  ["uuidv7"],
  ["typeid"],
  ["objectid"],
  ["xid"],
];

type Found = [offset: number, length: number, time: number, line: number, format: number];

/** Every match of `formats` in `chunks`, through the engine's finder. */
function scan(engine: Engine, formats: readonly FormatSpec[], chunks: readonly Uint8Array[]): Found[] {
  const found: Found[] = [];
  const search = new VisitingSearch(matchFinder(engine, formats), true, (_window, _at, length, offset, time, line, format) => {
    found.push([offset, length, time, line, format]);
  });
  const scanner = new Scanner(formats, search);
  chunks.forEach((chunk, i) => scanner.push(chunk, i === chunks.length - 1));
  if (chunks.length === 0) scanner.push(new Uint8Array(0), true);
  return found;
}

/** Hostile text: IDs of every format and near misses, glued and bordered every way. */
function hostileText(length: number, seed: number): string {
  const next = seededUint32(seed);
  const pick = (chars: string, count: number): string => Array.from({ length: count }, () => chars[next() % chars.length]).join("");
  const upper = (text: string): string => (next() % 3 === 0 ? text.toUpperCase() : text);
  const suffix = (): string => "01234567"[next() % 8] + pick(CROCKFORD, 25);
  const uuid = (): string =>
    `${pick(HEX, 8)}-${pick(HEX, 4)}-${"77774"[next() % 5]}${pick(HEX, 3)}-${"89abc"[next() % 5]}${pick(HEX, 3)}-${pick(HEX, 12)}`;
  const pieces: (() => string)[] = [
    () => upper(suffix()),
    () => `${pick("abcdefghijklmnopqrstuvwxyz", 1 + (next() % 8))}_${suffix()}`,
    () => `${pick("abcdef", 24)}_${suffix()}`,
    () => `${pick(XID_DIGITS, 19)}g_${suffix()}`,
    () => `_${suffix()}`,
    () => `${suffix()}_`,
    () => upper(pick(HEX, 24)),
    () => pick(XID_DIGITS, 19) + "0g1"[next() % 3],
    () => upper(uuid()),
    () => `${uuid()}-${pick(HEX, 4)}`,
    () => `-----${pick(HEX, 4)}-----`,
    () => pick(LETTERS, 18 + (next() % 11)),
    () => pick(CROCKFORD, 18 + (next() % 11)),
    () => pick(HEX, 18 + (next() % 11)),
    () => "\u00e9\u00c1\u00ff\u0080"[next() % 4],
    () => "\x1b[31m",
  ];
  const borders = [" ", " ", "\n", "_", "-", "", "a", "7", ".", "/", "\u00e9", '"'];
  // Every byte value borders some IDs: the classification's range tests have edges at each side of 0-9, A-Z, a-z.
  const border = (): string => (next() % 2 === 0 ? borders[next() % borders.length]! : String.fromCharCode(next() % 256));
  let text = "";
  while (text.length < length) text += pieces[next() % pieces.length]!() + border();
  return text;
}

describe("one pass for several formats (WebAssembly)", () => {
  setBackend("wasm");
  const engine = batchEngine();
  setBackend("auto");
  const separate: Engine = { ...engine, scanMerged: null };
  const text = hostileText(3 * SCAN_BYTES, 2024);
  const bytes = latin1(text);

  it("takes every list of scannable formats, and a single format on the SIMD build only, UUID v7 aside", () => {
    for (const list of LISTS) {
      const { formats } = scanFormats(list);
      const alone = engine.simd && list[0] !== "uuidv7";
      expect(engine.scanMerged?.knows(Uint8Array.from(formats, (format) => format.wasmId))).toBe(list.length > 1 || alone);
    }
  });

  it("finds what each format's kernel finds, merged, for every list, whole and in random chunks", () => {
    for (const [i, list] of LISTS.entries()) {
      const { formats } = scanFormats(list);
      const expected = scan(separate, formats, [bytes]);
      expect(expected.length).toBeGreaterThan(200);
      for (let f = 0; f < formats.length; f++) expect(expected.some((match) => match[4] === f)).toBe(true);
      expect(scan(engine, formats, [bytes])).toEqual(expected);
      const chunks = randomChunks(bytes, i % 2 === 0 ? 97 : 70_000, i);
      expect(scan(engine, formats, chunks)).toEqual(expected);
    }
  });

  it("agrees at every offset of a window's start and end", () => {
    const { formats } = scanFormats(LISTS[0]);
    for (let shift = 0; shift < 100; shift++) {
      const shifted = bytes.subarray(shift, shift + SCAN_BYTES + 200);
      expect(scan(engine, formats, [shifted])).toEqual(scan(separate, formats, [shifted]));
      const head = bytes.subarray(shift, shift + 300);
      expect(scan(engine, formats, [head.subarray(0, 150), head.subarray(150)])).toEqual(scan(separate, formats, [head]));
    }
  });
});
