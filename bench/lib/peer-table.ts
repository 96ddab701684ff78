/**
 * A peer library as a table: the call its users write for each operation on one ID, nothing else. The single-ID
 * contenders and the bulk ones (that call in the loop a user would write, for a peer without batch calls) are both
 * made from it, so adding a peer, or a format's peers, is one entry per operation (bench/peer-tables.ts).
 */
import { collect, loop, peer } from "./contenders.js";
import { BULK_COUNT, SINGLE_COUNT } from "./fixtures.js";
import type { Contender } from "./measure.js";

/** One call of a peer: how its users write it (the row's label), and a function that makes it. */
export interface Call<Run> {
  readonly call: string;
  readonly run: Run;
}

/** A peer's calls for one ID; an operation it has no call for is left out. */
export interface PeerCalls {
  /** The package and its version (PEER). */
  readonly peer: string;
  /** A new ID as text. */
  readonly generate?: Call<() => string>;
  /** A new ID's bytes written into `out` at `at` (generateMany's loop). */
  readonly generateInto?: Call<(out: Uint8Array, at: number) => void>;
  /** Text to the ID's bytes. */
  readonly decode?: Call<(text: string) => Uint8Array>;
  /** Text to Unix ms. */
  readonly decodeTime?: Call<(text: string) => number>;
  /** Text to the ID as one unsigned integer. */
  readonly toBigInt?: Call<(text: string) => bigint>;
  /** Whether the text is an ID. */
  readonly isValid?: Call<(text: string) => boolean>;
  /** The ID at `at` in packed bytes to text. */
  readonly encode?: Call<(bytes: Uint8Array, at: number) => string>;
}

/** What a format's peers read: the same IDs as packed bytes and as canonical strings. */
export interface PeerInputs {
  readonly bytes: Uint8Array;
  readonly texts: readonly string[];
}

/** A format's contenders from other libraries for one operation (the groups of bench/formats.ts name it). */
export type Peers = (operation: string, single: PeerInputs, many: PeerInputs) => Contender[];

/**
 * The contenders of `table` (a format of `width` bytes) for each operation: single-ID ones over `single`, and for
 * the bulk operations the single call in a loop over `many`, compiled for each contender (bench/lib/contenders.ts,
 * `loop`). A decoder's loop copies each ID into one buffer and a generator's writes into one, as ours do.
 */
export function tablePeers(width: number, table: readonly PeerCalls[]): Peers {
  return (operation, single, many) =>
    table.flatMap((calls): Contender[] => {
      const label = (call: { call: string }) => `${calls.peer} ${call.call}`;
      const { generate, generateInto, decode, decodeTime, toBigInt, isValid, encode } = calls;
      const overSingle = (call: Call<(text: string) => unknown>) =>
        peer(label(call), collect(call.run, SINGLE_COUNT, { step: "apply", input: single.texts }));
      const overMany = <T>(call: Call<(text: string) => unknown>, output: () => T) =>
        peer(label(call), loop(call.run, BULK_COUNT, output, { step: "apply", input: many.texts }));
      switch (operation) {
        // A peer's generator in both groups: `generate` is the call its users make, and the peers of
        // bench/peer-tables.ts make an ID from a counter (a process's random bytes kept, the counter stepped), as our
        // monotonic factory does, where our generate() draws every field but the time afresh.
        case "generate":
        case "monotonic":
          return generate ? [peer(label(generate), collect(generate.run, SINGLE_COUNT, { step: "generate" }))] : [];
        case "decode":
          return decode ? [overSingle(decode)] : [];
        case "decodeTime":
          return decodeTime ? [overSingle(decodeTime)] : [];
        case "toBigInt":
          return toBigInt ? [overSingle(toBigInt)] : [];
        case "isValid":
          return isValid ? [overSingle(isValid)] : [];
        case "generateMany": {
          if (!generateInto) return [];
          const target = new Uint8Array(width * BULK_COUNT);
          return [peer(label(generateInto), loop(generateInto.run, BULK_COUNT, () => target, { step: "writeAt", target, width }), "into buffer")];
        }
        case "encodeMany":
          return encode ? [peer(label(encode), collect(encode.run, BULK_COUNT, { step: "at", target: many.bytes, width }))] : [];
        case "decodeMany": {
          if (!decode) return [];
          const target = new Uint8Array(width * BULK_COUNT);
          return [peer(label(decode), loop(decode.run, BULK_COUNT, () => target, { step: "copy", input: many.texts, target, width }), "into buffer")];
        }
        case "decodeTimeMany":
          return decodeTime ? [overMany(decodeTime, () => new Float64Array(BULK_COUNT))] : [];
        case "validateMany":
          return isValid ? [overMany(isValid, () => new Uint8Array(BULK_COUNT))] : [];
        default:
          return [];
      }
    });
}
