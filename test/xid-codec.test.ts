/**
 * XID's TypeScript codec (src/engine/js-xid.ts) and rules (src/formats/xid.ts): the vectors of docs/formats.md,
 * rs/xid's own cases (test/fixtures/xid-rs-xid.json), and differentials both ways against `xid-ts` (a port listed by
 * rs/xid) and `uniku`'s XID.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { xid as unikuXid } from "uniku/xid";
import { describe, expect, it } from "vitest";
import { Xid } from "xid-ts";
import { XID, XID_ALPHABET, codecOfXid, xidStampRandom } from "../src/engine/js-xid.js";
import { findFault } from "../src/formats/faults.js";
import { xidCharFault, xidField, xidParamOf, xidUnixMs } from "../src/formats/xid.js";
import { bytesOf, decodeWith, encodeWith, hexOf } from "./helpers/record-codec.js";
import { propertyRuns } from "./helpers/tier.js";
import { XID_INVALID, XID_README, XID_TEXTS } from "./xid-vectors.js";

const codec = { ...codecOfXid, read: (text: string, at: number) => codecOfXid.read(text, at) };
const decode = (text: string) => (text.length === 20 ? decodeWith(codec, text, 12) : null);
const encode = (bytes: Uint8Array) => encodeWith(codec, bytes);
const rules = { spec: XID, charFault: xidCharFault, binaryFault: () => ({ code: "OVERFLOW" as const, reason: "" }) };
const fixture = JSON.parse(readFileSync(new URL("fixtures/xid-rs-xid.json", import.meta.url), "utf8"));
const anyBytes = fc.uint8Array({ minLength: 12, maxLength: 12 });

describe("XID vectors (docs/formats.md)", () => {
  it("reads and writes the README's XID, its time and fields", () => {
    const read = decode(XID_README.text)!;
    expect(hexOf(read.bytes)).toBe(XID_README.hex);
    expect(read.time).toBe(XID_README.seconds);
    expect(new Date(xidUnixMs(read.time)).toISOString()).toBe(XID_README.iso);
    expect(hexOf(read.bytes.subarray(4, 7))).toBe(XID_README.machine);
    expect((read.bytes[7]! << 8) | read.bytes[8]!).toBe(XID_README.pid);
    expect((read.bytes[9]! << 16) | (read.bytes[10]! << 8) | read.bytes[11]!).toBe(XID_README.counter);
    expect(encode(bytesOf(XID_README.hex))).toBe(XID_README.text);
  });

  it("the zero, padding and largest texts", () => {
    for (const vector of XID_TEXTS) {
      expect(encode(bytesOf(vector.hex))).toBe(vector.text);
      const read = decode(vector.text)!;
      expect(hexOf(read.bytes)).toBe(vector.hex);
      if ("seconds" in vector) expect(read.time).toBe(vector.seconds);
    }
  });

  it("names the fault and its position: upper case, and a last character other than 0 or g", () => {
    for (const { text, code, position } of XID_INVALID) {
      expect(decode(text)).toBeNull();
      expect(findFault(rules, text)).toMatchObject({ code, position });
    }
    for (const last of XID_ALPHABET) {
      const text = `${XID_README.text.slice(0, 19)}${last}`;
      expect(decode(text) !== null).toBe(last === "0" || last === "g");
      expect(findFault(rules, text)).toEqual(last === "0" || last === "g" ? null : expect.objectContaining({ code: "INVALID_CHAR", position: 19 }));
    }
  });

  it("a bad character at every position is INVALID_CHAR there", () => {
    for (let position = 0; position < 20; position++) {
      for (const bad of ["w", "z", "A", "V", " ", "-", "\u0660", "\ud800"]) {
        const text = XID_README.text.slice(0, position) + bad + XID_README.text.slice(position + 1);
        expect(decode(text)).toBeNull();
        expect(findFault(rules, text)).toMatchObject({ code: "INVALID_CHAR", position });
      }
    }
  });

  it("times are ObjectId's: whole unsigned seconds", () => {
    expect(xidField(1300816219999)).toBe(XID_README.seconds);
    expect(() => xidField(-1)).toThrow(expect.objectContaining({ code: "INVALID_TIME" }));
  });
});

describe("XID: rs/xid's own cases (test/fixtures/xid-rs-xid.json)", () => {
  it("IDs' parts, texts, invalid texts and order", () => {
    for (const { hex, seconds, machine, pid, counter } of fixture.parts) {
      const bytes = bytesOf(hex);
      const read = decode(encode(bytes)!)!;
      expect(read.time).toBe(seconds);
      expect(hexOf(read.bytes.subarray(4, 7))).toBe(machine);
      expect((read.bytes[7]! << 8) | read.bytes[8]!).toBe(pid);
      expect((read.bytes[9]! << 16) | (read.bytes[10]! << 8) | read.bytes[11]!).toBe(counter);
    }
    for (const { text, hex } of fixture.texts) expect(hexOf(decode(text)!.bytes)).toBe(hex);
    for (const { text } of fixture.invalid) {
      expect(decode(text)).toBeNull();
      expect(findFault(rules, text)).not.toBeNull();
    }
    const texts = fixture.order.ascending.map((hex: string) => encode(bytesOf(hex))!);
    expect([...texts].sort()).toEqual(texts);
  });

  it("TestPadding: any 6 characters between the prefix and a last 0 round-trip", () => {
    const { prefix, last } = fixture.roundTripPrefix;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...XID_ALPHABET), minLength: 6, maxLength: 6 }), (middle) => {
        const text = `${prefix}${middle}${last}`;
        expect(encode(decode(text)!.bytes)).toBe(text);
      }),
      { numRuns: propertyRuns(10_000) },
    );
  });
});

describe("XID generation layout", () => {
  it("generate draws machine, pid and counter in that order; given ones are not drawn", () => {
    const random = Uint8Array.of(0xa1, 0xa2, 0xa3, 0xb1, 0xb2, 0xc1, 0xc2, 0xc3);
    const id = new Uint8Array(12);
    const drawn = xidParamOf({}, false);
    expect(xidStampRandom(drawn)).toBe(8);
    codecOfXid.stamp(1, drawn, random, 0, id, 0);
    expect(hexOf(id)).toBe("00000001a1a2a3b1b2c1c2c3");
    const given = xidParamOf({ machine: 0x60f486, pid: 58408 }, true);
    expect(xidStampRandom(given)).toBe(3);
    codecOfXid.stamp(1, given, Uint8Array.of(0xff, 0xfe, 0xfd), 0, id, 0);
    // A generator's counter start has its top bit cleared.
    expect(hexOf(id)).toBe("0000000160f486e4287ffefd");
    expect(xidStampRandom(xidParamOf({ pid: 1 }, false))).toBe(6);
    codecOfXid.stamp(1, xidParamOf({ pid: 1 }, false), random, 0, id, 0);
    expect(hexOf(id)).toBe("00000001a1a2a30001b1b2c1");
  });

  it("machine and pid out of range are INVALID_ARGUMENT", () => {
    for (const options of [{ machine: 2 ** 24 }, { machine: -1 }, { pid: 65536 }, { pid: 1.5 }, { machine: "1" }]) {
      expect(() => xidParamOf(options as never, false)).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    }
  });

  it("+1 within a second, the last counter cannot step; a later second wraps it", () => {
    const id = bytesOf("00000001aabbccddeefffffe");
    expect(codecOfXid.advance(id, 0, 0, new Uint8Array(0), 0)).toBe(true);
    expect(codecOfXid.advance(id, 0, 0, new Uint8Array(0), 0)).toBe(false);
    expect(hexOf(id)).toBe("00000001aabbccddeeffffff");
    codecOfXid.renew(id, 0, 2);
    expect(hexOf(id)).toBe("00000002aabbccddee000000");
  });
});

describe("XID against its peers, both ways", () => {
  it("ours decodes xid-ts's and uniku's texts; they decode ours", () => {
    fc.assert(
      fc.property(anyBytes, (bytes) => {
        const ours = encode(bytes)!;
        const port = new Xid(bytes);
        expect(ours).toBe(port.toString());
        expect(ours).toBe(unikuXid.fromBytes(bytes));
        const read = decode(port.toString())!;
        expect(hexOf(read.bytes)).toBe(hexOf(bytes));
        expect(read.time).toBe(port.timestamp());
        expect(xidUnixMs(read.time)).toBe(unikuXid.timestamp(ours));
        expect(hexOf(Xid.parse(ours).toBytes())).toBe(hexOf(bytes));
        expect(hexOf(unikuXid.toBytes(ours))).toBe(hexOf(bytes));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it("accepts exactly what xid-ts and uniku accept among 20-character strings", () => {
    const near = fc.constantFrom(..."0123456789abcdefghuvwxyzGV -");
    fc.assert(
      fc.property(fc.string({ unit: near, minLength: 20, maxLength: 20 }), fc.constantFrom("0", "g", "1", "h", "v"), (text, last) => {
        const candidate = text.slice(0, 19) + last;
        let portValid = true;
        try {
          Xid.parse(candidate);
        } catch {
          portValid = false;
        }
        expect(decode(candidate) !== null).toBe(portValid);
        expect(decode(candidate) !== null).toBe(unikuXid.isValid(candidate));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it("xid-ts's generated IDs read back with its fields", () => {
    for (let i = 0; i < 100; i++) {
      const id = new Xid();
      const read = decode(id.toString())!;
      expect(read.time).toBe(id.timestamp());
      expect(hexOf(read.bytes.subarray(4, 7))).toBe(hexOf(id.machine()));
      expect((read.bytes[7]! << 8) | read.bytes[8]!).toBe(id.pid());
      expect((read.bytes[9]! << 16) | (read.bytes[10]! << 8) | read.bytes[11]!).toBe(id.counter());
    }
  });
});
