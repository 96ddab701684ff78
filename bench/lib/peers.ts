/**
 * The peer libraries the benchmarks compare against, and their installed versions (from each package.json), so
 * every label says exactly what was measured.
 */
import { readFileSync } from "node:fs";
import id128 from "id128";
import KSUID from "ksuid";
import * as ulidPackage from "ulid";
import * as ulidx from "ulidx";
import * as uuid from "uuid";

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
  ksuid: `ksuid ${versionOf("ksuid")}`,
} as const;

export const { Ulid, UlidMonotonic } = id128;
export { KSUID, ulidPackage, ulidx, uuid };
