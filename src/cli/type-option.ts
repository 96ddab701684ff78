/**
 * Every format on the command line: `--type NAME` (a name of the library's registry; default ulid) on every command
 * that makes or reads IDs. Each format is an IdFormat (id-format.ts) over its namespace: by default with no options
 * of its own and `parse` fields read from the namespace; a format with options or fields of its own has an adapter
 * here (Ulid-Flake's `--epoch`, `--sid` (making IDs) and `--scalable` (parse); TypeID's `--prefix`, written by the
 * commands that make IDs, required by those that read them when given; without it they read any prefix; XID's
 * `--machine` and `--pid`, TSID's `--epoch`, `--node` and `--node-bits`, Snowflake's `--epoch` and `--worker`).
 */
import { type FormatKey, UlidError, baseuid, flake, formats, ksuid, snowflake, typeid, uuidv7 } from "../index.js";
import { formatOption, hex } from "../internal.js";
import { type IdFormat, counted, idFormat, type Namespace, ulidFormat, unixMs48 } from "./id-format.js";
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
export const MAKING_OPTIONS = {
  ...TYPE_OPTIONS,
  sid: { type: "string" },
  machine: { type: "string" },
  pid: { type: "string" },
  node: { type: "string" },
  "node-bits": { type: "string" },
  worker: { type: "string" },
} as const satisfies OptionSpec;

/** Help lines of TYPE_OPTIONS (and of MAKING_OPTIONS when `making`), descriptions from column `width`. */
export function typeHelp(width: number, making: boolean): string {
  const rows = [
    ["--type TYPE", `the ID format: ${TYPES.map((name) => (name === "ulid" ? "ulid (default)" : `${name} (${formatOption(name).spec.label})`)).join(", ")}`],
    [
      "--epoch TIME",
      "the epoch IDs count time from: Ulid-Flake's (default 2024-01-01T00:00:00Z), TSID's (default 2020-01-01T00:00:00Z), Snowflake's (twitter, the default, discord, or a TIME); give the one the IDs were made with",
    ],
    [
      "--prefix P",
      making ? "TypeID's type prefix (default none): a-z and _, at most 63" : "TypeID's prefix every ID must carry (default: any)",
    ],
    ...(making
      ? [
          ["--sid N", "Ulid-Flake's node id, 0-31: its scalable layout (one sid per generating process)"],
          ["--machine N", "XID's machine id, 0-16777215 (default: drawn at random per run)"],
          ["--pid N", "XID's process id, 0-65535 (default: drawn at random per run)"],
          ["--node-bits N", "TSID's node field width, 0-20 (default 10); the counter has the other 22 - N bits"],
          ["--node N", "TSID's node id, 0 to 2^node-bits - 1 (default: drawn at random per run)"],
          ["--worker N", "Snowflake's worker id, 0-1023 (default: drawn at random per run); one per generating process"],
        ]
      : []),
  ];
  return helpRows(rows as [string, string][], width);
}

/** Help text's widest line: descriptions wrap at word ends before it. */
const HELP_COLUMNS = 112;

/** Help lines of options and their descriptions, the descriptions from column `width`, wrapped. */
export function helpRows(rows: readonly [string, string][], width: number): string {
  return rows
    .map(([name, text]) => {
      const lines = [""];
      for (const word of text.split(" ")) {
        const line = lines.at(-1)!;
        if (line !== "" && width + line.length + 1 + word.length > HELP_COLUMNS) lines.push(word);
        else lines[lines.length - 1] = line === "" ? word : `${line} ${word}`;
      }
      return `  ${name.padEnd(width - 2)}${lines.join(`\n${" ".repeat(width)}`)}`;
    })
    .join("\n");
}

/** The `--type` names: the library's format registry. */
const TYPES: readonly string[] = Object.keys(formats);

