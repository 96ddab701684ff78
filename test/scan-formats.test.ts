/**
 * The public scanner with `format`, on both engines: UUID v7s found in text as a reference regex finds them (one
 * shot, random chunk splits, a Web stream), ULID by default, and the formats text cannot reveal refused; and the
 * formats named through the engines' specs as the registry names them.
 */
import { expect, it } from "vitest";
import { formats, scanChunks, scanStream, scanText, uuidv7 } from "../src/index.js";
import { FORMAT_SPECS } from "../src/engine/specs.js";
import { formatOption } from "../src/formats/registry.js";
import { scannableNames } from "../src/scan/scan-options.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { latin1, seededUint32 } from "./helpers/reference.js";
import { referenceUuidV7Scan } from "./helpers/scan-reference.js";

const next = seededUint32(0x7e57);
const below = (n: number): number => next() % n;

const reference = referenceUuidV7Scan;

function log(): string {
  const ids = uuidv7.encodeMany(uuidv7.generateMany(200, { monotonic: false }));
  const ulids = formats.ulid.encodeMany(formats.ulid.generateMany(200));
  return ids
    .flatMap((id, i) => [
      [
        `req-${id}`,
        `"${id.toUpperCase()}"`,
        `${id}-retry`,
        `x${id}`,
        `${id}a`,
        `${id.slice(0, 14)}4${id.slice(15)}`,
        ulids[i]!,
        // Colours: borders, not letters; and an ESC that eats the first digit.
        `\x1b[1;32m${id}\x1b[0m`,
        `\x1b${id}`,
      ][below(9)]!,
      [" ", "\n", ",", "\r\n", "\t"][below(5)]!,
    ])
    .join("");
}

function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + below(below(2) ? 5 : 3000);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

forEachEngine(() => {
  it("scanText finds UUID v7s with format 'uuidv7', ULIDs by default", () => {
    const text = log();
    const expected = reference(text);
    expect(expected.length).toBeGreaterThan(10);
    expect(scanText(latin1(text), { format: "uuidv7", lines: true })).toEqual(expected);
    expect(scanText(latin1(text), { format: "uuidv7" })).toEqual(expected.map(({ line: _, ...match }) => match));
    const ulids = scanText(latin1(text));
    expect(ulids.every(({ id }) => formats.ulid.isValid(id))).toBe(true);
    expect(scanText(latin1(text), { format: "ulid" })).toEqual(ulids);
  });

  it("scanChunks and scanStream give the same matches, however the text is split", async () => {
    const text = log();
    const expected = reference(text);
    const bytes = latin1(text);
    for (let round = 0; round < 5; round++) {
      const found = [];
      for await (const matches of scanChunks(chunksOf(bytes), { format: "uuidv7", lines: true })) found.push(...matches);
      expect(found).toEqual(expected);
    }
    const streamed = [];
    const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(scanStream({ format: "uuidv7", lines: true })).getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) streamed.push(...part.value);
    expect(streamed).toEqual(expected);
  });

  it("refuses the formats text cannot reveal, and unknown ones", () => {
    for (const format of ["flake", "baseuid", "ksuid", "tsid", "snowflake"]) {
      expect(faultOf(() => scanText(new Uint8Array(1), { format: format as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      expect(() => scanStream({ format: format as never })).toThrow(/cannot be told from ordinary words/);
    }
    expect(faultOf(() => scanText(new Uint8Array(1), { format: "uuid" as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
  });
});

it("names formats by their specs as the registry does: every format in its order, each spec its format's, and the same messages", () => {
  expect(FORMAT_SPECS.map((spec) => spec.name)).toEqual(Object.keys(formats));
  for (const spec of FORMAT_SPECS) {
    expect(formatOption(spec.name).spec).toBe(spec);
    // A format scanning cannot find says what its IDs look like; one it finds has no need to.
    expect(spec.looksLike === undefined).toBe(spec.scan !== undefined);
  }
  expect(scannableNames()).toEqual(["ulid", "uuidv7", "typeid", "objectid", "xid"]);
  const message = (call: () => unknown): string => {
    try {
      call();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("no error");
  };
  for (const format of ["uuid", "ULID", "constructor", 7, null]) {
    expect(message(() => scanText(new Uint8Array(1), { format: format as never }))).toBe(message(() => formatOption(format)));
  }
  const looksLike = {
    flake: "a Ulid-Flake (13 characters of letters and digits)",
    baseuid: "a BaseUID (20 characters of letters, digits, - and _)",
    ksuid: "a KSUID (27 characters of letters and digits)",
    tsid: "a TSID (13 characters of letters and digits)",
    snowflake: "a Snowflake (a decimal number of 1 to 19 digits)",
  };
  for (const [format, what] of Object.entries(looksLike)) {
    expect(message(() => scanText(new Uint8Array(1), { format: format as never }))).toBe(
      `scanning finds ULIDs, UUID v7s, TypeIDs, ObjectIds and XIDs only: ${what} cannot be told from ordinary words, numbers and identifiers in text`,
    );
  }
});
