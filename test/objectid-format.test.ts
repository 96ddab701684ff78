/**
 * The `objectid` namespace on both engines: the SPEC vectors through every reading call, generation as MongoDB's
 * specification says (a generator's counter starts with its top bit cleared, + 1 per ID, bytes 4-8 kept, in a later
 * second too, where only it may wrap), the bounds, and scanning for ObjectIds (scanText and `"all"`).
 */
import { describe, expect, it } from "vitest";
import { formats, objectid, scanText } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { latin1, scriptedBytes } from "./helpers/reference.js";
import { referenceObjectIdScan } from "./helpers/scan-reference.js";
import { OBJECTID_INVALID, OBJECTID_MANUAL, OBJECTID_MAX, OBJECTID_TIMES, OBJECTID_UPPER } from "./format-vectors.js";

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

forEachEngine(() => {
  describe("objectid", () => {
    it("is in the registry, scanned after TypeID", () => {
      expect(formats.objectid).toBe(objectid);
      expect([objectid.name, objectid.chars, objectid.bytes]).toEqual(["objectid", 24, 12]);
      expect(Object.keys(formats).indexOf("objectid")).toBeGreaterThan(Object.keys(formats).indexOf("typeid"));
    });

    it("reads the SPEC vectors: times, either case, lower case out", () => {
      expect(objectid.decodeTime(OBJECTID_MANUAL.text)).toBe(OBJECTID_MANUAL.unixMs);
      for (const { text, unixMs } of OBJECTID_TIMES) {
        expect(objectid.decodeTime(text)).toBe(unixMs);
        expect(objectid.encode(objectid.decode(text))).toBe(text);
      }
      expect(objectid.canonicalize(OBJECTID_UPPER.text)).toBe(OBJECTID_UPPER.canonical);
      expect(objectid.isValid(OBJECTID_UPPER.text)).toBe(true);
      const texts = [...OBJECTID_TIMES.map((v) => v.text), OBJECTID_UPPER.text];
      expect(Array.from(objectid.decodeTimeMany(texts))).toEqual([...OBJECTID_TIMES.map((v) => v.unixMs), OBJECTID_MANUAL.unixMs]);
      expect(objectid.encodeMany(objectid.decodeMany(texts))).toEqual([...OBJECTID_TIMES.map((v) => v.text), OBJECTID_UPPER.canonical]);
      expect(objectid.toBigInt(OBJECTID_MAX.text)).toBe(OBJECTID_MAX.integer);
      expect(objectid.fromBigInt(OBJECTID_MAX.integer)).toBe(OBJECTID_MAX.text);
      expectUlidError(() => objectid.fromBigInt(OBJECTID_MAX.integer + 1n), "OVERFLOW");
      for (const { text, code, position } of OBJECTID_INVALID) {
        expectUlidError(() => objectid.decode(text), code, position);
        expect(objectid.isValid(text)).toBe(false);
      }
    });

    it("generates: time floored to its second, bytes 4-11 drawn", () => {
      const id = objectid.generate(1350336377999, { random: scriptedBytes([0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0xff, 0x6c, 0x0e]) });
      expect(id).toBe("507c7f79bcf86cd799ff6c0e");
      expect(objectid.decodeTime(id)).toBe(1350336377000);
      expectUlidError(() => objectid.generate(-1), "INVALID_TIME");
      expectUlidError(() => objectid.generate(4294967296000), "INVALID_TIME");
      expect(objectid.generate(4294967295999, { random: scriptedBytes(new Array(8).fill(0)) })).toBe("ffffffff0000000000000000");
    });

    it("a generator: counter start with its top bit cleared, + 1 per ID, bytes 4-8 kept across seconds, wrapping only there", () => {
      const next = objectid.monotonicFactory({ random: scriptedBytes([1, 2, 3, 4, 5, 0xff, 0xff, 0xfe]) });
      expect(next(1000_000)).toBe("000003e80102030405" + "7ffffe");
      expect(next(1000_000)).toBe("000003e80102030405" + "7fffff");
      expect(next(1000_500)).toBe("000003e80102030405" + "800000");
      // A later second keeps bytes 4-8 and counts on.
      expect(next(1001_000)).toBe("000003e90102030405" + "800001");
      // The clock going back keeps the last second.
      expect(next(999_000)).toBe("000003e90102030405" + "800002");

      const atTop = objectid.monotonicFactory({ after: "000003e8aaaaaaaaaaffffff" });
      expectUlidError(() => atTop(1000_000), "MONOTONIC_OVERFLOW");
      // Only a later second wraps the counter.
      expect(atTop(1001_000)).toBe("000003e9aaaaaaaaaa000000");

      const batch = objectid.generateMany(3, { time: 5000, random: scriptedBytes([9, 9, 9, 9, 9, 0xff, 0, 0]) });
      expect(objectid.encodeMany(batch)).toEqual(["0000000509090909097f0000", "0000000509090909097f0001", "0000000509090909097f0002"]);
    });

    it("bounds a second: its 4 bytes then 00s / FFs", () => {
      expect(objectid.min(1350336377999)).toBe("507c7f790000000000000000");
      expect(objectid.max(1350336377000)).toBe("507c7f79ffffffffffffffff");
      const id = objectid.generate(1350336377500);
      expect(id >= objectid.min(1350336377000) && id <= objectid.max(1350336377000)).toBe(true);
    });

    it("is scanned: whole words of exactly 24 hex digits, either case, the time their first 8 digits", () => {
      const text = [
        `a ${OBJECTID_MANUAL.text} b`,
        `${OBJECTID_UPPER.text}.`,
        `x${OBJECTID_MANUAL.text} ${OBJECTID_MANUAL.text}0 ${OBJECTID_MANUAL.text.slice(1)}`,
        `_${OBJECTID_MANUAL.text}-7fffffff0000000000000000\n`,
      ].join("\n");
      const expected = referenceObjectIdScan(text);
      expect(expected.map((m) => m.id)).toEqual([OBJECTID_MANUAL.text, OBJECTID_UPPER.canonical, OBJECTID_MANUAL.text, "7fffffff0000000000000000"]);
      expect(scanText(latin1(text), { format: "objectid", lines: true, plausible: {} })).toEqual(expected);
      expect(scanText(text, { format: "all", plausible: {} }).filter((m) => m.format === "objectid").map((m) => m.offset)).toEqual(
        expected.map((m) => m.offset),
      );
      const ids = Array.from({ length: 500 }, (_, i) => objectid.generate(1700000000000 + i * 1000));
      const log = ids.map((id, i) => `${i} ${id} done`).join("\n");
      expect(scanText(log, { format: "objectid" }).map((m) => [m.id, m.time])).toEqual(ids.map((id) => [id, objectid.decodeTime(id)]));
      expect(hex(objectid.decode(ids[0]!))).toBe(ids[0]);
    });
  });
});
