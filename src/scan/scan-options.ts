/**
 * The options every scanning call takes: which formats to find (one, a list, or "all" the scannable ones), whether
 * to count lines, and which times to believe.
 *
 * Formats are named here through the engines' specs (FORMAT_SPECS, in the registry's order), not the registry: what
 * scanning needs of a format is its spec, and the `ulid scan` command's bundle then carries no format's namespace or
 * TypeScript codec (their modules' top level is most of what a small scan's start would otherwise run).
 */
import { checkOptions, isRevokedProxy } from "../core/arguments.js";
import { UlidError } from "../core/errors.js";
import { aLabel, badFormatList, optionMustBe, unknownFormat, unreadableOption, unscannableFormat } from "../core/messages.js";
import { FORMAT_SPECS, type FormatSpec, ULID, specNamed } from "../engine/specs.js";
import { dateMs } from "../core/time.js";
import type { FormatKey } from "../formats/registry.js";

/** The formats scanning finds: those whose spec has scan hooks (src/engine/scan-shape.ts). */
export type ScannableFormat = "ulid" | "uuidv7" | "typeid" | "objectid" | "xid";

/** The names of the formats scanning finds, in the registry's order (the order of `"all"`). */
export function scannableNames(): ScannableFormat[] {
  return scannableSpecs().map(({ name }) => name) as ScannableFormat[];
}

function scannableSpecs(): FormatSpec[] {
  return FORMAT_SPECS.filter(({ scan }) => scan !== undefined);
}

/** The spec of the format the `format` option names (ULID when undefined, as in every call that takes one). */
function formatSpec(name: unknown): FormatSpec {
  const spec = name === undefined ? ULID : specNamed(name);
  if (spec === undefined) throw unknownFormat(FORMAT_SPECS.map((candidate) => candidate.name), name);
  return spec;
}

export interface ScanOptions {
  /**
   * The formats to find: one ("ulid", the default; "uuidv7"; "typeid"), a list of them, or "all" (every scannable
   * format, in the registry's order). With a list or "all" each match names its format, and a span of text is
   * reported once: the longest match wins, and of matches of the same span the format listed first.
   */
  format?: FormatKey | readonly FormatKey[] | "all";
  /** Give each match its 1-based line number (default false: counting lines costs a pass over the text). */
  lines?: boolean;
  /**
   * Keep only matches whose time t (in Unix ms, floored to the millisecond) has `from <= t < until`; a side left
   * out has no bound. Any token of a format's alphabet reads as some time: a hex hash or a long number found as an
   * ID is dated 1970 or centuries ahead, and this drops it.
   */
  plausible?: { from?: number | Date; until?: number | Date };
  /**
   * Give the matches as columns (`ScanColumns`: typed arrays of offsets, times, formats, lines and binary IDs)
   * instead of one object per match: no object or string is made per match (default false).
   */
  columns?: boolean;
}

/** Times t with from <= t < until; a side without a bound is infinite. */
export interface PlausibleTimes {
  readonly from: number;
  readonly until: number;
}

/** What a scan looks for: its formats, whether they were listed (then each match names its format), and lines. */
export interface ScanRequest {
  readonly formats: readonly FormatSpec[];
  readonly listed: boolean;
  readonly lines: boolean;
  /** The times to keep, or undefined to keep every match. */
  readonly plausible: PlausibleTimes | undefined;
  /** Whether the matches come as columns instead of objects. */
  readonly columns: boolean;
}

/** The spec of a scannable format; INVALID_ARGUMENT, saying why, for the others. */
export function scannableFormat(name: unknown): FormatSpec {
  const spec = formatSpec(name);
  if (spec.scan !== undefined) return spec;
  throw unscannableFormat(spec.looksLike ?? aLabel(spec.label), scannableSpecs().map(({ label }) => label));
}

