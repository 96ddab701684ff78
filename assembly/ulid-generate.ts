import { BINARY, ID_BYTES, RANDOM, RANDOM_BYTES, SEED } from "./layout";

/** Writes `count` IDs to BINARY: ID i is `time` (bytes 0-5, big-endian) then RANDOM[10i, 10i + 10) (bytes 6-15). */
export function ulidStamp(count: i32, time: f64): void {
  // As a little-endian u64 store, bswap(time << 16) puts the 48-bit time big-endian in bytes 0-5 and zeros in
  // bytes 6-7, where the first two random bytes go (a little-endian u16 shifted to bits 48-63).
  const head = bswap(<u64>time << 16);
  for (let i = 0; i < count; i++) {
    const src = RANDOM + <usize>(RANDOM_BYTES * i);
    const dst = BINARY + <usize>(ID_BYTES * i);
    store<u64>(dst, head | (<u64>load<u16>(src) << 48));
    store<u64>(dst, load<u64>(src, 2), 8);
  }
}

// `ulidIncrement` holds SEED as two big-endian words:
//
//   hi = bytes 0-7   [ time: 48 bits | random 79-64: 16 ]
//   lo = bytes 8-15  [ random 63-0: 64                  ]
//
// so the 80-bit random part is (hi & 0xFFFF):lo, and adding 1 to it carries from lo into hi. It never carries
// into the time: the loop stops while the random part is all ones.

/**
 * Writes SEED + 1, SEED + 2, ... (the random part incremented, the time kept) to BINARY, `count` IDs at most,
 * stopping early when the random part is all ones. Leaves the last ID written in SEED; returns how many there are.
 */
export function ulidIncrement(count: i32): i32 {
  let hi = bswap(load<u64>(SEED));
  let lo = bswap(load<u64>(SEED, 8));
  let n = 0;
  while (n < count) {
    if (lo == u64.MAX_VALUE) {
      // This step carries into hi, unless the random part is all ones: then stop.
      if ((hi & 0xFFFF) == 0xFFFF) break;
      hi++;
    }
    // Steps that leave hi alone: up to lo's maximum (the carrying step is the first of the next run). Within a run
    // the first word of every ID is the same, so the loop is an add, a bswap and two stores per ID: faster than
    // checking for a carry in every step (bench/kernels.ts, increment).
    const room = ~lo == 0 ? 1 : (~lo < <u64>(count - n) ? <i32>~lo : count - n);
    const head = bswap(hi);
    let dst = BINARY + <usize>(ID_BYTES * n);
    for (let k = 0; k < room; k++) {
      lo++;
      store<u64>(dst, head);
      store<u64>(dst, bswap(lo), 8);
      dst += ID_BYTES;
    }
    n += room;
  }
  store<u64>(SEED, bswap(hi));
  store<u64>(SEED, bswap(lo), 8);
  return n;
}
