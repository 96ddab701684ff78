// Users' projects type-checked against the built package (test/consumer/): the brands, the type guards and the
// schemas as ArkType, tRPC, Zod and Valibot infer them, and the Web streams, through the ESM and the CommonJS
// entries, with every library's declarations checked (skipLibCheck off); with @types/node, the DOM library, both,
// Cloudflare's workers-types, and none (ES2022 alone). Spawns tsc, so it is in the deep tier (vitest.config.ts).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

describe("a consumer project", () => {
  it.each([
    ["tsconfig.json", "with @types/node: brands are no plain strings, consumers infer them, streams pipe through, ulid-wasm/duckdb takes node-api's connection"],
    ["tsconfig.dom.json", "with the DOM library: the DOM's streams pipe through the package's"],
    ["tsconfig.dom-node.json", "with the DOM library and @types/node: the streams pipe through"],
    ["tsconfig.workerd.json", "with @cloudflare/workers-types: the runtime's streams (classes with getters) pipe through"],
    ["tsconfig.bare.json", "with ES2022 alone (no DOM, no @types/node): the types compile, streams have their two sides"],
  ])("type-checks against dist (test/consumer/%s) %s", (project) => {
    const run = spawnSync(process.execPath, [TSC, "-p", `test/consumer/${project}`, "--pretty", "false"], { cwd: ROOT, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
