/**
 * The `xid` namespace on both engines: the SPEC vectors (rs/xid's) through the reading calls, generation with
 * `machine` and `pid` given or drawn (a parameter of 43 bits, which the WebAssembly table takes whole), a generator as
 * ObjectId's (counter start with its top bit cleared, + 1 per ID, machine and pid kept, in a later second too, where
 * only it may wrap), the bounds, and scanning for XIDs (scanText and `"all"`).
 */
import { describe, expect, it } from "vitest";
import { formats, scanText, xid } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { referenceXidScan } from "./helpers/scan-reference.js";
import { XID_INVALID, XID_README, XID_TEXTS } from "./format-vectors.js";
import { scriptedBytes } from "./helpers/reference.js";

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

forEachEngine(() => {
  describe("xid", () => {
    it("is in the registry, after ObjectId", () => {
      expect(formats.xid).toBe(xid);
      expect([xid.name, xid.chars, xid.bytes]).toEqual(["xid", 20, 12]);
      expect(Object.keys(formats).indexOf("xid")).toBe(Object.keys(formats).indexOf("objectid") + 1);
    });

    it("reads the SPEC vectors", () => {
      expect(hex(xid.decode(XID_README.text))).toBe(XID_README.hex);
      expect(xid.decodeTime(XID_README.text)).toBe(XID_README.seconds * 1000);
      for (const { text, hex: bytes } of XID_TEXTS) {
        expect(hex(xid.decode(text))).toBe(bytes);
        expect(xid.encode(xid.decode(text))).toBe(text);
      }
      const texts = [XID_README.text, ...XID_TEXTS.map((v) => v.text)];
      expect(xid.encodeMany(xid.decodeMany(texts))).toEqual(texts);
      expect(Array.from(xid.decodeTimeMany(["c6e52g2mrqcjl44hf170"]))).toEqual([1637634368000]);
      expect(xid.toBigInt("vvvvvvvvvvvvvvvvvvvg")).toBe(2n ** 96n - 1n);
      for (const { text, code, position } of XID_INVALID) {
        expectUlidError(() => xid.decode(text), code, position);
        expect(xid.isValid(text)).toBe(false);
      }
      expectUlidError(() => xid.encode(new Uint8Array(11)), "INVALID_LENGTH");
    });

    it("generates with machine and pid given (bytes 4-8) or drawn, the counter drawn", () => {
      const given = xid.generate(1300816219000, { machine: 0x60f486, pid: 58408, random: scriptedBytes([0x41, 0x2d, 0xc9]) });
      expect(given).toBe(XID_README.text);
      const drawn = xid.generate(1300816219999, { random: scriptedBytes([0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9]) });
      expect(drawn).toBe(XID_README.text);
      const pidOnly = xid.generate(1300816219000, { pid: 58408, random: scriptedBytes([0x60, 0xf4, 0x86, 0x41, 0x2d, 0xc9]) });
      expect(pidOnly).toBe(XID_README.text);
      expectUlidError(() => xid.generate(0, { machine: 2 ** 24 }), "INVALID_ARGUMENT");
      expectUlidError(() => xid.generate(0, { pid: -1 }), "INVALID_ARGUMENT");
      expectUlidError(() => xid.generate(-1), "INVALID_TIME");
      const batch = xid.generateMany(2, { time: 1300816219000, machine: 0x60f486, pid: 58408, monotonic: false, random: scriptedBytes([0x41, 0x2d, 0xc9, 0, 0, 1]) });
      expect(hex(batch)).toBe(`${XID_README.hex}4d88e15b60f486e428000001`);
    });

    it("a generator: counter start with its top bit cleared, + 1 per ID, machine and pid kept across seconds", () => {
      const next = xid.monotonicFactory({ machine: 0xaabbcc, random: scriptedBytes([0xdd, 0xee, 0xff, 0xff, 0xfe]) });
      const bytesOf = (t: number) => hex(xid.decode(next(t)));
      expect(bytesOf(1000_000)).toBe("000003e8aabbccddee7ffffe");
      expect(bytesOf(1000_999)).toBe("000003e8aabbccddee7fffff");
      expect(bytesOf(1001_000)).toBe("000003e9aabbccddee800000");
      expect(bytesOf(500_000)).toBe("000003e9aabbccddee800001");
      const atTop = xid.monotonicFactory({ after: xid.encode(Uint8Array.from(Buffer.from("000003e8aabbccddeeffffff", "hex"))) });
      expectUlidError(() => atTop(1000_000), "MONOTONIC_OVERFLOW");
      expect(hex(xid.decode(atTop(1001_000)))).toBe("000003e9aabbccddee000000");
      const many = xid.generateMany(3, { time: 5000, machine: 1, pid: 2, random: scriptedBytes([0xff, 0, 0]) });
      expect(hex(many)).toBe(["00000005000001" + "00027f0000", "00000005000001" + "00027f0001", "00000005000001" + "00027f0002"].join(""));
    });

    it("bounds a second: its 4 bytes then 00s / FFs", () => {
      expect(hex(xid.decode(xid.min(1300816219999)))).toBe("4d88e15b0000000000000000");
      expect(hex(xid.decode(xid.max(1300816219000)))).toBe("4d88e15bffffffffffffffff");
      expect(xid.max(0).endsWith("g")).toBe(true);
    });

    it("is scanned: whole words of exactly 20 lower-case base32hex characters ending in 0 or g", () => {
      const text = [
        `id=${XID_README.text} ok`,
        `${XID_README.text.toUpperCase()} c6e52g2mrqcjl44hf179 x${XID_README.text}`,
        `"c6e52g2mrqcjl44hf170",${XID_README.text}0`,
      ].join("\n");
      const expected = referenceXidScan(text);
      expect(expected.map((m) => m.id)).toEqual([XID_README.text, "c6e52g2mrqcjl44hf170"]);
      expect(scanText(text, { format: "xid", lines: true, plausible: {} })).toEqual(expected);
      expect(scanText(text, { format: "all", plausible: {} }).filter((m) => m.format === "xid").map((m) => m.offset)).toEqual(expected.map((m) => m.offset));
      const ids = Array.from({ length: 300 }, (_, i) => xid.generate(1700000000000 + i * 1000));
      const log = ids.map((id, i) => `${i}\t${id}\tdone`).join("\n");
      expect(scanText(log, { format: "xid" }).map((m) => [m.id, m.time])).toEqual(ids.map((id) => [id, xid.decodeTime(id)]));
    });
  });
});
