/** The public ULID vectors of docs/formats.md, on both engines. */
import { expect, it } from "vitest";
import {
  canonicalize,
  decode,
  decodeMany,
  decodeTime,
  encode,
  encodeMany,
  encodeTime,
  generateMany,
  isValid,
  monotonicFactory,
  parse,
  ulidToUUID,
  uuidToULID,
} from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { expectUlidError } from "./helpers/errors.js";
import { constantRandom } from "./helpers/reference.js";
import {
  RFC9562_UUIDV7,
  SPEC_ENCODE_TIME,
  SPEC_MAX,
  SPEC_MIN,
  SPEC_MONOTONIC_INCREMENT,
  SPEC_MONOTONIC_OVERFLOW,
  SPEC_OVERFLOW,
  SPEC_ZERO_RANDOM,
} from "./vectors.js";

const CODEC_VECTORS = [SPEC_ZERO_RANDOM, SPEC_MAX, SPEC_MIN] as const;

forEachEngine(() => {
  it.each(CODEC_VECTORS)("$ulid decodes to its bytes, time and UUID", (vector) => {
    expect(decode(vector.ulid)).toEqual(vector.bytes);
    expect(decodeTime(vector.ulid)).toBe(vector.time);
    expect(ulidToUUID(vector.ulid)).toBe(vector.uuid);
    expect(isValid(vector.ulid)).toBe(true);
    expect(canonicalize(vector.ulid)).toBe(vector.ulid);
  });

  it.each(CODEC_VECTORS)("$ulid is encoded from its bytes and time", (vector) => {
    expect(encode(vector.bytes)).toBe(vector.ulid);
    expect(encodeTime(vector.time)).toBe(vector.timeText);
    expect(uuidToULID(vector.uuid)).toBe(vector.ulid);
    expect(uuidToULID(vector.uuid.toUpperCase())).toBe(vector.ulid);
  });

  it.each(CODEC_VECTORS)("$ulid round-trips through the bulk codec", (vector) => {
    expect(encodeMany(vector.bytes)).toEqual([vector.ulid]);
    expect(decodeMany([vector.ulid])).toEqual(vector.bytes);
  });

  it("parses the zero-random vector into every field", () => {
    const parsed = parse(SPEC_ZERO_RANDOM.ulid);
    expect(parsed.ulid).toBe(SPEC_ZERO_RANDOM.ulid);
    expect(parsed.time).toBe(SPEC_ZERO_RANDOM.time);
    expect(parsed.date).toBeInstanceOf(Date);
    expect(parsed.date.getTime()).toBe(SPEC_ZERO_RANDOM.time);
    expect(parsed.random).toEqual(new Uint8Array(10));
    expect(parsed.bytes).toEqual(SPEC_ZERO_RANDOM.bytes);
    expect(parsed.uuid).toBe(SPEC_ZERO_RANDOM.uuid);
  });

  it("rejects the overflow vector 8000... at position 0 everywhere", () => {
    expect(isValid(SPEC_OVERFLOW)).toBe(false);
    expectUlidError(() => decode(SPEC_OVERFLOW), "OVERFLOW", 0);
    expectUlidError(() => decodeTime(SPEC_OVERFLOW), "OVERFLOW", 0);
    expectUlidError(() => canonicalize(SPEC_OVERFLOW), "OVERFLOW", 0);
    expectUlidError(() => parse(SPEC_OVERFLOW), "OVERFLOW", 0);
    expectUlidError(() => ulidToUUID(SPEC_OVERFLOW), "OVERFLOW", 0);
    expectUlidError(() => decodeMany([SPEC_OVERFLOW]), "OVERFLOW", 0);
  });

  it("encodes 1735689600000 (2025-01-01) as 01JGFJJZ00, from a number and from a Date", () => {
    expect(encodeTime(SPEC_ENCODE_TIME.time)).toBe(SPEC_ENCODE_TIME.text);
    // A Date is accepted wherever a time is (decision 3), though the declared type is number.
    expect(encodeTime(new Date(SPEC_ENCODE_TIME.iso) as unknown as number)).toBe(SPEC_ENCODE_TIME.text);
    expect(decodeTime(`${SPEC_ENCODE_TIME.text}0000000000000000`)).toBe(SPEC_ENCODE_TIME.time);
  });

  it("increments ...VRZ to ...VS0 within one millisecond (factory)", () => {
    const { from, to, time } = SPEC_MONOTONIC_INCREMENT;
    const next = monotonicFactory({ now: () => time, random: constantRandom(decode(from).subarray(6)) });
    expect(next()).toBe(from);
    expect(next()).toBe(to);
  });

  it("increments ...VRZ to ...VS0 within one millisecond (generateMany)", () => {
    const { from, to, time } = SPEC_MONOTONIC_INCREMENT;
    const bytes = generateMany(2, { time, random: constantRandom(decode(from).subarray(6)) });
    expect(encodeMany(bytes)).toEqual([from, to]);
  });

  it("refuses to increment past ...ZZZZ (factory)", () => {
    const { last, time } = SPEC_MONOTONIC_OVERFLOW;
    const next = monotonicFactory({ now: () => time, random: constantRandom(decode(last).subarray(6)) });
    expect(next()).toBe(last);
    expectUlidError(() => next(), "MONOTONIC_OVERFLOW");
  });

  it("refuses to increment past ...ZZZZ (generateMany, element 1)", () => {
    const { last, time } = SPEC_MONOTONIC_OVERFLOW;
    expectUlidError(
      () => generateMany(2, { time, random: constantRandom(decode(last).subarray(6)) }),
      "MONOTONIC_OVERFLOW",
      1,
    );
  });

  it("reads RFC 9562's UUIDv7 vector as a ULID with the same millisecond", () => {
    const id = uuidToULID(RFC9562_UUIDV7.uuid);
    expect(decodeTime(id)).toBe(RFC9562_UUIDV7.time);
    expect(ulidToUUID(id)).toBe(RFC9562_UUIDV7.uuid);
  });
});
