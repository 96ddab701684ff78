/**
 * The wording of every error: each UlidError the library and the CLI's TIME arguments throw, and each fault reason
 * (a `Problem`) the fault finders give before an error exists, is built here, so "where does this message come
 * from" has one answer. A call site passes only what it knows (names, the type or values it checks for, numbers, the
 * offending value); the sentences are these functions'.
 *
 * Builders run only once a fault is found, never ahead of it. Plain functions and no top-level statements: a bundle
 * keeps just the builders it calls (a single-ID bundle carries none of the batch ones). The text, code and `index`
 * of each are part of the contract: tests and users match on them.
 */
import { UlidError, quote } from "./errors.js";
import type { Fault, Problem } from "../formats/faults.js";

// ---- arguments and options ----

/** The sentence of every refused value; `got` describes what was passed (`quote`d, or said otherwise). */
function mustBeText(subject: string, expected: string, got: string): string {
  return `${subject} must be ${expected}, got ${got}`;
}

function option(name: string): string {
  return `the \`${name}\` option`;
}

/**
 * A format's label with its article: "an" before a vowel's sound (ObjectId, XID: "ex-id"), else "a" (ULID, UUID v7,
 * Ulid-Flake, whose U says "you", and the rest).
 */
export function aLabel(label: string): string {
  return `${/^[AEIOX]/.test(label) ? "an" : "a"} ${label}`;
}

function integerFrom(min: number, max: number): string {
  return `an integer from ${min} to ${max}`;
}

/** INVALID_ARGUMENT: `subject` ("options", "count") is not `expected` ("an object", "a non-negative integer"). */
export function mustBe(subject: string, expected: string, value: unknown): UlidError {
  return new UlidError("INVALID_ARGUMENT", mustBeText(subject, expected, quote(value)));
}

/** INVALID_ARGUMENT: the option `name` is not `expected` ("a boolean", "a function"). */
export function optionMustBe(name: string, expected: string, value: unknown): UlidError {
  return mustBe(option(name), expected, value);
}

/** An option that is no integer in `min`..`max`. */
export function optionOutOfRange(name: string, min: number, max: number, value: unknown): UlidError {
  return optionMustBe(name, integerFrom(min, max), value);
}

/** A Ulid-Flake `epoch` option that is no Unix ms in 0..`maxTime` nor a Date. */
export function badEpoch(maxTime: number, value: unknown): UlidError {
  return optionMustBe("epoch", `an integer Unix ms from 0 to ${maxTime} or a Date`, value);
}

/** A `format` option that names none of `names`. */
export function unknownFormat(names: readonly string[], value: unknown): UlidError {
  return optionMustBe("format", `one of ${names.map((name) => JSON.stringify(name)).join(", ")}`, value);
}

/** A `format` list that is no list of scannable formats each once: `got` says what it is ("a list of 0"). */
export function badFormatList(expected: string, got: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", mustBeText(option("format"), expected, got));
}

/**
 * An option whose reading threw (a getter or a proxy trap of the caller's): said as such, with what was thrown, not
 * as a value of the wrong kind.
 */
export function unreadableOption(name: string, thrown: unknown): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${option(name)} cannot be read: reading it threw ${thrownText(thrown)}`);
}

/** Longest text of a thrown error quoted in a message. */
const THROWN_LIMIT = 120;

/** An error's name and message (cut to THROWN_LIMIT), or any other thrown value quoted. Never throws. */
function thrownText(thrown: unknown): string {
  try {
    if (thrown instanceof Error) {
      const text = `${thrown.name}: ${thrown.message}`;
      return text.length <= THROWN_LIMIT ? text : `${text.slice(0, THROWN_LIMIT)}...`;
    }
  } catch {
    // A proxy, or an error whose name or message getter throws: quoted as what it is.
  }
  return quote(thrown);
}

/** A `prefix` option for a `format` other than TypeID's. */
export function prefixWithoutTypeId(format: unknown): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${option("prefix")} is TypeID's: it needs \`format: "typeid"\`, got format ${quote(format ?? "ulid")}`);
}

