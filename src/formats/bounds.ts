/**
 * Range bounds, the same for every format: `min(time)` and `max(time)` are the smallest and largest IDs whose time
 * field is the one `generate(time)` would write, so every ID of that time field sorts between them, in text and in
 * byte order alike (the two orders agree for every format: docs/formats.md).
 *
 * The engine stamps the time field as it does for a fresh ID; then the format's free bits (src/engine/specs.ts:
 * random bits, counters, Ulid-Flake's sid) are all cleared for `min` and all set for `max`. The fixed bits stay as
 * every ID has them (UUID v7's version and variant). Stamping with zero or 0xFF randomness alone would not do: UUID
 * v7's stamp keeps its counter's top bit clear, but IDs from other generators may set it.
 */
import { checkOptions } from "../core/arguments.js";
import { singleCodec } from "../engine/backend.js";
import type { Minting } from "./generate.js";
import { inCase, lowercaseOption, type CaseOptions } from "./letter-case.js";

const zeroFill = (out: Uint8Array): void => {
  out.fill(0);
};

/**
 * The smallest (`largest` false) or largest ID text of `time` (a time as `generate` takes it; INVALID_TIME else),
 * in lower case when `lowercase` asks for it.
 */
function bound(minting: Minting, time: unknown, largest: boolean, lowercase: unknown): string {
  const lower = lowercaseOption(minting.format, lowercase);
  const field = minting.field(time);
  const { spec } = minting.format;
  const codec = singleCodec(minting.format);
  const id = new Uint8Array(spec.bytes);
  codec.stampMany(1, field, minting.param, zeroFill, id, 0);
  for (let i = 0; i < id.length; i++) id[i] = largest ? id[i]! | spec.freeBits[i]! : id[i]! & ~spec.freeBits[i]!;
  return inCase(codec.encodeOne(id, 0)!, lower);
}

/** `Id`: the format's branded text (src/formats/schema.ts). */
export interface Bounds<Time, Options extends object, Id extends string> {
  /** The smallest ID made at `time`: `id >= min(t0)` holds for every ID made at `t0` or later. */
  min(time: Time, options?: Options & CaseOptions): Id;
  /** The largest ID made at `time`: `id <= max(t1)` holds for every ID made at `t1` or earlier. */
  max(time: Time, options?: Options & CaseOptions): Id;
}

/** `min` and `max` of a format whose minting under `options` is `mintingOf(options)`. */
export function boundsOf<Time, Options extends object, Id extends string>(
  mintingOf: (options: Partial<Options>) => Minting,
): Bounds<Time, Options, Id> {
  function boundOf(time: unknown, options: (Options & CaseOptions) | undefined, largest: boolean): Id {
    const checked = checkOptions(options);
    return bound(mintingOf(checked), time, largest, checked.lowercase) as Id;
  }
  return {
    min: (time, options) => boundOf(time, options, false),
    max: (time, options) => boundOf(time, options, true),
  };
}
