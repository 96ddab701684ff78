/** The TSID vectors of docs/formats.md, as named constants (computed independently with BigInt). */

/** 2020-01-01T00:00:00.000Z: tsid-creator's epoch. */
export const TSID_EPOCH = 1577836800000;

export const TSID_TEXTS = [
  { text: "0000000000000", integer: 0n, unixMs: 1577836800000 },
  { text: "000000000000A", integer: 10n, unixMs: 1577836800000 },
  // tsid-creator's README: the string example (node 4, counter 2295 with 10 node bits).
  { text: "01226N0640J7Q", integer: 38358284406638839n, unixMs: 1586982127665 },
  // tsid-creator's README: the long example, a different TSID from the string beside it.
  { text: "01221H8Q1MMZR", integer: 38352658567418872n, unixMs: 1586980786360 },
  // tsid-ts's docs: 0x0575FDC1787DAFA0.
  { text: "0AXFXR5W7VBX0", integer: 393499549856804768n, unixMs: 1671654403553 },
  { text: "FZZZZZZZZZZZZ", integer: 18446744073709551615n, unixMs: 5975883311103 },
] as const;

export const TSID_README_FIELDS = { text: "01226N0640J7Q", node: 4, counter: 2295, nodeBits: 10 } as const;

/** Either case and the aliases in, canonical upper case out. */
export const TSID_SPELLINGS = [
  { text: "0123456789abc", canonical: "0123456789ABC" },
  { text: "0123456789ABi", canonical: "0123456789AB1" },
  { text: "0123456789ABl", canonical: "0123456789AB1" },
  { text: "0123456789ABo", canonical: "0123456789AB0" },
] as const;

export const TSID_INVALID = [
  { text: "G000000000000", code: "OVERFLOW", position: 0 },
  { text: "0123456789ABu", code: "INVALID_CHAR", position: 12 },
] as const;
