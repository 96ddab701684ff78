/**
 * Every error code reachable through the ULID API, each produced at least once here with its `index` and a
 * message that names the offending value (cut to a sane length). RANDOM_UNAVAILABLE and WASM_UNAVAILABLE need a
 * changed global, so they live in randomness.test.ts and backend.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  UlidError,
  decode,
  decodeMany,
  decodeTime,
  decodeTimeMany,
  encode,
  encodeManyText,
  formats,
  generateMany,
  monotonicFactory,
  setBackend,
  ulid,
  uuidToULID,
} from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectMentions, expectUlidError } from "./helpers/errors.js";
import { latin1, textBatch } from "./helpers/reference.js";
import { SAMPLE_ULID, SPEC_MONOTONIC_OVERFLOW } from "./vectors.js";

/** A message longer than this is not "cut to a sane length". */
const SANE_MESSAGE_LENGTH = 400;

function withCharAt(id: string, at: number, ch: string): string {
  return id.slice(0, at) + ch + id.slice(at + 1);
}

/** How often `needle` occurs in `haystack`. */
function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

forEachEngine(() => {
  describe("single IDs", () => {
    it("INVALID_LENGTH: index = first wrong position, message shows the ID", () => {
      const error = expectUlidError(() => decode("01ARZ3NDEK"), "INVALID_LENGTH", 10);
      expectMentions(error, "01ARZ3NDEK");
      expect(error.message).toMatch(/\b10\b/);
    });

    it("INVALID_CHAR: index = position, message shows the ID and the character", () => {
      const id = withCharAt(SAMPLE_ULID, 13, "U");
      const error = expectUlidError(() => decodeTime(id), "INVALID_CHAR", 13);
      expectMentions(error, id);
      expect(error.message).toMatch(/\b13\b/);
    });

    it.each([["\u00e9", "e9"], ["\u0416", "416"], ["\u0130", "130"]])(
      "INVALID_CHAR names a non-ASCII character %s itself, besides quoting the ID",
      (ch, code) => {
        const id = withCharAt(SAMPLE_ULID, 20, ch);
        const error = expectUlidError(() => decode(id), "INVALID_CHAR", 20);
        expectMentions(error, id);
        const named = occurrences(error.message, ch) >= 2 || error.message.toLowerCase().includes(code);
        expect(named, `message ${JSON.stringify(error.message)} should name ${JSON.stringify(ch)} on its own`).toBe(true);
      },
    );

    it("OVERFLOW: index 0, message shows the ID", () => {
      const id = withCharAt(SAMPLE_ULID, 0, "Z");
      const error = expectUlidError(() => decode(id), "OVERFLOW", 0);
      expectMentions(error, id);
    });

    it("INVALID_ARGUMENT: message shows the value", () => {
      expectMentions(expectUlidError(() => decode(12345 as unknown as string), "INVALID_ARGUMENT"), "12345");
      expectMentions(expectUlidError(() => encode(new Uint8Array(32), -7), "INVALID_ARGUMENT"), "-7");
      expectMentions(expectUlidError(() => setBackend("turbo" as "auto"), "INVALID_ARGUMENT"), "turbo");
    });

    it("INVALID_TIME: message shows the time", () => {
      expectMentions(expectUlidError(() => ulid(-42), "INVALID_TIME"), "-42");
      expectMentions(expectUlidError(() => ulid(281474976710656), "INVALID_TIME"), "281474976710656");
      expectMentions(expectUlidError(() => ulid(12.5), "INVALID_TIME"), "12.5");
    });

    it("MONOTONIC_OVERFLOW from a factory", () => {
      const next = monotonicFactory({ now: () => SPEC_MONOTONIC_OVERFLOW.time, random: (out) => out.fill(0xff) });
      next();
      const error = expectUlidError(() => next(), "MONOTONIC_OVERFLOW");
      expect(error.message.length).toBeGreaterThan(0);
    });

    it("UUID INVALID_LENGTH and INVALID_CHAR show the UUID", () => {
      expectMentions(expectUlidError(() => uuidToULID("0123"), "INVALID_LENGTH"), "0123");
      const uuid = "01563df3-6481-0000-0000-00000000000g";
      expectMentions(expectUlidError(() => uuidToULID(uuid), "INVALID_CHAR", 35), uuid);
    });

    it("cuts a huge offending value to a sane length", () => {
      const huge = "0".repeat(100_000);
      const error = expectUlidError(() => decode(huge), "INVALID_LENGTH", 26);
      expect(error.message.length).toBeLessThan(SANE_MESSAGE_LENGTH);
      expect(error.message).toContain("0".repeat(20));
      const longTime = expectUlidError(() => ulid("9".repeat(10_000) as unknown as number), "INVALID_TIME");
      expect(longTime.message.length).toBeLessThan(SANE_MESSAGE_LENGTH);
    });
  });

  describe("batches", () => {
    const IDS = Array.from({ length: 40 }, () => SAMPLE_ULID);

    it("INVALID_CHAR: index = element, message shows the element and the char position", () => {
      const ids = IDS.slice();
      ids[31] = withCharAt(SAMPLE_ULID, 17, "U");
      const error = expectUlidError(() => decodeMany(ids), "INVALID_CHAR", 31);
      expectMentions(error, ids[31]!);
      expect(error.message).toMatch(/\b17\b/);
    });

    it("INVALID_LENGTH, OVERFLOW and INVALID_ARGUMENT: index = element, message shows the element", () => {
      const cases: [unknown, string, string][] = [
        ["01ARZ3NDEK", "INVALID_LENGTH", "01ARZ3NDEK"],
        [withCharAt(SAMPLE_ULID, 0, "9"), "OVERFLOW", withCharAt(SAMPLE_ULID, 0, "9")],
        [98765, "INVALID_ARGUMENT", "98765"],
      ];
      for (const [value, code, shown] of cases) {
        const ids: unknown[] = IDS.slice();
        ids[22] = value;
        expectMentions(expectUlidError(() => decodeTimeMany(ids as string[]), code, 22), shown);
      }
    });

    it("a text record's fault: index = record, message shows the record", () => {
      const ids = IDS.slice();
      ids[9] = withCharAt(SAMPLE_ULID, 4, "U");
      const error = expectUlidError(() => decodeMany(textBatch(ids)), "INVALID_CHAR", 9);
      expectMentions(error, ids[9]!);
      expect(error.message).toMatch(/\b4\b/);
    });

    it("a separator byte inside a text record cuts the ID short: INVALID_LENGTH, message shows the record", () => {
      const ids = IDS.slice();
      ids[9] = withCharAt(SAMPLE_ULID, 4, "!");
      const error = expectUlidError(() => decodeMany(textBatch(ids)), "INVALID_LENGTH", 9);
      expectMentions(error, ids[9]!);
      expect(error.message).toMatch(/\b4\b/);
    });

    it("a huge batch element is cut in the message", () => {
      const ids = IDS.slice();
      ids[3] = "Z".repeat(50_000);
      const error = expectUlidError(() => decodeMany(ids), "INVALID_LENGTH", 3);
      expect(error.message.length).toBeLessThan(SANE_MESSAGE_LENGTH);
    });

    it("MONOTONIC_OVERFLOW from generateMany: index = element", () => {
      const error = expectUlidError(
        () => generateMany(3, { time: SPEC_MONOTONIC_OVERFLOW.time, random: (out) => out.fill(0xff) }),
        "MONOTONIC_OVERFLOW",
        1,
      );
      expect(error.message.length).toBeGreaterThan(0);
    });

    it("INVALID_ARGUMENT for options: message shows the value", () => {
      expectMentions(expectUlidError(() => encodeManyText(new Uint8Array(16), { separator: "ab" }), "INVALID_ARGUMENT"), "ab");
      expectMentions(expectUlidError(() => generateMany(-3), "INVALID_ARGUMENT"), "-3");
      expectMentions(expectUlidError(() => generateMany(2.5), "INVALID_ARGUMENT"), "2.5");
    });

    it("INVALID_LENGTH for bytes not a multiple of 16: message shows the length", () => {
      expect(expectUlidError(() => encodeManyText(new Uint8Array(35)), "INVALID_LENGTH").message).toMatch(/\b35\b/);
    });
  });

  it("a bad character past U+FFFF (an emoji) is named whole, with its code point, and its format with its article", () => {
    const text = "01ARYZ6S41\u{1F600}00000000000000";
    expect(() => decode(text)).toThrow(`invalid character "\u{1F600}" (U+1F600) at position 10 in "${text}"`);
    expect(() => formats.objectid.decode("abc")).toThrow(/^an ObjectId has 24 characters/);
    expect(() => formats.xid.decode("abc")).toThrow(/^an XID has 20 characters/);
    expect(() => formats.uuidv7.decode("abc")).toThrow(/^a UUID v7 has 36 characters/);
  });

  it("errors are UlidError, Error, named UlidError, with a stack", () => {
    const error = expectUlidError(() => decode(latin1("x") as unknown as string), "INVALID_ARGUMENT");
    expect(error).toBeInstanceOf(UlidError);
    expect(Object.prototype.toString.call(error)).toBe("[object Error]");
    expect(typeof error.stack).toBe("string");
    expect(String(error)).toMatch(/^UlidError: /);
  });
});
