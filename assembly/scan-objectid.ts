// Finding MongoDB ObjectIds in arbitrary text (scan-word.ts): a match is a word of exactly 24 hex digits in either
// case (every such word is an ObjectId), with no ASCII letter or digit directly before or after it. Its time is its
// first 8 digits, Unix seconds.

import { HEX_DECODE } from "./hex";
import { fillClasses, scanWords, wordTime } from "./scan-word";

/** ASCII byte -> its hex value (0-15) in either case, or a border or glue class (scan-word.ts). */
export const CLASS = memory.data(256);
fillClasses(CLASS, HEX_DECODE, 16);

@final class ObjectIdWord {
  @inline chars(): i32 { return 24; }
  @inline symbols(): u8 { return 16; }
  @inline classes(): usize { return CLASS; }
  @inline padMask(): u8 { return 0; }
  @inline timeDigits(): i32 { return 8; }
  @inline timeDrop(): i32 { return 0; }
}

/** Finds the ObjectIds in SCAN_TEXT[0, length), as `scanWords` does. */
export function scanObjectId(length: i32, glued: bool, atEnd: bool): i32 {
  return scanWords<ObjectIdWord>(length, glued, atEnd);
}

/** Unix ms of the ObjectId at offset `p`: its first 8 digits, Unix seconds. */
// @ts-ignore: decorator
@inline export function objectIdTime(p: i32): f64 {
  return wordTime<ObjectIdWord>(p);
}
