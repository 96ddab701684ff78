// Fixed-width digit strings in any power-of-two base, the shared core of the formats' codecs (formats.ts): a
// value's chars are its `bits`-bit groups, most significant first, each looked up in an alphabet; reading goes
// through a decode table whose entry is the value, or 0xFF for a byte that is no symbol.

/** The OR of the values read since `startReading`: at or above the base when a char was no symbol. */
let seen: u32 = 0;

// @ts-ignore: decorator
@inline export function startReading(): void {
  seen = 0;
}

/** Whether every char read since `startReading` was a symbol of an alphabet of `base` symbols. */
// @ts-ignore: decorator
@inline export function allSymbols(base: u32): bool {
  return seen < base;
}

/**
 * `v` followed by the `n` chars at `src`, `bits` bits each, decoded through `table` (128 entries: bytes from 0x80
 * on are never symbols). A char that is no symbol leaves garbage in the value and is caught by `allSymbols`.
 */
// @ts-ignore: decorator
@inline export function readDigits(v: u64, src: usize, n: i32, bits: u64, table: usize): u64 {
  let s: u32 = 0;
  for (let j = 0; j < n; j++) {
    const c = load<u8>(src + <usize>j);
    const value: u32 = c < 0x80 ? load<u8>(table + <usize>c) : 0xFF;
    s |= value;
    v = (v << bits) | <u64>value;
  }
  seen |= s;
  return v;
}

/** The low `n * bits` bits of `v` as `n` chars at `dst`, most significant first, through `alphabet`. */
// @ts-ignore: decorator
@inline export function writeDigits(v: u64, n: i32, bits: u64, alphabet: usize, dst: usize): void {
  const mask: u64 = (<u64>1 << bits) - 1;
  for (let j = 0; j < n; j++) {
    store<u8>(dst + <usize>j, load<u8>(alphabet + <usize>((v >> (bits * <u64>(n - 1 - j))) & mask)));
  }
}
