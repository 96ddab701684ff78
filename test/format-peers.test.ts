/**
 * UUID v7 against the `uuid` package (pinned in package.json), both ways, on both engines: it validates and
 * parses what we make (single, monotonic, bulk), we parse what it makes (its monotonic sequences included) with
 * the same bytes, millisecond and order, and we refuse its other versions.
 */
import { parse as uuidParse, v4 as uuidV4, v7 as uuidV7, validate as uuidValidate, version as uuidVersion } from "uuid";
import { expect, it } from "vitest";
import { uuidv7 } from "../src/index.js";
import { expectSameArray } from "./helpers/arrays.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { seededUint32 } from "./helpers/reference.js";

const COUNT = 2000;
/** 2025-01-01T00:00:00.000Z. */
const T = 1735689600000;

function expectUuidAccepts(ids: readonly string[]): void {
  for (const id of ids) {
    if (!uuidValidate(id) || uuidVersion(id) !== 7) expect({ id, valid: uuidValidate(id) }).toEqual({ id, valid: true });
  }
  expectSameArray(
    Array.from(ids, (id) => Array.from(uuidParse(id)).join()),
    Array.from(ids, (id) => Array.from(uuidv7.decode(id)).join()),
    "uuid.parse vs decode",
  );
}

forEachEngine(() => {
  it(`uuid validates and parses ${COUNT} of ours: single, monotonic (clock stuck and stepping back), bulk`, () => {
    const single = Array.from({ length: COUNT }, () => uuidv7.generate());
    const clock = [T, T, T - 1, T + 1, T + 1];
    let reads = 0;
    const next = uuidv7.monotonicFactory({ now: () => clock[reads++ % clock.length]! });
    const monotonic = Array.from({ length: COUNT }, () => next());
    const bulk = uuidv7.encodeMany(uuidv7.generateMany(COUNT, { time: T }));
    for (const ids of [single, monotonic, bulk]) expectUuidAccepts(ids);
    expect(monotonic.every((id, i) => i === 0 || monotonic[i - 1]! < id)).toBe(true);
  });

  it(`reads ${COUNT} of uuid's v7s (random and its monotonic sequence) with the same bytes, time and order`, () => {
    const random = seededUint32(0x77);
    const theirs = Array.from({ length: COUNT }, (_, i) =>
      i % 2 ? uuidV7() : uuidV7({ msecs: T + (random() % 1000), random: Uint8Array.from({ length: 16 }, () => random() & 0xff) }),
    );
    const bytes = uuidv7.decodeMany(theirs);
    expectSameArray(bytes, Uint8Array.from(theirs.flatMap((id) => Array.from(uuidParse(id)))), "decodeMany vs uuid.parse");
    expectSameArray(
      uuidv7.decodeTimeMany(theirs),
      Float64Array.from(theirs, (id) => Number(BigInt(`0x${id.replaceAll("-", "").slice(0, 12)}`))),
      "decodeTimeMany",
    );
    const sequence = Array.from({ length: COUNT }, () => uuidV7()); // uuid's own monotonic state
    expect(uuidv7.validateMany(sequence).every((flag) => flag === 1)).toBe(true);
    expect(sequence.map((id) => uuidv7.toULID(id)).every((id, i, all) => i === 0 || all[i - 1]! < id)).toBe(true);
  });

  it("refuses uuid's v4", () => {
    const v4 = uuidV4();
    expect(uuidv7.isValid(v4)).toBe(false);
    expectUlidError(() => uuidv7.decode(v4), "INVALID_CHAR", 14);
  });
});
