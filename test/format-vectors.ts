/**
 * The Ulid-Flake, BaseUID, UUID v7 and KSUID vectors of docs/formats.md (and Segment's for KSUID), as named
 * constants. Derived values (hex, UUIDv8 forms, the monotonic runs' increments) were computed independently with
 * Python integers.
 */

/** 2024-01-01T00:00:00.000Z: Ulid-Flake's default epoch. */
export const FLAKE_DEFAULT_EPOCH = 1704067200000;

/** docs/formats.md: `00EZJCRCB4650`, the example ID of Ulid-Flake's own README. */
export const FLAKE_README = {
  text: "00EZJCRCB4650",
  integer: 16873543940839584n,
  bytes: Uint8Array.of(0x00, 0x3b, 0xf2, 0x66, 0x18, 0xb2, 0x18, 0xa0),
  time: 16091865483,
  unixMs: 1720159065483,
  random: 137376,
  // "Randomness: 4293" in the README is the scalable reading: 137376 >> 5, with sid 137376 & 31 = 0.
  scalableRandom: 4293,
  scalableSid: 0,
} as const;

/** docs/formats.md: the largest Ulid-Flake, 2^63 - 1. */
export const FLAKE_MAX = {
  text: "7ZZZZZZZZZZZZ",
  integer: 9223372036854775807n,
  time: 8796093022207,
  unixMs: 8796093022207 + FLAKE_DEFAULT_EPOCH,
  random: 1048575,
} as const;

/** docs/formats.md: one past the largest: an overflow, rejected. */
export const FLAKE_OVERFLOW = "8000000000000";

/** The seed's `from_int(1234567890123456789)`. */
export const FLAKE_FROM_INT = { integer: 1234567890123456789n, text: "128GGYHYYK08N" } as const;

/**
 * The seed README's standalone monotonic run (entropy size 1): one millisecond, increments 51, 160, 171, 6. The
 * step is the drawn byte, as the reference's, so those bytes reproduce it.
 */
export const FLAKE_MONOTONIC_RUN = {
  ids: ["00EZJCRCBDKGC", "00EZJCRCBDKHZ", "00EZJCRCBDKPZ", "00EZJCRCBDKWA", "00EZJCRCBDKWG"],
  time: 16091865483,
  firstRandom: 445964,
  incrementBytes: [51, 160, 171, 6],
} as const;

/** The seed README's scalable run (sid 2, entropy size 1): increments 127, 52, 190, 140 of the 15-bit field. */
export const FLAKE_SCALABLE_RUN = {
  ids: ["00EZJCRCB4B32", "00EZJCRCB4F22", "00EZJCRCB4GP2", "00EZJCRCB4PM2", "00EZJCRCB4V02"],
  sid: 2,
  time: 16091865483,
  firstRandom: 4451,
  incrementBytes: [127, 52, 190, 140],
} as const;

/** docs/formats.md: `ANjssJkyfa3H00J9ZPJG`, its time part 2022-01-01T00:00:00Z. */
export const BASEUID_DOCUMENT = {
  text: "ANjssJkyfa3H00J9ZPJG",
  timeText: "ANjssJky",
  tick: 50079199218750,
  unixMs: 1640995200000,
  unixNs: 1640995200000000000n,
  bytes: Uint8Array.of(0x2d, 0x8b, 0xf8, 0xe1, 0x4c, 0x3e, 0xae, 0x61, 0x12, 0x04, 0x15, 0x0a, 0x91, 0xa5, 0x11),
  // The document's UUIDv8 diagram: time | 8 | random 71-60 | 10 | random 59-0 | 00.
  uuid: "2d8bf8e1-4c3e-8ae6-8448-10542a469444",
} as const;

/** The same time with the random part all ones: the UUIDv8 form shows the version, variant and zero bits plainly. */
export const BASEUID_ONES = { text: "ANjssJkyzzzzzzzzzzzz", uuid: "2d8bf8e1-4c3e-8fff-bfff-fffffffffffc" } as const;

/** The largest BaseUID: tick 2^48 - 1, starting 9223372036854743040 ns after 1970. */
export const BASEUID_MAX = {
  text: "zzzzzzzzzzzzzzzzzzzz",
  tick: 2 ** 48 - 1,
  unixNs: 9223372036854743040n,
} as const;

/** RFC 9562 appendix A.6: a UUID v7 of 2022-02-22T19:22:22Z. */
export const RFC9562_V7 = {
  text: "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
  unixMs: 1645557742000,
  bytes: Uint8Array.of(0x01, 0x7f, 0x22, 0xe2, 0x79, 0xb0, 0x7c, 0xc3, 0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f),
  // The same 16 bytes as a ULID (test/vectors.ts RFC9562_UUIDV7 names the millisecond).
  ulid: "01FWHE4YDGFK1SHH6W1G60EECF",
} as const;

/** KSUID's epoch, Unix 1400000000 s (2014-05-13T16:53:20Z), and its last ms: the end of second 1400000000 + 2^32 - 1. */
export const KSUID_FIRST_MS = 1400000000000;
export const KSUID_LAST_MS = (1400000000 + 2 ** 32 - 1) * 1000 + 999;

/**
 * docs/formats.md and Segment's README (github.com/segmentio/ksuid, "Inspect the components of a KSUID"):
 * `ksuid -f inspect 0ujtsYcgvSTl8PAuAdqWYSMnLOv`, 2017-10-09 21:00:47 -0700 PDT.
 */
