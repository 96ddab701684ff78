/**
 * `ulid scan --stats` counts distinct IDs exactly in at most ~32 bytes each: measured in a process of its own
 * (test/helpers/stats-memory.ts, with --expose-gc) over a million distinct ULIDs, as heap and ArrayBuffer growth.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("./helpers/stats-memory.ts", import.meta.url));

it("keeps a million distinct IDs in at most 32 bytes each", () => {
  const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", SCRIPT, "1000000"], { encoding: "utf8" });
  const { distinct, heapPerId, arrayBuffersPerId } = JSON.parse(output);
  expect(distinct).toBe(1_000_000);
  expect(heapPerId + arrayBuffersPerId).toBeLessThanOrEqual(32);
  // The table is all of it: a Set of strings would show here as ~100 bytes of heap per ID.
  expect(heapPerId).toBeLessThan(1);
});
