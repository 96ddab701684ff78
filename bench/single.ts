/**
 * Single-ID benchmarks: one call per ID, over SINGLE_COUNT different IDs per timed run (results are IDs per second).
 * Every contender runs in a loop of the same shape (compiled for it alone), paying the same indirect call per ID.
 */
import { DECODE_TABLE } from "../src/alphabets/crockford.js";
import { decode, decodeInto, decodeTime, encode, isValid, monotonicFactory, ulid } from "../src/index.js";
import { type Shape, collect, ours, peer, reference } from "./lib/contenders.js";
import { SINGLE_COUNT, single, stringKinds } from "./lib/fixtures.js";
import type { Contender, Group } from "./lib/measure.js";
import {
  PEER,
  RUNTIME_UUIDV7,
  Ulid,
  UlidMonotonic,
  ulidPackage,
  ulidx,
  unikuUlid,
  unikuUuidv7,
  uuid,
  uuidv7Package,
} from "./lib/peers.js";
import { expectAll, expectFresh, expectRecent, expectSame } from "./lib/verify.js";

/** A timed run over the single-ID inputs. */
function each(one: (...args: never[]) => unknown, shape?: Shape): () => unknown[] {
  return collect(one, SINGLE_COUNT, shape);
}

/** A timed run of a generator: one call per ID, no arguments. */
function calls(next: () => unknown): () => unknown[] {
  return each(next, { step: "generate" });
}

/** A timed run of `one(input[i])`: our rows pass the function itself, not a closure (see `loop`). */
function apply<I>(one: (input: I) => unknown, input: readonly I[]): () => unknown[] {
  return each(one, { step: "apply", input });
}

function group(
  id: string,
  title: string,
  verify: (outputs: unknown[], contender: Contender) => void,
  contenders: Contender[],
): Group {
  return { id: `single.${id}`, title, scope: "single", ids: SINGLE_COUNT, contenders, verify: (o, c) => verify(o as unknown[], c) };
}

/** Hex of 16 bytes: of the array itself, or (into a shared buffer) of ID i's place in it. */
function hexOf(bytes: Uint8Array, i: number): string {
  return Buffer.from(bytes.subarray(bytes.length === 16 ? 0 : 16 * i)).toString("hex", 0, 16);
}

/** The label of `readFloor`'s row in the decodeTime groups (bench/check.ts judges those targets by it too). */
export const READ_FLOOR = "floor: read the 26 characters, nothing checked";

/**
 * The least work a strict decodeTime can do: read all 26 characters once (a strict reader must look at each) and
 * turn the first 10 into the time, nothing checked. What it costs is what reading the string costs: on a flat string
 * a step each, on a concatenated or sliced one a step more each to reach the characters (V8's charCodeAt unwraps
 * the string on every call). A strict decodeTime that reads the string where it lies does all this and more; a
 * flat copy to read instead costs more than the walks it saves (docs/performance.md, "Targets": `toLowerCase`, substrings,
 * `TextEncoder.encodeInto`, `Buffer#latin1Write` were all slower).
 */
export function readFloor(id: string): number {
  const T = DECODE_TABLE;
  const high = (((T[id.charCodeAt(0)]! * 32 + T[id.charCodeAt(1)]!) * 32 + T[id.charCodeAt(2)]!) * 32 + T[id.charCodeAt(3)]!) * 32;
  const low = (((T[id.charCodeAt(5)]! * 32 + T[id.charCodeAt(6)]!) * 32 + T[id.charCodeAt(7)]!) * 32 + T[id.charCodeAt(8)]!) * 32;
  const rest =
    id.charCodeAt(10) | id.charCodeAt(11) | id.charCodeAt(12) | id.charCodeAt(13) | id.charCodeAt(14) |
    id.charCodeAt(15) | id.charCodeAt(16) | id.charCodeAt(17) | id.charCodeAt(18) | id.charCodeAt(19) |
    id.charCodeAt(20) | id.charCodeAt(21) | id.charCodeAt(22) | id.charCodeAt(23) | id.charCodeAt(24) | id.charCodeAt(25);
  // `rest` is never above 0xFFFF, which V8 cannot know: the 16 reads stay.
  return (high + T[id.charCodeAt(4)]!) * 0x200_0000 + low + T[id.charCodeAt(9)]! + (rest > 0xffff ? 1 : 0);
}

/** Group ids of decodeTime over each string kind: flat keeps the plain id the results have always used. */
const DECODE_TIME_KIND = { flat: "decodeTime", concatenated: "decodeTimeConcatenated", sliced: "decodeTimeSliced" } as const;

/**
 * UUIDv7 makers shown for scale beside our generators: not ULID libraries, so references. The runtime's own join
 * where it has them; in the monotonic group only those documented to increase from call to call.
 */
function uuidv7References(monotonic: boolean): Contender[] {
  return [
    reference(`${PEER.uuid} v7`, each(() => uuid.v7())),
    reference(`${PEER.uuidv7} uuidv7`, each(() => uuidv7Package.uuidv7())),
    reference(`${PEER.uniku} uuidv7`, each(() => unikuUuidv7())),
    ...RUNTIME_UUIDV7.filter((maker) => maker.ordered || !monotonic).map((maker) => reference(maker.label, calls(maker.make))),
  ];
}

