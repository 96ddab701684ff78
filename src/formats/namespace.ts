/**
 * A format's namespace, built from its definition (definition.ts) the same way for every format: the core shape
 * (`generate`, `monotonicFactory`, `generateMany`, `decodeTime`, `decodeTimeMany` and the codec calls), `min`/`max`,
 * the integers and the schema, then the format's extras. A format's file writes only its extras.
 */
import { type Bounds, boundsOf } from "./bounds.js";
import { type CodecApi, createCodecApi, type DecodeTimeManyOptions, type NoOptions, type Texts } from "./codec.js";
import { DEFINITION, type FormatDefinition } from "./definition.js";
import { generateBatch, generateOne, type GenerateOptions, type ManyOptions, monotonicGenerator, type MonotonicFactoryOptions } from "./generate.js";
import { createIntegerApi, type IntegerApi } from "./integers.js";

/** The calls every namespace has. `Making`, `Reading`, `Bounding`: a format's generating, time-reading and bounds options. */
export interface CoreNamespace<Name extends string, Id extends string, Time, Making extends object, Reading extends object, Bounding extends object>
  extends Omit<CodecApi<Id>, "timeField" | "timeFields" | "countIds">,
    IntegerApi<Id>,
    Bounds<Time, Bounding, Id> {
  readonly name: Name;
  /** Characters of a text ID. */
  readonly chars: number;
  /** Bytes of a binary ID. */
  readonly bytes: number;
  /** A new ID; `time` as the format takes it (default now). */
  generate(time?: Time, options?: Making & GenerateOptions): Id;
  /** A generator of strictly increasing IDs. */
  monotonicFactory(options?: Making & MonotonicFactoryOptions): (time?: Time) => Id;
  /** `count` IDs as packed binary (monotonic by default). */
  generateMany(count: number, options?: Making & ManyOptions<Time>): Uint8Array;
  /** Unix ms of an ID (the start of its time unit). */
  decodeTime(text: string, options?: OneOptions<Reading>): number;
  /** Unix ms of each ID; throws for the first bad one with its element index, unless given `flags` (NaN). */
  decodeTimeMany(texts: Texts, options?: Reading & DecodeTimeManyOptions): Float64Array;
}

/** The options of a call that takes `Options`: an empty object when a format takes none there. */
export type OneOptions<Options extends object> = [keyof Options] extends [never] ? NoOptions : Options;

/**
 * The namespace of `definition`: the core calls, then `extras(codec)` (which may also replace a core call by a tuned
 * one of the same behaviour: ULID's top-level functions). `codec`: the format's codec calls when the format has made
 * them already (ULID's, behind its top-level batch functions).
 */
export function createNamespace<
  Name extends string,
  Id extends string,
  Time,
  Making extends object,
  Reading extends object,
  Bounding extends object,
  Extras extends object = Record<never, never>,
>(
  definition: FormatDefinition<Name, Making, Reading, Bounding>,
  extras?: (codec: CodecApi<Id>) => Extras,
  codec: CodecApi<Id> = createCodecApi<Id>(definition.format),
): Readonly<Omit<CoreNamespace<Name, Id, Time, Making, Reading, Bounding>, keyof Extras> & Extras> {
  const { format, minting } = definition;
  const { scale, divisor, origin } = definition.time;
  const { timeField, timeFields, countIds, ...calls } = codec;
  /** Whether a time field is Unix ms from the origin as it is: then a batch's times need no pass, or only the origin added. */
  const whole = scale === 1 && divisor === 1;
  const core: CoreNamespace<Name, Id, Time, Making, Reading, Bounding> = {
    name: definition.name,
    chars: format.spec.chars,
    bytes: format.spec.bytes,
    ...calls,
    ...createIntegerApi<Id>(format, codec),
    ...boundsOf<Time, Bounding, Id>((options) => definition.bounding(options)),

    generate: (time, options) => generateOne(minting(options), time, options) as Id,
    monotonicFactory: (options) => monotonicGenerator(minting(options), options) as (time?: Time) => Id,
    generateMany: (count, options) => generateBatch(minting(options), count, options),

    decodeTime(text, options) {
      const zero = origin(options as Reading | undefined);
      const field = timeField(text);
      return whole ? field + zero : (field * scale) / divisor + zero;
    },
    decodeTimeMany(texts, options) {
      const zero = origin(options);
      const times = timeFields(texts, options);
      // NaN, a bad ID's time under `flags`, stays NaN.
      if (!whole) for (let i = 0; i < times.length; i++) times[i] = (times[i]! * scale) / divisor + zero;
      else if (zero !== 0) for (let i = 0; i < times.length; i++) times[i] += zero;
      return times;
    },
  };
  return withDefinition({ ...core, ...extras?.(codec) }, definition) as unknown as Readonly<Omit<CoreNamespace<Name, Id, Time, Making, Reading, Bounding>, keyof Extras> & Extras>;
}

/**
 * `namespace`, frozen, with its definition under a symbol (`definitionOf`): the registry and the machinery find a
 * format's definition there. TypeID, whose every call picks a format per prefix, writes its namespace itself.
 */
export function withDefinition<Namespace extends object>(namespace: Namespace, definition: FormatDefinition): Readonly<Namespace> {
  Object.defineProperty(namespace, DEFINITION, { value: definition });
  return Object.freeze(namespace);
}
