/** The XID vectors of docs/formats.md, as named constants (computed independently with BigInt). */

/** rs/xid's README and id_test.go (TestIDString, TestIDPartsExtraction). */
export const XID_README = {
  text: "9m4e2mr0ui3e8a215n4g",
  hex: "4d88e15b60f486e428412dc9",
  seconds: 1300816219,
  iso: "2011-03-22T17:50:19.000Z",
  machine: "60f486",
  pid: 58408,
  counter: 4271561,
} as const;

export const XID_TEXTS = [
  { text: "00000000000000000000", hex: "000000000000000000000000" },
  { text: "0000005anf6drrg0000g", hex: "00000000aabbccddee000001" },
  { text: "c6e52g2mrqcjl44hf170", hex: "619c514056de993a9091784e", seconds: 1637634368 },
  { text: "vvvvvvvvvvvvvvvvvvvg", hex: "ffffffffffffffffffffffff" },
] as const;

export const XID_INVALID = [
  { text: "c6e52g2mrqcjl44hf179", code: "INVALID_CHAR", position: 19 },
  { text: "9M4E2MR0UI3E8A215N4G", code: "INVALID_CHAR", position: 1 },
] as const;
