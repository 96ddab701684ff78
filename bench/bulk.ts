/**
 * Bulk benchmarks: one call over BULK_COUNT IDs per timed run. Ours is one library call; a peer without a batch API
 * is the loop a user would write around its single-ID function, filling an array of the same kind as ours. (uuid's
 * v7 generation, about 3 us an ID here, is in the single-ID groups only: 1M of them would add a minute.)
 */
import {
  decodeMany,
  decodeTime,
  decodeTimeMany,
  encodeMany,
  encodeManyText,
  generateMany,
  isValid,
  validateMany,
} from "../src/index.js";
import { OURS, loop, ours, peer, reference } from "./lib/contenders.js";
import { BULK_COUNT, type Inputs, bulk } from "./lib/fixtures.js";
import type { Contender, Group } from "./lib/measure.js";
import { PEER, Ulid, UlidMonotonic, ulidPackage, ulidx, unikuUlid, uuid } from "./lib/peers.js";
import { expectAll, expectFresh, expectSame, expectSameBytes } from "./lib/verify.js";
import { READ_FLOOR, readFloor } from "./single.js";

const N = BULK_COUNT;

/** The loop a user would write around our own single-ID call: a batch call must never be slower (bench:check). */
export const SINGLE_LOOP = {
  decodeTime: `${OURS} decodeTime() loop`,
  isValid: `${OURS} isValid() loop`,
  /** The decodeTime() loop again, compiled apart: the same code measured twice shows how far noise moves a ratio. */
  decodeTimeCopy: `${OURS} decodeTime() loop, a second copy`,
} as const;

function group(
  id: string,
  title: string,
  verify: (output: never, contender: Contender) => void,
  contenders: Contender[],
): Group {
  return { id: `bulk.${id}`, title, scope: "bulk", ids: N, contenders, verify: verify as Group["verify"] };
}

/** A peer's loop: `one(i)` for every ID into a new string array. */
function strings(one: (i: number) => string): () => string[] {
  return loop(one, N, () => new Array<string>(N));
}

/** A peer's loop: `one(i)` for every ID into a new Float64Array. */
function numbers(one: (i: number) => number): () => Float64Array {
  return loop(one, N, () => new Float64Array(N));
}

/** A peer's loop: `one(i)` for every ID into a new Uint8Array (true stores 1). */
function flags(one: (i: number) => boolean): () => Uint8Array {
  return loop(one, N, () => new Uint8Array(N));
}

/** A peer's loop: `write(out, i)` writes ID i's 16 bytes into one shared buffer. */
function into(out: Uint8Array, write: (out: Uint8Array, i: number) => void): () => Uint8Array {
  return loop(write, N, () => out, { step: "write" });
}

