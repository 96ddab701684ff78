/**
 * Every format by name: the public `formats` registry of namespaces (a line per format, in the order of its spec in
 * src/engine/specs.ts, FORMAT_SPECS, which scanning names formats by), and the machinery's view of each, from its
 * definition (for the calls that take a `format` option and decode lines).
 */
import { baseuid } from "./baseuid.js";
import type { Format } from "./codec.js";
import { definitionOf, type FormatDefinition } from "./definition.js";
import { flake } from "./flake.js";
import { ksuid } from "./ksuid.js";
import { objectid } from "./objectid.js";
import { snowflake } from "./snowflake.js";
import { tsid } from "./tsid.js";
import { typeid } from "./typeid.js";
import { ulidNamespace } from "./ulid-namespace.js";
import { uuidv7 } from "./uuidv7.js";
import { xid } from "./xid.js";
import { prefixWithoutTypeId, unknownFormat } from "../core/messages.js";

/** Every format's namespace, one core shape: `formats.flake === flake`, and `formats.ulid` holds ULID's calls. */
export const formats = Object.freeze({ ulid: ulidNamespace, flake, baseuid, uuidv7, ksuid, typeid, objectid, xid, tsid, snowflake });

export type FormatKey = keyof typeof formats;

/** The definition of a format's name, or undefined for another value. */
function definitionNamed(name: unknown): FormatDefinition | undefined {
  return typeof name === "string" && Object.hasOwn(formats, name) ? definitionOf(formats[name as FormatKey]) : undefined;
}

/**
 * The machinery's view of the format named by a `format` option (default ULID); INVALID_ARGUMENT for another name.
 * A `prefix` option belongs to a format whose texts carry one (TypeID): its texts with that prefix (INVALID_PREFIX for
 * a bad one, INVALID_ARGUMENT for another format).
 */
export function formatOption(name: unknown, prefix?: unknown): Format {
  const definition = name === undefined ? definitionOf(formats.ulid) : definitionNamed(name);
  if (prefix !== undefined) {
    if (definition?.withPrefix === undefined) throw prefixWithoutTypeId(name);
    return definition.withPrefix(prefix);
  }
  if (definition === undefined) throw unknownFormat(Object.keys(formats), name);
  return definition.format;
}
