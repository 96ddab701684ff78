// Snowflake, one record at a time: a 63-bit value, big-endian in 8 bytes (bit 63 zero), as decimal text of 1 to 19
// digits, no leading zero ("0" alone is zero).
//
//   bit 63: 0 | bits 62-22: time, ms since the epoch (41) | bits 21-12: worker (10) | bits 11-0: sequence (12)
//
// The text varies in width: `snowflakeRead` takes the record's length and `snowflakeWrite` returns how many chars it
// wrote; SnowflakeCodec, its entry in the format table, reads and writes a shorter text right-aligned after PAD bytes
// in a record of 19 (formats.ts). 19 digits stay below 10^19 < 2^64, so a u64 reads any of them without wrapping.

/** The longest text: 9223372036854775807 (2^63 - 1). */
const MAX_CHARS = 19;
const ZERO: u32 = 0x30;
const LARGEST: u64 = 0x7FFF_FFFF_FFFF_FFFF;
/** Generation parameter (src/engine/js-snowflake.ts): bits 0-9 worker, bit 10 worker given, bit 11 generator. */
const WORKER_GIVEN: i32 = 1 << 10;
const GENERATOR: i32 = 1 << 11;
const SEQUENCE_MAX: u64 = 0xFFF;
/** The byte before a shorter text in a record of MAX_CHARS (src/engine/specs.ts, PAD). */
const PAD: u8 = 0xFE;

/** The value of the last valid `snowflakeRead`. */
let value: u64 = 0;

/** Reads the `length` chars at `src`; true when they are a Snowflake (then `snowflakePack` and `snowflakeTime` read it). */
// @ts-ignore: decorator
@inline export function snowflakeRead(src: usize, length: i32): bool {
  if (length < 1 || length > MAX_CHARS) return false;
  if (length > 1 && <u32>load<u8>(src) == ZERO) return false;
  let v: u64 = 0;
  let bad: u32 = 0;
  for (let i = 0; i < length; i++) {
    const digit = <u32>load<u8>(src + <usize>i) - ZERO; // wraps above 9 for every byte that is no digit
    bad |= <u32>(digit > 9);
    v = v * 10 + <u64>digit;
  }
  value = v;
  return bad == 0 && v <= LARGEST;
}

// @ts-ignore: decorator
@inline export function snowflakePack(dst: usize): void {
  store<u64>(dst, bswap(value));
}

/** The time field (ms since the epoch) of the last valid read. */
// @ts-ignore: decorator
@inline export function snowflakeTime(): f64 {
  return <f64>(value >> 22);
}

/** The 8 bytes at `src` as decimal text at `dst`; returns its length, or -1 when the sign bit is set. */
// @ts-ignore: decorator
@inline export function snowflakeWrite(src: usize, dst: usize): i32 {
  const v = bswap(load<u64>(src));
  if (v > LARGEST) return -1;
  let length = 1;
  for (let rest = v / 10; rest != 0; rest /= 10) length++;
  writeDigitsBefore(v, dst + <usize>length);
  return length;
}

/** The decimal digits of `v`, the last one just before `end`; returns how many. */
// @ts-ignore: decorator
@inline function writeDigitsBefore(v: u64, end: usize): i32 {
  let length = 0;
  do {
    const q = v / 10;
    length++;
    store<u8>(end - <usize>length, <u8>(ZERO + <u32>(v - q * 10)));
    v = q;
  } while (v != 0);
  return length;
}

/**
 * A new Snowflake at `dst` of time field `time`: the worker (given, or 10 bits of 2 bytes at `random`) and the
 * sequence (0 for a generator, else 12 bits of the next 2 bytes).
 */
// @ts-ignore: decorator
@inline export function snowflakeStamp(time: u64, param: i32, random: usize, dst: usize): void {
  let r = random;
  let worker = <u64>(param & 0x3FF);
  if (!(param & WORKER_GIVEN)) {
    worker = <u64>bswap(load<u16>(r)) & 0x3FF;
    r += 2;
  }
  const sequence: u64 = param & GENERATOR ? 0 : <u64>bswap(load<u16>(r)) & SEQUENCE_MAX;
  store<u64>(dst, bswap((time << 22) | (worker << 12) | sequence));
}

/** The sequence + 1 within the same millisecond; false, changing nothing, at 4095. */
// @ts-ignore: decorator
@inline export function snowflakeAdvance(seed: usize): bool {
  const v = bswap(load<u64>(seed));
  if ((v & SEQUENCE_MAX) == SEQUENCE_MAX) return false;
  store<u64>(seed, bswap(v + 1));
  return true;
}

/** Snowflake's number in the format table (formats.ts; src/engine/js-snowflake.ts, `wasmId`). */
export const SNOWFLAKE = 9;

/**
 * Snowflake's entry in the format table (formats.ts): its widths, draws, separators and record codec, a record being
 * the text right-aligned after PAD bytes in MAX_CHARS.
 */
@final export class SnowflakeCodec {
  @inline chars(): i32 { return MAX_CHARS; }
  @inline bytes(): i32 { return 8; }
  /** 2 bytes for the worker unless given, 2 for the sequence unless a generator starts it at 0. */
  @inline stampRandom(param: i32): i32 { return (param & WORKER_GIVEN ? 0 : 2) + (param & GENERATOR ? 0 : 2); }
  /** Within a millisecond the sequence counts up by one: nothing to draw. */
  @inline advanceRandom(param: i32): i32 { return 0; }
  @inline isSeparator(c: u8): bool { return <u32>c - ZERO > 9; }
  @inline read(src: usize): bool {
    let lead = 0;
    while (lead < MAX_CHARS && load<u8>(src + <usize>lead) == PAD) lead++;
    return snowflakeRead(src + <usize>lead, MAX_CHARS - lead);
  }
  @inline pack(dst: usize): void { snowflakePack(dst); }
  @inline time(): f64 { return snowflakeTime(); }
  @inline write(src: usize, dst: usize): bool {
    const v = bswap(load<u64>(src));
    if (v > LARGEST) return false;
    const length = writeDigitsBefore(v, dst + <usize>MAX_CHARS);
    memory.fill(dst, PAD, MAX_CHARS - length);
    return true;
  }
  @inline stamp(time: u64, param: i32, random: usize, dst: usize): void { snowflakeStamp(time, param, random, dst); }
  @inline advance(seed: usize, param: i32, random: usize): bool { return snowflakeAdvance(seed); }
}
