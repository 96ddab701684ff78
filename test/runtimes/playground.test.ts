// The playground (playground/), as a person uses it in Chromium: the sample IDs of every format decoded, pasted
// text decoded as typed (as every format that reads it), a batch minted on each engine; then a screenshot, kept in
// test-results/ for a look. The log inspector on the same page has a suite of its own (inspector.test.ts).
import { mkdir, writeFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as lib from "../../src/index.js";
import { type OpenPlayground, openPlayground } from "../helpers/playground.js";
import { ROOT } from "../helpers/runtimes.js";

const SCREENSHOT = `${ROOT}test-results/playground.png`;
/** The formats the mint form offers, with a check of what it minted. */
const FORMATS: [string, (id: string) => boolean][] = [
  ["ULID", lib.isValid],
  ["Ulid-Flake", lib.flake.isValid],
  ["BaseUID", lib.baseuid.isValid],
  ["UUID v7", lib.uuidv7.isValid],
  ["KSUID", lib.ksuid.isValid],
  ["TypeID", (id) => id.startsWith("user_") && lib.typeid.isValid(id, { prefix: "user" })],
  ["Snowflake", lib.snowflake.isValid],
];

let playground: OpenPlayground;
let page: Page;

/** Pastes `text` into the decoder, and waits until it has read it (it runs after a pause). */
async function decode(text: string): Promise<void> {
  // Emptied first, so that the wait is for this text's reading (the status may say the same of the text before).
  await page.$eval("#decode-status", (status) => {
    status.textContent = "";
  });
  // As a paste: the text in at once, one input event (Playwright's fill takes seconds over thousands of lines).
  await page.$eval(
    "#ids",
    (area, value) => {
      (area as HTMLTextAreaElement).value = value;
      area.dispatchEvent(new Event("input", { bubbles: true }));
    },
    text,
  );
  await page.waitForFunction(() => document.querySelector("#decode-status")!.textContent !== "");
}

/** The text of every cell of a table's body, row by row. */
function rows(table: string): Promise<string[][]> {
  return page.$$eval(`${table} tbody tr`, (trs) =>
    trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (td) => td.textContent ?? "")),
  );
}

beforeAll(async () => {
  playground = await openPlayground();
  page = playground.page;
});

afterAll(() => playground?.close());

