// The playground's log inspector in Chromium, against the `ulid` command (dist/cli.cjs) on the same files: a seeded
// log through the file input and by drag and drop, its summary equal to `ulid scan --type all --stats --json`, its
// CSV export, table, chart range and format filter equal to `ulid scan --type all --json`'s matches, its Parquet
// export read by DuckDB beside `ulid scan --type all --format parquet`'s file; a scan cancelled; and a 100 MB log,
// timed beside the command in the same run. The screenshot goes to test-results/.
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve } from "../../scripts/serve.js";
import { formatDuration } from "../../src/printer/duration.js";
import { CLI, lines, runCli, type ScanJsonMatch as JsonMatch } from "../helpers/cli.js";
import { writeInspectorLog } from "../helpers/inspector-log.js";
import { type OpenPlayground, openPlayground } from "../helpers/playground.js";
import { ROOT } from "../helpers/runtimes.js";

/** The command's `--stats --json` object, the keys the page shows. */
interface Stats {
  matches: number;
  distinct: number;
  implausible: { matches: number };
  first: string | null;
  last: string | null;
  spanMs: number | null;
}

/** How many times the 100 MB log is scanned by each side; the fastest of each is compared (the machine is shared). */
const TIMED_RUNS = 3;
/** The page may take this many times the command's time on the 100 MB log. */
const MAX_RATIO = 3;
/** Row height of the match table (playground/match-table.js). */
const ROW_HEIGHT = 24;

let playground: OpenPlayground;
let page: Page;
let dir: string;
let seeded: string;
let stats: Stats;
let matches: JsonMatch[];
let duck: DuckDBConnection;

const csvOf = (rows: readonly JsonMatch[]): string =>
  `line,offset,type,id,time,iso\n${rows.map((m) => `${m.line},${m.offset},${m.type},${m.id},${m.time},${m.iso}\n`).join("")}`;

/** The summary's figures as the page (or `on`) shows them. */
function figures(on = page): Promise<Record<string, string>> {
  return on.$$eval("[data-stat]", (elements) => Object.fromEntries(elements.map((e) => [e.getAttribute("data-stat"), e.textContent ?? ""])));
}

/** What the page must show for `stats`. */
function expectedFigures(stats: Stats): Record<string, string> {
  return {
    matches: String(stats.matches),
    distinct: String(stats.distinct),
    implausible: String(stats.implausible.matches),
    first: stats.first!,
    last: stats.last!,
    span: formatDuration(stats.spanMs!),
  };
}

/** Waits until the inspector's scan ends, in `state` (done, failed, cancelled). */
async function ended(state = "done"): Promise<void> {
  await page.waitForFunction(() => ["done", "failed", "cancelled"].includes(document.querySelector("#inspector")!.getAttribute("data-state")!), null, {
    timeout: 600_000,
    polling: 20,
  });
  expect(await page.getAttribute("#inspector", "data-state"), (await page.textContent("#status")) ?? "").toBe(state);
}

/** Scans `path` through the file input; resolves when the page shows the result. */
async function scanInPage(path: string): Promise<void> {
  await page.setInputFiles("#log", path);
  await ended();
}

/** The number in "N of M matches" on the page (or `on`). */
async function shown(on = page): Promise<number> {
  return Number((await on.textContent("#shown"))!.split(" ")[0]!.replaceAll(",", ""));
}

/** The text of the rendered rows of the match table. */
function renderedRows(): Promise<string[][]> {
  return page.$$eval(".match-body .match-row", (rows) => rows.map((row) => Array.from(row.children, (cell) => cell.textContent ?? "")));
}

const rowOf = (m: JsonMatch): string[] => [String(m.line), String(m.offset), m.type, m.id, m.iso];

/** Scrolls the table so that its scroll position is `top` px, and waits for the rows to follow. */
async function scrollTable(top: number): Promise<void> {
  await page.$eval(".match-viewport", (viewport, y) => {
    viewport.scrollTop = y;
  }, top);
  await page.evaluate(() => new Promise(requestAnimationFrame));
}