export function bulkGroups(): Group[] {
  const inputs: Inputs = bulk();
  const { bytes, ids, text, uuids, times } = inputs;
  const out = new Uint8Array(16 * N);
  const textOut = new Uint8Array(27 * N);
  const fresh = (output: Uint8Array) => expectFresh(encodeMany(output), true);
  const nextUlid = ulidPackage.monotonicFactory();
  const nextUlidx = ulidx.monotonicFactory();
  return [
    group("generateMany", "generateMany: 1M monotonic IDs as 16-byte binary", fresh, [
      ...ours(() => () => generateMany(N)),
      ...ours(() => () => generateMany(N, { out }), "into buffer"),
      peer(PEER.id128, into(out, (o, i) => o.set(UlidMonotonic.generate().bytes, 16 * i)), "into buffer"),
    ]),
    group("generateStrings", "encodeMany(generateMany(n)): 1M monotonic IDs as strings", (o: string[]) => expectFresh(o, true), [
      ...ours(() => () => encodeMany(generateMany(N))),
      peer(PEER.ulid, strings(() => nextUlid())),
      peer(PEER.ulidx, strings(() => nextUlidx())),
      peer(PEER.id128, strings(() => UlidMonotonic.generate().toCanonical())),
    ]),
    group("encodeMany", "encodeMany: 16-byte binary to strings", (o: string[], c) => expectSame(o, c.role === "reference" ? uuids : ids), [
      ...ours(() => () => encodeMany(bytes)),
      peer(PEER.id128, strings((i) => Ulid.construct(bytes.subarray(16 * i, 16 * i + 16)).toCanonical())),
      reference(`${PEER.uuid} stringify`, strings((i) => uuid.stringify(bytes, 16 * i))),
    ]),
    group("encodeManyText", "encodeManyText: 16-byte binary to ASCII text", (o: Uint8Array) => expectSameBytes(o, text), [
      ...ours(() => () => encodeManyText(bytes)),
      ...ours(() => () => encodeManyText(bytes, { out: textOut }), "into buffer"),
    ]),
    group("decodeManyText", "decodeMany: ASCII text to 16-byte binary", (o: Uint8Array) => expectSameBytes(o, bytes), [
      ...ours(() => () => decodeMany(text)),
    ]),
    group("decodeManyStrings", "decodeMany: strings to 16-byte binary", (o: Uint8Array) => expectSameBytes(o, bytes), [
      ...ours(() => () => decodeMany(ids)),
      peer(PEER.id128, into(out, (o, i) => o.set(Ulid.fromCanonical(ids[i]!).bytes, 16 * i)), "into buffer"),
      peer(PEER.uniku, into(out, (o, i) => o.set(unikuUlid.toBytes(ids[i]!), 16 * i)), "into buffer"),
      reference(`${PEER.uuid} parse`, into(out, (o, i) => o.set(uuid.parse(uuids[i]!), 16 * i)), "into buffer"),
    ]),
    group("decodeTimeManyStrings", "decodeTimeMany: strings to Unix ms", (o: Float64Array) => expectSame(o, times), [
      ...ours(() => () => decodeTimeMany(ids)),
      reference(SINGLE_LOOP.decodeTime, numbers((i) => decodeTime(ids[i]!))),
      reference(SINGLE_LOOP.decodeTimeCopy, numbers((i) => decodeTime(ids[i]!))),
      peer(PEER.ulid, numbers((i) => ulidPackage.decodeTime(ids[i]!))),
      peer(PEER.ulidx, numbers((i) => ulidx.decodeTime(ids[i]!))),
      peer(PEER.id128, numbers((i) => Ulid.fromCanonical(ids[i]!).time.getTime())),
      // Not strict (the 10 time characters and the length only): for scale, not a peer of a strict decodeTime.
      reference(`${PEER.uniku} timestamp, time characters only`, numbers((i) => unikuUlid.timestamp(ids[i]!))),
      // The least a strict reader of each string does, in the same loop as the peers' (bench:check's floor).
      reference(READ_FLOOR, numbers((i) => readFloor(ids[i]!))),
    ]),
    group("decodeTimeManyText", "decodeTimeMany: ASCII text to Unix ms", (o: Float64Array) => expectSame(o, times), [
      ...ours(() => () => decodeTimeMany(text)),
    ]),
    group("validateManyStrings", "validateMany: strings to 1/0 flags", (o: Uint8Array) => expectAll(o, 1, N), [
      ...ours(() => () => validateMany(ids)),
      reference(SINGLE_LOOP.isValid, flags((i) => isValid(ids[i]!))),
      peer(PEER.ulid, flags((i) => ulidPackage.isValid(ids[i]!))),
      peer(PEER.ulidx, flags((i) => ulidx.isValid(ids[i]!))),
      peer(PEER.id128, flags((i) => Ulid.isCanonical(ids[i]!))),
      peer(PEER.uniku, flags((i) => unikuUlid.isValid(ids[i]!))),
      reference(`${PEER.uuid} validate`, flags((i) => uuid.validate(uuids[i]!))),
    ]),
    group("validateManyText", "validateMany: ASCII text to 1/0 flags", (o: Uint8Array) => expectAll(o, 1, N), [
      ...ours(() => () => validateMany(text)),
    ]),
  ];
}
