/**
 * Every kind of string V8 hands a decoder reads alike: flat (encodeMany, JSON.parse), concatenated (`a + b`, a
 * ConsString, read fresh and again once flattened) and sliced (`line.slice(at, at + n)`, a view of a longer line).
 * The single-ID readers are tuned per call site (src/engine/js-ulid-text.ts), so a valid ID and one with a bad
 * character at each position are decoded in each kind, on each engine, by the single-ID and the string-array calls,
 * for every format; the results (or the error's code and message) must be the flat string's.
 */
import { describe, expect, it } from "vitest";
import { UlidError } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { seededUint32 } from "./helpers/reference.js";

type Kind = "flat" | "concatenated" | "flattened" | "sliced";
const KINDS: readonly Kind[] = ["flat", "concatenated", "flattened", "sliced"];

/** `text` as a string of `kind`. V8 makes a cons or a slice from 13 characters, and every format's IDs are longer. */
function asKind(text: string, kind: Kind): string {
  switch (kind) {
    case "flat":
      // Built from its codes: a sequential string whatever `text` was.
      return String.fromCharCode(...Array.from(text, (char) => char.charCodeAt(0)));
    case "concatenated":
      return text.slice(0, 7) + text.slice(7);
    case "flattened": {
      const cons = text.slice(0, 9) + text.slice(9);
      // The first read flattens a cons string in place; later reads go through it to the flat copy.
      cons.charCodeAt(0);
      return cons;
    }
    case "sliced": {
      const line = [`{"n":${text.length},"id":"`, text, `","msg":"served"}`].join("");
      const at = line.indexOf(text);
      return line.slice(at, at + text.length);
    }
  }
}

/** What a call gives for one text: its value, or the error's code and message. */
function outcome(call: () => unknown): unknown {
  try {
    const value = call();
    return value instanceof Uint8Array ? { bytes: Array.from(value) } : { value };
  } catch (error) {
    if (!(error instanceof UlidError)) throw error;
    return { code: error.code, message: error.message };
  }
}

/** A valid ID of the format, and copies with a bad character at every position, and its overflows. */
function texts(ref: RefFormat): string[] {
  const random = seededUint32(ref.chars);
  const id = ref.encode(ref.conform(Uint8Array.from({ length: ref.bytes }, () => random() & 0xff)))!;
  const bad = ref.badChars.filter((char) => char.length === 1);
  const broken = Array.from({ length: ref.chars }, (_, p) => id.slice(0, p) + bad[p % bad.length] + id.slice(p + 1));
  return [id, id.toLowerCase(), ...broken, ...ref.overflows.map((o) => o.text)];
}

describe.each(REF_FORMATS)("$name: every kind of string", (ref) => {
  const all = texts(ref);

  it("the valid text is valid and the broken ones are not (the fixture)", () => {
    expect(all.map((text) => ref.decode(text) !== null).filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(all.slice(2, 2 + ref.chars).every((text) => ref.decode(text) === null)).toBe(true);
  });

  forEachEngine(() => {
    it.each(KINDS)("single-ID calls read %s strings as flat ones", (kind) => {
      const api = ref.api;
      for (const text of all) {
        const flat = asKind(text, "flat");
        for (const call of [api.decodeTime, api.isValid, api.decode] as ((id: string) => unknown)[]) {
          expect(outcome(() => call(asKind(text, kind))), `${call.name}(${JSON.stringify(text)})`).toEqual(
            outcome(() => call(flat)),
          );
        }
      }
      // And what the reference says.
      for (const text of all) {
        const bytes = ref.decode(text);
        const id = asKind(text, kind);
        expect(api.isValid(id), text).toBe(bytes !== null);
        if (bytes === null) continue;
        expect(Array.from(api.decode(id))).toEqual(Array.from(bytes));
        expect(api.decodeTime(id)).toBe(ref.time(text));
      }
    });

    it.each(KINDS)("string-array calls read %s strings as flat ones", (kind) => {
      const api = ref.api;
      const flats = all.map((text) => asKind(text, "flat"));
      const valid = all.map((text) => (ref.decode(text) === null ? 0 : 1));
      expect(Array.from(api.validateMany(all.map((text) => asKind(text, kind))))).toEqual(valid);
      expect(Array.from(api.validateMany(flats))).toEqual(valid);
      const flagged = (ids: string[]) => {
        const flags = new Uint8Array(ids.length);
        return { times: Array.from(api.decodeTimeMany(ids, { flags })), flags: Array.from(flags) };
      };
      expect(flagged(all.map((text) => asKind(text, kind)))).toEqual(flagged(flats));
      for (const [i, text] of all.entries()) {
        expect(outcome(() => api.decodeMany([flats[0]!, asKind(text, kind)])), text).toEqual(
          outcome(() => api.decodeMany([flats[0]!, flats[i]!])),
        );
      }
    });
  });
});
