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

/**
 * Not a peer ULID library (another kind of ID, or our own single-ID call in a loop, which our batch calls must
 * beat): shown for scale, left out of "best peer".
 */
export function reference(label: string, run: () => unknown, variant?: Contender["variant"]): Contender {
  return { label: `${label} (reference)`, role: "reference", variant, run };
}

/** Numbers the loops, so that each one's source text is unique (see `loop`). */
let loopsMade = 0;

/** The statement a timed loop runs for ID i, `out` being its output. */
const STEPS = {
  /** A closure over the inputs (a peer's call, written out in the group). */
  store: "out[i] = one(i);",
  /** A function of input i. */
  apply: "out[i] = one(input[i]);",
  /** Writes input i's 16 bytes at `target[16 * i]`, as `decodeInto` does. */
  applyInto: "out[i] = one(input[i], target, 16 * i);",
  /** A generator: no arguments. */
  generate: "out[i] = one();",
  /** Writes ID i into the output itself. */
  write: "one(out, i);",
  /** A function of the packed bytes and ID i's offset in them (`target`, `width` bytes an ID): an encoder. */
  at: "out[i] = one(target, width * i);",
  /** Copies what input i gives into `target` at `width * i`: a decoder of one ID into a batch buffer. */
  copy: "target.set(one(input[i]), width * i);",
  /** Writes ID i into `target` at `width * i`: a generator into a batch buffer. */
  writeAt: "one(target, width * i);",
} as const;

export interface Shape {
  step?: keyof typeof STEPS;
  /** What `apply`, `applyInto` and `copy` read. */
  input?: readonly unknown[];
  target?: Uint8Array;
  /** Bytes an ID, for `at`, `copy` and `writeAt`. */
  width?: number;
}

/**
 * A timed loop over `count` IDs, compiled afresh for each contender: the `shape`'s step for every i, `out` being
 * `output()`'s result, which it returns. V8 keeps type feedback per function literal, shared by all closures of it,
 * and optimizes for what that feedback has seen. Shared by every contender, a loop turned megamorphic once contenders
 * with other output types had run; a call then cost some 50 ns more, depending on what ran before (our isValid
 * measured 15M/s alone and 7M/s after the other groups). So:
 * - `new Function` gives each contender a loop of its own, with a number in its source text: V8 caches compiled
 *   sources, so identical texts share one function and its feedback again (with the number, our 65 ns encode
 *   measured 6-7 ns faster after other contenders had run);
 * - the loop calls the contender's function itself where it can (`apply`, `generate`, `write`): a closure written
 *   once would again be one literal for all. `ours` makes a row per engine from the same code, and through one
 *   closure literal our decodeTime measured 7.5M/s on `js` beside 16.5M/s on `auto`, which runs the same code.
 */
export function loop<T>(one: (...args: never[]) => unknown, count: number, output: () => T, shape: Shape = {}): () => T {
  const { step = "store", input, target, width } = shape;
  const source = `// timed loop ${++loopsMade}
return () => { const out = output(); for (let i = 0; i < count; i++) ${STEPS[step]} return out; };`;
  return new Function("one", "count", "output", "input", "target", "width", source)(one, count, output, input, target, width) as () => T;
}

/** A timed loop whose results go into one array of `count`, made once (keeping them also stops dead-code elimination). */
export function collect(one: (...args: never[]) => unknown, count: number, shape?: Shape): () => unknown[] {
  const outputs = new Array<unknown>(count);
  return loop(one, count, () => outputs, shape);
}
