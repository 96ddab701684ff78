/**
 * Runs a block of tests once per engine. Each block selects its engine with `setBackend` before its tests and
 * restores `"auto"` after them, and checks that the selection took effect, so a suite that silently ran on the
 * wrong engine fails instead of passing twice on one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBackend, setBackend } from "../../src/index.js";

export type EngineKind = "js" | "wasm";

/**
 * Both engines, in the order the suites run over them. The `scalar` project (vitest.config.ts) sets
 * ULID_TEST_ENGINES=wasm: it runs the suites again on the scalar wasm build, and the TS engine's half would repeat
 * the unit tier.
 */
export const ENGINE_KINDS: readonly EngineKind[] =
  process.env.ULID_TEST_ENGINES === "wasm" ? ["wasm"] : ["js", "wasm"];

export function forEachEngine(body: (kind: EngineKind) => void): void {
  describe.each(ENGINE_KINDS)("engine %s", (kind) => {
    beforeAll(() => {
      setBackend(kind);
    });
    afterAll(() => {
      setBackend("auto");
    });

    it("is the selected backend", () => {
      expect(getBackend().kind).toBe(kind);
    });

    body(kind);
  });
}
