/** The ULID test vectors of docs/formats.md, as named constants. Each was checked by hand against the source documents. */

/** `01ARYZ6S410000000000000000`: time 1469918176385, random all zero. */
export const SPEC_ZERO_RANDOM = {
  ulid: "01ARYZ6S410000000000000000",
  time: 1469918176385,
  timeText: "01ARYZ6S41",
  // 1469918176385 = 0x01563DF36481, big-endian in bytes 0-5; bytes 6-15 random (zero here).
  bytes: Uint8Array.of(0x01, 0x56, 0x3d, 0xf3, 0x64, 0x81, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
  uuid: "01563df3-6481-0000-0000-000000000000",
} as const;

/** The largest ULID: time 2^48 - 1, all 16 bytes 0xFF. */
export const SPEC_MAX = {
  ulid: "7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
  time: 281474976710655,
  timeText: "7ZZZZZZZZZ",
  bytes: new Uint8Array(16).fill(0xff),
  uuid: "ffffffff-ffff-ffff-ffff-ffffffffffff",
} as const;

/** The smallest ULID: all zero. */
export const SPEC_MIN = {
  ulid: "00000000000000000000000000",
  time: 0,
  timeText: "0000000000",
  bytes: new Uint8Array(16),
  uuid: "00000000-0000-0000-0000-000000000000",
} as const;

/** First character above 7: 130 bits of text that do not fit 128; rejected, never truncated. */
export const SPEC_OVERFLOW = "80000000000000000000000000";

/** encodeTime(1735689600000) = `01JGFJJZ00`, 2025-01-01T00:00:00.000Z. */
export const SPEC_ENCODE_TIME = {
  time: 1735689600000,
  iso: "2025-01-01T00:00:00.000Z",
  text: "01JGFJJZ00",
} as const;

/** Monotonic increment within one millisecond: the 80-bit random part + 1, carrying through the last char. */
export const SPEC_MONOTONIC_INCREMENT = {
  from: "01BX5ZZKBKACTAV9WEVGEMMVRZ",
  to: "01BX5ZZKBKACTAV9WEVGEMMVS0",
  // decodeTime of `01BX5ZZKBK` (0x015F4BFFCD73).
  time: 1508808576371,
} as const;

/** Random part all ones: the next ID in the same millisecond is a monotonic overflow. */
export const SPEC_MONOTONIC_OVERFLOW = {
  last: "01BX5ZZKBKZZZZZZZZZZZZZZZZ",
  time: 1508808576371,
} as const;

/** RFC 9562's UUIDv7 vector; as a ULID (same bytes) it carries the same millisecond. */
export const RFC9562_UUIDV7 = {
  uuid: "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
  time: 1645557742000,
} as const;

/** A valid canonical ULID with varied characters, used as the base for sweeps. */
export const SAMPLE_ULID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
