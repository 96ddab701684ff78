/**
 * Shared pieces of the fuzz tests (fuzz.test.ts, fuzz-formats.test.ts): running a call on both engines and
 * reducing what it did to a comparable outcome, and arbitraries that damage valid IDs.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { UlidError, setBackend } from "../../src/index.js";
import { ENGINE_KINDS } from "./engines.js";

/** What a call did, in a form `toEqual` compares: its result (typed arrays as plain arrays), or its error. */
export type Outcome = { ok: unknown } | { code: string; index: number | undefined };

function plain(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return Array.from(value as Uint8Array);
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plain(field)]));
  }
  return value;
}

/** Runs `call` on each engine; fails on anything thrown but a UlidError, or on engines that disagree. */
export function outcome(call: () => unknown): Outcome {
  const outcomes = ENGINE_KINDS.map((kind): Outcome => {
    setBackend(kind);
    try {
      return { ok: plain(call()) };
    } catch (error) {
      if (!(error instanceof UlidError)) throw new Error(`${kind}: threw a non-UlidError: ${String(error)}`);
      return { code: error.code, index: error.index };
    }
  });
  expect(outcomes[1], "wasm engine vs TS engine").toEqual(outcomes[0]);
  return outcomes[0]!;
}

export const alphanumeric = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
/** Characters around the edges: separators, the excluded U, look-alikes whose low byte is a valid character. */
export const edgeChar = fc.constantFrom(..."Uu!-_ \n\0\x7f\x80\xff\u0130\u0131\u0141\u017f\u212a\uff10\ud800");

/** A valid ID (of `length` characters) with a character replaced, inserted or removed. */
export function mutated(valid: fc.Arbitrary<string>, length: number): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.nat({ max: length }), fc.oneof(alphanumeric, edgeChar), fc.constantFrom("set", "insert", "remove"))
    .map(
      ([id, at, ch, how]) => id.slice(0, at) + (how === "remove" ? "" : ch) + id.slice(how === "insert" ? at : at + 1),
    );
}

/** Each character of a valid ID replaced by one of its accepted spellings. */
export function respelled(valid: fc.Arbitrary<string>, spellings: (ch: string) => string[]): fc.Arbitrary<string> {
  return valid.chain((id) =>
    fc.tuple(...[...id].map((ch) => fc.constantFrom(...spellings(ch)))).map((chars) => chars.join("")),
  );
}

/** The accepted spellings of a canonical Crockford character: lower case, and the aliases of 1 (I, L) and 0 (O). */
export function crockfordSpellings(ch: string): string[] {
  return [ch, ch.toLowerCase(), ...(ch === "1" ? "IiLl" : ch === "0" ? "Oo" : "")];
}
