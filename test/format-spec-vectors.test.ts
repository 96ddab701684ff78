/**
 * The docs/formats.md vectors of Ulid-Flake, BaseUID, UUID v7 and KSUID, and Segment's KSUID vectors
 * (test/format-vectors.ts), on both engines: every single-ID call and the batch calls agree with them.
 */
import { describe, expect, it } from "vitest";
import { UlidError, baseuid, flake, ksuid, uuidv7 } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { scriptedBytes } from "./helpers/reference.js";
import {
  BASEUID_DOCUMENT,
  BASEUID_MAX,
  BASEUID_ONES,
  FLAKE_DEFAULT_EPOCH,
  FLAKE_FROM_INT,
  FLAKE_MAX,
  FLAKE_MONOTONIC_RUN,
  FLAKE_OVERFLOW,
  FLAKE_README,
  FLAKE_SCALABLE_RUN,
  KSUID_MAX,
  KSUID_NIL,
  KSUID_SEGMENT_GENERATED,
  KSUID_SEGMENT_INSPECT,
  KSUID_SEGMENT_TESTS,
  RFC9562_V7,
} from "./format-vectors.js";

/** Bytes that make a new millisecond's random field `value` (3 bytes standalone, 2 scalable). */
function fieldBytes(value: number, length: number): number[] {
  return Array.from({ length }, (_, i) => (value >> (8 * (length - 1 - i))) & 0xff);
}

/** The vectors with bytes and a time: every format's core calls agree with them. */
const ROUND_TRIPS = [
  { name: "Ulid-Flake", api: flake, ...FLAKE_README },
  { name: "BaseUID", api: baseuid, ...BASEUID_DOCUMENT },
  { name: "UUID v7", api: uuidv7, ...RFC9562_V7 },
  { name: "KSUID (Segment's inspect example)", api: ksuid, ...KSUID_SEGMENT_INSPECT },
  { name: "KSUID (Segment's generated example)", api: ksuid, ...KSUID_SEGMENT_GENERATED },
];

