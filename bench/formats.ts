/**
 * The other formats (Ulid-Flake, BaseUID, UUID v7, KSUID, TypeID, MongoDB ObjectId, XID, TSID, Snowflake): the same
 * single-ID and bulk operations as ULID's, on each engine, with the `uuid` package as the UUID v7 peer, the `ksuid`
 * package and uniku as KSUID's, typeid-js and uniku as TypeID's, and the peers of bench/peer-tables.ts as ObjectId's,
 * XID's, TSID's and Snowflake's (their one-at-a-time calls in the loop a user would write). Inputs are seeded, so runs compare; every
 * contender's output is checked against ours before anything is timed.
 */
import { baseuid, flake, ksuid, objectid, snowflake, tsid, typeid, uuidv7, xid } from "../src/index.js";
import { collect, ours, peer } from "./lib/contenders.js";
import { BULK_COUNT, SINGLE_COUNT, prng } from "./lib/fixtures.js";
import type { Contender, Group } from "./lib/measure.js";
import { type PeerInputs, type Peers, tablePeers } from "./lib/peer-table.js";
import { KSUID, PEER, RUNTIME_UUIDV7, typeidJs, unikuKsuid, unikuTypeid, uuid } from "./lib/peers.js";
import { expectAll, expectSame } from "./lib/verify.js";
import { OBJECTID_PEERS, SNOWFLAKE_PEERS, TSID_PEERS, XID_PEERS } from "./peer-tables.js";

/** 2025-01-01T00:00:00.000Z: inputs count their time from here. */
const EPOCH = 1735689600000;

type Api = typeof flake | typeof baseuid | typeof uuidv7 | typeof ksuid | typeof typeid | typeof objectid | typeof xid | typeof tsid | typeof snowflake;

/** TypeIDs are measured with a prefix, as apps use them (decoders take any prefix; writers are given this one). */
const TYPEID_PREFIX = "user";

interface Format {
  readonly name: string;
  readonly api: Api;
  readonly bytes: number;
  /** Options of the calls that write text (TypeID's prefix); decoders need none. */
  readonly writeOptions: { prefix?: string };
  /** A new ID as text, as a user of the format calls it. */
  generate(): string;
  /** Random bytes made into the format's binary ID at Unix ms `time`. */
  conform(random: Uint8Array, time: number): Uint8Array;
  /**
   * Options of a bulk generateMany that measures the codec, not the clock: Ulid-Flake's 20 random bits and TSID's
   * counter hold a few thousand monotonic IDs a millisecond, so their monotonic batches mostly wait for the next one.
   */
  readonly manyOptions: { monotonic?: boolean };
  /**
   * Whether a monotonic factory called as fast as it goes stays within its time unit's counter (ObjectId's and XID's
   * 2^23 or more IDs a second), so its row measures the factory and not the clock. Ulid-Flake's and TSID's run out
   * within the millisecond; UUID v7, KSUID and TypeID have not been measured here.
   */
  readonly counterKeepsUp?: boolean;
}

/** Writes `value` big-endian into `out[at, at + length)`. */
function put(out: Uint8Array, at: number, length: number, value: number): void {
  for (let i = at + length - 1; i >= at; i--, value = Math.floor(value / 256)) out[i] = value % 256;
}

/** Random bytes after the Unix second of `time` (bytes 0-3, u32): an ObjectId's and an XID's binary form. */
function unixSecondsBytes(random: Uint8Array, time: number): Uint8Array {
  const out = random.slice(0, 12);
  put(out, 0, 4, Math.floor(time / 1000));
  return out;
}

/** A UUID v7 of Unix ms `time` over random bytes (TypeID's binary form too). */
function uuidV7Bytes(random: Uint8Array, time: number): Uint8Array {
  const out = random.slice(0, 16);
  put(out, 0, 6, time);
  out[6] = 0x70 | (out[6]! & 0x0f);
  out[8] = 0x80 | (out[8]! & 0x3f);
  return out;
}