/**
 * Scanning for a format whose IDs look like ordinary text: `what` is what one looks like ("a KSUID (27 characters of
 * letters and digits)"), `found` the labels of the formats scanning finds.
 */
export function unscannableFormat(what: string, found: readonly string[]): UlidError {
  const kinds = found.map((label) => `${label}s`);
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}` : kinds.join("");
  return new UlidError(
    "INVALID_ARGUMENT",
    `scanning finds ${list} only: ${what} cannot be told from ordinary words, numbers and identifiers in text`,
  );
}

/** An `encodeManyText` separator that could be read as part of a `label`. */
export function badSeparator(label: string, separator: unknown): UlidError {
  return mustBe("separator", `a one-character string: an ASCII character that is not a letter, a digit or part of ${aLabel(label)}`, separator);
}

/** An `encodeTime` length that is no integer in 0..`max`. */
export function badTimeLength(max: number, length: unknown): UlidError {
  return mustBe("the length of encodeTime", integerFrom(0, max), length);
}

/** `after` given to a batch that is not monotonic. */
export function afterNeedsMonotonic(): UlidError {
  return new UlidError("INVALID_ARGUMENT", "the `after` option continues a monotonic sequence: it needs `monotonic` true");
}

/** INVALID_LENGTH: an `after` option of `got` bytes, for IDs of `bytes` bytes. */
export function afterLength(bytes: number, label: string, got: number): UlidError {
  return new UlidError("INVALID_LENGTH", mustBeText(option("after"), `${bytes} bytes or ${label} text`, `${got} bytes`));
}

// ---- buffers and batches ----

export function detachedBuffer(name: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${name} is a view of a detached ArrayBuffer (its memory was transferred or freed)`);
}

/**
 * INVALID_ARGUMENT: a caller's buffer that a callback of the caller's (a getter, `random`, `now`, `onInvalid`)
 * detached or shrank while the call was using it.
 */
export function bufferChanged(name: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${name} was detached or shrunk by a callback while the call was using it`);
}

/** INVALID_LENGTH: `name` has `has` bytes from `offset`, not `needed`. */
export function tooFewBytes(name: string, needed: number, offset: number, has: number): UlidError {
  return new UlidError("INVALID_LENGTH", `${name} needs ${needed} bytes from offset ${offset}, but has ${has}`);
}

/** `what` ("the batch") of `count` `items` ("elements", "strings") that the runtime cannot allocate. */
export function tooLarge(what: string, count: number, items: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${what} is too large: ${count} ${items} cannot be allocated here`);
}

/** INVALID_LENGTH: `length` bytes are no whole number of binary `label`s of `size` bytes. */
export function partialIds(label: string, size: number, length: number): UlidError {
  return new UlidError(
    "INVALID_LENGTH",
    `binary ${label}s are ${size} bytes each, got ${length} bytes (${length % size} left over)`,
  );
}

/** INVALID_LENGTH: a batch's output buffer `name` ("out", "flags") of `has` `unit`, where the batch needs `needed`. */
export function bufferTooSmall(name: string, needed: number, has: number, unit: string): UlidError {
  return new UlidError("INVALID_LENGTH", `${name} is too small for the batch: it needs ${needed} ${unit}, but has ${has}`);
}

