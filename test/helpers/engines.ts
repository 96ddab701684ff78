/**
 * Runs a block of tests once per engine. Each block selects its engine with `setBackend` before its tests and
 * restores `"auto"` after them, and checks that the selection took effect, so a suite that silently ran on the
 * wrong engine fails instead of passing twice on one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBackend, setBackend } from "../../src/index.js";

export type EngineKind = "js" | "wasm";

/** Both engines, in the order the suites run over them. */
export const ENGINE_KINDS: readonly EngineKind[] = ["js", "wasm"];

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