const FORMATS: readonly Format[] = [
  {
    name: "Ulid-Flake",
    api: flake,
    writeOptions: {},
    generate: flake.generate,
    bytes: 8,
    conform(random, time) {
      const out = random.slice(0, 8);
      // bits 62-20: ms since the 2024 epoch; bits 19-0 stay random.
      const field = (time - 1704067200000) * 2 ** 20 + (((out[5]! & 0x0f) << 16) | (out[6]! << 8) | out[7]!);
      put(out, 0, 8, field); // below 2^53 for decades: exact
      return out;
    },
    manyOptions: { monotonic: false },
  },
  {
    name: "BaseUID",
    api: baseuid,
    writeOptions: {},
    generate: baseuid.generate,
    bytes: 15,
    conform(random, time) {
      const out = random.slice(0, 15);
      put(out, 0, 6, Number((BigInt(time) * 1_000_000n) >> 15n));
      return out;
    },
    manyOptions: {},
  },
  {
    name: "UUID v7",
    api: uuidv7,
    writeOptions: {},
    generate: uuidv7.generate,
    bytes: 16,
    conform: uuidV7Bytes,
    manyOptions: {},
  },
  {
    name: "KSUID",
    api: ksuid,
    writeOptions: {},
    generate: ksuid.generate,
    bytes: 20,
    conform(random, time) {
      const out = random.slice(0, 20);
      // bytes 0-3: seconds since 1400000000 s; bytes 4-19 stay random.
      put(out, 0, 4, Math.floor(time / 1000) - 1_400_000_000);
      return out;
    },
    manyOptions: {},
  },
  {
    name: "TypeID",
    api: typeid,
    writeOptions: { prefix: TYPEID_PREFIX },
    generate: () => typeid.generate(undefined, { prefix: TYPEID_PREFIX }),
    bytes: 16,
    conform: uuidV7Bytes,
    manyOptions: {},
  },
  {
    name: "ObjectId",
    api: objectid,
    writeOptions: {},
    generate: objectid.generate,
    bytes: 12,
    conform: unixSecondsBytes,
    manyOptions: {},
    counterKeepsUp: true,
  },
  {
    name: "XID",
    api: xid,
    writeOptions: {},
    generate: xid.generate,
    bytes: 12,
    conform: unixSecondsBytes,
    manyOptions: {},
    counterKeepsUp: true,
  },
  {
    name: "TSID",
    api: tsid,
    writeOptions: {},
    generate: tsid.generate,
    bytes: 8,
    conform(random, time) {
      const out = random.slice(0, 8);
      // bits 63-22: ms since 2020-01-01 (the default epoch); bits 21-0 (node and counter) stay random. Past 2^53.
      const value = (BigInt(time - 1577836800000) << 22n) | BigInt(((out[5]! & 0x3f) << 16) | (out[6]! << 8) | out[7]!);
      new DataView(out.buffer).setBigUint64(0, value);
      return out;
    },
    // A monotonic batch waits for the next millisecond after 2048 to 4096 IDs (its counter's start has the top bit
    // cleared): bound by the clock, not the codec. Both peers' generators run ahead of the clock instead.
    manyOptions: { monotonic: false },
  },
  {
    name: "Snowflake",
    api: snowflake,
    writeOptions: {},
    generate: snowflake.generate,
    bytes: 8,
    conform(random, time) {
      const out = random.slice(0, 8);
      // bits 62-22: ms since Twitter's epoch (2010-11-04T01:42:54.657Z); bits 21-0 (worker and sequence) random but
      // bit 21, clear so that the peer's timestampFrom (a Number division) reads the same millisecond.
      const low = ((out[5]! & 0x1f) << 16) | (out[6]! << 8) | out[7]!;
      new DataView(out.buffer).setBigUint64(0, (BigInt(time - 1288834974657) << 22n) | BigInt(low));
      return out;
    },
    // A monotonic batch waits for the next millisecond after 4096 IDs (its sequence starts at 0): bound by the clock.
    manyOptions: { monotonic: false },
  },
];

