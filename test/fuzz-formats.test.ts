/**
 * Fuzzing (fast-check) of the decoders and validators of the other formats (flake, baseuid, uuidv7, ksuid, typeid), as
 * fuzz.test.ts does for ULID: arbitrary strings and values, on both engines. Nothing is thrown but a
 * `UlidError`; an ID is accepted exactly when docs/formats.md's text rules (written here as patterns) say it is valid,
 * and then decodes to the value those rules give; the engines agree on every outcome. Text batches may frame
 * records in ways the patterns do not cover, so there the check is one-sided: a record is never accepted
 * unless its text is a valid ID, and decoded it gives that ID's bytes.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { baseuid, flake, ksuid, objectid, setBackend, snowflake, tsid, typeid, ulidToUUID, uuidv7, xid } from "../src/index.js";
import { BASE62, notAbove, REF_SNOWFLAKE, typeIdWithPrefix } from "./helpers/format-reference.js";
import { alphanumeric, crockfordSpellings, mutated, outcome, respelled } from "./helpers/fuzz.js";
import { ALPHABET, bigIntToBytes, bytesToBigInt, hex, latin1, refEncode, refUuid } from "./helpers/reference.js";
import { propertyRuns } from "./helpers/tier.js";

const RUNS = propertyRuns(5000);
const PARAMS = { numRuns: RUNS, seed: 0xf07 };
const BASE64 = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz";
/** Ulid-Flake's default epoch, 2024-01-01. */
const FLAKE_EPOCH = 1704067200000;

/** A format's rules, independent of the library: what is valid, and what a valid text means. */
interface Reference {
  name: string;
  api: typeof flake | typeof baseuid | typeof uuidv7 | typeof ksuid | typeof typeid | typeof objectid | typeof xid | typeof tsid | typeof snowflake;
  /** Characters of a text (the most, for texts that vary in width). */
  chars: number;
  /** Texts vary in width, and in text every byte but a digit ends a record (Snowflake's). */
  varies?: true;
  valid: RegExp;
  /** The bytes of a valid text. */
  bytes(text: string): Uint8Array;
  /** Canonical text of bytes (a valid ID's). */
  text(bytes: Uint8Array): string;
  /** `decodeTime` of a valid ID's bytes. */
  time(bytes: Uint8Array): number;
  /** A valid ID's bytes from random bytes. */
  make(random: Uint8Array): Uint8Array;
  spellings(ch: string): string[];
  /** Valid IDs with one of the characters that carry constraints (the first, the version...) replaced at random. */
  loose(valid: fc.Arbitrary<string>): fc.Arbitrary<string>;
  /** The format's own extra decoders, each with what it must return for a valid ID's bytes. */
  extras: [string, (text: string) => unknown, (bytes: Uint8Array) => unknown][];
}

/** Digits of `bits` bits each, most significant first, from an integer. */
function digits(value: bigint, count: number, bits: number, alphabet: string): string {
  let text = "";
  for (let i = count - 1; i >= 0; i--)
    text += alphabet[Number((value >> BigInt(bits * i)) & ((1n << BigInt(bits)) - 1n))];
  return text;
}

function valueOf(text: string, bits: number, alphabet: string): bigint {
  return [...text].reduce((value, ch) => (value << BigInt(bits)) | BigInt(alphabet.indexOf(ch)), 0n);
}

/** `valid` with the character at one of `positions` replaced by any letter or digit. */
function replacedAt(valid: fc.Arbitrary<string>, positions: number[]): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.constantFrom(...positions), alphanumeric)
    .map(([id, at, ch]) => id.slice(0, at) + ch + id.slice(at + 1));
}

/** Upper case with the Crockford aliases resolved. */
const crockford = (text: string) => text.toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");

const FLAKE: Reference = {
  name: "flake",
  api: flake,
  chars: 13,
  valid: /^[0-7IiLlOo][0-9A-TV-Za-tv-z]{12}$/,
  bytes: (text) => bigIntToBytes(valueOf(crockford(text), 5, ALPHABET), 8),
  text: (bytes) => digits(bytesToBigInt(bytes), 13, 5, ALPHABET),
  time: (bytes) => Number(bytesToBigInt(bytes) >> 20n) + FLAKE_EPOCH,
  make: (random) => Uint8Array.from(random.subarray(0, 8), (b, i) => (i === 0 ? b & 0x7f : b)),
  spellings: crockfordSpellings,
  // The first character carries 3 bits: 8 and above overflow.
  loose: (valid) => replacedAt(valid, [0]),
  extras: [
    ["toBigInt", (text) => flake.toBigInt(text), (bytes) => bytesToBigInt(bytes)],
    ["fields", (text) => flake.fields(text), (bytes) => fieldsOf(bytes, false)],
    ["fields scalable", (text) => flake.fields(text, { scalable: true }), (bytes) => fieldsOf(bytes, true)],
  ],
};

