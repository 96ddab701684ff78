/**
 * The npm peers of MongoDB ObjectId, XID and TSID, one entry per operation each (bench/lib/peer-table.ts): `bson`'s
 * ObjectId, `xid-ts`, `tsid-ts` and uniku's ObjectID, XID and TSID. None has batch calls, so the bulk rows run these
 * calls in a loop. Where a peer has no call for an operation (xid-ts and tsid-ts have no validity check but their
 * parsers; uniku's `tsid.isValid` checks a bigint, not text) it has no row.
 *
 * Differences the inputs steer clear of (bench/formats.ts gives every peer canonical text, so all agree on them):
 * tsid-ts mis-decodes the aliases I, L and O (each read as -1: `fromString("0123456789ABi")` is `0123456789AAZ`), and
 * bson's `ObjectId.isValid` also takes any 12-character string (as 12 bytes).
 */
import type { PeerCalls } from "./lib/peer-table.js";
import { BsonObjectId, PEER, TsidTs, TwitterSnowflake, XidTs, unikuObjectId, unikuTsid, unikuXid } from "./lib/peers.js";

/** The ID of `width` bytes at `at` in packed bytes, as a view. */
const idAt = (bytes: Uint8Array, at: number, width: number): Uint8Array => bytes.subarray(at, at + width);

export const OBJECTID_PEERS: readonly PeerCalls[] = [
  {
    peer: PEER.bson,
    generate: { call: "new ObjectId().toHexString()", run: () => new BsonObjectId().toHexString() },
    generateInto: { call: "ObjectId.generate()", run: (out, at) => out.set(BsonObjectId.generate(), at) },
    decode: { call: "createFromHexString().id", run: (text) => BsonObjectId.createFromHexString(text).id },
    decodeTime: { call: "createFromHexString().getTimestamp()", run: (text) => BsonObjectId.createFromHexString(text).getTimestamp().getTime() },
    isValid: { call: "ObjectId.isValid", run: (text) => BsonObjectId.isValid(text) },
    encode: { call: "new ObjectId(bytes).toHexString()", run: (bytes, at) => new BsonObjectId(idAt(bytes, at, 12)).toHexString() },
  },
  {
    peer: PEER.uniku,
    generate: { call: "objectid()", run: () => unikuObjectId() },
    generateInto: { call: "objectid(undefined, buf, offset)", run: (out, at) => void unikuObjectId(undefined, out, at) },
    decode: { call: "objectid.toBytes", run: (text) => unikuObjectId.toBytes(text) },
    decodeTime: { call: "objectid.timestamp", run: (text) => unikuObjectId.timestamp(text) },
    isValid: { call: "objectid.isValid", run: (text) => unikuObjectId.isValid(text) },
    encode: { call: "objectid.fromBytes", run: (bytes, at) => unikuObjectId.fromBytes(idAt(bytes, at, 12)) },
  },
];

export const XID_PEERS: readonly PeerCalls[] = [
  {
    peer: PEER.xidTs,
    generate: { call: "new Xid().toString()", run: () => new XidTs().toString() },
    // An Xid is a Uint8Array of its 12 bytes.
    generateInto: { call: "new Xid()", run: (out, at) => out.set(new XidTs(), at) },
    decode: { call: "Xid.parse", run: (text) => XidTs.parse(text) },
    // Unix seconds: x 1000 for the Unix ms the others give.
    decodeTime: { call: "Xid.parse().timestamp() * 1000", run: (text) => XidTs.parse(text).timestamp() * 1000 },
    encode: { call: "new Xid(bytes).toString()", run: (bytes, at) => new XidTs(idAt(bytes, at, 12)).toString() },
  },
  {
    peer: PEER.uniku,
    generate: { call: "xid()", run: () => unikuXid() },
    generateInto: { call: "xid(undefined, buf, offset)", run: (out, at) => void unikuXid(undefined, out, at) },
    decode: { call: "xid.toBytes", run: (text) => unikuXid.toBytes(text) },
    decodeTime: { call: "xid.timestamp", run: (text) => unikuXid.timestamp(text) },
    isValid: { call: "xid.isValid", run: (text) => unikuXid.isValid(text) },
    encode: { call: "xid.fromBytes", run: (bytes, at) => unikuXid.fromBytes(idAt(bytes, at, 12)) },
  },
];

/** Both peers hold a TSID as an integer (tsid-ts in a TSID object, uniku as a bigint): text goes through it. */
export const TSID_PEERS: readonly PeerCalls[] = [
  {
    peer: PEER.tsidTs,
    generate: { call: "TSID.create().toString()", run: () => TsidTs.create().toString() },
    generateInto: { call: "TSID.create().toBytes()", run: (out, at) => out.set(TsidTs.create().toBytes(), at) },
    decode: { call: "TSID.fromString().toBytes()", run: (text) => TsidTs.fromString(text).toBytes() },
    decodeTime: { call: "TSID.fromString().timestamp", run: (text) => TsidTs.fromString(text).timestamp },
    toBigInt: { call: "TSID.fromString().number", run: (text) => TsidTs.fromString(text).number },
    encode: { call: "TSID.fromBytes(bytes).toString()", run: (bytes, at) => TsidTs.fromBytes(idAt(bytes, at, 8)).toString() },
  },
  {
    peer: PEER.uniku,
    generate: { call: "tsid.toString(tsid())", run: () => unikuTsid.toString(unikuTsid()) },
    generateInto: { call: "tsid(undefined, buf, offset)", run: (out, at) => void unikuTsid(undefined, out, at) },
    decode: { call: "tsid.toBytes(tsid.fromString())", run: (text) => unikuTsid.toBytes(unikuTsid.fromString(text)) },
    decodeTime: { call: "tsid.timestamp(tsid.fromString())", run: (text) => unikuTsid.timestamp(unikuTsid.fromString(text)) },
    toBigInt: { call: "tsid.fromString", run: (text) => unikuTsid.fromString(text) },
    encode: { call: "tsid.toString(tsid.fromBytes())", run: (bytes, at) => unikuTsid.toString(unikuTsid.fromBytes(idAt(bytes, at, 8))) },
  },
];

/**
 * Snowflake's peer. Its `timestampFrom` is `Number(id) / 2^22` floored: past 2^53 the Number rounds, a millisecond
 * late where the low 22 bits are within half a rounding step of all ones (bench/formats.ts draws them with bit 21
 * clear, where it always agrees).
 */
export const SNOWFLAKE_PEERS: readonly PeerCalls[] = [
  {
    peer: PEER.sapphireSnowflake,
    generate: { call: "TwitterSnowflake.generate().toString()", run: () => TwitterSnowflake.generate().toString() },
    generateInto: {
      call: "TwitterSnowflake.generate()",
      run: (out, at) => new DataView(out.buffer, out.byteOffset).setBigUint64(at, TwitterSnowflake.generate()),
    },
    decodeTime: { call: "TwitterSnowflake.timestampFrom", run: (text) => TwitterSnowflake.timestampFrom(text) },
    toBigInt: { call: "TwitterSnowflake.deconstruct().id", run: (text) => TwitterSnowflake.deconstruct(text).id },
  },
];