describe("playground", () => {
  it("names every format of the registry, and offers each to mint", async () => {
    const names = (await page.textContent("#decodable"))!.split(", ");
    expect(names).toHaveLength(Object.keys(lib.formats).length);
    expect(names).toEqual(expect.arrayContaining(FORMATS.map(([name]) => name)));
    expect(await page.$$eval("#format option", (options) => options.map((o) => o.textContent))).toEqual(names);
  });

  it("decodes the sample of every format, and names the fault of the invalid one", async () => {
    expect(await page.textContent("#engine")).toBe("wasm (SIMD)");
    const decoded = await rows("#decoded");
    // A text of two formats' shape is read by both: 13 Crockford characters are a Ulid-Flake and a TSID, 20 base32hex
    // ones a BaseUID and an XID.
    expect(decoded.map((row) => row[1])).toEqual([
      "ULID",
      "ULID",
      "Ulid-Flake",
      "TSID",
      "BaseUID",
      "UUID v7",
      "KSUID",
      "TypeID",
      "ObjectId",
      "BaseUID",
      "XID",
      "Ulid-Flake",
      "TSID",
      "Snowflake",
      "ULID",
      "TypeID",
    ]);
    // Every reading shows the ID's bytes and integer.
    for (const row of decoded.slice(0, 14)) expect(row[3]).toMatch(/^bytes: [0-9a-f]+\ninteger: \d+/);
    expect(decoded[1]![2]).toBe("2016-07-30T22:36:16.385Z (1469918176385)");
    expect(decoded[1]![3]).toContain("canonical: 01ARYZ6S410000000000000000");
    expect(decoded[2]![2]).toContain("(1720159065483)");
    expect(decoded[2]![3]).toContain("integer: 16873543940839584");
    expect(decoded[4]![2]).toBe("2022-01-01T00:00:00.000Z (1640995200000)");
    expect(decoded[5]![2]).toBe("2022-02-22T19:22:22.000Z (1645557742000)");
    expect(decoded[6]![2]).toBe("2017-10-10T04:00:47.000Z (1507608047000)");
    expect(decoded[6]![3]).toContain("payload: b5a1cd34b5f99d1154fb6853345c9735");
    expect(decoded[7]![2]).toBe("2023-06-30T03:34:18.518Z (1688096058518)");
    expect(decoded[7]![3]).toMatch(/\nprefix: prefix\nUUID: 01890a5d-ac96-774b-bcce-b302099a8057$/);
    expect(decoded[8]![2]).toBe("2012-10-15T21:26:17.000Z (1350336377000)");
    expect(decoded[10]![2]).toBe("2011-03-22T17:50:19.000Z (1300816219000)");
    expect(decoded[10]![3]).toContain("bytes: 4d88e15b60f486e428412dc9");
    expect(decoded[12]![2]).toBe("2020-04-15T20:22:07.665Z (1586982127665)");
    // Discord's example Snowflake, at Twitter's epoch (the default) and at Discord's.
    expect(decoded[13]![2]).toBe("2012-03-03T13:01:20.453Z (1330779680453)");
    expect(decoded[13]![3]).toContain("worker, sequence: 32, 7\nat Discord's epoch: 2016-04-30T11:18:25.796Z (1462015105796)");
    expect(decoded[14]![2]).toMatch(/^OVERFLOW at 0: /);
    expect(decoded[15]![2]).toMatch(/^OVERFLOW at 0: /);
  });

  it("decodes what is typed in", async () => {
    await decode(
      `${lib.flake.generate()}\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n01ARYZ6S41U000000000000000\nnope\naWgEPTl1tmebfsQzFP4bxwgy80W\nUser_01h455vb4pex5vsknk084sn02q\n01h455vb4pex5vsknk084sn02q`);
    expect(await page.textContent("#decode-status")).toBe("4 IDs read in 7 lines.");
    const decoded = await rows("#decoded");
    // A Ulid-Flake is a TSID too; "nope" has a Snowflake's length (1 to 19), and is refused for its first character;
    // the ULID inside the TypeID of a bad prefix is read after its fault.
    expect(decoded.map((row) => row[1])).toEqual(["Ulid-Flake", "TSID", "ULID", "ULID", "TypeID", "Snowflake", "KSUID", "TypeID", "ULID", "ULID", "TypeID"]);
    expect(decoded[2]![2]).toBe("+010889-08-02T05:31:50.655Z (281474976710655)");
    expect(decoded[3]![2]).toMatch(/^INVALID_CHAR at 10: /);
    expect(decoded[4]![2]).toMatch(/^INVALID_CHAR at \d+: /);
    expect(decoded[5]![2]).toMatch(/^INVALID_CHAR at 0: /);
    expect(decoded[6]![2]).toMatch(/^OVERFLOW at 26: /);
    expect(decoded[7]![2]).toMatch(/^INVALID_PREFIX at 0: /);
    // A lower-case ULID is a TypeID without a prefix: both readings, one time.
    // The ID as found, canonical (a ULID in upper case).
    expect(decoded[8]![0]).toBe("01H455VB4PEX5VSKNK084SN02Q");
    expect(decoded[9]![2]).toBe("2023-06-30T03:34:18.518Z (1688096058518)");
    expect(decoded[10]![2]).toBe(decoded[9]![2]);
  });

  it("reads the IDs in a pasted log line, and says when text holds none or no format has a word's length", async () => {
    const line = `2024-01-01 INFO req 01ARZ3NDEKTSV4RRFFQ69G5FAV user=user_01h455vb4pex5vsknk084sn02q from 507c7f79bcf86cd7994f6c0e trace=9m4e2mr0ui3e8a215n4g`;
    await decode(`${line}\nnothing to see here\n${"x".repeat(40)}\n"01ARZ3NDEKTSV4RRFFQ69G5FAV",\norder-01ARZ3NDEKTSV4RRFFQ69G5FAV`);
    const decoded = await rows("#decoded");
    expect(decoded.map((row) => row.slice(0, 2))).toEqual([
      ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "ULID"],
      ["user_01h455vb4pex5vsknk084sn02q", "TypeID"],
      ["507c7f79bcf86cd7994f6c0e", "ObjectId"],
      // Read as the format it was found as: an XID (alone on a line, a BaseUID reads it too).
      ["9m4e2mr0ui3e8a215n4g", "XID"],
      ["nothing to see here", "?"],
      ["x".repeat(40), "?"],
      // A quoted ID is found in its quotes.
      ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "ULID"],
      // A word of ID characters: why it is no ID, then the ID inside it.
      ["order-01ARZ3NDEKTSV4RRFFQ69G5FAV", "?"],
      ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "ULID"],
    ]);
    expect(decoded[4]![2]).toBe("no ID found in this text (in text, ULID, UUID v7, TypeID, ObjectId, XID are found; paste others one per line)");
    // Lengths as the formats have them: a TypeID's with its prefix, a Snowflake's from 1 digit.
    expect(decoded[5]![2]).toMatch(/^no format has 40 characters \(ULID 26, .*TypeID 26, or 28 to 90 with a prefix, .*Snowflake 1 to 19\)$/);
    expect(decoded[7]![2]).toMatch(/^no format has 32 characters/);
    expect(await page.textContent("#decode-status")).toBe("6 IDs read in 5 lines.");
    // A TypeID without a prefix says so.
    await decode("01h455vb4pex5vsknk084sn02q");
    expect((await rows("#decoded"))[1]![3]).toContain("prefix: none\n");
  });

  it("a pasted log: the first 500 lines, said so, the rows capped", async () => {
    const ids = Array.from({ length: 2000 }, () => lib.ulid());
    await decode(ids.map((id, i) => `line ${i} ${id} done`).join("\n"));
    expect(await page.textContent("#decode-status")).toBe("500 IDs read in 500 of 2,000 lines (for a whole log, inspect it above).");
    // Each ULID read as a ULID (upper case: no TypeID reads it).
    expect(await page.$$eval("#decoded tbody tr", (trs) => trs.length)).toBe(500);
    await decode(ids.join(", "));
    // One line of 2,000 ULIDs: the readings stop at 1,000.
    expect(await page.$$eval("#decoded tbody tr", (trs) => trs.length)).toBe(1000);
    expect(await page.textContent("#decode-status")).toBe("1,000 IDs read in 1 line, the first 1,000 readings shown (for a whole log, inspect it above).");
    // Exactly as many as it shows: nothing left out, nothing said. One more ID of two readings: still 1,000 rows.
    await decode(ids.slice(0, 1000).join(", "));
    expect(await page.textContent("#decode-status")).toBe("1,000 IDs read in 1 line.");
    await decode(`${ids.slice(0, 999).join(", ")}\n01h455vb4pex5vsknk084sn02q`);
    expect(await page.$$eval("#decoded tbody tr", (trs) => trs.length)).toBe(1000);
    expect(await page.textContent("#decode-status")).toBe("1,000 IDs read in 2 lines, the first 1,000 readings shown (for a whole log, inspect it above).");
  });

  it.each(FORMATS)("mints a batch of %s on each engine, with timings", async (format, isValid) => {
    await page.fill("#count", "50000");
    await page.selectOption("#format", { label: format });
    await page.click("#mint button");
    await page.waitForSelector("#mint button:not([disabled])");
    const timings = await rows("#timings");
    expect(timings.map((row) => row[0])).toEqual(["wasm (SIMD)", "js"]);
    for (const [, ...cells] of timings) {
      expect(cells.slice(0, 3).every((cell) => /^\d+\.\d ms$/.test(cell))).toBe(true);
      expect(cells.slice(3).map(isValid)).toEqual([true, true]);
    }
  });

  it("renders: a full-page screenshot", async () => {
    const png = await page.screenshot({ fullPage: true });
    await mkdir(`${ROOT}test-results`, { recursive: true });
    await writeFile(SCREENSHOT, png);
    // PNG signature, then IHDR: width and height as big-endian 32-bit integers at bytes 16 and 20.
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThan(600);
    // A blank page of this size compresses to a few kB; tables of monospace text take far more.
    expect(png.length).toBeGreaterThan(40_000);
    expect(playground.errors).toEqual([]);
  });
});
