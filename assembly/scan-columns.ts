// The columns of a window's matches (`scanText(text, { columns: true })` on this engine, src/engine/wasm-scan.ts):
// the matches the TypeScript side's finder settled, which it puts in SCAN_OFFSETS, SCAN_TIMES, SCAN_LENGTHS and
// SCAN_FORMATS, are filtered, numbered and packed here in one loop over the window where it already sits
// (SCAN_TEXT), so that JavaScript copies each column out whole and does nothing per match: packing 26 characters
// into 16 bytes, a line count and five stores per match in JavaScript cost more than the search.

import { BINARY, SCAN_FORMATS, SCAN_LENGTHS, SCAN_LIST, SCAN_MATCHES, SCAN_OFFSETS, SCAN_TIMES, TIME } from "./layout";
import { scanPack } from "./formats";
import { newlinesIn } from "./scan-window";

/** Each kept match's stream offset (f64), and its line (f64): in TIME, free between batch calls (layout.ts). */
const COLUMN_OFFSETS = TIME;
const COLUMN_LINES = TIME + 8 * <usize>SCAN_MATCHES;

/** Bytes the last `scanColumns` wrote to BINARY, and the line of its `limit`. */
let packedBytes = 0;
let lineAtLimit: f64 = 0;

/**
 * Keeps, of the first `count` matches (in text order), those that start before `limit` and whose time, floored to
 * the millisecond, is in [from, until): their times and formats compacted in place in SCAN_TIMES and SCAN_FORMATS,
 * each one's stream offset (`base` + its offset) in COLUMN_OFFSETS, with `lines` its line (the window's first byte
 * is on line `line`) in COLUMN_LINES, and its binary ID, in its format's width, back to back in BINARY. Returns how
 * many it kept; `scanColumnsBytes` gives the bytes written to BINARY and `scanColumnsLine` the line of byte `limit`.
 */
export function scanColumns(count: i32, limit: i32, from: f64, until: f64, base: f64, lines: bool, line: f64): i32 {
  let kept = 0;
  let bytes = 0;
  let counted = 0;
  for (let i = 0; i < count; i++) {
    const at = <i32>load<u32>(SCAN_OFFSETS + (<usize>i << 2));
    if (at >= limit) break;
    const time = load<f64>(SCAN_TIMES + (<usize>i << 3));
    const ms = floor<f64>(time);
    if (ms < from || ms >= until) continue;
    const format = load<u8>(SCAN_FORMATS + <usize>i);
    store<f64>(SCAN_TIMES + (<usize>kept << 3), time);
    store<u8>(SCAN_FORMATS + <usize>kept, format);
    store<f64>(COLUMN_OFFSETS + (<usize>kept << 3), base + <f64>at);
    if (lines) {
      line += <f64>newlinesIn(counted, at);
      counted = at;
      store<f64>(COLUMN_LINES + (<usize>kept << 3), line);
    }
    bytes += scanPack(load<u8>(SCAN_LIST + <usize>format), at, load<u8>(SCAN_LENGTHS + <usize>i), bytes);
    kept++;
  }
  packedBytes = bytes;
  lineAtLimit = lines ? line + <f64>newlinesIn(counted, limit) : line;
  return kept;
}

export function scanColumnsBytes(): i32 {
  return packedBytes;
}

export function scanColumnsLine(): f64 {
  return lineAtLimit;
}

export function scanColumnOffsetRegion(): usize {
  return COLUMN_OFFSETS;
}

export function scanColumnLineRegion(): usize {
  return COLUMN_LINES;
}
