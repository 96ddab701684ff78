/**
 * KSUID against the `ksuid` package (pinned in package.json), both ways, on both engines, on random values: it
 * parses what we make (single, monotonic, bulk) to the same bytes, second and text; we decode what it makes (at
 * random times over the whole range) to the same bytes and time; both encode random bytes and decode random texts
 * alike, and both refuse texts above the largest KSUID. (The package reads characters outside base62 as digits, so
 * bad characters are compared with the reference instead: test/format-errors.test.ts.)
 */
import KSUID from "ksuid";
import { expect, it } from "vitest";
import { ksuid } from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { BASE62 } from "./helpers/format-reference.js";
import { pseudoRandomBytes, seededUint32 } from "./helpers/reference.js";
import { KSUID_FIRST_MS, KSUID_LAST_MS } from "./format-vectors.js";

const COUNT = 2000;
/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** The package's reading of each of our texts: its raw bytes, its Unix ms and its text. */
function expectPackageReads(ids: readonly string[]): void {
  const theirs = ids.map((id) => {
    const parsed = KSUID.parse(id);
    return `${parsed.raw.toString("hex")} ${parsed.date.getTime()} ${parsed.string}`;
  });
  const ours = ids.map((id) => `${hex(ksuid.decode(id))} ${ksuid.decodeTime(id)} ${id}`);
  expectSameArray(theirs, ours, "KSUID.parse vs decode");
}

forEachEngine(() => {
  it(`ksuid parses ${COUNT} of ours to the same bytes, second and text: single, monotonic, bulk`, () => {
    const single = Array.from({ length: COUNT }, () => ksuid.generate());
    const clock = [T, T, T - 1000, T + 1000, T + 1999];
    let reads = 0;
    const next = ksuid.monotonicFactory({ now: () => clock[reads++ % clock.length]! });
    const monotonic = Array.from({ length: COUNT }, () => next());
    const bulk = ksuid.encodeMany(ksuid.generateMany(COUNT, { time: T }));
    for (const ids of [single, monotonic, bulk]) expectPackageReads(ids);
    expect(monotonic.every((id, i) => i === 0 || monotonic[i - 1]! < id)).toBe(true);
  });

  it(`reads ${COUNT} of the package's KSUIDs, at random times over the whole range, to the same bytes and time`, () => {
    const random = seededUint32(0x4b5d);
    const made = Array.from({ length: COUNT }, (_, i) => {
      const time = i === 0 ? KSUID_FIRST_MS : i === 1 ? KSUID_LAST_MS : KSUID_FIRST_MS + Math.floor((random() / 2 ** 32) * (KSUID_LAST_MS - KSUID_FIRST_MS));
      return KSUID.randomSync(time);
    });
    const texts = made.map((k) => k.string);
    expectSameArray(ksuid.encodeMany(ksuid.decodeMany(texts)), texts, "encodeMany(decodeMany)");
    expectSameArray(hex(ksuid.decodeMany(texts)).match(/.{40}/g)!, made.map((k) => k.raw.toString("hex")), "decodeMany vs raw");
    expectSameArray([...ksuid.decodeTimeMany(texts)], made.map((k) => k.date.getTime()), "decodeTimeMany vs date");
    expect(texts.every((text) => ksuid.isValid(text))).toBe(true);
  });

  it(`encodes ${COUNT} random 20-byte values as the package does, and decodes ${COUNT} random texts alike`, () => {
    const random = seededUint32(0x62);
    const values = Array.from({ length: COUNT }, (_, i) =>
      i === 0 ? new Uint8Array(20) : i === 1 ? new Uint8Array(20).fill(0xff) : pseudoRandomBytes(20, random()),
    );
    expectSameArray(
      values.map((bytes) => ksuid.encode(bytes)),
      values.map((bytes) => new KSUID(Buffer.from(bytes)).string),
      "encode vs the package",
    );
    // Random base62 texts: about a third are above the largest KSUID, which both refuse.
    const texts = Array.from({ length: COUNT }, () => Array.from({ length: 27 }, () => BASE62[random() % 62]).join(""));
    const theirs = texts.map((text) => {
      try {
        return KSUID.parse(text).raw.toString("hex");
      } catch {
        return "refused";
      }
    });
    const ours = texts.map((text) => (ksuid.isValid(text) ? hex(ksuid.decode(text)) : "refused"));
    expectSameArray(ours, theirs, "decode vs KSUID.parse");
    expect(theirs.filter((t) => t === "refused").length).toBeGreaterThan(COUNT / 10);
    expect(theirs.filter((t) => t !== "refused").length).toBeGreaterThan(COUNT / 10);
  });
});