/** INVALID_ARGUMENT: buffer `name` shares memory with `other`, so `consequence`. */
export function buffersOverlap(name: string, other: string, consequence: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${name} shares memory with ${other}: ${consequence}`);
}

export function outOverlapsBytes(): UlidError {
  return buffersOverlap("out", "bytes", "the text would overwrite the IDs before they are read");
}

function notIds(got: string): UlidError {
  return new UlidError("INVALID_ARGUMENT", mustBeText("IDs", "a string array or ASCII text in a Uint8Array", got));
}

/** A batch that is neither a string array nor text. */
export function notIdBatch(value: unknown): UlidError {
  return notIds(quote(value));
}

export function revokedIdBatch(): UlidError {
  return notIds("a revoked proxy");
}

/** An array whose `part` ("elements", "length") threw `error` when read. */
export function unreadableIdBatch(part: string, error: unknown): UlidError {
  return notIds(`an array: reading its ${part} failed (${error instanceof Error ? error.message : quote(error)})`);
}

// ---- times ----

/** INVALID_TIME: the sentence of each format's time range. */
function timeOutOfRange(subject: string, expected: string, time: unknown): UlidError {
  return new UlidError("INVALID_TIME", mustBeText(subject, expected, quote(time)));
}

/** A ULID time that is no integer Unix ms in 0..`maxTime`. */
export function ulidTimeOutOfRange(maxTime: number, time: unknown): UlidError {
  return timeOutOfRange("time", `an integer Unix ms from 0 to ${maxTime} (a number or Date)`, time);
}

/** A Ulid-Flake time outside `epoch`..`last` (Unix ms). */
export function flakeTimeOutOfRange(epoch: number, last: number, time: unknown): UlidError {
  return timeOutOfRange(
    "a Ulid-Flake time",
    `an integer Unix ms from its epoch ${epoch} (${new Date(epoch).toISOString()}) to ${last}`,
    time,
  );
}

/** A BaseUID time before 1970 or after `lastMs` (the start of the last tick, Unix ms). */
export function baseUidTimeOutOfRange(lastMs: number, time: unknown): UlidError {
  return timeOutOfRange(
    "a BaseUID time",
    `Unix ms (a number or Date) or Unix ns (a bigint) from 1970 to ${new Date(lastMs).toISOString()}`,
    time,
  );
}

/** A KSUID time outside `firstMs`..`lastMs` (Unix ms, the first and last ms of its range of seconds). */
export function ksuidTimeOutOfRange(firstMs: number, lastMs: number, time: unknown): UlidError {
  return timeOutOfRange(
    "a KSUID time",
    `an integer Unix ms (a number or Date) from ${firstMs} (${new Date(firstMs).toISOString()}) to ${lastMs} (${new Date(lastMs).toISOString()})`,
    time,
  );
}

/** INVALID_TIME: `time` takes `needed` characters, more than `encodeTime`'s `length`. */
export function timeTooLong(time: unknown, needed: number, length: number): UlidError {
  return new UlidError("INVALID_TIME", `time ${quote(time)} needs ${needed} characters, more than the length ${length}`);
}

/** A CLI TIME argument that is neither Unix ms nor ISO-8601. */
export function unreadableTimeArgument(text: string): UlidError {
  return new UlidError(
    "INVALID_TIME",
    `time ${JSON.stringify(text)} is neither Unix ms nor ISO-8601 such as 2025-01-31 or ` +
      "2025-01-31T12:00:00.000Z (at most 3 fraction digits; no offset means UTC)",
  );
}

/** A CLI TIME argument naming a date or time that does not exist (February 30). */
export function nonexistentTime(text: string): UlidError {
  return new UlidError("INVALID_TIME", `time ${JSON.stringify(text)} does not exist`);
}

/** A CLI TIME argument outside the times an ID may hold (`first` and `last` Unix ms). */
export function timeArgumentOutOfRange(text: string, first: number, last: number): UlidError {
  const iso = (ms: number): string => new Date(ms).toISOString();
  return new UlidError("INVALID_TIME", `time ${JSON.stringify(text)} is not from ${iso(first)} to ${iso(last)} (Unix ms ${first} to ${last})`);
}

/** A CLI TIME argument whose offset is past 23 hours or 59 minutes. */
export function impossibleOffset(text: string, offset: string): UlidError {
  return new UlidError("INVALID_TIME", `time ${JSON.stringify(text)} has an impossible offset ${offset}`);
}

// ---- IDs and their faults ----

/**
 * Quotes a character as text and code point, so invisible ones are identifiable; a character past U+FFFF (an emoji)
 * whole, not the first half of its surrogate pair.
 */
function describeChar(text: string, position: number): string {
  const code = text.codePointAt(position)!;
  return `${JSON.stringify(String.fromCodePoint(code))} (U+${code.toString(16).toUpperCase().padStart(4, "0")}) at position ${position}`;
}

function hexByte(byte: number): string {
  return `0x${byte.toString(16).padStart(2, "0")}`;
}

/** "a ULID has 26 characters, got ...": `size` is the length ("26 characters"). */
function hasSize(label: string, size: string, got: string): string {
  return `${aLabel(label)} has ${size}, got ${got}`;
}

/** A would-be `label` that is no string. */
export function idNotString(label: string, value: unknown): Problem {
  return { code: "INVALID_ARGUMENT", reason: mustBeText(aLabel(label), "a string", quote(value)) };
}

/** A `label` string of the wrong length (`chars` is the right one). */
export function idLength(label: string, chars: number | string, text: string): Problem {
  return { code: "INVALID_LENGTH", reason: hasSize(label, `${chars} characters`, `${text.length}: ${quote(text)}`) };
}

/** A line of `length` bytes, too long to be read whole: `start` is the text of its first bytes. */
export function lineLength(label: string, chars: number | string, length: number, start: string): Problem {
  return {
    code: "INVALID_LENGTH",
    reason: hasSize(label, `${chars} characters`, `a line of ${length} bytes starting ${quote(start.slice(0, 32))}`),
  };
}

function invalidCharText(text: string, position: number, label: string | undefined): string {
  return `invalid character ${describeChar(text, position)} in ${label === undefined ? "" : `${label} `}${quote(text)}`;
}

/** The character at `position` may not stand in a `label` (ULID's reason names no label); `expected` says what may. */
export function invalidChar(text: string, position: number, label?: string, expected?: string): Problem {
  const reason = invalidCharText(text, position, label);
  return { code: "INVALID_CHAR", reason: expected === undefined ? reason : `${reason}: expected ${expected}` };
}

/** A character outside the case-sensitive `alphabet` of a `label` (BaseUID's, KSUID's). */
export function invalidAlphabetChar(text: string, position: number, label: string, alphabet: string): Problem {
  return {
    code: "INVALID_CHAR",
    reason: `${invalidCharText(text, position, label)} (the alphabet is ${alphabet}, case-sensitive)`,
  };
}

/** OVERFLOW: `text`, of valid characters, is above the largest KSUID `largest` (from character `position` on). */
export function ksuidOverflow(text: string, position: number, largest: string): Problem {
  return {
    code: "OVERFLOW",
    reason: `${quote(text)} overflows 160 bits: from character ${position} on it is above the largest KSUID ${largest}`,
  };
}

/** OVERFLOW: a first character above 7 makes `text` more than the `bits` of a `label`. */
export function firstCharOverflow(label: string, bits: number, text: string): Problem {
  return {
    code: "OVERFLOW",
    reason: `${quote(text)} overflows ${bits} bits: the first character must be 0-7 (largest ${label} 7${"Z".repeat(text.length - 1)})`,
  };
}

// ---- TypeID prefixes ----

/** What a TypeID prefix may be: the rule every prefix fault quotes. */
const PREFIX_RULE = "a prefix is 0-63 characters of a-z and _, not starting or ending with _";

/** INVALID_PREFIX: the prefix of TypeID `text` is wrong; `what` says how. */
export function typeIdPrefixFault(text: string, what: string): Problem {
  return { code: "INVALID_PREFIX", reason: `${what} in the prefix of TypeID ${quote(text)}: ${PREFIX_RULE}` };
}

/** The `what` of a character that may not stand in a prefix there. */
export function prefixCharText(text: string, position: number): string {
  return `invalid character ${describeChar(text, position)}`;
}

/** The `what` of a prefix longer than 63 characters. */
export function prefixLengthText(length: number): string {
  return `${length} characters`;
}

/** INVALID_PREFIX: TypeID `text` has the valid prefix `got` where the call requires `expected`. */
export function typeIdOtherPrefix(text: string, got: string, expected: string): Problem {
  const prefix = (value: string): string => (value === "" ? "no prefix" : `the prefix ${quote(value)}`);
  return { code: "INVALID_PREFIX", reason: `TypeID ${quote(text)} has ${prefix(got)}, expected ${prefix(expected)}` };
}

/**
 * INVALID_PREFIX: a `prefix` option (of a generator, an encoder or a decoder) that is no TypeID prefix: `what` is
 * wrong in the string (none when it is no string).
 */
export function badPrefixOption(value: unknown, what?: string): UlidError {
  const reason = typeof value === "string" ? `${what} in ${quote(value)}` : `a string, got ${quote(value)}`;
  return new UlidError("INVALID_PREFIX", `${option("prefix")}: ${reason}: ${PREFIX_RULE}`);
}

/** OVERFLOW: a TypeID suffix whose first character (at `position` of `text`) is above 7. */
export function typeIdOverflow(text: string, position: number): Problem {
  return {
    code: "OVERFLOW",
    reason: `${quote(text)} overflows 128 bits: the suffix's first character (position ${position}) must be 0-7 (largest 7${"z".repeat(25)})`,
  };
}