/** The binary record widths of every format, widest first, for help: "20 bytes for KSUID, 16 for ULID, ...". */
export function binaryWidths(): string {
  const byWidth = new Map<number, string[]>();
  for (const name of TYPES as FormatKey[]) {
    const width = formats[name].bytes;
    byWidth.set(width, [...(byWidth.get(width) ?? []), formatOption(name).spec.label]);
  }
  const widths = [...byWidth.keys()].sort((a, b) => b - a);
  const and = (labels: string[]) => (labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`);
  return widths.map((width, i) => `${width}${i === 0 ? " bytes" : ""} for ${and(byWidth.get(width)!)}`).join(", ");
}

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

/** The integer value of option `--name` from 0 to `max`, or undefined when it is not given; a usage error otherwise. */
function optionUpTo(values: ParsedArgs["values"], name: string, max: number): number | undefined {
  const text = values[name];
  if (typeof text !== "string") return undefined;
  const value = parseCount(text, `--${name}`);
  if (value > max) throw new UsageError(`--${name} must be 0-${max}, got ${value}`);
  return value;
}

/** A format whose `parse` fields are the namespace's: canonical text, time (under `reading`), integer and bytes. */
function plainFormat(name: FormatKey, making: object, reading: object | undefined): IdFormat {
  const api = formats[name] as unknown as Namespace & {
    canonicalize(text: string): string;
    decodeTime(text: string, options?: object): number;
    toBigInt(text: string): bigint;
  };
  return idFormat(api, making, reading, (id) => {
    const bytes = api.decode(id);
    const time = api.decodeTime(id, reading);
    return { [name]: api.canonicalize(id), time, iso: isoTime(Math.floor(time)), integer: String(api.toBigInt(id)), bytes: hex(bytes) };
  });
}

/** XID: 2^24 machine ids, 2^16 process ids. */
const MAX_MACHINE = 0xff_ffff;
const MAX_PID = 0xffff;
/** TSID: at most 20 node bits, 10 by default. */
const MAX_NODE_BITS = 20;
const DEFAULT_NODE_BITS = 10;
/** ObjectId: no options; `parse` prints its canonical text, time, integer and bytes. */
const OBJECTID_FORMAT = counted(plainFormat("objectid", {}, undefined));

/** Snowflake: 10 worker bits. */
const MAX_WORKER = 1023;

/** `--epoch` as a TIME, or undefined when it is not given; a TIME it cannot read is a usage error, as any option's. */
function epochOption(values: ParsedArgs["values"]): number | undefined {
  const text = values.epoch;
  if (typeof text !== "string") return undefined;
  try {
    return parseTime(text);
  } catch (error) {
    if (error instanceof UlidError) throw new UsageError(`--epoch: ${error.message}`);
    throw error;
  }
}

/** Snowflake's `--epoch`: twitter or discord by name, or a TIME. */
function snowflakeEpoch(values: ParsedArgs["values"]): "twitter" | "discord" | number | undefined {
  if (values.epoch === "twitter" || values.epoch === "discord") return values.epoch;
  try {
    return epochOption(values);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`--epoch must be twitter, discord or a TIME (Unix ms or ISO-8601), got ${JSON.stringify(values.epoch)}`);
    throw error;
  }
}

/** Snowflake with its epoch: `parse` adds the worker and sequence fields. */
function snowflakeFormat(epoch: "twitter" | "discord" | number | undefined, worker: number | undefined): IdFormat {
  const reading = { epoch };
  return idFormat(snowflake, { epoch, worker }, reading, (id) => {
    const value = snowflake.toBigInt(id);
    const time = snowflake.decodeTime(id, reading);
    const bytes = snowflake.decode(id);
    return {
      snowflake: snowflake.encode(bytes),
      time,
      iso: isoTime(time),
      worker: Number((value >> 12n) & 1023n),
      sequence: Number(value & 4095n),
      bytes: hex(bytes),
    };
  });
}

/** What the command adds to a format: the options it takes (of TYPE_OPTIONS, MAKING_OPTIONS, `--scalable`), and its IdFormat. */
interface Adapter {
  readonly options: readonly string[];
  make(values: ParsedArgs["values"]): IdFormat;
}

/**
 * Every format's options and `parse` fields. Each format is here, not given a default: one whose IDs are a counter
 * and fields drawn once (ObjectId's) must say so (`counted`), or `new` and `from-time` would repeat IDs.
 */
const ADAPTERS: Readonly<Record<FormatKey, Adapter>> = {
  ulid: { options: [], make: () => ulidFormat },
  flake: {
    options: ["epoch", "sid", "scalable"],
    make(values) {
      const epoch = epochOption(values);
      const sid = typeof values.sid === "string" ? parseCount(values.sid, "--sid") : undefined;
      if (sid !== undefined && sid > 31) throw new UsageError(`--sid must be 0-31, got ${sid}`);
      return flakeFormat(epoch, sid, values.scalable === true);
    },
  },
  baseuid: { options: [], make: () => BASEUID_FORMAT },
  uuidv7: { options: [], make: () => UUIDV7_FORMAT },
  ksuid: { options: [], make: () => KSUID_FORMAT },
  typeid: { options: ["prefix"], make: (values) => typeIdFormat(values.prefix as string | undefined) },
  xid: {
    options: ["machine", "pid"],
    make: (values) =>
      counted(plainFormat("xid", { machine: optionUpTo(values, "machine", MAX_MACHINE), pid: optionUpTo(values, "pid", MAX_PID) }, undefined)),
  },
  tsid: {
    options: ["epoch", "node", "node-bits"],
    make(values) {
      const epoch = epochOption(values);
      const nodeBits = optionUpTo(values, "node-bits", MAX_NODE_BITS);
      const node = optionUpTo(values, "node", 2 ** (nodeBits ?? DEFAULT_NODE_BITS) - 1);
      return counted(plainFormat("tsid", { epoch, nodeBits, node }, { epoch }));
    },
  },
  snowflake: {
    options: ["epoch", "worker"],
    make: (values) => counted(snowflakeFormat(snowflakeEpoch(values), optionUpTo(values, "worker", MAX_WORKER))),
  },
  objectid: { options: [], make: () => OBJECTID_FORMAT },
};

/** The format `--type` and its options select; a usage error for an unknown type or options of another type. */
export function formatOf(values: ParsedArgs["values"]): IdFormat {
  const type = values.type ?? "ulid";
  if (typeof type !== "string" || !TYPES.includes(type)) {
    throw new UsageError(`--type must be one of ${TYPES.join(", ")}, got ${JSON.stringify(type)}`);
  }
  const adapter = ADAPTERS[type as FormatKey];
  for (const name of TYPES as FormatKey[]) {
    const foreign = ADAPTERS[name].options.find((option) => values[option] !== undefined && !adapter.options.includes(option));
    if (foreign === undefined) continue;
    // An option several formats take (--epoch) names them all.
    const owners = (TYPES as FormatKey[]).filter((owner) => ADAPTERS[owner].options.includes(foreign));
    const labels = owners.map((owner) => formatOption(owner).spec.label);
    const listed = (names: string[], last: string) => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} ${last} ${names.at(-1)}`);
    throw new UsageError(`--${foreign} is an option of ${listed(labels, "and")}: add --type ${listed(owners, "or")}`);
  }
  return adapter.make(values);
}