function fieldsOf(bytes: Uint8Array, scalable: boolean): object {
  const value = bytesToBigInt(bytes);
  const time = Number(value >> 20n);
  const low = Number(value & 0xfffffn);
  const fields = { time, unixMs: time + FLAKE_EPOCH, random: scalable ? low >>> 5 : low };
  return scalable ? { ...fields, sid: low & 31 } : fields;
}

const BASEUID: Reference = {
  name: "baseuid",
  api: baseuid,
  chars: 20,
  valid: /^[-0-9A-Z_a-z]{20}$/,
  bytes: (text) => bigIntToBytes(valueOf(text, 6, BASE64), 15),
  text: (bytes) => digits(bytesToBigInt(bytes), 20, 6, BASE64),
  time: (bytes) => (Number(bytesToBigInt(bytes) >> 72n) * 32768) / 1e6,
  make: (random) => random.slice(0, 15),
  spellings: (ch) => [ch],
  // Every character carries 6 whole bits: none constrained, so any character, anywhere.
  loose: (valid) => replacedAt(valid, [0, 19]),
  extras: [
    ["decodeTimeNs", (text) => baseuid.decodeTimeNs(text), (bytes) => (bytesToBigInt(bytes) >> 72n) * 32768n],
    ["toUUID, then fromUUID", (text) => baseuid.fromUUID(baseuid.toUUID(text)), (bytes) => BASEUID.text(bytes)],
  ],
};

const UUIDV7: Reference = {
  name: "uuidv7",
  api: uuidv7,
  chars: 36,
  valid: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  bytes: (text) => Uint8Array.from(text.replace(/-/g, "").match(/../g)!, (pair) => parseInt(pair, 16)),
  text: refUuid,
  time: (bytes) => Number(bytesToBigInt(bytes, 0, 6)),
  // Version 7 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
  make: (random) => Uint8Array.from(random.subarray(0, 16), (b, i) => (i === 6 ? 0x70 | (b & 0x0f) : i === 8 ? 0x80 | (b & 0x3f) : b)),
  spellings: (ch) => [ch, ch.toUpperCase()],
  // The version nibble, the variant nibble and a hyphen.
  loose: (valid) => replacedAt(valid, [14, 19, 23]),
  extras: [["toULID", (text) => uuidv7.toULID(text), (bytes) => refEncode(bytes)]],
};

/** The largest KSUID (2^160 - 1): texts are valid up to it, in ASCII order. */
const KSUID_LARGEST = "aWgEPTl1tmebfsQzFP4bxwgy80V";