/**
 * A text record whose ID ends after `length` characters: at the byte `separator` (undefined at the end of the
 * text), which separates IDs. `id` is the record's text.
 */
export function recordEndsEarly(label: string, length: number, separator: number | undefined, id: string): Problem {
  const end = separator === undefined ? "the end of the text" : `byte ${hexByte(separator)}`;
  return {
    code: "INVALID_LENGTH",
    reason: `the ${label} ends after ${length} characters (${end} at position ${length} separates IDs in text): ${quote(id)}`,
  };
}

/** A text record longer than `chars`: `byte` stands where a separator belongs. `record` is its text. */
export function recordTooLong(label: string, chars: number, byte: number, record: string): Problem {
  return {
    code: "INVALID_LENGTH",
    reason: `the ${label} is longer than ${chars} characters (byte ${hexByte(byte)} cannot separate IDs): ${quote(record)}...`,
  };
}

/** OVERFLOW: 8 bytes whose first, `byte`, has the sign bit set. */
export function flakeSignBit(byte: number): Problem {
  return {
    code: "OVERFLOW",
    reason: `the 8 bytes have the sign bit set (byte 0 is ${hexByte(byte)}): a Ulid-Flake is below 2^63, its text at most 7ZZZZZZZZZZZZ`,
  };
}

