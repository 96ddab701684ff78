/**
 * The CLI's byte formatter (src/printer/byte-writer.ts) against the string formatting it replaced: `String(n)` for
 * numbers, `Date.toISOString` for times (its per-second cache across second, minute, day, month and year
 * boundaries, leap days, years before 1970 and beyond 9999), the time suffixes of `scan` and `decode` lines, word
 * copies of ASCII at every length and alignment, a buffer that grows, and bytes written out before the rest.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteWriter } from "../src/printer/byte-writer.js";
import { AsciiBytes } from "../src/printer/ascii-copy.js";
import { TimeSuffix, jsonTimeSuffix } from "../src/printer/time-suffix.js";
import { propertyRuns } from "./helpers/tier.js";

const lines = (all: string): string[] => all.split("\n").slice(0, -1);
/**
 * Bytes as one character per byte (Buffer's "latin1": TextDecoder's is windows-1252 on Node 22+, where bytes
 * 0x80-0x9F are other characters).
 */
const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
const text = (writer: ByteWriter): string => latin1(writer.view());
/** The largest ULID time, in year 10889. */
const MAX_TIME = 2 ** 48 - 1;
const iso = (ms: number): string => new Date(ms).toISOString();

function written(write: (writer: ByteWriter) => void): string {
  const writer = new ByteWriter();
  write(writer);
  return text(writer);
}

describe("ByteWriter.int", () => {
  it("writes every digit count from 1 to 16 as String does, at both ends of each", () => {
    const values = [0];
    for (let digits = 1; digits <= 16; digits++) values.push(10 ** (digits - 1), 10 ** digits - 1, 10 ** (digits - 1) + 7);
    values.push(2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 1e9 - 1, 1e9, 1e9 + 1, 1e18 / 1e3);
    for (const value of values.filter((v) => v <= 2 ** 53)) {
      expect(written((w) => w.int(value))).toBe(String(value));
      expect(written((w) => w.int(-value))).toBe(String(-value));
    }
  });

  it("writes random integers, negative, zero and positive, as String does", () => {
    fc.assert(
      fc.property(fc.array(fc.maxSafeInteger(), { maxLength: 20 }), (values) => {
        expect(written((w) => values.forEach((v) => w.int(v)))).toBe(values.map(String).join(""));
      }),
      { numRuns: propertyRuns(10_000) },
    );
  });
});

describe("ByteWriter.iso", () => {
  /** Times on each side of a boundary, written in order through one writer (so its cache carries across). */
  const boundaries = [
    Date.UTC(2026, 3, 15, 5, 11, 59, 999), // second, then minute
    Date.UTC(2026, 3, 15, 23, 59, 59, 999), // day
    Date.UTC(2025, 11, 31, 23, 59, 59, 999), // year
    Date.UTC(2024, 1, 28, 23, 59, 59, 999), // a leap day follows
    Date.UTC(2024, 1, 29, 23, 59, 59, 999), // the leap day ends
    Date.UTC(2100, 1, 28, 23, 59, 59, 999), // no leap day in 2100
    Date.UTC(2000, 1, 28, 23, 59, 59, 999), // a leap day in 2000
    Date.UTC(9999, 11, 31, 23, 59, 59, 999), // year 10000 is written +010000
    Date.UTC(1969, 11, 31, 23, 59, 59, 999), // before 1970: negative ms
    0,
    MAX_TIME - 1,
  ];

  it("writes the times around second, minute, day, leap-day and year boundaries as toISOString does", () => {
    const times = boundaries.flatMap((t) => [t - 1000, t - 1, t, t + 1, t + 2, t + 1000, t + 60_000, t]);
    const writer = new ByteWriter();
    for (const time of times) {
      writer.iso(time);
      writer.ascii("\n");
    }
    expect(text(writer)).toBe(times.map((t) => `${iso(t)}\n`).join(""));
  });

  it("writes random times (runs of nearby ones, and jumps) as toISOString does", () => {
    // All the times a Date holds: years -271821 to 275760.
    const time = fc.integer({ min: -8.64e15, max: 8.64e15 });
    const run = fc.tuple(time, fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(run, { maxLength: 6 }), (nearby) => {
        const times = nearby.flatMap(([start, steps]) => [start, ...steps.map((step) => Math.min(MAX_TIME, start + step))]);
        expect(written((w) => times.forEach((t) => w.iso(t)))).toBe(times.map(iso).join(""));
      }),
      { numRuns: propertyRuns(10_000) },
    );
  });
});

