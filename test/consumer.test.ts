// A user's project type-checked against the built package (test/consumer/): the brands, the type guards and the
// schemas as ArkType, tRPC, Zod and Valibot infer them, through the ESM and the CommonJS entries, with every
// library's declarations checked (skipLibCheck off). Spawns tsc, so it is in the deep tier (vitest.config.ts).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

describe("a consumer project", () => {
  it("type-checks against dist: brands are no plain strings, consumers infer them", () => {
    const run = spawnSync(process.execPath, [TSC, "-p", "test/consumer", "--pretty", "false"], { cwd: ROOT, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 180_000);
});