/** 16 bytes whose bytes 6 and 8 are not UUID v7's version and variant. */
export function notUuidV7Bytes(byte6: number, byte8: number): Problem {
  return {
    code: "INVALID_ARGUMENT",
    reason: `the 16 bytes are no UUID v7: byte 6 must be 0x7_ (version 7) and byte 8 0x8_-0xb_ (the RFC variant), got ${hexByte(byte6)} and ${hexByte(byte8)}`,
  };
}

/** A would-be `label` integer that is no bigint. */
export function integerNotBigint(label: string, value: unknown): Problem {
  return { code: "INVALID_ARGUMENT", reason: mustBeText(`${aLabel(label)} integer`, "a bigint", quote(value)) };
}

/** OVERFLOW: an integer outside 0..2^`bits`-1, the width of a `label`. */
export function integerOutOfRange(label: string, bits: number, value: bigint): Problem {
  return { code: "OVERFLOW", reason: `${aLabel(label)} integer is 0..2^${bits}-1, got ${quote(value)}` };
}

/** An integer in range whose bytes are no ID, for `problem` (the binary fault of those bytes). */
export function integerNotId(value: bigint, problem: Problem): Problem {
  return { code: problem.code, reason: `integer ${quote(value)}: ${problem.reason}` };
}

/** INVALID_LENGTH: `length` 64-bit words are no whole number of `label` integers of `words` words each. */
export function partialWords(label: string, words: number, length: number): UlidError {
  return new UlidError(
    "INVALID_LENGTH",
    `${label} integers are ${words} 64-bit words each, got ${length} words (${length % words} left over)`,
  );
}

