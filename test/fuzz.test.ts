/**
 * Fuzzing (fast-check) of every ULID decoder and validator of the public API, with arbitrary strings, values and
 * byte arrays. For every input, on both engines: nothing is thrown but a `UlidError`; nothing invalid is
 * accepted (the independent reference in helpers/reference.ts decides what is valid, and what an accepted input
 * decodes to); and the two engines give the same outcome, value or error code and index alike.
 * Each property runs RUNS times (helpers/tier.ts: 10,000 in the deep tier, 500 in the unit tier), each run on both
 * engines. Seeds are fixed, so a failure reproduces.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import * as api from "../src/index.js";
import { setBackend } from "../src/index.js";
import {
  type Outcome,
  alphanumeric,
  crockfordSpellings,
  edgeChar,
  mutated,
  outcome,
  respelled,
} from "./helpers/fuzz.js";
import {
  VALID_ULID_PATTERN,
  latin1,
  refCanonical,
  refDecode,
  refEncode,
  refTime,
  refUuid,
} from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const RUNS = propertyRuns(10_000);
const PARAMS = { numRuns: RUNS, seed: 0xf022 };
const RECORD = 27;

// ---- inputs ----

const canonicalId = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes) => refEncode(bytes));

/** A valid ID in random case and aliases. */
const respelledId = respelled(canonicalId, crockfordSpellings);

const mutatedId = mutated(canonicalId, 26);

/** Strings of every kind, many of them 26 characters long and most nearly valid. */
const anyString = fc.oneof(
  respelledId,
  mutatedId,
  fc.string({ minLength: 26, maxLength: 26, unit: fc.oneof(alphanumeric, alphanumeric, edgeChar) }),
  fc.string({ maxLength: 30, unit: "binary" }),
  fc.string({ maxLength: 30 }),
);

/** Anything a caller might pass where an ID belongs. */
const anyValue = fc.oneof(anyString, fc.anything());

/** A string batch: mostly strings, some other values. */
const stringBatch = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: respelledId },
    { weight: 3, arbitrary: anyString },
    { weight: 1, arbitrary: fc.anything() },
  ),
  { maxLength: 12 },
);

/** A text batch: records of valid or damaged IDs, separators of any byte, sometimes cut or with stray bytes. */
const textBatch = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(respelledId, respelledId, mutatedId),
        fc.constantFrom(10, 44, 32, 0, 0x7f, 0xff, 0x30, 0x41, 0x7a),
      ),
      { maxLength: 10 },
    )
    .chain((records) =>
      fc.tuple(fc.constant(records), fc.boolean(), fc.nat({ max: 3 })).map(([recs, trailing, cut]) => {
        const text = recs.map(([id, sep]) => id + String.fromCharCode(sep)).join("");
        return latin1(trailing ? text : text.slice(0, Math.max(0, text.length - 1 - cut)));
      }),
    ),
  fc.uint8Array({ maxLength: 120 }),
);

// ---- the reference for batches ----