describe("TimeSuffix", () => {
  const scanText = (): TimeSuffix => new TimeSuffix("\t", undefined, "\n");
  const decodeText = (): TimeSuffix => new TimeSuffix("\t", "\t", "\n");
  const kinds: [string, () => TimeSuffix, (ms: number) => string][] = [
    ["scan's text", scanText, (ms) => `\t${iso(ms)}\n`],
    ["decode's text", decodeText, (ms) => `\t${ms}\t${iso(ms)}\n`],
    ["JSON", jsonTimeSuffix, (ms) => `${JSON.stringify({ x: "", time: ms, iso: iso(ms) }).slice(6)}\n`],
  ];

  for (const [name, make, expected] of kinds) {
    it(`writes ${name} for repeated, nearby and distant times as string formatting does`, () => {
      const time = fc.oneof(fc.integer({ min: 0, max: MAX_TIME }), fc.constantFrom(0, 1, 999, 1000, MAX_TIME));
      fc.assert(
        fc.property(fc.array(fc.tuple(time, fc.nat(3)), { maxLength: 12 }), (steps) => {
          const suffix = make();
          const writer = new ByteWriter();
          let want = "";
          for (const [ms, repeat] of steps) {
            for (let i = 0; i <= repeat; i++) {
              // Each suffix follows some other text, as after an ID, so a word copy lands at every alignment.
              writer.ascii("x".repeat(repeat));
              writer.timeSuffix(suffix, ms);
              want += `${"x".repeat(repeat)}${expected(ms)}`;
            }
          }
          expect(text(writer)).toBe(want);
        }),
        { numRuns: propertyRuns(6_000) },
      );
    });
  }
});

describe("TimeSuffix slots", () => {
  it("keeps times apart that share a slot (equal low bits), negative ones too, in any order", () => {
    const base = Date.UTC(2026, 3, 15);
    const times = [base, base + 64, base + 2 ** 32, base, -64, 0, -128, base + 64, base + 1, base];
    const suffix = new TimeSuffix("\t", "\t", "\n");
    const writer = new ByteWriter();
    for (const ms of times) writer.timeSuffix(suffix, ms);
    expect(text(writer)).toBe(times.map((ms) => `\t${ms}\t${iso(ms)}\n`).join(""));
  });

  it("holds the longest suffixes: a signed 16-digit ms and a signed 6-digit year", () => {
    const writer = new ByteWriter();
    for (const ms of [-8.64e15, 8.64e15, -8.64e15]) writer.timeSuffix(jsonTimeSuffix(), ms);
    const json = text(writer).trim().split("\n").map((line) => JSON.parse(`{"x":"${line}`) as { time: number; iso: string });
    expect(json).toEqual([-8.64e15, 8.64e15, -8.64e15].map((ms) => ({ x: "", time: ms, iso: iso(ms) })));
  });
});

describe("ByteWriter copies", () => {
  const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 40 });

  it("copies ASCII text of every length from every offset (asciiText, constant), exactly", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(ascii, fc.nat(9)), { maxLength: 10 }), (pieces) => {
        const writer = new ByteWriter();
        let want = "";
        for (const [piece, before] of pieces) {
          // The source ends where the text does: nothing may be read past it.
          const source = new Uint8Array(before + piece.length);
          for (let i = 0; i < piece.length; i++) source[before + i] = piece.charCodeAt(i);
          writer.asciiText(new DataView(source.buffer), before, piece.length);
          writer.constant(new AsciiBytes(piece));
          want += piece + piece;
        }
        expect(text(writer)).toBe(want);
      }),
      { numRuns: propertyRuns(10_000) },
    );
  });

  it("copies any bytes with `bytes`", () => {
    const source = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...written((w) => w.bytes(source, 0, 256))].map((c) => c.charCodeAt(0))).toEqual([...source]);
  });

  it("makes found IDs canonical (letters raised, or lowered), every length from every offset", () => {
    const idChar = fc.constantFrom(..."0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-");
    fc.assert(
      fc.property(fc.string({ unit: idChar, maxLength: 40 }), fc.nat(9), fc.string({ unit: idChar, maxLength: 9 }), (id, before, after) => {
        const source = new TextEncoder().encode(`${"x".repeat(before)}${id}${after}`);
        const view = new DataView(source.buffer);
        expect(written((w) => w.id(view, before, id.length, false))).toBe(id.toUpperCase());
        expect(written((w) => w.id(view, before, id.length, true))).toBe(id.toLowerCase());
      }),
      { numRuns: propertyRuns(10_000) },
    );
    const found = new TextEncoder().encode("..01kp7e2gjzt2e1v21r4fce3n82..017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
    const view = new DataView(found.buffer);
    expect(written((w) => w.id(view, 2, 26, false))).toBe("01KP7E2GJZT2E1V21R4FCE3N82");
    expect(written((w) => w.id(view, 30, 36, true))).toBe("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
  });

  it("refuses to make AsciiBytes of text that is not ASCII", () => {
    expect(() => new AsciiBytes("é")).toThrow("not ASCII");
  });

  it("grows past its initial size and keeps everything written before", () => {
    const writer = new ByteWriter();
    const suffix = new TimeSuffix("\t", "\t", "\n");
    let want = "";
    for (let i = 0; i < 20_000; i++) {
      writer.int(i);
      writer.timeSuffix(suffix, 1_700_000_000_000 + (i >> 3));
      want += `${i}\t${1_700_000_000_000 + (i >> 3)}\t${iso(1_700_000_000_000 + (i >> 3))}\n`;
    }
    expect(text(writer)).toBe(want);
    writer.clear();
    expect(writer.view().length).toBe(0);
  });
});