forEachEngine(() => {
  it.each(ROUND_TRIPS)("$name: $text decodes to its bytes and time, and back", ({ api, text, bytes, unixMs }) => {
    expect(api.isValid(text)).toBe(true);
    expect(api.decode(text)).toEqual(bytes);
    expect(api.encode(bytes)).toBe(text);
    expect(api.encodeMany(bytes)).toEqual([text]);
    expect(api.decodeMany([text])).toEqual(bytes);
    expect(api.decodeTime(text)).toBe(unixMs);
    expect(api.decodeTimeMany(new TextEncoder().encode(`${text}\n`))).toEqual(Float64Array.of(unixMs));
  });

  describe("Ulid-Flake", () => {
    it("reads the README's ID: integer, time, random (standalone and scalable)", () => {
      const v = FLAKE_README;
      expect(flake.toBigInt(v.text)).toBe(v.integer);
      expect(flake.fromBigInt(v.integer)).toBe(v.text);
      expect(flake.fields(v.text)).toEqual({ time: v.time, unixMs: v.unixMs, random: v.random });
      expect(flake.fields(v.text, { scalable: true })).toEqual({
        time: v.time,
        unixMs: v.unixMs,
        random: v.scalableRandom,
        sid: v.scalableSid,
      });
      expect(flake.decodeTimeMany([v.text.toLowerCase()])).toEqual(Float64Array.of(v.unixMs));
    });

    it("accepts the largest and rejects one past it as an overflow", () => {
      expect(flake.toBigInt(FLAKE_MAX.text)).toBe(FLAKE_MAX.integer);
      expect(flake.fromBigInt(FLAKE_MAX.integer)).toBe(FLAKE_MAX.text);
      expect(flake.fields(FLAKE_MAX.text)).toEqual({ time: FLAKE_MAX.time, unixMs: FLAKE_MAX.unixMs, random: FLAKE_MAX.random });
      expect(flake.isValid(FLAKE_OVERFLOW)).toBe(false);
      expectUlidError(() => flake.decode(FLAKE_OVERFLOW), "OVERFLOW", 0);
      expectUlidError(() => flake.decodeMany([FLAKE_MAX.text, FLAKE_OVERFLOW]), "OVERFLOW", 1);
      expectUlidError(() => flake.fromBigInt(FLAKE_MAX.integer + 1n), "OVERFLOW");
      expectUlidError(() => flake.encode(Uint8Array.of(0x80, 0, 0, 0, 0, 0, 0, 0)), "OVERFLOW");
    });

    it("reads the seed's from_int example", () => {
      expect(flake.fromBigInt(FLAKE_FROM_INT.integer)).toBe(FLAKE_FROM_INT.text);
      expect(flake.toBigInt(FLAKE_FROM_INT.text)).toBe(FLAKE_FROM_INT.integer);
    });

    it.each([
      ["standalone", FLAKE_MONOTONIC_RUN, undefined, 3],
      ["scalable", FLAKE_SCALABLE_RUN, FLAKE_SCALABLE_RUN.sid, 2],
    ] as const)("reproduces the README's %s monotonic run", (_, run, sid, stampBytes) => {
      const random = scriptedBytes([...fieldBytes(run.firstRandom, stampBytes), ...run.incrementBytes]);
      const next = flake.monotonicFactory({ sid, random, now: () => FLAKE_DEFAULT_EPOCH + run.time });
      expect(run.ids.map(() => next())).toEqual(run.ids);
    });
  });

  describe("BaseUID", () => {
    it("reads the document's example in ns, and makes its time part from ms, ns or a Date", () => {
      const v = BASEUID_DOCUMENT;
      expect(baseuid.decodeTimeNs(v.text)).toBe(v.unixNs);
      expect(baseuid.generate(v.unixMs).slice(0, 8)).toBe(v.timeText);
      expect(baseuid.generate(v.unixNs).slice(0, 8)).toBe(v.timeText);
      expect(baseuid.generate(new Date(v.unixMs)).slice(0, 8)).toBe(v.timeText);
    });

    it("maps to and from the document's UUIDv8 form", () => {
      for (const v of [BASEUID_DOCUMENT, BASEUID_ONES]) {
        expect(baseuid.toUUID(v.text)).toBe(v.uuid);
        expect(baseuid.fromUUID(v.uuid)).toBe(v.text);
        expect(baseuid.fromUUID(v.uuid.toUpperCase())).toBe(v.text);
      }
    });

    it("holds the last tick, and is case-sensitive", () => {
      expect(baseuid.decodeTimeNs(BASEUID_MAX.text)).toBe(BASEUID_MAX.unixNs);
      expect(baseuid.generate(BASEUID_MAX.unixNs).slice(0, 8)).toBe(BASEUID_MAX.text.slice(0, 8));
      const swapped = BASEUID_DOCUMENT.text.replace("N", "n");
      expect(baseuid.decode(swapped)).not.toEqual(BASEUID_DOCUMENT.bytes);
    });
  });

  describe("UUID v7", () => {
    it("reads RFC 9562's vector in upper case too, and as a ULID", () => {
      const v = RFC9562_V7;
      expect(uuidv7.decode(v.text.toUpperCase())).toEqual(v.bytes);
      expect(uuidv7.toULID(v.text)).toBe(v.ulid);
    });

    it("refuses the same UUID with another version or variant", () => {
      const v4 = `${RFC9562_V7.text.slice(0, 14)}4${RFC9562_V7.text.slice(15)}`;
      const ncs = `${RFC9562_V7.text.slice(0, 19)}7${RFC9562_V7.text.slice(20)}`;
      expect([uuidv7.isValid(v4), uuidv7.isValid(ncs)]).toEqual([false, false]);
      expect(expectUlidError(() => uuidv7.decode(v4), "INVALID_CHAR", 14)).toBeInstanceOf(UlidError);
      expectUlidError(() => uuidv7.decode(ncs), "INVALID_CHAR", 19);
      expectUlidError(() => uuidv7.toULID(v4), "INVALID_CHAR", 14);
    });
  });

  describe("KSUID", () => {
    it("splits Segment's examples into time and payload, as its inspect command does", () => {
      for (const v of [KSUID_SEGMENT_INSPECT, KSUID_SEGMENT_GENERATED]) {
        const hex = Array.from(ksuid.decode(v.text), (byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join("");
        expect(hex).toBe(v.raw);
        expect(hex.slice(8)).toBe(v.payload);
        expect(parseInt(hex.slice(0, 8), 16)).toBe(v.timeField);
        expect(ksuid.toBigInt(v.text)).toBe(BigInt(`0x${v.raw}`));
        expect(ksuid.fromBigInt(BigInt(`0x${v.raw}`))).toBe(v.text);
      }
      expect(new Date(KSUID_SEGMENT_INSPECT.unixMs).toISOString()).toBe("2017-10-10T04:00:47.000Z");
    });

    it("gives 3 words per KSUID in bulk, least significant first, the top one its time field", () => {
      const { bytes, raw, timeField } = KSUID_SEGMENT_INSPECT;
      const words = BigUint64Array.of(BigInt(`0x${raw.slice(24)}`), BigInt(`0x${raw.slice(8, 24)}`), BigInt(timeField));
      expect(ksuid.toBigIntMany(bytes)).toEqual(words);
      expect(ksuid.fromBigIntMany(words)).toEqual(bytes);
      expectUlidError(() => ksuid.fromBigIntMany(BigUint64Array.of(0n, 0n, 2n ** 32n)), "OVERFLOW", 0);
    });

    it("holds the nil and the largest KSUID, and refuses one past it as an overflow", () => {
      expect(ksuid.decode(KSUID_NIL)).toEqual(new Uint8Array(20));
      expect(ksuid.decodeTime(KSUID_NIL)).toBe(1400000000000);
      expect(ksuid.decode(KSUID_MAX.text)).toEqual(new Uint8Array(20).fill(0xff));
      expect(ksuid.encode(new Uint8Array(20).fill(0xff))).toBe(KSUID_MAX.text);
      expect(ksuid.decodeTime(KSUID_MAX.text)).toBe(KSUID_MAX.unixMs);
      expect(new Date(KSUID_MAX.unixMs).toISOString()).toBe("2150-06-19T23:21:35.000Z");
      expect(ksuid.toBigInt(KSUID_MAX.text)).toBe(2n ** 160n - 1n);
      expectUlidError(() => ksuid.fromBigInt(2n ** 160n), "OVERFLOW");
      expectUlidError(() => ksuid.decode("aWgEPTl1tmebfsQzFP4bxwgy80W"), "OVERFLOW", 26);
      expectUlidError(() => ksuid.decodeMany([KSUID_MAX.text, "aWgEPTl1tmebfsQzFP4bxwgy80W"]), "OVERFLOW", 1);
    });

    it("refuses Segment's invalid texts (its TestIssue25) and round-trips its others (TestAppend, README)", () => {
      for (const { text, code } of KSUID_SEGMENT_TESTS.invalid) {
        expect(ksuid.isValid(text)).toBe(false);
        expect(() => ksuid.decode(text)).toThrow(expect.objectContaining({ code }));
      }
      expect([...ksuid.validateMany(KSUID_SEGMENT_TESTS.invalid.map(({ text }) => text))]).toEqual([0, 0]);
      for (const text of [...KSUID_SEGMENT_TESTS.roundTrip, ...KSUID_SEGMENT_TESTS.readme]) {
        expect(ksuid.encode(ksuid.decode(text))).toBe(text);
        expect(ksuid.canonicalize(text)).toBe(text);
      }
      const times = ksuid.decodeTimeMany(KSUID_SEGMENT_TESTS.readme as unknown as string[]);
      expect([...times]).toEqual(KSUID_SEGMENT_TESTS.readme.map(() => KSUID_SEGMENT_TESTS.readmeUnixMs));
    });

    it("is case-sensitive: another case is another ID (or none)", () => {
      const swapped = KSUID_SEGMENT_INSPECT.text.replace("Y", "y");
      expect(ksuid.decode(swapped)).not.toEqual(KSUID_SEGMENT_INSPECT.bytes);
      expect(ksuid.isValid(KSUID_MAX.text.toUpperCase())).toBe(true);
      expect(ksuid.isValid(KSUID_MAX.text.toLowerCase())).toBe(false);
    });

    it("keeps whole seconds: any ms of a second makes an ID of that second", () => {
      const { unixMs, bytes } = KSUID_SEGMENT_INSPECT;
      for (const time of [unixMs, unixMs + 1, unixMs + 999, new Date(unixMs + 500)]) {
        const id = ksuid.generate(time, { random: (out) => out.set(bytes.subarray(4)) });
        expect(id).toBe(KSUID_SEGMENT_INSPECT.text);
      }
      expect(ksuid.decodeTime(ksuid.generate(unixMs + 1000))).toBe(unixMs + 1000);
    });

    it("counts the payload up by one within a second, keeps the time when the clock goes back, and overflows", () => {
      const { unixMs, bytes } = KSUID_SEGMENT_INSPECT;
      const next = ksuid.monotonicFactory({ random: (out) => out.set(bytes.subarray(4)) });
      const ids = [next(unixMs), next(unixMs + 999), next(unixMs - 5000)];
      expect(ids.map((id) => ksuid.toBigInt(id))).toEqual([0n, 1n, 2n].map((k) => BigInt(`0x${KSUID_SEGMENT_INSPECT.raw}`) + k));
      const last = ksuid.max(unixMs);
      const after = ksuid.monotonicFactory({ after: last });
      expectUlidError(() => after(unixMs), "MONOTONIC_OVERFLOW");
      expect(ksuid.decodeTime(after(unixMs + 1000))).toBe(unixMs + 1000);
      // A carry through the payload: ...FF FF becomes ...01 00 00 in the next byte up.
      const carry = ksuid.fromBigInt((BigInt(KSUID_SEGMENT_INSPECT.timeField) << 128n) | 0xffffn);
      expect(ksuid.toBigInt(ksuid.monotonicFactory({ after: carry })(unixMs))).toBe((BigInt(KSUID_SEGMENT_INSPECT.timeField) << 128n) | 0x10000n);
    });
  });
});
