/**
 * The peer libraries the benchmarks compare against, and their installed versions (from each package.json), so
 * every label says exactly what was measured.
 */
import { readFileSync } from "node:fs";
import id128 from "id128";
import KSUID from "ksuid";
import * as typeidJs from "typeid-js";
import * as ulidPackage from "ulid";
import * as ulidx from "ulidx";
import { ksuid as unikuKsuid } from "uniku/ksuid";
import { typeid as unikuTypeid } from "uniku/typeid";
import { ulid as unikuUlid } from "uniku/ulid";
import { uuidv7 as unikuUuidv7 } from "uniku/uuid/v7";
import * as uuid from "uuid";
import * as uuidv7Package from "uuidv7";

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
} as const;

/**
 * The runtime's own UUIDv7 maker, `crypto.randomUUIDv7()`, where it has one (Bun does; Node 20 does not): its rows
 * are left out where it is missing, and `RUNTIME_UUIDV7_NOTE` says so.
 */
export const runtimeUuidv7 = (globalThis.crypto as { randomUUIDv7?: () => string }).randomUUIDv7?.bind(globalThis.crypto);
export const RUNTIME_UUIDV7 = "crypto.randomUUIDv7";
export const RUNTIME_UUIDV7_NOTE = runtimeUuidv7
  ? undefined
  : `${RUNTIME_UUIDV7}: not in this runtime (${typeof process === "object" ? `Node ${process.version}` : "unknown"}), rows skipped`;

export const { Ulid, UlidMonotonic } = id128;
export { KSUID, typeidJs, ulidPackage, ulidx, unikuKsuid, unikuTypeid, unikuUlid, unikuUuidv7, uuid, uuidv7Package };