describe("ByteWriter.idLines", () => {
  /** Text records of `chars` random characters of the alphabet and "\n" each, and their IDs as strings. */
  function records(count: number, chars: number, seed: number): { text: Uint8Array; ids: string[] } {
    const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ-abc";
    const ids = Array.from({ length: count }, (_, i) =>
      Array.from({ length: chars }, (_, k) => alphabet[(i * 31 + k * 7 + seed) % alphabet.length]).join(""),
    );
    return { text: new TextEncoder().encode(ids.map((id) => `${id}\n`).join("")), ids };
  }

  const kinds: [string, string, () => TimeSuffix, (id: string, ms: number) => string][] = [
    ["decode's text", "", () => new TimeSuffix("\t", "\t", "\n"), (id, ms) => `${id}\t${ms}\t${iso(ms)}\n`],
    ["JSON", '{"ulid":"', jsonTimeSuffix, (id, ms) => `${JSON.stringify({ ulid: id, time: ms, iso: iso(ms) })}\n`],
  ];

  for (const [name, start, suffix, expected] of kinds) {
    it(`writes ${name} lines as string formatting does, for runs of one time of every length around the copied one`, () => {
      // Run lengths from 1 past the shortest copied run and past the doubling steps (2^k +- 1), IDs of several widths.
      const runLength = fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(31, 32, 33, 63, 64, 65, 1000, 1025));
      const time = fc.oneof(fc.integer({ min: 0, max: MAX_TIME }), fc.constantFrom(0, MAX_TIME));
      fc.assert(
        fc.property(fc.array(fc.tuple(time, runLength), { minLength: 1, maxLength: 6 }), fc.constantFrom(13, 20, 26, 27, 36), fc.nat(3), (runs, chars, lead) => {
          const times = Float64Array.from(runs.flatMap(([ms, length]) => Array<number>(length).fill(ms)));
          const { text: bytes, ids } = records(times.length, chars, lead);
          const writer = new ByteWriter();
          // Something written before, so the lines start at any alignment.
          writer.ascii("x".repeat(lead));
          writer.idLines(new AsciiBytes(start), new DataView(bytes.buffer), chars + 1, chars, times, times.length, suffix());
          expect(text(writer)).toBe("x".repeat(lead) + ids.map((id, i) => expected(id, times[i]!)).join(""));
        }),
        { numRuns: propertyRuns(300) },
      );
    });
  }

  it("writes only the first `count` records, and none for 0", () => {
    const { text: bytes, ids } = records(10, 26, 0);
    const times = new Float64Array(10).fill(1_700_000_000_000);
    const writer = new ByteWriter();
    writer.idLines(new AsciiBytes(""), new DataView(bytes.buffer), 27, 26, times, 0, new TimeSuffix("\t", "\t", "\n"));
    expect(text(writer)).toBe("");
    writer.idLines(new AsciiBytes(""), new DataView(bytes.buffer), 27, 26, times, 9, new TimeSuffix("\t", "\t", "\n"));
    expect(lines(text(writer))).toEqual(ids.slice(0, 9).map((id) => `${id}\t1700000000000\t${iso(1_700_000_000_000)}`));
  });
});

describe("ByteWriter.spare and commit", () => {
  it("hand out room after what is written, keep only what is committed, and survive the buffer growing", () => {
    const writer = new ByteWriter();
    writer.ascii("head:");
    // More than the initial buffer, so the writer must grow and keep the bytes before.
    const room = writer.spare(200_000);
    expect(room.length).toBe(200_000);
    room.fill(0x61);
    room.set([0x62, 0x63], 0);
    writer.commit(2);
    writer.ascii(":tail");
    expect(new TextDecoder().decode(writer.view())).toBe("head:bc:tail");
    writer.clear();
    const again = writer.spare(3);
    again.set([0x78, 0x79, 0x7a]);
    writer.commit(3);
    expect(new TextDecoder().decode(writer.view())).toBe("xyz");
  });
});

describe("ByteWriter.writeOut", () => {
  it("writes out what it holds, leaves it out of view, and keeps uncommitted bytes in place as it grows", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: "binary-ascii", maxLength: 40 }), fc.boolean()), { maxLength: 60 }), (steps) => {
        const writer = new ByteWriter();
        let out = "";
        let expected = "";
        for (const [piece, writeOutNow] of steps) {
          // Half of each piece written through spare and commit (uncommitted until then, as decode's lines are).
          const half = piece.length >> 1;
          writer.ascii(piece.slice(0, half));
          const spare = writer.spare(piece.length - half);
          for (let i = half; i < piece.length; i++) spare[i - half] = piece.charCodeAt(i);
          if (writeOutNow) writer.writeOut((bytes) => (out += latin1(bytes)));
          writer.commit(piece.length - half);
          expected += piece;
        }
        expect(out + text(writer)).toBe(expected);
        writer.clear();
        expect(writer.view().length).toBe(0);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
