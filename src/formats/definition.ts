/**
 * A format, defined once. Everything the library and the command do with a format derives from its definition: its
 * namespace (namespace.ts: the core shape, bounds, integers, schema), its registry entry, the `format` option of line
 * decoding, the engine choice for string arrays, the command's `--type` (but a scan's: scanning needs a format's spec
 * alone, and names formats by their specs, src/scan/scan-options.ts). A format's own file
 * (src/formats/<name>.ts) holds its definition and its extras: only what it has that other formats don't (Ulid-Flake's
 * `fields`, BaseUID's UUIDv8 form and nanoseconds, TypeID's prefix).
 *
 * Its parts, and where each lives (the checklist is docs/architecture.md, "Adding a format"):
 * - its spec (`format.spec`, a `FormatSpec` of src/engine/specs.ts): its label, widths, wasm number, the time field's
 *   bound, free bits, random draws, separators, letter case, and its scan hooks if scanning can find it, else what its
 *   IDs look like (`looksLike`);
 * - its TypeScript codec (`format.jsCodec`, src/engine/js-<name>.ts) and its AssemblyScript codec (assembly/<name>.ts,
 *   a line in the table of assembly/formats.ts);
 * - why its IDs are bad (`format.charFault`, `format.binaryFault`, in messages naming `format.spec.label`);
 * - what its times mean (`minting`, `time`) and which options move them;
 * - its vectors (test/format-vectors.ts).
 */
import { checkOptions } from "../core/arguments.js";
import type { Format } from "./codec.js";
import type { Minting } from "./generate.js";

/**
 * A raw time field in Unix ms: `field * scale / divisor + origin(options)`, written so for every format so that the
 * machinery converts a batch in one loop (none at all for a format whose field is Unix ms). KSUID: 1000 ms a step from
 * Unix 1400000000 s; BaseUID: 32768 ns (32768 / 1e6 ms) a step from 1970; Ulid-Flake: 1 ms a step from its epoch.
 */
export interface TimeScale<Reading> {
  readonly scale: number;
  readonly divisor: number;
  /**
   * Unix ms of time field 0 under a reading call's options (`decodeTime`, `decodeTimeMany`), which it checks: a
   * fixed epoch, or the epoch the caller gives.
   */
  origin(options: Reading | undefined): number;
}

/** The origin of a format that reads its times without options (an object, if given): a fixed one. */
export function noOptions(origin: number): (options: object | undefined) => number {
  return (options) => {
    checkOptions(options);
    return origin;
  };
}

/**
 * The definition of format `Name`, whose generating calls take `Making` options, whose time-reading calls take
 * `Reading` options and whose bounds take `Bounding` options.
 */
export interface FormatDefinition<
  Name extends string = string,
  Making extends object = object,
  Reading extends object = object,
  Bounding extends object = object,
> {
  /** Its key in the registry (`formats`), its namespace's `name`, the command's `--type`. */
  readonly name: Name;
  /** The format as the machinery sees it: spec, TypeScript codec, fault rules (src/formats/codec.ts). */
  readonly format: Format;
  /** How IDs are made under a generating call's options, checked here. */
  minting(options: Making | undefined): Minting;
  /** How IDs are made under a `min`/`max` call's options: only what moves the bounds (an epoch). */
  bounding(options: Partial<Bounding>): Minting;
  /** What its raw time fields are in Unix ms (`decodeTime`, `decodeTimeMany`). */
  readonly time: TimeScale<Reading>;
  /** A format whose texts carry a part of their own (TypeID's prefix): its format with that part, an option's value. */
  withPrefix?(prefix: unknown): Format;
}

/** The key under which a namespace keeps its definition: a symbol, so it is in no listing of the namespace's members. */
export const DEFINITION: unique symbol = Symbol("ulid-wasm format definition");

/** A namespace and its definition. */
export interface Defined {
  readonly [DEFINITION]: FormatDefinition;
}

/** The definition of a namespace of the registry. */
export function definitionOf(namespace: object): FormatDefinition {
  return (namespace as Defined)[DEFINITION];
}
