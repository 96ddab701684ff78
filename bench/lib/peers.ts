/**
 * The peer libraries the benchmarks compare against, and their installed versions (from each package.json), so
 * every label says exactly what was measured.
 */
import * as nodeCrypto from "node:crypto";
import { readFileSync } from "node:fs";
import { TwitterSnowflake } from "@sapphire/snowflake";
import { ObjectId as BsonObjectId } from "bson";
import id128 from "id128";
import KSUID from "ksuid";
import { TSID as TsidTs } from "tsid-ts";
import * as typeidJs from "typeid-js";
import * as ulidPackage from "ulid";
import * as ulidx from "ulidx";
import { ksuid as unikuKsuid } from "uniku/ksuid";
import { objectid as unikuObjectId } from "uniku/objectid";
import { tsid as unikuTsid } from "uniku/tsid";
import { typeid as unikuTypeid } from "uniku/typeid";
import { ulid as unikuUlid } from "uniku/ulid";
import { uuidv7 as unikuUuidv7 } from "uniku/uuid/v7";
import { xid as unikuXid } from "uniku/xid";
import * as uuid from "uuid";
import * as uuidv7Package from "uuidv7";
import { Xid as XidTs } from "xid-ts";
import { RUNTIME } from "./report.js";

function versionOf(name: string): string {
  const manifest = new URL(`../../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Row labels: the package and its version. */
export const PEER = {
  ulid: `ulid ${versionOf("ulid")}`,
  ulidx: `ulidx ${versionOf("ulidx")}`,
  id128: `id128 ${versionOf("id128")}`,
  uuid: `uuid ${versionOf("uuid")}`,
  uniku: `uniku ${versionOf("uniku")}`,
  uuidv7: `uuidv7 ${versionOf("uuidv7")}`,
  ksuid: `ksuid ${versionOf("ksuid")}`,
  typeidJs: `typeid-js ${versionOf("typeid-js")}`,
  bson: `bson ${versionOf("bson")}`,
  xidTs: `xid-ts ${versionOf("xid-ts")}`,
  tsidTs: `tsid-ts ${versionOf("tsid-ts")}`,
  sapphireSnowflake: `@sapphire/snowflake ${versionOf("@sapphire/snowflake")}`,
} as const;

/** A UUID v7 maker of the runtime itself, and what its documentation promises of the order of its IDs. */
export interface RuntimeUuidv7 {
  /** Its row's label: the call, and the order promised. */
  label: string;
  make: () => string;
  /** Strictly increasing from one call to the next (a counter within the millisecond), as documented. */
  ordered: boolean;
  /** The call, and what its documentation promises of order, in words. */
  promise: string;
  /** Into 16 bytes, where the runtime has a binary form. */
  bytes?: () => Uint8Array;
}

interface BunGlobal {
  version: string;
  randomUUIDv7(): string;
  randomUUIDv7(encoding: "buffer"): Uint8Array;
}
const bun = (globalThis as { Bun?: BunGlobal }).Bun;
// node:crypto's randomUUIDv7 (Node 24.16+ and 26; Bun has one too): not on the global Web Crypto object, and not
// in the @types/node this project pins, so looked up by name.
const nodeRandomUuidv7 = (nodeCrypto as { randomUUIDv7?: () => string }).randomUUIDv7;

/**
 * The runtime's own UUID v7 makers, where it has them (feature-detected), in the UUID v7 generate rows. Node's
 * documentation of `crypto.randomUUIDv7()` promises no strict order, and Node makes every bit below the millisecond
 * at random: IDs of one millisecond sort at random, so it stays out of the monotonic rows. Bun documents a counter
 * that increases within the millisecond for `Bun.randomUUIDv7()`, which joins them. Bun's node:crypto
 * `randomUUIDv7()` carries Node's documentation, so it is taken at that word.
 */
export const RUNTIME_UUIDV7: RuntimeUuidv7[] = [
  ...(nodeRandomUuidv7
    ? [{
        label: "crypto.randomUUIDv7(), order not promised",
        make: () => nodeRandomUuidv7(),
        ordered: false,
        promise: "crypto.randomUUIDv7(): ordered by millisecond only, no strict order promised (a clock that is not monotonic; on Node, random bits below the millisecond)",
      }]
    : []),
  ...(bun
    ? [{
        label: "Bun.randomUUIDv7(), ordered by a counter",
        make: () => bun.randomUUIDv7(),
        ordered: true,
        promise: "Bun.randomUUIDv7(): strictly increasing, as documented (a counter within the millisecond)",
        bytes: () => bun.randomUUIDv7("buffer"),
      }]
    : []),
];

/** Of `count` IDs made in a row, how many sort below the one before: what a run shows of a maker's order. */
function outOfOrder(make: () => string, count: number): number {
  let previous = make();
  let below = 0;
  for (let i = 1; i < count; i++) {
    const id = make();
    if (id < previous) below++;
    previous = id;
  }
  return below;
}

/** What the benchmarks say of the runtime's UUID v7 makers: which it has, their order as promised and as measured. */
export function runtimeUuidv7Note(): string {
  if (RUNTIME_UUIDV7.length === 0) return `${RUNTIME}: no UUID v7 maker of its own (crypto.randomUUIDv7, Bun.randomUUIDv7), rows skipped`;
  const count = 10_000;
  return RUNTIME_UUIDV7.map(({ make, promise }) => `${RUNTIME}, ${promise}; here ${outOfOrder(make, count)} of ${count} made in a row sort below the one before`).join("\n");
}

export const { Ulid, UlidMonotonic } = id128;
export { KSUID, typeidJs, ulidPackage, ulidx, unikuKsuid, unikuTypeid, unikuUlid, unikuUuidv7, uuid, uuidv7Package };
export { BsonObjectId, TsidTs, TwitterSnowflake, unikuObjectId, unikuTsid, unikuXid, XidTs };