/** The most bytes a format's binary ID has (a KSUID's): what `inputs` draws per ID. */
const MAX_BYTES = 20;

/** `count` IDs of the format, `perMs` a millisecond: bytes, strings, ASCII text and Unix ms. */
function inputs(format: Format, count: number, perMs: number) {
  const random = prng(count);
  const bytes = new Uint8Array(format.bytes * count);
  const draw = new Uint8Array(MAX_BYTES);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < MAX_BYTES; j++) draw[j] = random() & 0xff;
    bytes.set(format.conform(draw, EPOCH + Math.floor(i / perMs)), format.bytes * i);
  }
  const texts = format.api.encodeMany(bytes, format.writeOptions);
  return { bytes, texts, text: format.api.encodeManyText(bytes, format.writeOptions), times: format.api.decodeTimeMany(texts) };
}

function group(
  id: string,
  title: string,
  scope: Group["scope"],
  verify: (output: never, contender: Contender) => void,
  contenders: Contender[],
): Group {
  return { id, title, scope, ids: scope === "single" ? SINGLE_COUNT : BULK_COUNT, contenders, verify: verify as Group["verify"] };
}


/** Valid, fresh (made within the last minute) IDs of the format. */
function fresh(api: Api, texts: readonly string[]): void {
  const now = Date.now();
  for (const [i, text] of texts.entries()) {
    const age = now - api.decodeTime(text);
    if (!(age >= -1 && age <= 60_000)) throw new Error(`element ${i} (${text}) has time ${api.decodeTime(text)}, now is ${now}`);
  }
}

function sameBytes(actual: Uint8Array, expected: Uint8Array): void {
  if (!Buffer.from(actual.buffer, actual.byteOffset, actual.length).equals(expected)) expectSame(actual, expected);
}

/** The IDs of `width` bytes packed in `bytes`, each as one unsigned integer (what toBigInt gives). */
function integers(bytes: Uint8Array, width: number): bigint[] {
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("hex");
  return Array.from({ length: bytes.length / width }, (_, i) => BigInt(`0x${hex.slice(2 * width * i, 2 * width * (i + 1))}`));
}

