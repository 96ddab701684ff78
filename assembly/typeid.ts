// TypeID (spec v0.3), one record at a time (the batch loops are in formats.ts): a prefix, an underscore and 26
// chars of lower-case Crockford base32 of a 128-bit UUID, read and written by ULID's Crockford kernels
// (ulid-decode.ts, ulid-encode.ts): written in lower case, and read by ULID's reader behind a check that the suffix
// holds none of what that reader also takes (upper case, the aliases i, l, o). Generation is UUID v7's (uuidv7.ts).
//
//   record   prefix (width chars) | "_" | suffix (26 chars) | separator      an empty prefix has no "_"
//   bytes    the 16 bytes of the UUID, the suffix's value (the first char holds 3 bits: 0-7)
//
// One call's records all carry one prefix, which the TypeScript side puts in PREFIX and announces with
// `formatPrefix(width)` before the call (src/engine/wasm-codec.ts): the kernels compare each record's first `width`
// bytes with it, so the record width, and with it `charsOf(TYPEID)`, is data of the call, not of the build.

import { MAX_PREFIX, PREFIX } from "./layout";
import { decodeId } from "./ulid-decode";
import { encodeId } from "./ulid-encode";
import { isAlnum } from "./crockford";
import { UUIDV7 } from "./uuidv7";
import { scanTypeId } from "./scan-typeid";

const UNDERSCORE: u8 = 0x5F;
/** The letters ULID's reader takes and TypeID's suffix does not: A-Z (from 0x41), and the aliases i, l, o. */
const UPPER_A: u8 = 0x41;
const ALIAS_I: u8 = 0x69;
const ALIAS_L: u8 = 0x6C;
const ALIAS_O: u8 = 0x6F;
/** Lower case is written with this bit set (ulid-encode.ts). */
const LOWER_CASE_BIT: u8 = 0x20;
/** Characters of the suffix. */
const SUFFIX_CHARS = 26;

/** Chars of the current prefix (0-63), as `formatPrefix` set it. */
let width: i32 = 0;

/** The 16 bytes of the last valid `typeIdRead`. */
const LAST = memory.data(16, 16);

/**
 * Announces the prefix of the next calls: its `width` bytes are in PREFIX. Returns false (changing nothing) for a
 * width above 63; the TypeScript side checks the prefix itself before.
 */
export function formatPrefix(newWidth: i32): bool {
  if (<u32>newWidth > <u32>MAX_PREFIX) return false;
  width = newWidth;
  return true;
}

/** Chars before the suffix: the prefix and its underscore, none without a prefix. */
// @ts-ignore: decorator
@inline function lead(): i32 {
  return width > 0 ? width + 1 : 0;
}

/** Characters of a TypeID text with the current prefix. */
// @ts-ignore: decorator
@inline export function typeIdChars(): i32 {
  return lead() + SUFFIX_CHARS;
}

/**
 * Reads the record at `src`; true when it carries the prefix and a valid suffix (then `typeIdPack`, `typeIdTime` read
 * it). A call, as KSUID's reader and writer are, not inlined into every batch loop: the bulk of a call is the suffix's
 * work either way, and each inlined copy costs the builds their size.
 */
export function typeIdRead(src: usize): bool {
  for (let i = 0; i < width; i++) {
    if (load<u8>(src + <usize>i) != load<u8>(PREFIX + <usize>i)) return false;
  }
  if (width > 0 && load<u8>(src + <usize>width) != UNDERSCORE) return false;
  const suffix = src + <usize>lead();
  return strictlyLower(suffix) && decodeId(suffix, LAST);
}

/** 0xFF in each lane that holds an upper-case letter or one of the aliases i, l, o. */
// @ts-ignore: decorator
@inline function lenientLanes(c: v128): v128 {
  const upper = i8x16.lt_u(i8x16.sub(c, i8x16.splat(UPPER_A)), i8x16.splat(26));
  const alias = v128.or(v128.or(i8x16.eq(c, i8x16.splat(ALIAS_I)), i8x16.eq(c, i8x16.splat(ALIAS_L))), i8x16.eq(c, i8x16.splat(ALIAS_O)));
  return v128.or(upper, alias);
}

/** Whether the 26 chars at `src` hold no upper-case letter and no alias: TypeID's suffix is strict lower case. */
// @ts-ignore: decorator
@inline function strictlyLower(src: usize): bool {
  if (ASC_FEATURE_SIMD) return !v128.any_true(v128.or(lenientLanes(v128.load(src)), lenientLanes(v128.load(src, 10))));
  let lenient = false;
  for (let j = 0; j < SUFFIX_CHARS; j++) {
    const c = load<u8>(src + <usize>j);
    lenient |= <u8>(c - UPPER_A) < 26 || c == ALIAS_I || c == ALIAS_L || c == ALIAS_O;
  }
  return !lenient;
}

// @ts-ignore: decorator
@inline export function typeIdPack(dst: usize): void {
  store<u64>(dst, load<u64>(LAST));
  store<u64>(dst, load<u64>(LAST, 8), 8);
}

/** The UUID v7 time field (the first 48 bits) of the last valid read, whatever its version. */
// @ts-ignore: decorator
@inline export function typeIdTime(): f64 {
  return <f64><i64>(bswap(load<u64>(LAST)) >> 16);
}

/** The 16 bytes at `src` as a TypeID text at `dst`: the prefix, "_", the suffix. Every 16 bytes are a TypeID. A call. */
export function typeIdWrite(src: usize, dst: usize): bool {
  memory.copy(dst, PREFIX, width);
  if (width > 0) store<u8>(dst + <usize>width, UNDERSCORE);
  encodeId(src, dst + <usize>lead(), LOWER_CASE_BIT);
  return true;
}

/** TypeID's number in the format table (formats.ts; src/engine/specs.ts, `wasmId`). */
export const TYPEID = 5;

/**
 * TypeID's entry in the format table (formats.ts): its record codec, its width the current prefix's. A generated
 * TypeID is a UUID v7: UUID v7's codec makes it (`generatesAs`).
 */
@final export class TypeIdCodec {
  @inline chars(): i32 { return typeIdChars(); }
  @inline bytes(): i32 { return 16; }
  @inline generatesAs(): i32 { return UUIDV7; }
  /** "_" joins the prefix to the suffix. */
  @inline isSeparator(c: u8): bool { return !isAlnum(c) && c != UNDERSCORE; }
  @inline read(src: usize): bool { return typeIdRead(src); }
  @inline pack(dst: usize): void { typeIdPack(dst); }
  @inline time(): f64 { return typeIdTime(); }
  @inline write(src: usize, dst: usize): bool { return typeIdWrite(src, dst); }
  @inline scan(length: i32, glued: bool, atEnd: bool): i32 { return scanTypeId(length, glued, atEnd); }
}
