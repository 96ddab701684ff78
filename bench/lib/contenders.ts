/** Building contenders: ours on each engine, and the peers. */
import type { BackendKind } from "../../src/index.js";
import type { Contender, Role } from "./measure.js";

/** Our engines, as rows: "auto" is what users get; "js" and "wasm" are forced with setBackend. */
export const ENGINES: readonly BackendKind[] = ["auto", "js", "wasm"];

export const OURS = "ulid-wasm";

/** One contender per engine; `make` is called once per engine, for contenders with state (a monotonic factory). */
export function ours(make: () => () => unknown, variant?: Contender["variant"]): Contender[] {
  return ENGINES.map((engine) => ({
    label: `${OURS} ${engine}${variant === "into buffer" ? " (into buffer)" : ""}`,
    role: "ours" as Role,
    engine,
    variant,
    run: make(),
  }));
}

export function peer(label: string, run: () => unknown, variant?: Contender["variant"]): Contender {
  return { label, role: "peer", variant, run };
}

/** Not a ULID library: shown for scale, left out of "best peer". */
export function reference(label: string, run: () => unknown, variant?: Contender["variant"]): Contender {
  return { label: `${label} (reference)`, role: "reference", variant, run };
}

/**
 * A timed loop over `count` IDs, compiled afresh for each contender: `out[i] = one(i)` into `output()`'s array (or,
 * with `store` false, just `one(i)`, which writes somewhere itself), returning that array. Closures of one function
 * literal share V8's type feedback, so a loop shared by every contender turned megamorphic once contenders with other
 * output types had run; it then cost some 50 ns more per call, and how much depended on what ran before (our isValid
 * measured 15M/s alone and 7M/s after the other groups). `new Function` gives each contender code of its own.
 */
export function loop<T>(one: (i: number) => unknown, count: number, output: () => T, store = true): () => T {
  const body = store ? "out[i] = one(i);" : "one(i);";
  const make = new Function("one", "count", "output", `return () => { const out = output(); for (let i = 0; i < count; i++) ${body} return out; };`);
  return make(one, count, output) as () => T;
}
