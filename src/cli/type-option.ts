/**
 * The other formats on the command line: `--type ulid|flake|baseuid|uuidv7|ksuid|typeid` (default ulid) on every
 * command that makes or reads IDs, with Ulid-Flake's `--epoch`, `--sid` (making IDs) and `--scalable` (parse), and
 * TypeID's `--prefix` (written by the commands that make IDs, required by those that read them when given; without it
 * they read any prefix). Each format is an IdFormat (id-format.ts) over its namespace.
 */
import { UlidError, baseuid, flake, formats, ksuid, typeid, uuidv7 } from "../index.js";
import { hex } from "../internal.js";
import { type IdFormat, idFormat, type Namespace, ulidFormat, unixMs48 } from "./id-format.js";
import { isoTime } from "../printer/iso-time.js";
import { parseTime } from "./time-arg.js";
import { type OptionSpec, type ParsedArgs, UsageError, parseCount } from "./usage.js";

/** The options of a command that reads IDs of any format. */
export const TYPE_OPTIONS = {
  type: { type: "string", default: "ulid" },
  epoch: { type: "string" },
  prefix: { type: "string" },
} as const satisfies OptionSpec;
/** The options of a command that makes IDs. */
export const MAKING_OPTIONS = { ...TYPE_OPTIONS, sid: { type: "string" } } as const satisfies OptionSpec;

/** Help lines of TYPE_OPTIONS (and of MAKING_OPTIONS when `making`), descriptions from column `width`. */
export function typeHelp(width: number, making: boolean): string {
  const rows = [
    ["--type TYPE", "the ID format: ulid (default), flake (Ulid-Flake), baseuid (BaseUID), uuidv7 (UUID v7), ksuid (KSUID), typeid (TypeID)"],
    ["--epoch TIME", "Ulid-Flake's epoch (default 2024-01-01T00:00:00Z)"],
    [
      "--prefix P",
      making ? "TypeID's type prefix (default none): a-z and _, at most 63" : "TypeID's prefix every ID must carry (default: any)",
    ],
    ...(making ? [["--sid N", "Ulid-Flake's node id, 0-31: its scalable layout (one sid per generating process)"]] : []),
  ];
  return rows.map(([name, text]) => `  ${name!.padEnd(width - 2)}${text}`).join("\n");
}

/** The `--type` names: the library's format registry. */
const TYPES: readonly string[] = Object.keys(formats);

/** Ulid-Flake with its options. */
function flakeFormat(epoch: number | undefined, sid: number | undefined, scalable: boolean): IdFormat {
  const read = { epoch, scalable };
  return idFormat(
    flake,
    { epoch, sid },
    { epoch },
    (id) => {
      const bytes = flake.decode(id);
      const { unixMs, random, sid: node } = flake.fields(id, read);
      const layout: Record<string, number> = scalable ? { random, sid: node! } : { random };
      return { flake: flake.encode(bytes), time: unixMs, iso: isoTime(unixMs), integer: String(flake.toBigInt(id)), ...layout, bytes: hex(bytes) };
    },
  );
}

const BASEUID_FORMAT = idFormat(
  baseuid,
  {},
  undefined,
  (id) => {
    const bytes = baseuid.decode(id);
    const time = baseuid.decodeTime(id);
    return {
      baseuid: id,
      time,
      ns: String(baseuid.decodeTimeNs(id)),
      iso: isoTime(Math.floor(time)),
      random: hex(bytes.subarray(6)),
      bytes: hex(bytes),
      uuid: baseuid.toUUID(id),
    };
  },
);

const UUIDV7_FORMAT = idFormat(uuidv7, {}, undefined, (id) => {
  const bytes = uuidv7.decode(id);
  const time = uuidv7.decodeTime(id);
  return { uuidv7: uuidv7.encode(bytes), time, iso: isoTime(time), random: hex(bytes.subarray(6)), bytes: hex(bytes), ulid: uuidv7.toULID(id) };
}, unixMs48);

/** KSUID: `timestamp` is its own time field (seconds since 1400000000 s), as Segment's `ksuid -f inspect` prints it. */
const KSUID_FORMAT = idFormat(ksuid, {}, undefined, (id) => {
  const bytes = ksuid.decode(id);
  const time = ksuid.decodeTime(id);
  const timestamp = new DataView(bytes.buffer).getUint32(0);
  return { ksuid: id, time, iso: isoTime(time), timestamp, payload: hex(bytes.subarray(4)), bytes: hex(bytes) };
});

const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * The length of TypeIDs with `prefix` (none given: none); a --prefix that is no TypeID prefix is a usage error, not
 * bad data: a script must tell it from an invalid ID (`validate`'s status 1).
 */
function typeIdChars(prefix: string | undefined): number {
  try {
    return typeid.fromUUID(NIL_UUID, prefix).length;
  } catch (error) {
    if (error instanceof UlidError && error.code === "INVALID_PREFIX") throw new UsageError(error.message.replace(/^the `prefix` option/, "--prefix"));
    throw error;
  }
}

/** TypeID with `prefix` bound to every call (none given: IDs made without one, read with any). */
function typeIdFormat(prefix: string | undefined): IdFormat {
  const options = prefix === undefined ? undefined : { prefix };
  const api: Namespace = {
    name: "typeid",
    chars: typeIdChars(prefix),
    bytes: typeid.bytes,
    prefix,
    generateMany: (count, making) => typeid.generateMany(count, making),
    encodeManyText: (bytes, writing) => typeid.encodeManyText(bytes, { ...writing, prefix }),
    decode: (text) => typeid.decode(text, options),
    decodeTimeMany: (texts, reading) => typeid.decodeTimeMany(texts, { ...reading, ...options }),
  };
  // A TypeID's time is its UUID's first 48 bits, as UUID v7's.
  return idFormat(api, {}, undefined, (id) => {
    const { prefix: own, uuid, bytes, time } = typeid.parse(id, options);
    return { typeid: id, prefix: own, uuid, time, iso: isoTime(time), bytes: hex(bytes) };
  }, unixMs48);
}

/** The format `--type` and its options select; a usage error for an unknown type or options of another type. */
export function formatOf(values: ParsedArgs["values"]): IdFormat {
  const type = values.type ?? "ulid";
  if (typeof type !== "string" || !TYPES.includes(type)) {
    throw new UsageError(`--type must be one of ${TYPES.join(", ")}, got ${JSON.stringify(type)}`);
  }
  const flakeOnly = ["epoch", "sid", "scalable"].filter((name) => values[name] !== undefined);
  if (type !== "flake" && flakeOnly.length > 0) throw new UsageError(`--${flakeOnly[0]} is a Ulid-Flake option: add --type flake`);
  if (type !== "typeid" && values.prefix !== undefined) throw new UsageError("--prefix is a TypeID option: add --type typeid");
  if (type === "typeid") return typeIdFormat(values.prefix as string | undefined);
  if (type === "ulid") return ulidFormat;
  if (type === "baseuid") return BASEUID_FORMAT;
  if (type === "uuidv7") return UUIDV7_FORMAT;
  if (type === "ksuid") return KSUID_FORMAT;
  const epoch = typeof values.epoch === "string" ? parseTime(values.epoch) : undefined;
  const sid = typeof values.sid === "string" ? parseCount(values.sid, "--sid") : undefined;
  if (sid !== undefined && sid > 31) throw new UsageError(`--sid must be 0-31, got ${sid}`);
  return flakeFormat(epoch, sid, values.scalable === true);
}
