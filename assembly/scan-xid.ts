// Finding XIDs in arbitrary text (scan-word.ts): a match is a word of exactly 20 characters of lower-case base32hex
// (0-9a-v) whose last one is 0 or g (its 4 padding bits zero: what xidRead accepts), with no ASCII letter or digit
// directly before or after it. Its time is its first 32 bits, Unix seconds: the first 7 characters (35 bits) shifted
// down 3.

import { fillClasses, scanWords, wordTime } from "./scan-word";
import { XID_DECODE } from "./xid";

/** ASCII byte -> its value (0-31), or a border or glue class (scan-word.ts). */
export const CLASS = memory.data(256);
fillClasses(CLASS, XID_DECODE, 32);

@final class XidWord {
  @inline chars(): i32 { return 20; }
  @inline symbols(): u8 { return 32; }
  @inline classes(): usize { return CLASS; }
  @inline padMask(): u8 { return 15; }
  @inline timeDigits(): i32 { return 7; }
  @inline timeDrop(): i32 { return 3; }
}

/** Finds the XIDs in SCAN_TEXT[0, length), as `scanWords` does. */
export function scanXid(length: i32, glued: bool, atEnd: bool): i32 {
  return scanWords<XidWord>(length, glued, atEnd);
}

/** Unix ms of the XID at offset `p`: its first 32 bits, Unix seconds (the first 7 characters' 35 bits shifted down 3). */
// @ts-ignore: decorator
@inline export function xidTime(p: i32): f64 {
  return wordTime<XidWord>(p);
}
