/**
 * The `tsid` namespace on both engines: the SPEC vectors (tsid-creator's, tsid-ts's) through the reading calls, the
 * epoch option, generation with `node` and `nodeBits` (a generator draws its node once and starts each millisecond's
 * counter with its top bit cleared), the bounds, and scanning refused.
 */
import { describe, expect, it } from "vitest";
import { formats, scanText, tsid } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { TSID_EPOCH, TSID_INVALID, TSID_README_FIELDS, TSID_SPELLINGS, TSID_TEXTS } from "./format-vectors.js";
import { scriptedBytes } from "./helpers/reference.js";

forEachEngine(() => {
  describe("tsid", () => {
    it("is in the registry, after XID", () => {
      expect(formats.tsid).toBe(tsid);
      expect([tsid.name, tsid.chars, tsid.bytes]).toEqual(["tsid", 13, 8]);
      expect(Object.keys(formats).indexOf("tsid")).toBe(Object.keys(formats).indexOf("xid") + 1);
    });

    it("reads the SPEC vectors: integers, times (default epoch and another), spellings", () => {
      for (const { text, integer, unixMs } of TSID_TEXTS) {
        expect(tsid.toBigInt(text)).toBe(integer);
        expect(tsid.fromBigInt(integer)).toBe(text);
        expect(tsid.decodeTime(text)).toBe(unixMs);
        expect(tsid.decodeTime(text, { epoch: 0 })).toBe(unixMs - TSID_EPOCH);
        expect(tsid.decodeTime(text, { epoch: new Date(TSID_EPOCH + 5) })).toBe(unixMs + 5);
      }
      expect(Array.from(tsid.decodeTimeMany(TSID_TEXTS.map((v) => v.text)))).toEqual(TSID_TEXTS.map((v) => v.unixMs));
      for (const { text, canonical } of TSID_SPELLINGS) expect(tsid.canonicalize(text)).toBe(canonical);
      for (const { text, code, position } of TSID_INVALID) expectUlidError(() => tsid.decode(text), code, position);
      expectUlidError(() => tsid.decodeTime(TSID_TEXTS[0].text, { epoch: "x" } as never), "INVALID_ARGUMENT");
      const value = tsid.toBigInt(TSID_README_FIELDS.text);
      const low = Number(value & 0x3fffffn);
      expect([low >>> 12, low & 0xfff]).toEqual([TSID_README_FIELDS.node, TSID_README_FIELDS.counter]);
    });

    it("generates with node and nodeBits, the time from the epoch", () => {
      const id = tsid.generate(1586982127665, { node: 4, random: scriptedBytes([0, 0x08, 0xf7]) });
      expect(id).toBe(TSID_README_FIELDS.text);
      expect(tsid.generate(TSID_EPOCH, { nodeBits: 0, random: scriptedBytes([0xff, 0xff, 0xff]) })).toBe("000000003ZZZZ");
      expect(tsid.generate(1000, { epoch: 1000, nodeBits: 20, node: 0xfffff, random: scriptedBytes([0, 0, 0]) })).toBe("000000003ZZZW");
      expectUlidError(() => tsid.generate(TSID_EPOCH - 1), "INVALID_TIME");
      expectUlidError(() => tsid.generate(TSID_EPOCH, { nodeBits: 21 }), "INVALID_ARGUMENT");
      expectUlidError(() => tsid.generate(TSID_EPOCH, { node: 1024 }), "INVALID_ARGUMENT");
    });

    it("a generator: node drawn once, each millisecond's counter start with its top bit cleared, + 1 within it", () => {
      // The node's draw (3 bytes, 10 bits kept), then a counter start per new millisecond (3 bytes, 11 bits kept).
      const next = tsid.monotonicFactory({ random: scriptedBytes([0, 0x03, 0xff, 0xff, 0xff, 0xff, 0, 0, 5]) });
      const low = (text: string) => Number(tsid.toBigInt(text) & 0x3fffffn);
      const a = next(TSID_EPOCH);
      const b = next(TSID_EPOCH);
      const c = next(TSID_EPOCH + 1);
      expect([low(a) >>> 12, low(a) & 0xfff]).toEqual([0x3ff, 0x7ff]);
      expect([low(b) >>> 12, low(b) & 0xfff]).toEqual([0x3ff, 0x800]);
      expect([low(c) >>> 12, low(c) & 0xfff]).toEqual([0x3ff, 5]);
      expect(a < b && b < c).toBe(true);
      const atTop = tsid.monotonicFactory({ after: tsid.max(TSID_EPOCH) });
      expectUlidError(() => atTop(TSID_EPOCH), "MONOTONIC_OVERFLOW");
      expect(tsid.decodeTime(atTop(TSID_EPOCH + 1))).toBe(TSID_EPOCH + 1);
    });

    it("a sequence continued after an ID keeps that ID's node, of the generator's node bits", () => {
      const low = (text: string) => Number(tsid.toBigInt(text) & 0x3fffffn);
      // The first batch draws node 0x3ff (10 bits); a draw for the second would give 1.
      const first = tsid.encodeMany(tsid.generateMany(2, { time: TSID_EPOCH, random: scriptedBytes([0, 0x03, 0xff, 0, 0, 5]) }));
      const second = tsid.encodeMany(tsid.generateMany(2, { time: TSID_EPOCH + 1, after: first[1]!, random: scriptedBytes([0, 0, 1, 0, 0, 9]) }));
      expect([...first, ...second].map((id) => low(id) >>> 12)).toEqual([0x3ff, 0x3ff, 0x3ff, 0x3ff]);
      const fourBits = tsid.generateMany(1, { time: TSID_EPOCH + 1, nodeBits: 4, node: 11 });
      const after = tsid.monotonicFactory({ nodeBits: 4, after: fourBits, random: scriptedBytes([0, 0, 3, 0, 0, 1]) });
      expect(low(after(TSID_EPOCH + 2)) >>> 18).toBe(11);
    });

    it("bounds a millisecond: the 22 low bits all zero / all one", () => {
      expect(tsid.toBigInt(tsid.min(TSID_EPOCH + 3))).toBe(3n << 22n);
      expect(tsid.toBigInt(tsid.max(TSID_EPOCH + 3))).toBe((4n << 22n) - 1n);
      expect(tsid.toBigInt(tsid.min(3, { epoch: 0 }))).toBe(3n << 22n);
    });

    it("is not scanned for: INVALID_ARGUMENT, saying why", () => {
      expect(() => scanText("0AXFXR5W7VBX0", { format: "tsid" as never })).toThrow(/TSID/);
    });
  });
});