function isAlphanumeric(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

/** The IDs of a batch by docs/api.md's rules (text: 26 bytes, then a non-alphanumeric byte, the last optional); null for an invalid one. */
function refElements(batch: readonly unknown[] | Uint8Array): (string | null)[] {
  if (Array.isArray(batch))
    return batch.map((id) => (typeof id === "string" && VALID_ULID_PATTERN.test(id) ? id : null));
  const text = batch as Uint8Array;
  const elements: (string | null)[] = [];
  for (let at = 0; at < text.length; at += RECORD) {
    const id = String.fromCharCode(...text.subarray(at, at + 26));
    const separator = text[at + 26];
    const valid = VALID_ULID_PATTERN.test(id) && (separator === undefined || !isAlphanumeric(separator));
    elements.push(valid ? id : null);
  }
  return elements;
}

/** The offset a call that writes or reads 16 bytes at `at` of `length` uses (undefined is 0), or null when it does not fit. */
function offsetFor(at: unknown, length: number): number | null {
  const offset = at === undefined ? 0 : at;
  return typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0 && offset + 16 <= length
    ? offset
    : null;
}

/** What a decoding batch call must do: the per-element results, or INVALID_* at the first bad element. */
function expectBatch(result: Outcome, elements: (string | null)[], each: (id: string) => unknown): void {
  const bad = elements.indexOf(null);
  if (bad >= 0)
    expect(result).toMatchObject({
      index: bad,
      code: expect.stringMatching(/^INVALID_(LENGTH|CHAR|ARGUMENT)$|^OVERFLOW$/),
    });
  else expect(result).toEqual({ ok: elements.flatMap((id) => each(id!)) });
}

// ---- properties ----

afterAll(() => setBackend("auto"));

describe(`fuzzing, ${RUNS} runs per property, each on both engines`, () => {
  it("decode, decodeTime, canonicalize, parse, ulidToUUID accept exactly the valid IDs, with the reference's values", () => {
    fc.assert(
      fc.property(anyValue, (id) => {
        const bytes = typeof id === "string" ? refDecode(id) : null;
        const calls: [string, () => unknown, (b: Uint8Array, s: string) => unknown][] = [
          ["decode", () => api.decode(id as string), (b) => Array.from(b)],
          ["decodeTime", () => api.decodeTime(id as string), (_, s) => refTime(s)],
          ["canonicalize", () => api.canonicalize(id as string), (_, s) => refCanonical(s)],
          ["ulidToUUID", () => api.ulidToUUID(id as string), (b) => refUuid(b)],
          ["parse", () => api.parse(id as string).bytes, (b) => Array.from(b)],
        ];
        for (const [name, call, expected] of calls) {
          const result = outcome(call);
          if (bytes === null) expect({ name, result }).toMatchObject({ name, result: { code: expect.any(String) } });
          else expect({ name, result }).toEqual({ name, result: { ok: expected(bytes, id as string) } });
        }
        expect(outcome(() => api.isValid(id))).toEqual({ ok: bytes !== null });
      }),
      PARAMS,
    );
  });

  it("decodeInto with any buffer and offset: writes exactly the 16 reference bytes, or throws and writes nothing", () => {
    const target = fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.anything());
    const offset = fc.oneof(fc.nat({ max: 40 }), fc.anything());
    fc.assert(
      fc.property(anyString, target, offset, (id, out, at) => {
        const snapshot = out instanceof Uint8Array ? out.slice() : null;
        const result = outcome(() => {
          if (snapshot) (out as Uint8Array).set(snapshot);
          api.decodeInto(id, out as Uint8Array, at as number);
          return out;
        });
        const bytes = refDecode(id);
        const offset = snapshot && offsetFor(at, snapshot.length);
        if (bytes === null || offset === null) {
          expect(result).toMatchObject({ code: expect.any(String) });
          if (snapshot) expect(out).toEqual(snapshot);
        } else {
          const expected = snapshot!.slice();
          expected.set(bytes, offset);
          expect(result).toEqual({ ok: Array.from(expected) });
        }
      }),
      PARAMS,
    );
  });

  it("uuidToULID accepts exactly 8-4-4-4-12 hex text, either case", () => {
    const hexChar = fc.constantFrom(..."0123456789abcdefABCDEFgG-");
    const uuidLike = fc.oneof(
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => refUuid(b)),
      fc.string({ minLength: 36, maxLength: 36, unit: hexChar }),
      anyString,
    );
    fc.assert(
      fc.property(uuidLike, (uuid) => {
        const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid);
        const result = outcome(() => api.uuidToULID(uuid));
        if (!valid) expect(result).toMatchObject({ code: expect.any(String) });
        else
          expect(result).toEqual({
            ok: refEncode(Uint8Array.from(uuid.replace(/-/g, "").match(/../g)!, (h) => parseInt(h, 16))),
          });
      }),
      PARAMS,
    );
  });

  it("decodeMany, decodeTimeMany, validateMany on string and text batches follow the reference", () => {
    fc.assert(
      fc.property(fc.oneof(stringBatch, textBatch), (batch) => {
        const elements = refElements(batch);
        expectBatch(
          outcome(() => api.decodeMany(batch as string[])),
          elements,
          (id) => Array.from(refDecode(id)!),
        );
        expectBatch(
          outcome(() => api.decodeTimeMany(batch as string[])),
          elements,
          (id) => [refTime(id)],
        );
        expect(outcome(() => api.validateMany(batch as string[]))).toEqual({
          ok: elements.map((id) => (id === null ? 0 : 1)),
        });
      }),
      PARAMS,
    );
  });

  it("batch calls given something that is not a batch: INVALID_ARGUMENT", () => {
    fc.assert(
      fc.property(
        fc.anything().filter((value) => !Array.isArray(value) && !(value instanceof Uint8Array)),
        (value) => {
          for (const call of [api.decodeMany, api.decodeTimeMany, api.validateMany]) {
            expect(outcome(() => call(value as string[]))).toMatchObject({ code: "INVALID_ARGUMENT" });
          }
        },
      ),
      PARAMS,
    );
  });

  it("encode, encodeMany, encodeManyText on any bytes: the reference's text, or INVALID_* for a bad length or offset", () => {
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 70 }), fc.uint8Array({ minLength: 16, maxLength: 16 }));
    fc.assert(
      fc.property(bytes, fc.oneof(fc.nat({ max: 70 }), fc.anything()), (b, at) => {
        const ids = b.length % 16 === 0 ? Array.from({ length: b.length / 16 }, (_, i) => refEncode(b, 16 * i)) : null;
        const many = outcome(() => api.encodeMany(b));
        const text = outcome(() => api.encodeManyText(b));
        if (ids === null) {
          expect([many, text]).toMatchObject([{ code: "INVALID_LENGTH" }, { code: "INVALID_LENGTH" }]);
        } else {
          expect(many).toEqual({ ok: ids });
          expect(text).toEqual({ ok: Array.from(latin1(ids.map((id) => `${id}\n`).join(""))) });
        }
        const offset = offsetFor(at, b.length);
        const one = outcome(() => api.encode(b, at as number));
        if (offset === null) expect(one).toMatchObject({ code: expect.stringMatching(/^INVALID_(LENGTH|ARGUMENT)$/) });
        else expect(one).toEqual({ ok: refEncode(b, offset) });
      }),
      PARAMS,
    );
  });
});
