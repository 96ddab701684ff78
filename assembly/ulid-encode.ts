import { ALPHABET } from "./crockford";
import { alphabetLanes } from "./crockford-simd";
import { PAIRS_0_7, PAIRS_10_17, PAIRS_18_25, PAIRS_8_15, SHIFTS_A, SHIFTS_B, lanes } from "./lanes";
import { BINARY, ID_BYTES, ID_CHARS, RECORD, TEXT } from "./layout";

// A ULID's text is its 128 bits as 26 base-32 chars, most significant first (26 * 5 = 130: the first char carries
// 3 bits). The scalar code reads the 16 bytes as two big-endian words and cuts them into char-aligned groups:
//
//   hi = bytes 0-7   [ time: 48 bits                      | random 79-64: 16 ]
//   lo = bytes 8-15  [ random 63-40: 24 | random 39-0: 40                    ]
//
//   chars  0-1   time bits 47-40   (10 bits, the top 2 zero)   time >> 40
//   chars  2-9   time bits 39-0                                 time
//   chars 10-17  random bits 79-40                              hi << 24 | lo >> 40
//   chars 18-25  random bits 39-0                               lo
//
// (each group read through its low 40 bits, so no masking is needed).

/**
 * Encodes `count` IDs of BINARY into TEXT: 26 canonical chars each, followed by the byte `separator` when it is
 * >= 0 (stride 27), else packed (stride 26).
 */
export function ulidEncode(count: i32, separator: i32): void {
  const stride = separator >= 0 ? RECORD : ID_CHARS;
  for (let i = 0; i < count; i++) {
    const src = BINARY + <usize>(ID_BYTES * i);
    const dst = TEXT + <usize>(stride * i);
    encodeId(src, dst);
    if (separator >= 0) store<u8>(dst, separator, ID_CHARS);
  }
}

/**
 * The 26 chars of the 16 bytes at `src`, written at `dst`; in lower case with `caseBit` 0x20 (TypeID's suffix). The
 * alphabet's digits have that bit already, and its letters A-Z become a-z with it.
 */
// @ts-ignore: decorator
@inline export function encodeId(src: usize, dst: usize, caseBit: u8 = 0): void {
  if (ASC_FEATURE_SIMD) {
    encodeIdSimd(src, dst, caseBit);
    return;
  }
  const hi = bswap(load<u64>(src));
  const lo = bswap(load<u64>(src, 8));
  const time = hi >> 16;
  store<u16>(dst, <u16>chars(time >> 40, 2, caseBit));
  store<u64>(dst, chars(time, 8, caseBit), 2);
  store<u64>(dst, chars((hi << 24) | (lo >> 40), 8, caseBit), 10);
  store<u64>(dst, chars(lo, 8, caseBit), 18);
}

/** The low `5 * n` bits of `v` as `n` (<= 8) chars packed in memory order (the first char in the lowest byte). */
// @ts-ignore: decorator
@inline function chars(v: u64, n: i32, caseBit: u8): u64 {
  let out: u64 = 0;
  for (let j = 0; j < n; j++) {
    const value = <usize>(v >> <u64>(5 * (n - 1 - j))) & 31;
    out |= <u64>(load<u8>(ALPHABET + value) | caseBit) << <u64>(8 * j);
  }
  return out;
}

// The SIMD kernel views the 130-bit text as 26 windows of 16 bits, one per char, in i16 lanes. Char j covers data
// bits [5j - 2, 5j + 3) counted from the most significant bit of byte 0; with k = floor((5j - 2) / 8) and
// s = (5j - 2) - 8k (0-7), they are bits [s, s + 5) of the big-endian pair (byte k, byte k + 1). So each lane
// gathers that pair by a swizzle (a little-endian lane takes byte k + 1 low, byte k high; index -1, for byte -1
// of char 0 and byte 16 of char 25, reads 0), is multiplied by 2^s (a per-lane left shift, the top bits falling
// off the 16-bit lane) and shifted right by 11. Four vectors make chars 0-15 (A0, A1) and chars 10-25 (B0, B1),
// stored at dst and dst + 10; the six chars both hold are the same.

/** The 26 chars of the 16 bytes at `src`, written at `dst` with v128 lanes. */
// @ts-ignore: decorator
@inline function encodeIdSimd(src: usize, dst: usize, caseBit: u8): void {
  const bytes = v128.load(src);
  let low = v128.load(ALPHABET);
  let high = v128.load(ALPHABET, 16);
  if (caseBit != 0) {
    low = v128.or(low, i8x16.splat(caseBit));
    high = v128.or(high, i8x16.splat(caseBit));
  }
  // Chars 0-7, 8-15, 10-17, 18-25: (k + 1, k) swizzle indices and 2^s multipliers of each char, from the formula
  // (lanes.ts holds them).
  const a0 = windows(bytes, lanes(PAIRS_0_7), lanes(SHIFTS_A));
  const a1 = windows(bytes, lanes(PAIRS_8_15), lanes(SHIFTS_A));
  const b0 = windows(bytes, lanes(PAIRS_10_17), lanes(SHIFTS_B));
  const b1 = windows(bytes, lanes(PAIRS_18_25), lanes(SHIFTS_B));
  v128.store(dst, alphabetLanes(i8x16.narrow_i16x8_u(a0, a1), low, high));
  v128.store(dst, alphabetLanes(i8x16.narrow_i16x8_u(b0, b1), low, high), 10);
}

/** Eight 5-bit char values in i16 lanes: byte pairs gathered by `pairs`, shifted left by `shifts` (as 2^s), >> 11. */
// @ts-ignore: decorator
@inline function windows(bytes: v128, pairs: v128, shifts: v128): v128 {
  return i16x8.shr_u(i16x8.mul(i8x16.swizzle(bytes, pairs), shifts), 11);
}
