/**
 * The one-at-a-time API beyond decoding sweeps: ulid() and its time argument, encodeTime, encode/decodeInto
 * with offsets and argument checks, parse, canonicalize and the UUID view.
 */
import { describe, expect, it } from "vitest";
import {
  canonicalize,
  decode,
  decodeInto,
  decodeTime,
  encode,
  encodeTime,
  isValid,
  parse,
  ulid,
  ulidToUUID,
  uuidToULID,
} from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { BAD_OFFSETS, BAD_TIMES, NOT_BYTES } from "./helpers/inputs.js";
import { expectMentions, expectUlidError, faultOf } from "./helpers/errors.js";
import { CANONICAL_ULID_PATTERN, MAX_TIME, pseudoRandomBytes, refEncode, refUuid } from "./helpers/reference.js";
import { SAMPLE_ULID, SPEC_ENCODE_TIME } from "./vectors.js";

const T = SPEC_ENCODE_TIME.time;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HYPHENS = [8, 13, 18, 23];
const SAMPLE_BYTES = pseudoRandomBytes(16, 99);
const SAMPLE_UUID = refUuid(SAMPLE_BYTES);

forEachEngine(() => {
  describe("ulid", () => {
    it("uses the current time when none is given", () => {
      const before = Date.now();
      const ids = [ulid(), ulid(undefined)];
      const after = Date.now();
      for (const id of ids) {
        expect(id).toMatch(CANONICAL_ULID_PATTERN);
        expect(decodeTime(id)).toBeGreaterThanOrEqual(before);
        expect(decodeTime(id)).toBeLessThanOrEqual(after);
      }
    });

    it("stamps the given time, including 0, the maximum and a Date", () => {
      expect(ulid(0).slice(0, 10)).toBe("0000000000");
      expect(ulid(MAX_TIME).slice(0, 10)).toBe("7ZZZZZZZZZ");
      expect(ulid(T).slice(0, 10)).toBe(SPEC_ENCODE_TIME.text);
      expect(ulid(new Date(SPEC_ENCODE_TIME.iso)).slice(0, 10)).toBe(SPEC_ENCODE_TIME.text);
    });

    it("draws fresh randomness for every ID (1000 IDs in one ms are distinct)", () => {
      const ids = new Set(Array.from({ length: 1000 }, () => ulid(T)));
      expect(ids.size).toBe(1000);
    });

    it.each(BAD_TIMES)("rejects a %s time with INVALID_TIME naming it", (_, time, shown) => {
      const error = expectUlidError(() => ulid(time as number), "INVALID_TIME");
      expectMentions(error, shown);
    });
  });

  describe("encodeTime", () => {
    it("encodes the bounds", () => {
      expect(encodeTime(0)).toBe("0000000000");
      expect(encodeTime(MAX_TIME)).toBe("7ZZZZZZZZZ");
      expect(encodeTime(1)).toBe("0000000001");
      expect(encodeTime(32)).toBe("0000000010");
    });

    it("requires a time: undefined is INVALID_TIME (docs/api.md types it as a number, like the ulid package)", () => {
      expect(faultOf(() => (encodeTime as (time?: number) => string)(undefined))).toMatchObject({
        code: "INVALID_TIME",
      });
    });

    it.each(BAD_TIMES)("rejects a %s time with INVALID_TIME naming it", (_, time, shown) => {
      const error = expectUlidError(() => encodeTime(time as number), "INVALID_TIME");
      expectMentions(error, shown);
    });
  });

  describe("encode", () => {
    it("reads 16 bytes at the offset", () => {
      const bytes = pseudoRandomBytes(40, 1);
      expect(encode(bytes)).toBe(refEncode(bytes, 0));
      expect(encode(bytes, 0)).toBe(refEncode(bytes, 0));
      expect(encode(bytes, 7)).toBe(refEncode(bytes, 7));
      expect(encode(bytes, 24)).toBe(refEncode(bytes, 24));
    });

    it("reads a view at its own byteOffset, and a Buffer", () => {
      const backing = pseudoRandomBytes(64, 2);
      const view = backing.subarray(5, 37);
      expect(encode(view)).toBe(refEncode(backing, 5));
      expect(encode(view, 16)).toBe(refEncode(backing, 21));
      expect(encode(Buffer.from(backing.buffer, 3, 16))).toBe(refEncode(backing, 3));
    });

    it("does not modify its input", () => {
      const bytes = pseudoRandomBytes(16, 3);
      const copy = bytes.slice();
      encode(bytes);
      expect(bytes).toEqual(copy);
    });

    it.each(NOT_BYTES)("rejects a %s with INVALID_ARGUMENT", (_, value) => {
      expect(faultOf(() => encode(value as Uint8Array))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it.each(BAD_OFFSETS)("rejects a %s offset with INVALID_ARGUMENT", (_, offset) => {
      expect(faultOf(() => encode(new Uint8Array(32), offset as number))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it("rejects fewer than 16 bytes from the offset with INVALID_LENGTH", () => {
      const cases: [number, number][] = [
        [0, 0],
        [15, 0],
        [16, 1],
        [32, 17],
        [32, 32],
        [32, 1000],
        [16, Number.MAX_SAFE_INTEGER],
      ];
      for (const [length, offset] of cases) {
        expect({ length, offset, fault: faultOf(() => encode(new Uint8Array(length), offset)) }).toMatchObject({
          length,
          offset,
          fault: { code: "INVALID_LENGTH" },
        });
      }
    });
  });

  describe("decode", () => {
    it("returns a new 16-byte array on every call", () => {
      const a = decode(SAMPLE_ULID);
      const b = decode(SAMPLE_ULID);
      expect(a).not.toBe(b);
      a.fill(0);
      expect(decode(SAMPLE_ULID)).toEqual(b);
    });
  });

  describe("decodeInto", () => {
    const FILL = 0xaa;

    it("writes 16 bytes at the offset, touches nothing else and returns out itself", () => {
      const out = new Uint8Array(40).fill(FILL);
      expect(decodeInto(SAMPLE_ULID, out, 7)).toBe(out);
      const expected = new Uint8Array(40).fill(FILL);
      expected.set(decode(SAMPLE_ULID), 7);
      expect(out).toEqual(expected);
      expect(decodeInto(SAMPLE_ULID, out)).toBe(out);
      expect(out.subarray(0, 16)).toEqual(decode(SAMPLE_ULID));
    });

    it("writes through a view at its own byteOffset", () => {
      const backing = new Uint8Array(64).fill(FILL);
      const view = backing.subarray(10, 50);
      decodeInto(SAMPLE_ULID, view, 4);
      const expected = new Uint8Array(64).fill(FILL);
      expected.set(decode(SAMPLE_ULID), 14);
      expect(backing).toEqual(expected);
    });

    it.each(NOT_BYTES)("rejects a %s as out with INVALID_ARGUMENT", (_, value) => {
      expect(faultOf(() => decodeInto(SAMPLE_ULID, value as Uint8Array))).toMatchObject({ code: "INVALID_ARGUMENT" });
    });

    it.each(BAD_OFFSETS)("rejects a %s offset with INVALID_ARGUMENT, out untouched", (_, offset) => {
      const out = new Uint8Array(32).fill(FILL);
      expect(faultOf(() => decodeInto(SAMPLE_ULID, out, offset as number))).toMatchObject({ code: "INVALID_ARGUMENT" });
      expect(out).toEqual(new Uint8Array(32).fill(FILL));
    });

    it("rejects fewer than 16 bytes from the offset with INVALID_LENGTH, out untouched", () => {
      for (const [length, offset] of [[15, 0], [16, 1], [32, 17], [8, 100]] as const) {
        const out = new Uint8Array(length).fill(FILL);
        expect({ length, offset, fault: faultOf(() => decodeInto(SAMPLE_ULID, out, offset)) }).toMatchObject({
          length,
          offset,
          fault: { code: "INVALID_LENGTH" },
        });
        expect(out).toEqual(new Uint8Array(length).fill(FILL));
      }
    });
  });

  describe("canonicalize", () => {
    it("returns canonical text unchanged and upper-cases with aliases resolved", () => {
      expect(canonicalize(SAMPLE_ULID)).toBe(SAMPLE_ULID);
      expect(canonicalize(SAMPLE_ULID.toLowerCase())).toBe(SAMPLE_ULID);
      expect(canonicalize("oiL" + "o".repeat(23))).toBe("011" + "0".repeat(23));
    });
  });

  describe("parse", () => {
    it("gives canonical text, time, Date, 10 random bytes, 16 bytes and the UUID", () => {
      const bytes = pseudoRandomBytes(16, 4);
      const id = refEncode(bytes);
      const parsed = parse(id.toLowerCase());
      expect(Object.keys(parsed).sort()).toEqual(["bytes", "date", "random", "time", "ulid", "uuid"]);
      expect(parsed.ulid).toBe(id);
      expect(parsed.time).toBe(decodeTime(id));
      expect(parsed.date).toBeInstanceOf(Date);
      expect(parsed.date.getTime()).toBe(parsed.time);
      expect(parsed.random).toBeInstanceOf(Uint8Array);
      expect(parsed.random).toEqual(bytes.slice(6));
      expect(parsed.bytes).toBeInstanceOf(Uint8Array);
      expect(parsed.bytes).toEqual(bytes);
      expect(parsed.uuid).toBe(refUuid(bytes));
    });

    it("returns new arrays on every call", () => {
      const first = parse(SAMPLE_ULID);
      const second = parse(SAMPLE_ULID);
      expect(first.bytes).not.toBe(second.bytes);
      expect(first.random).not.toBe(second.random);
      first.bytes.fill(0);
      first.random.fill(0);
      expect(parse(SAMPLE_ULID).bytes).toEqual(second.bytes);
      expect(parse(SAMPLE_ULID).random).toEqual(second.random);
    });
  });

  describe("ulidToUUID / uuidToULID", () => {
    it("is the identity on the 16 bytes, UUID text in lower case, no version bits stamped", () => {
      for (let seed = 0; seed < 200; seed++) {
        const bytes = pseudoRandomBytes(16, seed);
          const id = refEncode(bytes);
        const uuid = ulidToUUID(id);
        expect(uuid).toMatch(UUID_PATTERN);
        expect(uuid).toBe(refUuid(bytes));
        expect(ulidToUUID(id.toLowerCase())).toBe(uuid);
        expect(uuidToULID(uuid)).toBe(id);
        expect(uuidToULID(uuid.toUpperCase())).toBe(id);
      }
    });

    it("accepts mixed case", () => {
      const mixed = [...SAMPLE_UUID].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join("");
      expect(uuidToULID(mixed)).toBe(refEncode(SAMPLE_BYTES));
    });

    it("rejects a UUID of the wrong length with INVALID_LENGTH naming it", () => {
      const cases = ["", SAMPLE_UUID.slice(1), `${SAMPLE_UUID}0`, SAMPLE_UUID.replaceAll("-", ""), `{${SAMPLE_UUID}}`, `urn:uuid:${SAMPLE_UUID}`];
      for (const text of cases) {
        const error = expectUlidError(() => uuidToULID(text), "INVALID_LENGTH");
        expectMentions(error, text);
      }
    });

    it("rejects a non-hex character at each position with INVALID_CHAR at that position", () => {
      // U+0130 has low byte '0', U+FF10 is a full-width '0'.
      for (const ch of ["g", "G", " ", "-", "\u00e9", "\u0130", "\uff10", "\0"]) {
        for (let at = 0; at < 36; at++) {
          if (HYPHENS.includes(at)) continue;
          const text = SAMPLE_UUID.slice(0, at) + ch + SAMPLE_UUID.slice(at + 1);
          expect({ text, fault: faultOf(() => uuidToULID(text)) }).toEqual({ text, fault: { code: "INVALID_CHAR", index: at } });
        }
      }
    });

    it("rejects a missing hyphen at 8, 13, 18 and 23 with INVALID_CHAR at that position", () => {
      for (const at of HYPHENS) {
        for (const ch of ["0", "f", "_", " "]) {
          const text = SAMPLE_UUID.slice(0, at) + ch + SAMPLE_UUID.slice(at + 1);
          expect({ text, fault: faultOf(() => uuidToULID(text)) }).toEqual({ text, fault: { code: "INVALID_CHAR", index: at } });
        }
      }
    });

    it("reports the leftmost bad character", () => {
      const text = `${SAMPLE_UUID.slice(0, 3)}x${SAMPLE_UUID.slice(4, 8)}_${SAMPLE_UUID.slice(9)}`;
      expect(faultOf(() => uuidToULID(text))).toEqual({ code: "INVALID_CHAR", index: 3 });
    });

    it("turns every UUID's bytes into a valid ULID (128 bits fit)", () => {
      const max = "ffffffff-ffff-ffff-ffff-ffffffffffff";
      expect(uuidToULID(max)).toBe("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
      expect(isValid(uuidToULID(max))).toBe(true);
    });
  });
});