/** The groups of one format. */
function formatGroups(format: Format, peers: Peers): Group[] {
  const { api, name, writeOptions } = format;
  const key = `formats.${name.toLowerCase().replaceAll(/[^a-z0-9]/g, "")}`;
  const one = inputs(format, SINGLE_COUNT, 1 / 7919);
  const many = inputs(format, BULK_COUNT, 1000);
  const out = new Uint8Array(format.bytes * BULK_COUNT);
  const textOut = new Uint8Array(many.text.length);
  const others = (operation: string) => peers(operation, one, many);
  return [
    group(`${key}.generate`, `${name} generate(): a new ID as text`, "single", (o: string[]) => fresh(api, o), [
      ...ours(() => collect(format.generate, SINGLE_COUNT, { step: "generate" })),
      ...others("generate"),
    ]),
    ...(format.counterKeepsUp
      ? [group(`${key}.monotonic`, `${name} monotonic factory: the next ID as text`, "single", (o: string[]) => fresh(api, o), [
          ...ours(() => collect(api.monotonicFactory(format.writeOptions), SINGLE_COUNT, { step: "generate" })),
          ...others("monotonic"),
        ])]
      : []),
    group(`${key}.decode`, `${name} decode: text to bytes`, "single", (o: Uint8Array[]) => sameBytes(Buffer.concat(o), one.bytes), [
      ...ours(() => collect(api.decode, SINGLE_COUNT, { step: "apply", input: one.texts })),
      ...others("decode"),
    ]),
    group(`${key}.decodeTime`, `${name} decodeTime: Unix ms of an ID`, "single", (o: number[]) => expectSame(o, one.times), [
      ...ours(() => collect(api.decodeTime, SINGLE_COUNT, { step: "apply", input: one.texts })),
      ...others("decodeTime"),
    ]),
    group(`${key}.toBigInt`, `${name} toBigInt: an ID as one integer`, "single", (o: bigint[]) => expectSame(o, integers(one.bytes, format.bytes)), [
      ...ours(() => collect(api.toBigInt, SINGLE_COUNT, { step: "apply", input: one.texts })),
      ...others("toBigInt"),
    ]),
    group(`${key}.isValid`, `${name} isValid`, "single", (o: boolean[]) => expectAll(o, true, SINGLE_COUNT), [
      ...ours(() => collect(api.isValid, SINGLE_COUNT, { step: "apply", input: one.texts })),
      ...others("isValid"),
    ]),
    group(`${key}.generateMany`, `${name} generateMany: 1M IDs as binary`, "bulk", (o: Uint8Array) => fresh(api, api.encodeMany(o)), [
      ...ours(() => () => api.generateMany(BULK_COUNT, format.manyOptions)),
      ...ours(() => () => api.generateMany(BULK_COUNT, { ...format.manyOptions, out }), "into buffer"),
      ...others("generateMany"),
    ]),
    group(`${key}.encodeManyText`, `${name} encodeManyText: binary to ASCII text`, "bulk", (o: Uint8Array) => sameBytes(o, many.text), [
      ...ours(() => () => api.encodeManyText(many.bytes, writeOptions)),
      ...ours(() => () => api.encodeManyText(many.bytes, { ...writeOptions, out: textOut }), "into buffer"),
    ]),
    group(`${key}.encodeMany`, `${name} encodeMany: binary to strings`, "bulk", (o: string[]) => expectSame(o, many.texts), [
      ...ours(() => () => api.encodeMany(many.bytes, writeOptions)),
      ...others("encodeMany"),
    ]),
    group(`${key}.decodeManyText`, `${name} decodeMany: ASCII text to binary`, "bulk", (o: Uint8Array) => sameBytes(o, many.bytes), [
      ...ours(() => () => api.decodeMany(many.text)),
    ]),
    group(`${key}.decodeManyStrings`, `${name} decodeMany: strings to binary`, "bulk", (o: Uint8Array) => sameBytes(o, many.bytes), [
      ...ours(() => () => api.decodeMany(many.texts)),
      ...others("decodeMany"),
    ]),
    group(`${key}.decodeTimeManyText`, `${name} decodeTimeMany: ASCII text to Unix ms`, "bulk", (o: Float64Array) => expectSame(o, many.times), [
      ...ours(() => () => api.decodeTimeMany(many.text)),
    ]),
    group(`${key}.decodeTimeManyStrings`, `${name} decodeTimeMany: strings to Unix ms`, "bulk", (o: Float64Array) => expectSame(o, many.times), [
      ...ours(() => () => api.decodeTimeMany(many.texts)),
      ...others("decodeTimeMany"),
    ]),
    group(`${key}.validateManyStrings`, `${name} validateMany: strings to 1/0 flags`, "bulk", (o: Uint8Array) => expectAll(o, 1, BULK_COUNT), [
      ...ours(() => () => api.validateMany(many.texts)),
      ...others("validateMany"),
    ]),
  ];
}

/** A peer's single decoder in a loop over the bulk inputs, into one buffer of `width` bytes per ID. */
function decodeLoop(texts: readonly string[], width: number, decode: (text: string) => Uint8Array): () => Uint8Array {
  const out = new Uint8Array(width * BULK_COUNT);
  return () => {
    for (let i = 0; i < BULK_COUNT; i++) out.set(decode(texts[i]!), width * i);
    return out;
  };
}

/** A peer's single validator in a loop over the bulk inputs. */
function validateLoop(texts: readonly string[], isValid: (text: string) => boolean): () => Uint8Array {
  return () => {
    const flags = new Uint8Array(BULK_COUNT);
    for (let i = 0; i < BULK_COUNT; i++) flags[i] = isValid(texts[i]!) ? 1 : 0;
    return flags;
  };
}

/** The binary ID `i` of the bulk inputs, as a view. */
const idOf = (many: PeerInputs, width: number, i: number): Uint8Array => many.bytes.subarray(width * i, width * (i + 1));