/** What a `format` option may be, for its message. */
function formatExpected(): string {
  return `a scannable format (${scannableNames().map((name) => JSON.stringify(name)).join(", ")}), a list of them, or "all"`;
}

/**
 * The formats a `format` option names: one, a list (each once, read element by element once), or "all".
 * INVALID_ARGUMENT for anything else: a revoked proxy, and a list whose reading throws (a proxy's trap, a getter),
 * said as such.
 */
export function scanFormats(value: unknown): { formats: FormatSpec[]; listed: boolean } {
  if (value === "all") return { formats: scannableSpecs(), listed: true };
  if (!isList(value)) return { formats: [scannableFormat(value)], listed: false };
  let names: unknown[];
  try {
    names = listedNames(value);
  } catch (error) {
    if (error instanceof UlidError) throw error;
    throw unreadableOption("format", error);
  }
  const formats: FormatSpec[] = [];
  for (const [i, name] of names.entries()) {
    // Not the default format: a hole or an undefined in a list names none.
    if (name === undefined) throw optionMustBe(`format[${i}]`, "a scannable format's name", name);
    const spec = scannableFormat(name);
    if (formats.includes(spec)) throw badFormatList(`${formatExpected()}, each once`, `${JSON.stringify(spec.name)} twice`);
    formats.push(spec);
  }
  return { formats, listed: true };
}

/** Whether `value` is an array (a proxy of one included); INVALID_ARGUMENT for a revoked proxy, the one it throws for. */
function isList(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    throw optionMustBe("format", formatExpected(), value);
  }
}

/** The elements of a `format` list, each read once; INVALID_ARGUMENT for a length of no list of formats. */
function listedNames(list: readonly unknown[]): unknown[] {
  const length: unknown = list.length;
  const most = scannableSpecs().length;
  if (typeof length !== "number" || !Number.isInteger(length) || length < 1 || length > most) {
    throw badFormatList(`${formatExpected()}: 1 to ${most} formats`, typeof length === "number" ? `a list of ${length}` : "a list whose length is no number");
  }
  const names: unknown[] = [];
  for (let i = 0; i < length; i++) names.push(list[i]);
  return names;
}

/** A `plausible` side: Unix ms (any number but NaN; an infinity is no bound) or a valid Date. */
function plausibleBound(window: object, side: "from" | "until", none: number): number {
  const value: unknown = Reflect.get(window, side);
  if (value === undefined) return none;
  const ms = typeof value === "number" ? value : dateMs(value);
  if (typeof ms !== "number" || Number.isNaN(ms)) throw optionMustBe(`plausible.${side}`, "a number of Unix ms or a valid Date", value);
  return ms;
}

/**
 * The `plausible` option: undefined (keep every match) or its window. INVALID_ARGUMENT for what is no window (a
 * revoked proxy included), and for a window whose reading throws (a getter), said as such.
 */
export function plausibleTimes(value: unknown): PlausibleTimes | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || isRevokedProxy(value)) {
    throw optionMustBe("plausible", "an object { from?, until? }", value);
  }
  try {
    return { from: plausibleBound(value, "from", -Infinity), until: plausibleBound(value, "until", Infinity) };
  } catch (error) {
    if (error instanceof UlidError) throw error;
    throw unreadableOption("plausible", error);
  }
}

/** The checked options of a scanning call. */
export function scanRequest(options: ScanOptions | undefined): ScanRequest {
  const { lines = false, format, plausible, columns = false } = checkOptions(options);
  if (typeof lines !== "boolean") throw optionMustBe("lines", "a boolean", lines);
  if (typeof columns !== "boolean") throw optionMustBe("columns", "a boolean", columns);
  const { formats, listed } = scanFormats(format);
  // Named fields, not a spread of scanFormats' result: on Node 20 (V8 11.3) a spread followed by more fields takes
  // V8's slow path, 2.6 us a call, half of scanning a log line.
  return { formats, listed, lines, plausible: plausibleTimes(plausible), columns };
}