export function uuidNotString(value: unknown): UlidError {
  const { code, reason } = idNotString("UUID", value);
  return new UlidError(code, reason);
}

/** INVALID_LENGTH: UUID text that is not `chars` characters long; `index` is the first wrong position. */
export function uuidLength(chars: number, uuid: string): UlidError {
  return new UlidError(
    "INVALID_LENGTH",
    hasSize("UUID", `${chars} characters (8-4-4-4-12)`, `${uuid.length}: ${quote(uuid)}`),
    Math.min(uuid.length, chars),
  );
}

/** INVALID_CHAR at `position` of UUID text, where `expected` ("a hyphen") belongs. */
export function uuidChar(uuid: string, position: number, expected: string): UlidError {
  return new UlidError(
    "INVALID_CHAR",
    `invalid character ${JSON.stringify(uuid[position])} at position ${position} in UUID ${quote(uuid)}: expected ${expected}`,
    position,
  );
}

/** INVALID_CHAR: a UUID that `toUUID` cannot have made, for the character at `position`, where `expected` belongs. */
export function notBaseUidUuid(uuid: string, position: number, expected: string): UlidError {
  return new UlidError(
    "INVALID_CHAR",
    `UUID ${quote(uuid)} is no BaseUID in UUIDv8 form: character ${describeChar(uuid, position)} must be ${expected}`,
    position,
  );
}

/** The error for one bad ID: `index` is the character position (none for a value that is no string). */
export function idFault(fault: Fault): UlidError {
  return new UlidError(fault.code, fault.reason, fault.code === "INVALID_ARGUMENT" ? undefined : fault.position);
}

/** The error for element `index` of a batch of text: `index` is the element index. */
export function elementFault(index: number, fault: Fault): UlidError {
  const where = fault.code === "INVALID_ARGUMENT" ? "" : ` (character position ${fault.position})`;
  return new UlidError(fault.code, `element ${index}${where}: ${fault.reason}`, index);
}

/** The error for `problem` of element `index` of a binary batch, or of the one value when `index` is undefined. */
export function elementError(problem: Problem, index: number | undefined): UlidError {
  return new UlidError(problem.code, index === undefined ? problem.reason : `element ${index}: ${problem.reason}`, index);
}

/** The error for line `index` (0-based) of a stream; the message counts lines from 1. */
export function lineFault(index: number, problem: Problem): UlidError {
  return new UlidError(problem.code, `line ${index + 1}: ${problem.reason}`, index);
}

// ---- monotonic overflow ----

/**
 * MONOTONIC_OVERFLOW: no `label` follows the last one within its time field `time`, which steps in `unit`s;
 * `element` is the batch element that found it.
 */
export function monotonicOverflow(label: string, unit: string, time: number, element?: number): UlidError {
  const where = element === undefined ? "" : ` at element ${element}`;
  return new UlidError(
    "MONOTONIC_OVERFLOW",
    `${label} monotonic overflow${where}: no successor within time field ${time}; try again in a later ${unit}`,
    element,
  );
}

// ---- engines and randomness ----

/** WASM_UNAVAILABLE, with the loader's `reason`. */
export function wasmUnavailable(reason: string | undefined): UlidError {
  return new UlidError("WASM_UNAVAILABLE", `WebAssembly cannot be used here: ${reason}`);
}

export function noSecureRandom(): UlidError {
  return new UlidError(
    "RANDOM_UNAVAILABLE",
    "no secure random source: globalThis.crypto.getRandomValues is missing, and no `random` option was given",
  );
}

export function randomNotFunction(): UlidError {
  return new UlidError("INVALID_ARGUMENT", `${option("random")} must be a function (out: Uint8Array) => void`);
}

// ---- letter case ----

/** A `lowercase` option for a `label`, whose text is case-sensitive. */
export function caseSensitiveText(label: string): UlidError {
  return new UlidError(
    "INVALID_ARGUMENT",
    `the \`lowercase\` option is for case-insensitive text: ${label} text is case-sensitive, lower case would make another ID`,
  );
}