/** The `uuid` package as the UUID v7 peer (its `validate` accepts every version: it is shown for what it is). */
const uuidPeers: Peers = (operation, one, many) => {
  const out = new Uint8Array(16 * BULK_COUNT);
  switch (operation) {
    case "generate":
      return [
        peer(`${PEER.uuid} v7`, collect(() => uuid.v7(), SINGLE_COUNT)),
        ...RUNTIME_UUIDV7.map((maker) => peer(maker.label, collect(maker.make, SINGLE_COUNT, { step: "generate" }))),
      ];
    case "decode":
      return [peer(`${PEER.uuid} parse`, collect((i: number) => uuid.parse(one.texts[i]!), SINGLE_COUNT))];
    case "isValid":
      return [peer(`${PEER.uuid} validate`, collect((i: number) => uuid.validate(one.texts[i]!), SINGLE_COUNT))];
    case "generateMany":
      return [
        peer(`${PEER.uuid} v7`, () => {
          for (let i = 0; i < BULK_COUNT; i++) uuid.v7(undefined, out, 16 * i);
          return out;
        }, "into buffer"),
        ...RUNTIME_UUIDV7.flatMap(({ label, bytes }) =>
          bytes ? [peer(label, () => {
            for (let i = 0; i < BULK_COUNT; i++) out.set(bytes(), 16 * i);
            return out;
          }, "into buffer")] : [],
        ),
      ];
    case "encodeMany":
      return [peer(`${PEER.uuid} stringify`, collect((i: number) => uuid.stringify(many.bytes, 16 * i), BULK_COUNT))];
    case "decodeMany":
      return [peer(`${PEER.uuid} parse`, decodeLoop(many.texts, 16, uuid.parse), "into buffer")];
    case "validateMany":
      return [peer(`${PEER.uuid} validate`, validateLoop(many.texts, uuid.validate))];
    default:
      return [];
  }
};

/**
 * The KSUID peers: the `ksuid` package and uniku's KSUID. Neither has bulk calls, so those are their single calls in
 * a loop.
 */
const ksuidPeers: Peers = (operation, one, many) => {
  const idAt = (i: number) => Buffer.from(many.bytes.buffer, many.bytes.byteOffset + 20 * i, 20);
  switch (operation) {
    case "generate":
      return [
        peer(`${PEER.ksuid} randomSync`, collect(() => KSUID.randomSync().string, SINGLE_COUNT)),
        peer(`${PEER.uniku} ksuid`, collect(() => unikuKsuid(), SINGLE_COUNT)),
      ];
    case "decode":
      return [
        peer(`${PEER.ksuid} parse`, collect((i: number) => KSUID.parse(one.texts[i]!).raw, SINGLE_COUNT)),
        peer(`${PEER.uniku} ksuid.toBytes`, collect((i: number) => unikuKsuid.toBytes(one.texts[i]!), SINGLE_COUNT)),
      ];
    case "isValid":
      return [peer(`${PEER.uniku} ksuid.isValid`, collect((i: number) => unikuKsuid.isValid(one.texts[i]!), SINGLE_COUNT))];
    case "generateMany": {
      const out = new Uint8Array(20 * BULK_COUNT);
      return [peer(`${PEER.ksuid} randomSync`, () => {
        for (let i = 0; i < BULK_COUNT; i++) out.set(KSUID.randomSync().raw, 20 * i);
        return out;
      }, "into buffer")];
    }
    case "encodeMany":
      return [
        peer(`${PEER.ksuid} new KSUID(raw).string`, collect((i: number) => new KSUID(idAt(i)).string, BULK_COUNT)),
        peer(`${PEER.uniku} ksuid.fromBytes`, collect((i: number) => unikuKsuid.fromBytes(idOf(many, 20, i)), BULK_COUNT)),
      ];
    case "decodeMany":
      return [
        peer(`${PEER.ksuid} parse`, decodeLoop(many.texts, 20, (text) => KSUID.parse(text).raw), "into buffer"),
        peer(`${PEER.uniku} ksuid.toBytes`, decodeLoop(many.texts, 20, unikuKsuid.toBytes), "into buffer"),
      ];
    case "validateMany":
      return [peer(`${PEER.uniku} ksuid.isValid`, validateLoop(many.texts, unikuKsuid.isValid))];
    default:
      return [];
  }
};

