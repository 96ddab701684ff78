/**
 * docs/sql.md's DuckDB recipe (./recipes/duckdb-logs.ts), run as written: the document holds the file verbatim, and
 * it runs here on the built package, against a log of known orders.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formats, ulidToUUID } from "ulid-wasm";
import { mentionsPerHour } from "./recipes/duckdb-logs.js";

const SQL_DOC = readFileSync(new URL("../../docs/sql.md", import.meta.url), "utf8");
const RECIPE = readFileSync(new URL("./recipes/duckdb-logs.ts", import.meta.url), "utf8");
const dir = mkdtempSync(join(tmpdir(), "ulid-sql-recipe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 2026-04-15T10:00Z and 11:00Z. */
const TEN = Date.UTC(2026, 3, 15, 10);
const ELEVEN = TEN + 3_600_000;

describe("docs/sql.md, DuckDB", () => {
  it("holds the recipe verbatim", () => {
    expect(SQL_DOC).toContain(RECIPE);
  });

  it("counts the orders a log mentions, hour by hour, in whichever form the log writes each ID", async () => {
    const early = [formats.ulid.generate(TEN + 5), formats.ulid.generate(TEN + 60_000)];
    const late = formats.ulid.generate(ELEVEN + 1);
    const unknown = formats.ulid.generate(TEN);
    // The same orders as a ULID, as a UUID (a UUID v7 only when its bits are one: these are ULIDs) and as a TypeID.
    writeFileSync(join(dir, "a.log"), `GET /orders/${early[0]} 200\nGET /orders/${early[0]!.toLowerCase()} 304\nGET /orders/${unknown} 404\n`);
    writeFileSync(join(dir, "b.log"), `{"order":"${formats.typeid.fromUUID(ulidToUUID(early[1]!), "order")}"}\nretry ${late} ${late}\n`);
    expect(await mentionsPerHour(join(dir, "*.log"), [...early, late])).toEqual([
      { hour: "2026-04-15 10:00:00+00", mentions: "3", orders: "2" },
      { hour: "2026-04-15 11:00:00+00", mentions: "2", orders: "1" },
    ]);
  });
});
