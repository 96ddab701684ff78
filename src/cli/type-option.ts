/**
 * Every format on the command line: `--type NAME` (a name of the library's registry; default ulid) on every command
 * that makes or reads IDs. Each format is an IdFormat (id-format.ts) over its namespace: by default with no options
 * of its own and `parse` fields read from the namespace; a format with options or fields of its own has an adapter
 * here (Ulid-Flake's `--epoch`, `--sid` (making IDs) and `--scalable` (parse); TypeID's `--prefix`, written by the
 * commands that make IDs, required by those that read them when given; without it they read any prefix).
 */
import { type FormatKey, UlidError, baseuid, flake, formats, ksuid, typeid, uuidv7 } from "../index.js";
import { formatOption, hex } from "../internal.js";
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
    ["--type TYPE", `the ID format: ${TYPES.map((name) => (name === "ulid" ? "ulid (default)" : `${name} (${formatOption(name).label})`)).join(", ")}`],
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

/** What the command adds to a format: the options it takes (of TYPE_OPTIONS, MAKING_OPTIONS, `--scalable`), and its IdFormat. */
interface Adapter {
  readonly options: readonly string[];
  make(values: ParsedArgs["values"]): IdFormat;
}

/** The formats with options or `parse` fields of their own; every other one gets `defaultAdapter`. */
const ADAPTERS: Readonly<Partial<Record<FormatKey, Adapter>>> = {
  ulid: { options: [], make: () => ulidFormat },
  flake: {
    options: ["epoch", "sid", "scalable"],
    make(values) {
      const epoch = typeof values.epoch === "string" ? parseTime(values.epoch) : undefined;
      const sid = typeof values.sid === "string" ? parseCount(values.sid, "--sid") : undefined;
      if (sid !== undefined && sid > 31) throw new UsageError(`--sid must be 0-31, got ${sid}`);
      return flakeFormat(epoch, sid, values.scalable === true);
    },
  },
  baseuid: { options: [], make: () => BASEUID_FORMAT },
  uuidv7: { options: [], make: () => UUIDV7_FORMAT },
  ksuid: { options: [], make: () => KSUID_FORMAT },
  typeid: { options: ["prefix"], make: (values) => typeIdFormat(values.prefix as string | undefined) },
};

/** A format with no options of its own: `parse` prints its canonical text, time, integer and bytes. */
function defaultAdapter(name: FormatKey): Adapter {
  const api = formats[name] as unknown as Namespace & {
    canonicalize(text: string): string;
    decodeTime(text: string): number;
    toBigInt(text: string): bigint;
  };
  const format = idFormat(api, {}, undefined, (id) => {
    const bytes = api.decode(id);
    const time = api.decodeTime(id);
    return { [name]: api.canonicalize(id), time, iso: isoTime(Math.floor(time)), integer: String(api.toBigInt(id)), bytes: hex(bytes) };
  });
  return { options: [], make: () => format };
}

const adapterOf = (name: FormatKey): Adapter => ADAPTERS[name] ?? defaultAdapter(name);

/** The format `--type` and its options select; a usage error for an unknown type or options of another type. */
export function formatOf(values: ParsedArgs["values"]): IdFormat {
  const type = values.type ?? "ulid";
  if (typeof type !== "string" || !TYPES.includes(type)) {
    throw new UsageError(`--type must be one of ${TYPES.join(", ")}, got ${JSON.stringify(type)}`);
  }
  const adapter = adapterOf(type as FormatKey);
  for (const name of TYPES as FormatKey[]) {
    const foreign = adapterOf(name).options.find((option) => values[option] !== undefined && !adapter.options.includes(option));
    if (foreign !== undefined) throw new UsageError(`--${foreign} is a ${formatOption(name).label} option: add --type ${name}`);
  }
  return adapter.make(values);
}