/**
 * The TypeID peers: typeid-js (its string API: `typeidUnboxed`, `fromString`, `toUUIDBytes`, `fromUUIDBytes`, which
 * validate as ours do) and uniku's TypeID. Neither has bulk calls; typeid-js has no validity check but its parser.
 */
const typeidPeers: Peers = (operation, one, many) => {
  const typeidJsBytes = (text: string) => typeidJs.toUUIDBytes(typeidJs.fromString(text));
  switch (operation) {
    case "generate":
      return [
        peer(`${PEER.typeidJs} typeidUnboxed`, collect(() => typeidJs.typeidUnboxed(TYPEID_PREFIX), SINGLE_COUNT)),
        peer(`${PEER.uniku} typeid`, collect(() => unikuTypeid(TYPEID_PREFIX), SINGLE_COUNT)),
      ];
    case "decode":
      return [
        peer(`${PEER.typeidJs} toUUIDBytes(fromString)`, collect((i: number) => typeidJsBytes(one.texts[i]!), SINGLE_COUNT)),
        peer(`${PEER.uniku} typeid.toBytes`, collect((i: number) => unikuTypeid.toBytes(one.texts[i]!), SINGLE_COUNT)),
      ];
    case "isValid":
      return [peer(`${PEER.uniku} typeid.isValid`, collect((i: number) => unikuTypeid.isValid(one.texts[i]!), SINGLE_COUNT))];
    case "generateMany": {
      const out = new Uint8Array(16 * BULK_COUNT);
      return [peer(`${PEER.typeidJs} typeid().toUUIDBytes`, () => {
        for (let i = 0; i < BULK_COUNT; i++) out.set(typeidJs.typeid(TYPEID_PREFIX).toUUIDBytes(), 16 * i);
        return out;
      }, "into buffer")];
    }
    case "encodeMany":
      return [
        peer(`${PEER.typeidJs} fromUUIDBytes`, collect((i: number) => typeidJs.fromUUIDBytes(TYPEID_PREFIX, idOf(many, 16, i)), BULK_COUNT)),
        peer(`${PEER.uniku} typeid.fromBytes`, collect((i: number) => unikuTypeid.fromBytes(TYPEID_PREFIX, idOf(many, 16, i)), BULK_COUNT)),
      ];
    case "decodeMany":
      return [
        peer(`${PEER.typeidJs} toUUIDBytes(fromString)`, decodeLoop(many.texts, 16, typeidJsBytes), "into buffer"),
        peer(`${PEER.uniku} typeid.toBytes`, decodeLoop(many.texts, 16, unikuTypeid.toBytes), "into buffer"),
      ];
    case "validateMany":
      return [peer(`${PEER.uniku} typeid.isValid`, validateLoop(many.texts, unikuTypeid.isValid))];
    default:
      return [];
  }
};

/** Each format's peers (one function per format); a format not here has none. */
const PEERS = new Map<Api, Peers>([
  [uuidv7, uuidPeers],
  [ksuid, ksuidPeers],
  [typeid, typeidPeers],
  [objectid, tablePeers(12, OBJECTID_PEERS)],
  [xid, tablePeers(12, XID_PEERS)],
  [tsid, tablePeers(8, TSID_PEERS)],
  [snowflake, tablePeers(8, SNOWFLAKE_PEERS)],
]);

/** Every group of the other formats, or of those `only` picks (by the format's name). */
export function otherFormatGroups(only: (name: string) => boolean = () => true): Group[] {
  return FORMATS.filter((format) => only(format.name)).flatMap((format) => formatGroups(format, PEERS.get(format.api) ?? (() => [])));
}