const KSUID: Reference = {
  name: "ksuid",
  api: ksuid,
  chars: 27,
  valid: notAbove(KSUID_LARGEST, BASE62),
  bytes: (text) => bigIntToBytes([...text].reduce((value, ch) => value * 62n + BigInt(BASE62.indexOf(ch)), 0n), 20),
  text(bytes) {
    let value = bytesToBigInt(bytes);
    let text = "";
    for (let i = 0; i < 27; i++, value /= 62n) text = BASE62[Number(value % 62n)] + text;
    return text;
  },
  time: (bytes) => (Number(bytesToBigInt(bytes, 0, 4)) + 1400000000) * 1000,
  make: (random) => random.slice(0, 20),
  spellings: (ch) => [ch],
  // Near the largest: its first characters, then one replaced at random, then a valid ID's rest; often an overflow.
  loose: (valid) =>
    fc.tuple(valid, fc.nat(26), alphanumeric).map(([id, at, ch]) => KSUID_LARGEST.slice(0, at) + ch + id.slice(at + 1)),
  extras: [["toBigInt", (text) => ksuid.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
};

/** MongoDB ObjectId: 24 hex digits in either case, any 12 bytes. */
const OBJECTID: Reference = {
  name: "objectid",
  api: objectid,
  chars: 24,
  valid: /^[0-9a-fA-F]{24}$/,
  bytes: (text) => bigIntToBytes(BigInt(`0x${text}`), 12),
  text: (bytes) => hex(bytes),
  time: (bytes) => Number(bytesToBigInt(bytes, 0, 4)) * 1000,
  make: (random) => random.slice(0, 12),
  spellings: (ch) => [...new Set([ch, ch.toUpperCase()])],
  // Any character: every one of the 24 is a plain hex digit.
  loose: (valid) => replacedAt(valid, [0, 11, 23]),
  extras: [["toBigInt", (text) => objectid.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
};

const XID_ALPHABET = "0123456789abcdefghijklmnopqrstuv";

/** XID: 20 lower-case base32hex characters, the last 0 or g; any 12 bytes. */
const XID: Reference = {
  name: "xid",
  api: xid,
  chars: 20,
  valid: /^[0-9a-v]{19}[0g]$/,
  bytes: (text) => bigIntToBytes(valueOf(text, 5, XID_ALPHABET) >> 4n, 12),
  text: (bytes) => digits(bytesToBigInt(bytes) << 4n, 20, 5, XID_ALPHABET),
  time: (bytes) => Number(bytesToBigInt(bytes, 0, 4)) * 1000,
  make: (random) => random.slice(0, 12),
  spellings: (ch) => [ch],
  // The last character, which holds one bit and the four zero bits.
  loose: (valid) => replacedAt(valid, [19]),
  extras: [["toBigInt", (text) => xid.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
};

/** TSID: 13 Crockford characters (the first 0-F), any case and the aliases; any 8 bytes; default epoch 2020-01-01. */
const TSID: Reference = {
  name: "tsid",
  api: tsid,
  chars: 13,
  valid: /^[0-9A-Fa-fIiLlOo][0-9A-TV-Za-tv-z]{12}$/,
  bytes: (text) => bigIntToBytes(valueOf(crockford(text), 5, ALPHABET), 8),
  text: (bytes) => digits(bytesToBigInt(bytes), 13, 5, ALPHABET),
  time: (bytes) => Number(bytesToBigInt(bytes) >> 22n) + 1577836800000,
  make: (random) => random.slice(0, 8),
  spellings: crockfordSpellings,
  // The first character carries 4 bits: G and above overflow.
  loose: (valid) => replacedAt(valid, [0]),
  extras: [["toBigInt", (text) => tsid.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
};

/**
 * Snowflake: 1 to 19 decimal digits without a leading zero, at most 2^63 - 1; 8 bytes without the sign bit; Twitter's
 * epoch by default. Its random values are shifted right by 0 to 63 bits, so that every width of text is common.
 */
const SNOWFLAKE: Reference = {
  name: "snowflake",
  api: snowflake,
  chars: 19,
  varies: true,
  valid: REF_SNOWFLAKE.pattern,
  bytes: (text) => bigIntToBytes(BigInt(text), 8),
  text: (bytes) => String(bytesToBigInt(bytes)),
  time: (bytes) => Number(bytesToBigInt(bytes) >> 22n) + 1288834974657,
  make: (random) => bigIntToBytes((bytesToBigInt(random, 0, 8) & ((1n << 63n) - 1n)) >> BigInt(random[8]! & 63), 8),
  spellings: (ch) => [ch],
  // The first digit: a leading zero or a letter.
  loose: (valid) => replacedAt(valid, [0]),
  extras: [["toBigInt", (text) => snowflake.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
};

/** TypeID's suffix alphabet: Crockford base32 in lower case. */
const TYPEID_ALPHABET = ALPHABET.toLowerCase();
const TYPEID_SUFFIX = "[0-7][0-9a-hjkmnp-tv-z]{25}";

/**
 * TypeID: with the prefix "user" required (the namespace with it bound to every call), and with any prefix (the
 * namespace as it is: the specification's prefix rule, written as a pattern).
 */
function typeIdReference(prefix: string | null): Reference {
  const lead = prefix === null || prefix === "" ? "" : `${prefix}_`;
  const api = prefix === null ? typeid : typeIdWithPrefix(prefix);
  return {
    name: prefix === null ? "typeid (any prefix)" : `typeid (prefix ${prefix})`,
    api,
    chars: lead.length + 26,
    valid: new RegExp(prefix === null ? `^(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?${TYPEID_SUFFIX}$` : `^${lead}${TYPEID_SUFFIX}$`),
    bytes: (text) => bigIntToBytes(valueOf(text.slice(-26), 5, TYPEID_ALPHABET), 16),
    text: (bytes) => lead + digits(bytesToBigInt(bytes), 26, 5, TYPEID_ALPHABET),
    time: (bytes) => Number(bytesToBigInt(bytes, 0, 6)),
    make: (random) => random.slice(0, 16),
    spellings: (ch) => [ch],
    // The suffix's first character (0-7), and the prefix's first and last.
    loose: (valid) => replacedAt(valid, lead === "" ? [0] : [0, lead.length - 2, lead.length - 1, lead.length]),
    extras: [["toBigInt", (text) => api.toBigInt(text), (bytes) => bytesToBigInt(bytes)]],
  };
}

afterAll(() => setBackend("auto"));

describe.each([FLAKE, BASEUID, UUIDV7, KSUID, typeIdReference("user"), typeIdReference(null), OBJECTID, XID, TSID, SNOWFLAKE])(`fuzzing $name, ${RUNS} runs per property, each on both engines`, (ref) => {
  const canonical = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((random) => ref.text(ref.make(random)));
  const validId = respelled(canonical, ref.spellings);
  const anyString = fc.oneof(
    validId,
    mutated(validId, ref.chars),
    ref.loose(validId),
    fc.string({ maxLength: ref.chars + 4, unit: "binary" }),
  );
  /** The reference's bytes of a text, or null when it is no valid ID. */
  const refBytes = (text: unknown) => (typeof text === "string" && ref.valid.test(text) ? ref.bytes(text) : null);

  it("decode, decodeTime, isValid and the format's extras accept exactly the valid IDs, with the reference's values", () => {
    fc.assert(
      fc.property(fc.oneof(anyString, anyString, fc.anything()), (text) => {
        const bytes = refBytes(text);
        const calls: [string, () => unknown, unknown][] = [
          ["decode", () => ref.api.decode(text as string), bytes && Array.from(bytes)],
          ["decodeTime", () => ref.api.decodeTime(text as string), bytes && ref.time(bytes)],
          ["canonical", () => ref.api.encode(ref.api.decode(text as string)), bytes && ref.text(bytes)],
          ...ref.extras.map(([name, call, expected]): [string, () => unknown, unknown] => [
            name,
            () => call(text as string),
            bytes && expected(bytes),
          ]),
        ];
        for (const [name, call, expected] of calls) {
          const result = outcome(call);
          if (bytes === null) expect({ name, result }).toMatchObject({ name, result: { code: expect.any(String) } });
          else expect({ name, result }).toEqual({ name, result: { ok: expected } });
        }
        expect(outcome(() => ref.api.isValid(text))).toEqual({ ok: bytes !== null });
      }),
      PARAMS,
    );
  });

  it("decodeMany, decodeTimeMany, validateMany on string batches follow the reference", () => {
    const batch = fc.array(fc.oneof(validId, validId, anyString, fc.anything()), { maxLength: 10 });
    fc.assert(
      fc.property(batch, (texts) => {
        const all = texts.map(refBytes);
        const bad = all.indexOf(null);
        const decoded = outcome(() => ref.api.decodeMany(texts as string[]));
        const times = outcome(() => ref.api.decodeTimeMany(texts as string[]));
        if (bad >= 0) {
          expect([decoded, times]).toMatchObject([{ index: bad }, { index: bad }]);
        } else {
          expect(decoded).toEqual({ ok: all.flatMap((bytes) => Array.from(bytes!)) });
          expect(times).toEqual({ ok: all.map((bytes) => ref.time(bytes!)) });
        }
        expect(outcome(() => ref.api.validateMany(texts as string[]))).toEqual({ ok: all.map((b) => (b ? 1 : 0)) });
      }),
      PARAMS,
    );
  });

  it("text batches: a record is accepted only when its text is a valid ID, and decodes to its bytes", () => {
    const record = fc.tuple(fc.oneof(validId, validId, mutated(validId, ref.chars)), fc.constantFrom(..."\n, \0-_!Za"));
    const text = fc
      .tuple(fc.array(record, { maxLength: 8 }), fc.nat({ max: 2 }))
      .map(([records, cut]) => latin1(records.map(([id, sep]) => id + sep).join("")).slice(0, cut ? -cut : undefined));
    fc.assert(
      fc.property(text, (batch) => {
        const stride = ref.chars + 1;
        // Records of varying width end at each byte that is no digit; the last one's end is optional.
        const ended = String.fromCharCode(...batch).split(/[^0-9]/);
        if (ended.at(-1) === "") ended.pop();
        const records = ref.varies
          ? ended
          : Array.from({ length: Math.ceil(batch.length / stride) }, (_, i) => String.fromCharCode(...batch.subarray(stride * i, stride * i + ref.chars)));
        const flags = outcome(() => ref.api.validateMany(batch));
        if ("ok" in flags) {
          for (const [i, flag] of (flags.ok as number[]).entries()) {
            if (flag === 1)
              expect({ record: records[i], valid: refBytes(records[i]) !== null }).toMatchObject({ valid: true });
          }
        }
        const decoded = outcome(() => ref.api.decodeMany(batch));
        if ("ok" in decoded) {
          expect(hex(Uint8Array.from(decoded.ok as number[]))).toBe(records.map((r) => hex(refBytes(r)!)).join(""));
        }
      }),
      PARAMS,
    );
  });
});

it("uuidv7.toULID keeps the 16 bytes: the ULID's UUID view is the same UUID", () => {
  fc.assert(
    fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (random) => {
      const uuid = UUIDV7.text(UUIDV7.make(random));
      expect(ulidToUUID(uuidv7.toULID(uuid))).toBe(uuid);
    }),
    PARAMS,
  );
});