/** The CSV the page downloads for its selection. */
async function exportedCsv(): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-csv")]);
  return readFile((await download.path())!, "utf8");
}

/** The path of the Parquet file the page downloads for its selection. */
async function exportedParquet(): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-parquet")]);
  expect(download.suggestedFilename()).toBe("matches.parquet");
  return (await download.path())!;
}

/** Every row of a Parquet file as DuckDB reads it, in the file's order (`ts` as Unix ms, `bytes` as a UUID). */
async function parquetRows(path: string): Promise<unknown[][]> {
  const sql = `SELECT file, line, "offset", type, id, bytes::VARCHAR, epoch_ms(ts) FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`;
  return (await duck.runAndReadAll(sql)).getRowsJS() as unknown[][];
}

/** The page's selection is `rows`: its count, its table's first row, its CSV export and its Parquet export's IDs. */
async function expectSelection(rows: readonly JsonMatch[]): Promise<void> {
  expect(await shown()).toBe(rows.length);
  expect((await renderedRows())[0]).toEqual(rowOf(rows[0]!));
  expect(await exportedCsv()).toBe(csvOf(rows));
  expect((await parquetRows(await exportedParquet())).map((row) => row[4])).toEqual(rows.map((m) => m.id));
}

/** Runs `ulid ...args`; resolves to its wall-clock ms and the last line of its output (the rest is dropped). */
function runTimed(args: readonly string[]): Promise<{ ms: number; last: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let tail = "";
    child.stdout.on("data", (chunk: Buffer) => {
      tail = (tail + chunk.toString("latin1")).slice(-4096);
    });
    child.on("error", reject);
    child.on("close", (status) => {
      if (status !== 0) reject(new Error(`ulid exited ${status}`));
      else resolve({ ms: performance.now() - started, last: lines(tail).at(-1) ?? "" });
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "inspector-"));
  seeded = join(dir, "seeded.log");
  writeInspectorLog(seeded, 0.1);
  const [statsRun, jsonRun] = await Promise.all([runCli(["scan", seeded, "--type", "all", "--stats", "--json"]), runCli(["scan", seeded, "--type", "all", "--json"])]);
  stats = JSON.parse(statsRun.stdout) as Stats;
  matches = lines(jsonRun.stdout).map((line) => JSON.parse(line) as JsonMatch);
  playground = await openPlayground();
  page = playground.page;
  duck = await (await DuckDBInstance.create(":memory:")).connect();
});

