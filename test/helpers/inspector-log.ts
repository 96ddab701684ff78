/**
 * A seeded log for the browser inspector's tests: every scannable format (ULID, UUID v7, TypeID, ObjectId, XID) in
 * the forms logs write them (JSON, access logs, CSV, colours, UTF-8 text around them, upper and lower case),
 * duplicates, one UUID written as a UUID v7 and as TypeIDs of several prefixes (one distinct ID), implausible times
 * (before 2000, centuries ahead, zero), decoys (hex etags, long numbers, KSUIDs, Ulid-Flakes, UUID v4s) and bursts in
 * time, so the chart has a shape. The same seed writes the same file; its size is `megabytes` MB or a little more.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { encode, ksuid, objectid, typeid, uuidv7, xid } from "../../src/index.js";
import { seededUint32 } from "./reference.js";

const MINUTE = 60_000;
/** The log's first time: a few days before this suite was written, well inside the default plausible window. */
const T0 = Date.UTC(2026, 10, 20, 8);
/** Lines written at a time (about 200 kB): the file's size is a whole number of batches. */
const BATCH = 2000;
const PREFIXES = ["user", "order", "invoice", "api_key"];

export function writeInspectorLog(path: string, megabytes: number, seed = 27): void {
  const next = seededUint32(seed);
  const pick = <T>(items: readonly T[]): T => items[next() % items.length]!;
  /** 16 bytes with `time` in the first 6 (big-endian) and the rest seeded. */
  const bytesAt = (time: number): Uint8Array => {
    const bytes = new Uint8Array(16);
    for (let i = 6; i < 16; i++) bytes[i] = next() & 0xff;
    for (let i = 5, t = time; i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
    return bytes;
  };
  /** 12 bytes with `time`'s whole seconds in the first 4 (big-endian) and the rest seeded: an ObjectId's or an XID's. */
  const secondsBytesAt = (time: number): Uint8Array => {
    const bytes = new Uint8Array(12);
    new DataView(bytes.buffer).setUint32(0, Math.floor(time / 1000));
    for (let i = 4; i < 12; i++) bytes[i] = next() & 0xff;
    return bytes;
  };
  const uuidBytesAt = (time: number): Uint8Array => {
    const bytes = bytesAt(time);
    bytes[6] = 0x70 | (bytes[6]! & 0x0f);
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    return bytes;
  };
  /** A time of the log: six hours, with a burst of a third of the IDs in ten minutes of the third hour. */
  const when = (): number =>
    next() % 3 === 0 ? T0 + 150 * MINUTE + (next() % (10 * MINUTE)) : T0 + (next() % (360 * MINUTE));
  const recent: string[] = [];
  const remember = (id: string): string => {
    if (recent.length < 500) recent.push(id);
    else recent[next() % recent.length] = id;
    return id;
  };
  const ulidId = (): string => remember(encode(bytesAt(when())));
  const uuidId = (): string => remember(uuidv7.encode(uuidBytesAt(when())));
  const typeId = (): string => remember(typeid.encode(uuidBytesAt(when()), 0, { prefix: pick(PREFIXES) }));
  const objectId = (): string => remember(objectid.encode(secondsBytesAt(when())));
  const xidId = (): string => remember(xid.encode(secondsBytesAt(when())));
  const digits = (count: number, base: number): string =>
    Array.from({ length: count }, () => (next() % base).toString(base)).join("");
  const clock = (): string => new Date(when()).toISOString();

  const kinds: (() => string)[] = [
    () => `{"ts":"${clock()}","level":"info","request_id":"${ulidId()}","user":"${typeId()}","msg":"request handled"}`,
    () => `10.0.${next() % 255}.${next() % 255} - - "GET /api/orders/${uuidId()}/items HTTP/1.1" 200 ${next() % 9999}`,
    () => `${clock()} WARN worker-${next() % 16} retrying job ${ulidId().toLowerCase()} attempt=${next() % 5}`,
    () => `${clock()} \x1b[32mINFO\x1b[0m order=\x1b[1m${ulidId()}\x1b[0m shipped`,
    () => `${clock()} café ✓ größe=${next() % 99} Łódź → ${ulidId()} ✔ ${uuidId().toUpperCase()}`,
    () => `${clock()} DEBUG retry of ${recent.length > 0 ? pick(recent) : ulidId()} and ${recent.length > 0 ? pick(recent) : uuidId()}`,
    () => {
      // One UUID as a UUID v7 and as TypeIDs of two prefixes: three matches, one distinct ID.
      const bytes = uuidBytesAt(when());
      return `${clock()} linked ${uuidv7.encode(bytes)} order_${typeid.encode(bytes).slice(-26)} invoice_${typeid.encode(bytes).slice(-26)}`;
    },
    // Implausible times: before 2000, centuries ahead, the epoch itself.
    () => `${clock()} legacy=${encode(bytesAt(next() % Date.UTC(1999, 0)))} far=${encode(bytesAt(Date.UTC(2400, 0) + next()))}`,
    () => `${clock()} zero ${uuidv7.encode(uuidBytesAt(0))}`,
    // Decoys: 26 hex digits (a ULID when the first is 0-7), 32 hex, 26 decimal digits, a KSUID, a UUID v4.
    () =>
      `${clock()} etag="${digits(26, 16)}" strong="${digits(32, 16)}" n=${digits(26, 10)} ksuid=${ksuid.encode(Uint8Array.from({ length: 20 }, () => next() & 0xff))} v4=${digits(8, 16)}-${digits(4, 16)}-4${digits(3, 16)}-a${digits(3, 16)}-${digits(12, 16)}`,
    // A TypeID without a prefix is a lower-case ULID: found as a ULID.
    () => `${clock()} plain ${typeid.encode(uuidBytesAt(when()))}`,
    () => `${ulidId()},${uuidId()},${typeId()},${next() % 1000}`,
    () => `${clock()} INFO cache hit ratio=0.${next() % 99} keys=${next() % 99999}`,
    () => `{"_id":{"$oid":"${objectId()}"},"trace":"${xidId()}","at":"${clock()}"}`,
    () => `${clock()} mongo saved ObjectId("${objectId().toUpperCase()}") span=${xidId()}`,
  ];

  const fd = openSync(path, "w");
  try {
    let written = 0;
    while (written < megabytes * 1e6) {
      const lines: string[] = [];
      for (let i = 0; i < BATCH; i++) lines.push(pick(kinds)());
      written += writeSync(fd, `${lines.join("\n")}\n`);
    }
  } finally {
    closeSync(fd);
  }
}
