/**
 * Every format by name: the public `formats` registry of namespaces, and the machinery's view of each (for the calls
 * that take a `format` option: line decoding, scanning).
 */
import { baseuid, format as baseUidFormat } from "./baseuid.js";
import type { Format } from "./codec.js";
import { flake, format as flakeFormat } from "./flake.js";
import { ksuid, format as ksuidFormat } from "./ksuid.js";
import { typeid, format as typeIdFormat, formatWithPrefix } from "./typeid.js";
import { ULID_FORMAT } from "./ulid-format.js";
import { ulidNamespace } from "./ulid-namespace.js";
import { uuidv7, format as uuidV7Format } from "./uuidv7.js";
import { prefixWithoutTypeId, unknownFormat } from "../core/messages.js";

/** Every format's namespace, one core shape: `formats.flake === flake`, and `formats.ulid` holds ULID's calls. */
export const formats = Object.freeze({ ulid: ulidNamespace, flake, baseuid, uuidv7, ksuid, typeid });

export type FormatKey = keyof typeof formats;

const MACHINERY: Readonly<Record<FormatKey, Format>> = {
  ulid: ULID_FORMAT,
  flake: flakeFormat,
  baseuid: baseUidFormat,
  uuidv7: uuidV7Format,
  ksuid: ksuidFormat,
  typeid: typeIdFormat,
};

/**
 * The machinery's view of the format named by a `format` option (default ULID); INVALID_ARGUMENT for another name.
 * A `prefix` option is TypeID's: its texts with that prefix (INVALID_PREFIX for a bad one, INVALID_ARGUMENT for another
 * format).
 */
export function formatOption(name: unknown, prefix?: unknown): Format {
  if (prefix !== undefined) {
    if (name !== "typeid") throw prefixWithoutTypeId(name);
    return formatWithPrefix(prefix);
  }
  if (name === undefined) return ULID_FORMAT;
  if (typeof name === "string" && Object.hasOwn(MACHINERY, name)) return MACHINERY[name as FormatKey];
  throw unknownFormat(Object.keys(MACHINERY), name);
}