export function singleGroups(): Group[] {
  const { ids, uuids, times, bytes } = single;
  const arrays = ids.map((_, i) => bytes.slice(16 * i, 16 * i + 16));
  const into = new Uint8Array(16 * SINGLE_COUNT);
  const expectedHex = arrays.map((array) => hexOf(array, 0));
  return [
    group("generate", "ulid(): a new ID as text", (o) => expectFresh(o as string[], false), [
      ...ours(() => calls(ulid)),
      peer(PEER.ulid, calls(ulidPackage.ulid)),
      peer(PEER.ulidx, calls(ulidx.ulid)),
      peer(PEER.id128, each(() => Ulid.generate().toCanonical())),
      peer(PEER.uniku, calls(unikuUlid)),
      ...uuidv7References(false),
    ]),
    group("monotonic", "monotonic factory: the next ID as text", (o) => expectFresh(o as string[], true), [
      ...ours(() => calls(monotonicFactory())),
      peer(PEER.ulid, calls(ulidPackage.monotonicFactory())),
      peer(PEER.ulidx, calls(ulidx.monotonicFactory())),
      peer(PEER.id128, each(() => UlidMonotonic.generate().toCanonical())),
      // uniku's ulid() is monotonic within a millisecond (one module-wide state), like a monotonic factory.
      peer(PEER.uniku, calls(unikuUlid)),
      ...uuidv7References(true),
    ]),
    ...Object.entries(stringKinds).map(([kind, kindIds]) =>
      group(DECODE_TIME_KIND[kind as keyof typeof stringKinds], `decodeTime: Unix ms of an ID (${kind} strings)`, (o) => expectSame(o, times), [
        ...ours(() => apply(decodeTime, kindIds)),
        peer(PEER.ulid, each((i) => ulidPackage.decodeTime(kindIds[i]!))),
        peer(PEER.ulidx, each((i) => ulidx.decodeTime(kindIds[i]!))),
        peer(PEER.id128, each((i) => Ulid.fromCanonical(kindIds[i]!).time.getTime())),
        // Not strict (it checks the length and the 10 time characters, not the 16 random ones): for scale only.
        reference(`${PEER.uniku} timestamp, time characters only`, each((i) => unikuUlid.timestamp(kindIds[i]!))),
        reference(READ_FLOOR, apply(readFloor, kindIds)),
      ]),
    ),
    // Libraries that build an ID as `time + random` return a fresh ConsString: reading its time right away
    // (a log line's ID, a database key) is the first read of that string, flattening included.
    group("createThenRead", "create an ID, then decodeTime it", (o) => expectRecent(o), [
      ...ours(() => each(() => decodeTime(ulid()))),
      peer(PEER.ulid, each(() => ulidPackage.decodeTime(ulidPackage.ulid()))),
      peer(PEER.ulidx, each(() => ulidx.decodeTime(ulidx.ulid()))),
      peer(PEER.uniku, each(() => unikuUlid.timestamp(unikuUlid()))),
      reference(`${PEER.uniku} uuidv7`, each(() => unikuUuidv7.timestamp(unikuUuidv7()))),
    ]),
    group("decode", "decode: an ID to 16 bytes", (o) => expectSame(o.map((b, i) => hexOf(b as Uint8Array, i)), expectedHex), [
      ...ours(() => apply(decode, ids)),
      ...ours(() => each(decodeInto, { step: "applyInto", input: ids, target: into }), "into buffer"),
      peer(PEER.id128, each((i) => Ulid.fromCanonical(ids[i]!).bytes)),
      peer(PEER.uniku, each((i) => unikuUlid.toBytes(ids[i]!))),
      reference(`${PEER.uuid} parse`, each((i) => uuid.parse(uuids[i]!))),
    ]),
    group("encode", "encode: 16 bytes to an ID", (o, c) => expectSame(o, c.role === "reference" ? uuids : ids), [
      ...ours(() => apply(encode, arrays)),
      peer(PEER.id128, each((i) => Ulid.construct(arrays[i]!).toCanonical())),
      peer(PEER.uniku, each((i) => unikuUlid.fromBytes(arrays[i]!))),
      reference(`${PEER.uuid} stringify`, each((i) => uuid.stringify(arrays[i]!))),
    ]),
    group("isValid", "isValid: is this string an ID?", (o) => expectAll(o, true, SINGLE_COUNT), [
      ...ours(() => apply(isValid, ids)),
      peer(PEER.ulid, each((i) => ulidPackage.isValid(ids[i]!))),
      peer(PEER.ulidx, each((i) => ulidx.isValid(ids[i]!))),
      peer(PEER.id128, each((i) => Ulid.isCanonical(ids[i]!))),
      peer(PEER.uniku, each((i) => unikuUlid.isValid(ids[i]!))),
      reference(`${PEER.uuid} validate`, each((i) => uuid.validate(uuids[i]!))),
    ]),
  ];
}