afterAll(async () => {
  duck?.closeSync();
  await playground?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the log inspector", () => {
  it("names the formats it scans for: the registry's scannable ones", async () => {
    expect(await page.textContent("#scannable")).toBe("ULID, UUID v7, TypeID, ObjectId, XID");
  });

  it("a seeded log through the file input: the summary is `ulid scan --type all --stats --json`'s", async () => {
    // The log has what the figures must count apart: duplicates, implausible times, several formats.
    expect(stats.distinct).toBeLessThan(stats.matches);
    expect(stats.implausible.matches).toBeGreaterThan(0);
    expect(new Set(matches.map((m) => m.type))).toEqual(new Set(["ulid", "uuidv7", "typeid", "objectid", "xid"]));
    await scanInPage(seeded);
    expect(await figures()).toEqual(expectedFigures(stats));
    expect(await page.textContent("#status")).toMatch(/on the wasm \(SIMD\) engine\.$/);
  });

  it("exports the matches as CSV: `ulid scan --type all --json`'s, key for key", async () => {
    expect(await shown()).toBe(matches.length);
    expect(await exportedCsv()).toBe(csvOf(matches));
  });

  it("exports the matches as Parquet: the rows and schema of `ulid scan --type all --format parquet`'s file", async () => {
    const exported = await exportedParquet();
    const written = join(dir, "command.parquet");
    // Run from the log's folder and given its bare name, the command writes the name the page knows in `file`.
    execFileSync(process.execPath, [CLI, "scan", "seeded.log", "--type", "all", "--format", "parquet", "-o", written], { cwd: dir });
    const schema = (path: string): Promise<unknown[][]> =>
      duck.runAndReadAll(`SELECT name, type, type_length, logical_type FROM parquet_schema('${path}')`).then((result) => result.getRowsJS() as unknown[][]);
    expect(await schema(exported)).toEqual(await schema(written));
    const fromPage = await parquetRows(exported);
    expect(fromPage).toEqual(await parquetRows(written));
    expect(fromPage.map(([file, line, offset, type, id, , ts]) => ({ file, line: Number(line), offset: Number(offset), type, id, time: Number(ts) }))).toEqual(
      matches.map(({ line, offset, type, id, time }) => ({ file: "seeded.log", line, offset, type, id, time })),
    );
  });

  it("the table shows only the rows in view, and scrolls through every match", async () => {
    const viewport = await page.$eval(".match-viewport", (element) => ({ height: element.clientHeight, scroll: element.scrollHeight }));
    expect(viewport.scroll).toBe(matches.length * ROW_HEIGHT);
    const first = await renderedRows();
    expect(first.length).toBeLessThanOrEqual(Math.ceil(viewport.height / ROW_HEIGHT) + 1);
    expect(first[0]).toEqual(rowOf(matches[0]!));
    const middle = Math.floor(matches.length / 2);
    await scrollTable(middle * ROW_HEIGHT);
    expect((await renderedRows())[0]).toEqual(rowOf(matches[middle]!));
    // Each row's place among all of them for assistive technology (the header is row 1).
    expect(await page.$eval(".match-body .match-row", (row) => row.getAttribute("aria-rowindex"))).toBe(String(middle + 2));
    await scrollTable(viewport.scroll);
    expect((await renderedRows()).at(-1)).toEqual(rowOf(matches.at(-1)!));
  });

  it("filters by format: the counts, table and CSV of the formats left", async () => {
    // A box per format, in the registry's order, named as the page names it, with the command's count of its
    // matches, implausible ones too (the box filters them all).
    const every = lines((await runCli(["scan", seeded, "--type", "all", "--json", "--plausible", ".."])).stdout).map((line) => JSON.parse(line) as JsonMatch);
    const count = (type: string): string => every.filter((m) => m.type === type).length.toLocaleString("en-US");
    expect(await page.$$eval("#formats label", (labels) => labels.map((label) => label.textContent))).toEqual([
      ` ULID (${count("ulid")})`,
      ` UUID v7 (${count("uuidv7")})`,
      ` TypeID (${count("typeid")})`,
      ` ObjectId (${count("objectid")})`,
      ` XID (${count("xid")})`,
    ]);
    await page.uncheck("#formats label:first-child input");
    const hidden = "ulid";
    await expectSelection(matches.filter((m) => m.type !== hidden));
    await page.check("#formats label:first-child input");
    expect(await shown()).toBe(matches.length);
  });

  it("shows implausible matches when asked, marked, and exports them: `ulid scan --plausible ..`'s matches", async () => {
    await page.check("#implausible");
    expect(await shown()).toBe(stats.matches);
    expect(await page.$$eval(".match-row.implausible", (rows) => rows.length)).toBeGreaterThan(0);
    // Marked by a sign too, named "implausible" to assistive technology, and not in the cell's text (the CSV's).
    expect(await page.$eval(".match-row.implausible > :last-child", (cell) => getComputedStyle(cell, "::after").content)).toBe('" ⚠" / "implausible"');
    expect(await page.$eval(".match-row.implausible > :last-child", (cell) => cell.textContent)).toMatch(/Z$/);
    const every = lines((await runCli(["scan", seeded, "--type", "all", "--json", "--plausible", ".."])).stdout).map((line) => JSON.parse(line) as JsonMatch);
    // Times from 1970 to past 2400 among them.
    expect(Math.min(...every.map((m) => m.time))).toBeLessThan(Date.UTC(2000, 0));
    expect(Math.max(...every.map((m) => m.time))).toBeGreaterThan(Date.UTC(2400, 0));
    await expectSelection(every);
    await page.uncheck("#implausible");
    expect(await shown()).toBe(matches.length);
  });

  it("a time range chosen on the chart: a click picks a bar, a drag a span; the table holds the matches in it", async () => {
    const box = (await page.$("#chart").then((chart) => chart!.boundingBox()))!;
    /** The range the page chose, and the matches the command finds in it. */
    const chosen = async (): Promise<JsonMatch[]> => {
      const [from, to] = (await page.textContent("#range"))!.split(" to ").map(Date.parse) as [number, number];
      expect(to).toBeGreaterThan(from);
      return matches.filter((m) => m.time >= from && m.time < to);
    };
    // The last bar holds the log's six hours (the first bars, stray decoys that decode to a plausible time); the
    // chart then spans the times in it.
    await page.mouse.click(box.x + box.width - 14, box.y + box.height - 40);
    const bar = await chosen();
    expect(bar.length).toBeGreaterThan(matches.length / 2);
    expect(await shown()).toBe(bar.length);
    // Zoomed in: drag across the middle half of it.
    await page.mouse.move(box.x + 56 + (box.width - 68) * 0.25, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 56 + (box.width - 68) * 0.75, box.y + 100, { steps: 5 });
    await page.mouse.up();
    const span = await chosen();
    expect(span.length).toBeGreaterThan(0);
    expect(span.length).toBeLessThan(bar.length);
    await expectSelection(span);
    await page.click("#whole-log");
    expect(await shown()).toBe(matches.length);
  });

  it("a box for each format the log mentions, and none for the others", async () => {
    const path = join(dir, "two-formats.log");
    await writeFile(path, `a ${matches.find((m) => m.type === "ulid")!.id}\nb ${matches.find((m) => m.type === "xid")!.id}\n`);
    await scanInPage(path);
    expect(await page.$$eval("#formats label", (labels) => labels.map((label) => label.textContent))).toEqual([" ULID (1)", " XID (1)"]);
    await scanInPage(seeded);
  });

  it("from the keyboard: the chart's bars chosen with the arrow keys and Enter, the table's rows counted for assistive technology", async () => {
    expect(await page.getAttribute("#matches", "aria-rowcount")).toBe(String(matches.length + 1));
    expect(await page.$$eval(".match-body .match-row", (rows) => rows.slice(0, 3).map((row) => row.getAttribute("aria-rowindex")))).toEqual(["2", "3", "4"]);
    const note = await page.textContent("#chart-readout");
    await page.focus("#chart");
    // The last bar (the log's six hours, as the click above), then the one before it too.
    await page.keyboard.press("End");
    const last = await page.textContent("#chart-readout");
    expect(last).toMatch(/^\S+: [\d,]+ mentions$/);
    await page.keyboard.press("Shift+ArrowLeft");
    expect(await page.textContent("#chart-readout")).toMatch(/^\S+ to \S+: [\d,]+ mentions$/);
    await page.keyboard.press("Escape");
    expect(await page.textContent("#chart-readout")).toBe(note);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    const [from, to] = (await page.textContent("#range"))!.split(" to ").map(Date.parse) as [number, number];
    const chosen = matches.filter((m) => m.time >= from && m.time < to);
    expect(chosen.length).toBeGreaterThan(matches.length / 2);
    expect(await shown()).toBe(chosen.length);
    expect(await page.getAttribute("#matches", "aria-rowcount")).toBe(String(chosen.length + 1));
    await page.click("#whole-log");
    expect(await shown()).toBe(matches.length);
  });

  it("takes a file dropped on it: on the drop box, or anywhere on the page", async () => {
    const text = `dropped ${matches[0]!.id} and ${matches[1]!.id} and ${matches[0]!.id}\n`;
    const path = join(dir, "dropped.log");
    await writeFile(path, text);
    const expected = JSON.parse((await runCli(["scan", path, "--type", "all", "--stats", "--json"])).stdout) as Stats;
    for (const [target, name] of [["#drop", "dropped.log"], ["h1", "elsewhere.log"]]) {
      const drop = await page.evaluateHandle(
        ([content, fileName]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([content!], fileName!));
          return transfer;
        },
        [text, name],
      );
      // A file dragged over the page is taken (its default, opening the file in place of the page, prevented); text
      // dragged over it keeps its default (a drop into the decoder inserts it).
      const dragOver = (selector: string, transfer: unknown): Promise<boolean> =>
        page.evaluate(
          ([at, data]) => !document.querySelector(at as string)!.dispatchEvent(new DragEvent("dragover", { bubbles: true, cancelable: true, dataTransfer: data as DataTransfer })),
          [selector, transfer] as const,
        );
      expect(await dragOver(target!, drop)).toBe(true);
      const textDrag = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.setData("text/plain", "01ARYZ6S410000000000000000");
        return transfer;
      });
      expect(await dragOver("#ids", textDrag)).toBe(false);
      expect(await page.evaluate((data) => document.querySelector("#ids")!.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data })), textDrag)).toBe(true);
      await page.dispatchEvent(target!, "drop", { dataTransfer: drop });
      await ended();
      expect(await figures()).toEqual(expectedFigures(expected));
      expect(await page.textContent("#status")).toMatch(new RegExp(`^${name!.replace(".", "\\.")}: `));
    }
  });

  it("a log without IDs: zero figures, no chart, nothing to export", async () => {
    const path = join(dir, "quiet.log");
    await writeFile(path, "nothing to see here\n".repeat(1000));
    await scanInPage(path);
    expect(await figures()).toEqual({ matches: "0", distinct: "0", implausible: "0", first: "none", last: "none", span: "none" });
    expect(await page.isHidden("#chart")).toBe(true);
    expect(await page.textContent("#chart-readout")).toBe("No plausible times to chart.");
    expect(await page.isDisabled("#export-csv")).toBe(true);
    expect(await page.isDisabled("#export-parquet")).toBe(true);
    expect(await renderedRows()).toEqual([]);
  });

  it("?rows=N keeps the first N matches for the table and export; the summary still counts them all", async () => {
    const other = await playground.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await other.goto(`${playground.server.url}/playground/?rows=1000`);
      await other.setInputFiles("#log", seeded);
      await other.waitForSelector("#inspector[data-state='done']");
      const shownThere = await shown(other);
      expect(await other.textContent("#shown")).toMatch(/ of 1,000 matches$/);
      expect(await other.textContent("#status")).toMatch(/The table keeps the first 1,000 matches/);
      expect(await figures(other)).toEqual(expectedFigures(stats));
      const [download] = await Promise.all([other.waitForEvent("download"), other.click("#export-csv")]);
      // The first 1,000 matches in the text, of which the plausible ones are the command's first.
      expect(await readFile((await download.path())!, "utf8")).toBe(csvOf(matches.slice(0, shownThere)));
    } finally {
      await other.close();
    }
  });

  it("works from a static host: under any path, with nothing but playground/ and dist/", async () => {
    const host = await serve({ mount: "/sub/site/" });
    const other = await playground.browser.newPage();
    const requested: string[] = [];
    other.on("request", (request) => requested.push(request.url()));
    try {
      await other.goto(`${host.url}/sub/site/playground/`);
      await other.setInputFiles("#log", seeded);
      await other.waitForSelector("#inspector[data-state='done']");
      expect(await other.textContent("[data-stat='distinct']")).toBe(String(stats.distinct));
      const outside = requested.filter((url) => !/^http:\/\/127\.0\.0\.1:\d+\/sub\/site\/(playground|dist)\//.test(url));
      expect(outside).toEqual([]);
      // The worker's requests are seen too.
      expect(requested).toContain(`${host.url}/sub/site/playground/build/scan-worker.js`);
    } finally {
      await other.close();
      await host.close();
    }
  });

  it("under a Content-Security-Policy that refuses WebAssembly: the TypeScript engine, the same summary", async () => {
    const host = await serve({ headers: { "content-security-policy": "script-src 'self'" } });
    const other = await playground.browser.newPage();
    try {
      await other.goto(`${host.url}/playground/`);
      await other.setInputFiles("#log", seeded);
      await other.waitForSelector("#inspector[data-state='done']");
      expect(await other.textContent("#status")).toMatch(/ on the js engine\.$/);
      expect(await figures(other)).toEqual(expectedFigures(stats));
    } finally {
      await other.close();
      await host.close();
    }
  });

  describe("a 100 MB log", () => {
    let big: string;

    beforeAll(() => {
      big = join(dir, "big.log");
      writeInspectorLog(big, 100, 2026);
    });

    it(`is scanned within ${MAX_RATIO}x of the command's time, with the command's summary`, async () => {
      const args = ["scan", big, "--type", "all", "--stats", "--json"];
      const expected = JSON.parse((await runCli(args)).stdout) as Stats;
      const cli: number[] = [];
      const browser: number[] = [];
      // Alternated, so a burst of load elsewhere falls on both sides alike.
      for (let run = 0; run < TIMED_RUNS; run++) {
        cli.push((await runTimed(args)).ms);
        const started = performance.now();
        await scanInPage(big);
        browser.push(performance.now() - started);
      }
      const ratio = Math.min(...browser) / Math.min(...cli);
      console.log(`inspector: 100 MB in ${browser.map((ms) => ms.toFixed(0)).join(", ")} ms; ulid scan --stats in ${cli.map((ms) => ms.toFixed(0)).join(", ")} ms; fastest ${ratio.toFixed(2)}x`);
      expect(ratio).toBeLessThan(MAX_RATIO);
      expect(await figures()).toEqual(expectedFigures(expected));
    });

    it("a million rows: the table keeps a screenful of rows and scrolls to the last match", async () => {
      const count = await shown();
      expect(count).toBeGreaterThan(1_000_000);
      const last = JSON.parse((await runTimed(["scan", big, "--type", "all", "--json"])).last) as JsonMatch;
      const height = await page.$eval(".match-viewport", (viewport) => viewport.clientHeight);
      await scrollTable(1e9);
      const rows = await renderedRows();
      expect(rows.length).toBeLessThanOrEqual(Math.ceil(height / ROW_HEIGHT) + 1);
      expect(rows.at(-1)).toEqual(rowOf(last));
    });

    it("cancels a scan under way: no result, and the next scan runs", async () => {
      await page.setInputFiles("#log", big);
      await page.waitForFunction(() => Number((document.querySelector("#progress") as HTMLProgressElement).value) > 0, null, { polling: 20 });
      await page.click("#cancel");
      await ended("cancelled");
      expect(await page.isHidden("#results")).toBe(true);
      expect(await page.isHidden("#scanning")).toBe(true);
      expect(await page.textContent("#status")).toMatch(/^Scan cancelled at [\d.]+ MB of 100\.\d MB/);
      // The worker is gone: nothing arrives later.
      await page.waitForTimeout(1000);
      expect(await page.getAttribute("#inspector", "data-state")).toBe("cancelled");
      await scanInPage(seeded);
      expect(await figures()).toEqual(expectedFigures(stats));
    });
  });

  it("renders: a screenshot of the seeded log, its six hours chosen on the chart, in test-results/", async () => {
    // docs/inspector.png is this picture.
    await page.setViewportSize({ width: 960, height: 900 });
    await scanInPage(seeded);
    const box = (await page.$("#chart").then((chart) => chart!.boundingBox()))!;
    await page.mouse.click(box.x + box.width - 14, box.y + box.height - 40);
    await page.mouse.move(box.x + 56 + (box.width - 68) * 0.44, box.y + 120);
    const top = (await page.$("#drop").then((drop) => drop!.boundingBox()))!;
    const table = (await page.$(".match-viewport").then((viewport) => viewport!.boundingBox()))!;
    const png = await page.screenshot({ clip: { x: top.x - 16, y: top.y - 8, width: top.width + 32, height: table.y - top.y + 3 * ROW_HEIGHT + 8 } });
    await mkdir(join(ROOT, "test-results"), { recursive: true });
    await writeFile(join(ROOT, "test-results", "inspector.png"), png);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(await page.textContent("#range")).toMatch(/^2026-11-20T0[89]:\S+ to 2026-11-20T1[34]:\S+$/);
    expect(playground.errors).toEqual([]);
  });
});
