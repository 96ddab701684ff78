// A test-only entry over the per-record AssemblyScript codecs of ObjectId, XID, TSID and Snowflake and the ObjectId
// and XID scan kernels, so their bytes can be compared with the TypeScript ones before (and apart from) the batch ABI that
// drives them in the library. One scratch region: text at 0, the binary ID at 64, random bytes at 96; the scan kernels
// work in layout.ts's scan regions.

import { counterAdvance, counterRenew, objectIdPack, objectIdRead, objectIdStamp, objectIdTime, objectIdWrite } from "../../assembly/objectid";
import { snowflakeAdvance, snowflakePack, snowflakeRead, snowflakeStamp, snowflakeTime, snowflakeWrite } from "../../assembly/snowflake";
import { tsidAdvance, tsidPack, tsidRead, tsidStamp, tsidTime, tsidWrite } from "../../assembly/tsid";
import { SCAN_OFFSETS, SCAN_TEXT, SCAN_TIMES } from "../../assembly/layout";
import { scanObjectId } from "../../assembly/scan-objectid";
import { scanXid } from "../../assembly/scan-xid";
import { xidPack, xidRead, xidStamp, xidTime, xidWrite } from "../../assembly/xid";

const SCRATCH = memory.data(128);
const TEXT = SCRATCH;
const BINARY = SCRATCH + 64;
const RANDOM = SCRATCH + 96;

export const OBJECTID = 0;
export const XID = 1;
export const TSID = 2;
export const SNOWFLAKE = 3;

export function scratch(): usize {
  return SCRATCH;
}

/** Reads the `length` chars of TEXT; when valid, packs the ID into BINARY and returns its time field, else -1. */
export function read(format: i32, length: i32): f64 {
  if (format == OBJECTID) {
    if (length != 24 || !objectIdRead(TEXT)) return -1;
    objectIdPack(BINARY);
    return objectIdTime();
  }
  if (format == XID) {
    if (length != 20 || !xidRead(TEXT)) return -1;
    xidPack(BINARY);
    return xidTime();
  }
  if (format == TSID) {
    if (length != 13 || !tsidRead(TEXT)) return -1;
    tsidPack(BINARY);
    return tsidTime();
  }
  if (!snowflakeRead(TEXT, length)) return -1;
  snowflakePack(BINARY);
  return snowflakeTime();
}

/** BINARY as text in TEXT; returns its length, or -1 when those bytes are no ID. */
export function write(format: i32): i32 {
  if (format == OBJECTID) return objectIdWrite(BINARY, TEXT) ? 24 : -1;
  if (format == XID) return xidWrite(BINARY, TEXT) ? 20 : -1;
  if (format == TSID) return tsidWrite(BINARY, TEXT) ? 13 : -1;
  return snowflakeWrite(BINARY, TEXT);
}

/** A fresh ID of time field `time` in BINARY, from the random bytes in RANDOM. */
export function stamp(format: i32, time: f64, param: f64): void {
  const t = <u64>time;
  if (format == OBJECTID) objectIdStamp(t, <i32>param, RANDOM, BINARY);
  else if (format == XID) xidStamp(t, param, RANDOM, BINARY);
  else if (format == TSID) tsidStamp(t, <i32>param, RANDOM, BINARY);
  else snowflakeStamp(t, <i32>param, RANDOM, BINARY);
}

/** BINARY's successor in its time; false, changing nothing, on overflow. */
export function advance(format: i32, param: i32): bool {
  if (format == OBJECTID || format == XID) return counterAdvance(BINARY);
  if (format == TSID) return tsidAdvance(BINARY, param);
  return snowflakeAdvance(BINARY);
}

/** ObjectId's and XID's step into a later second. */
export function renew(time: f64): void {
  counterRenew(BINARY, <u64>time);
}

/** Where the scan kernel reads its text and writes its matches' offsets (u32) and times (f64). */
export function scanRegions(): usize {
  return SCAN_TEXT;
}
export function scanOffsets(): usize {
  return SCAN_OFFSETS;
}
export function scanTimes(): usize {
  return SCAN_TIMES;
}

/** The scan kernel of `format` (ObjectId or XID) over SCAN_TEXT[0, length). */
export function scan(format: i32, length: i32, glued: bool, atEnd: bool): i32 {
  return format == OBJECTID ? scanObjectId(length, glued, atEnd) : scanXid(length, glued, atEnd);
}
