/** The MongoDB ObjectId vectors of docs/formats.md, as named constants (times computed independently with BigInt). */

/** The MongoDB manual's `ObjectId.getTimestamp()` example. */
export const OBJECTID_MANUAL = { text: "507c7f79bcf86cd7994f6c0e", unixMs: 1350336377000, iso: "2012-10-15T21:26:17.000Z" } as const;

/** The specification's test plan: the time field is unsigned (0x80000000 is 2038, not 1901). */
export const OBJECTID_TIMES = [
  { text: "000000000000000000000000", unixMs: 0 },
  { text: "7fffffff0000000000000000", unixMs: 2147483647000 },
  { text: "800000000000000000000000", unixMs: 2147483648000 },
  { text: "ffffffffffffffffffffffff", unixMs: 4294967295000 },
  { text: "000000020000000000000000", unixMs: 2000 },
] as const;

/** Either case in, lower case out. */
export const OBJECTID_UPPER = { text: "507C7F79BCF86CD7994F6C0E", canonical: "507c7f79bcf86cd7994f6c0e" } as const;

export const OBJECTID_INVALID = [
  { text: "507c7f79bcf86cd7994f6c0", code: "INVALID_LENGTH", position: 23 },
  { text: "507c7f79bcf86cd7994f6c0g", code: "INVALID_CHAR", position: 23 },
] as const;

/** The largest ObjectId: 2^96 - 1. */
export const OBJECTID_MAX = { text: "ffffffffffffffffffffffff", integer: 2n ** 96n - 1n } as const;
