// XID, one record at a time: 96 bits, big-endian in 12 bytes, as 20 chars of lower-case base32hex (0-9a-v), most
// significant first.
//
//   bytes 0-3: time, u32 Unix seconds | bytes 4-6: machine | bytes 7-8: pid, u16 | bytes 9-11: counter, u24
//
// 20 chars carry 100 bits: the 96 of the ID, then 4 zero bits, so the last char is 0 or g. Read as chars 0-11 (60
// bits: bits 95-36) and chars 12-19 (40 bits: bits 35-0 and the 4 zero bits). Generation is ObjectId's (binary
// compatible): objectid.ts's counter steps serve both.

import { isAlnum } from "./crockford";
import { allSymbols, readDigits, startReading, writeDigits } from "./digits";
import { counterAdvance } from "./objectid";
import { scanXid } from "./scan-xid";

/** Value (0-31) -> ASCII character: 0123456789abcdefghijklmnopqrstuv. */
// @ts-ignore: decorator
@lazy const XID_ALPHABET = memory.data<u8>([
  0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, // 0-f
  0x67, 0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, // g-v
], 16);

/** ASCII byte (0x00-0x7F) -> value (0-31), or 0xFF: the 32 lower-case symbols only. Rows as in hex.ts. */
// @ts-ignore: decorator
@lazy export const XID_DECODE = memory.data<u8>([
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 00
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 10
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 20  !"#$%&'()*+,-./
  0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 30 0123456789:;<=>?
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 40 @ABCDEFGHIJKLMNO
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 50 PQRSTUVWXYZ[\]^_
  0xFF, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, // 60 `abcdefghijklmno
  0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // 70 pqrstuvwxyz{|}~
]);

/** Generation parameter (src/engine/js-xid.ts, an f64 of 43 bits): bits 0-23 machine, 24-39 pid, 40-42 flags. */
const MACHINE_GIVEN: u64 = 1 << 40;
const PID_GIVEN: u64 = 1 << 41;
const GENERATOR: u64 = 1 << 42;

/** The last valid `xidRead`: bytes 0-7 and bytes 8-11. */
let high: u64 = 0;
let low: u64 = 0;

/** Reads the 20 chars at `src`; true when they are an XID (symbols, and the 4 padding bits zero). */
// @ts-ignore: decorator
@inline export function xidRead(src: usize): bool {
  startReading();
  const head = readDigits(0, src, 12, 5, XID_DECODE); // bits 95-36
  const tail = readDigits(0, src + 12, 8, 5, XID_DECODE); // bits 35-0, then the 4 padding bits
  high = (head << 4) | (tail >> 36);
  low = (tail >> 4) & 0xFFFF_FFFF;
  return allSymbols(32) && (tail & 15) == 0;
}

// @ts-ignore: decorator
@inline export function xidPack(dst: usize): void {
  store<u64>(dst, bswap(high));
  store<u32>(dst, bswap(<u32>low), 8);
}

/** The time field (Unix seconds) of the last valid read. */
// @ts-ignore: decorator
@inline export function xidTime(): f64 {
  return <f64>(high >> 32);
}

/** The 12 bytes at `src` as 20 chars at `dst`. Every 12 bytes are an XID. */
// @ts-ignore: decorator
@inline export function xidWrite(src: usize, dst: usize): bool {
  const h = bswap(load<u64>(src));
  const l = <u64>bswap(load<u32>(src, 8));
  writeDigits(h >> 4, 12, 5, XID_ALPHABET, dst);
  writeDigits((((h & 15) << 32) | l) << 4, 8, 5, XID_ALPHABET, dst + 12);
  return true;
}

/**
 * A new XID at `dst`: `time` in bytes 0-3, then machine and pid (given in `param`, or drawn) and the counter, the
 * drawn ones from `random` in that order; a generator's counter start has its top bit cleared.
 */
// @ts-ignore: decorator
@inline export function xidStamp(time: u64, param: f64, random: usize, dst: usize): void {
  const p = <u64>param;
  store<u32>(dst, bswap(<u32>time));
  let r = random;
  if (p & MACHINE_GIVEN) {
    store<u8>(dst, <u8>(p >> 16), 4);
    store<u8>(dst, <u8>(p >> 8), 5);
    store<u8>(dst, <u8>p, 6);
  } else {
    store<u16>(dst, load<u16>(r), 4);
    store<u8>(dst, load<u8>(r, 2), 6);
    r += 3;
  }
  if (p & PID_GIVEN) {
    store<u8>(dst, <u8>(p >> 32), 7);
    store<u8>(dst, <u8>(p >> 24), 8);
  } else {
    store<u16>(dst, load<u16>(r), 7);
    r += 2;
  }
  const first = load<u8>(r);
  store<u8>(dst, p & GENERATOR ? first & 0x7F : first, 9);
  store<u16>(dst, load<u16>(r, 1), 10);
}

/** XID's number in the format table (formats.ts; src/engine/js-xid.ts, `wasmId`). */
export const XID = 7;

/**
 * XID's entry in the format table (formats.ts): its widths, draws, separators, record codec and scan kernel. Its
 * generation parameter (machine, pid, flags: 43 bits) is wide, so the table hands it over whole, as an f64.
 */
@final export class XidCodec {
  @inline wideParam(): bool { return true; }
  @inline chars(): i32 { return 20; }
  @inline bytes(): i32 { return 12; }
  /** The counter (3 bytes), and machine (3) and pid (2) unless given. */
  @inline stampRandom(param: f64): i32 {
    const p = <u64>param;
    return 3 + (p & MACHINE_GIVEN ? 0 : 3) + (p & PID_GIVEN ? 0 : 2);
  }
  /** Within a second the counter counts up by one: nothing to draw. */
  @inline advanceRandom(param: f64): i32 { return 0; }
  @inline isSeparator(c: u8): bool { return !isAlnum(c); }
  @inline read(src: usize): bool { return xidRead(src); }
  @inline pack(dst: usize): void { xidPack(dst); }
  @inline time(): f64 { return xidTime(); }
  @inline write(src: usize, dst: usize): bool { return xidWrite(src, dst); }
  @inline stamp(time: u64, param: f64, random: usize, dst: usize): void { xidStamp(time, param, random, dst); }
  @inline advance(seed: usize, param: f64, random: usize): bool { return counterAdvance(seed); }
  @inline scan(length: i32, glued: bool, atEnd: bool): i32 { return scanXid(length, glued, atEnd); }
  @inline scanPack(src: usize, length: i32, dst: usize): void {
    xidRead(src);
    xidPack(dst);
  }
}