export const KSUID_SEGMENT_INSPECT = {
  text: "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
  raw: "0669F7EFB5A1CD34B5F99D1154FB6853345C9735",
  bytes: Uint8Array.of(
    0x06, 0x69, 0xf7, 0xef, 0xb5, 0xa1, 0xcd, 0x34, 0xb5, 0xf9, 0x9d, 0x11, 0x54, 0xfb, 0x68, 0x53, 0x34, 0x5c, 0x97, 0x35,
  ),
  timeField: 107608047,
  unixMs: 1507608047000,
  payload: "B5A1CD34B5F99D1154FB6853345C9735",
} as const;

/** Segment's README, "Generate a KSUID and inspect its components": 2017-10-09 21:46:20 -0700 PDT. */
export const KSUID_SEGMENT_GENERATED = {
  text: "0ujzPyRiIAffKhBux4PvQdDqMHY",
  raw: "066A029C73FC1AA3B2446246D6E89FCD909E8FE8",
  bytes: Uint8Array.of(
    0x06, 0x6a, 0x02, 0x9c, 0x73, 0xfc, 0x1a, 0xa3, 0xb2, 0x44, 0x62, 0x46, 0xd6, 0xe8, 0x9f, 0xcd, 0x90, 0x9e, 0x8f, 0xe8,
  ),
  timeField: 107610780,
  unixMs: 1507610780000,
  payload: "73FC1AA3B2446246D6E89FCD909E8FE8",
} as const;

/** docs/formats.md and Segment's `maxStringEncoded`: all 20 bytes 0xFF, time field 2^32 - 1 (2150-06-19T23:21:35Z). */
export const KSUID_MAX = { text: "aWgEPTl1tmebfsQzFP4bxwgy80V", unixMs: (1400000000 + 2 ** 32 - 1) * 1000 } as const;

/** docs/formats.md and Segment's `Nil`: all zero, time field 0. */
export const KSUID_NIL = "000000000000000000000000000";

/**
 * Segment's tests: `TestIssue25` (an overflow, and a bad character in the largest KSUID's place), `TestAppend`
 * (texts that parse and format back to themselves), and the four IDs of its README's `ksuid -n 4`, all of one
 * second (time field 107607557, computed with Python integers).
 */
export const KSUID_SEGMENT_TESTS = {
  invalid: [
    { text: "aaaaaaaaaaaaaaaaaaaaaaaaaaa", code: "OVERFLOW" },
    { text: "aWgEPTl1tmebfsQzFP4bxwgy80!", code: "INVALID_CHAR" },
  ],
  roundTrip: ["0pN1Own7255s7jwpwy495bAZeEa", "aWgEPTl1tmebfsQzFP4bxwgy80V"],
  readme: ["0ujsszwN8NRY24YaXiTIE2VWDTS", "0ujsswThIGTUYm2K8FjOOfXtY1K", "0ujssxh0cECutqzMgbtXSGnjorm", "0ujsszgFvbiEr7CDgE3z8MAUPFt"],
  readmeUnixMs: (1400000000 + 107607557) * 1000,
} as const;

/**
 * TypeID (SPEC.md; the TypeID specification v0.3, its README's example): `prefix_01h455vb4pex5vsknk084sn02q` is the
 * UUID v7 01890a5d-ac96-774b-bcce-b302099a8057, made at 2023-06-30T03:34:18.518Z (Unix ms 1688096058518).
 */
export const TYPEID_SPEC_VECTOR = {
  text: "prefix_01h455vb4pex5vsknk084sn02q",
  prefix: "prefix",
  suffix: "01h455vb4pex5vsknk084sn02q",
  uuid: "01890a5d-ac96-774b-bcce-b302099a8057",
  unixMs: 0x01890a5dac96,
} as const;

/** SPEC.md's other TypeID vectors: text and UUID, and the texts it names invalid. */
export const TYPEID_SPEC_VALID = [
  { text: "prefix_0123456789abcdefghjkmnpqrs", prefix: "prefix", uuid: "0110c853-1d09-52d8-d73e-1194e95b5f19" },
  { text: "00000000000000000000000000", prefix: "", uuid: "00000000-0000-0000-0000-000000000000" },
  { text: "7zzzzzzzzzzzzzzzzzzzzzzzzz", prefix: "", uuid: "ffffffff-ffff-ffff-ffff-ffffffffffff" },
  { text: "pre_fix_00000000000000000000000000", prefix: "pre_fix", uuid: "00000000-0000-0000-0000-000000000000" },
] as const;
export const TYPEID_SPEC_INVALID = [
  { text: "_prefix_00000000000000000000000000", code: "INVALID_PREFIX", index: 0 },
  { text: "PREFIX_00000000000000000000000000", code: "INVALID_PREFIX", index: 0 },
  { text: "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", code: "OVERFLOW", index: 7 },
] as const;

/** ObjectId's vectors (SPEC: MongoDB's manual and specification test plan, js-bson). */
export * from "./objectid-vectors.js";

/** XID's vectors (SPEC: rs/xid's README and id_test.go). */
export * from "./xid-vectors.js";

/** TSID's vectors (SPEC: tsid-creator's README and tests, tsid-ts's docs). */
export * from "./tsid-vectors.js";

/** Snowflake's vectors (SPEC: Discord's docs, Twitter's API docs and IdWorkerSpec). */
export * from "./snowflake-vectors.js";
