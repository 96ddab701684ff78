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

/** Numbers the loops, so that each one's source text is unique (see `loop`). */
let loopsMade = 0;

/** The statement a timed loop runs for ID i, with `out` the output: store a result, or write into `out`. */
const STEPS = {
  store: "out[i] = one(i);",
  /** A generator: one call per ID, no arguments. */
  generate: "out[i] = one();",
  write: "one(out, i);",
} as const;

export type Step = keyof typeof STEPS;

/**
 * A timed loop over `count` IDs, compiled afresh for each contender: the `step` for every i with `out` being
 * `output()`'s result, which it returns. `one` is called straight from the loop: a closure around it, written once
 * here, would be one function literal for every contender, and closures of one literal share V8's type feedback.
 * A loop shared that way turned megamorphic once contenders with other output types had run; it then cost some 50 ns
 * more per call, and how much depended on what ran before (our isValid measured 15M/s alone and 7M/s after the other
 * groups). `new Function` gives each contender code of its own, but only with a source text of its own: V8 caches
 * compiled sources, so identical texts share one function and its feedback again. With the number in the text, our
 * 65 ns encode measured 6-7 ns faster after other contenders had run.
 */
export function loop<T>(one: (...args: never[]) => unknown, count: number, output: () => T, step: Step = "store"): () => T {
  const source = `// timed loop ${++loopsMade}
return () => { const out = output(); for (let i = 0; i < count; i++) ${STEPS[step]} return out; };`;
  return new Function("one", "count", "output", source)(one, count, output) as () => T;
}
