/**
 * Why an ID is bad, computed once for every engine and every format (engines only say *which* ID failed), so a
 * fault is named the same way whoever found it. Checks run in a fixed order, the first fault wins: type, length,
 * then characters left to right. What is said of each is worded in src/core/messages.ts.
 */
import { quote, type UlidError, type UlidErrorCode } from "../core/errors.js";
import { fitsWidth, type FormatSpec, widthText } from "../engine/specs.js";
import type { IdBatch } from "../engine/types.js";
import { elementError, elementFault, idFault, idLength, idNotString, recordEndsEarly, recordTooLong } from "../core/messages.js";

/** A fault and what to say about it. */
export interface Problem {
  readonly code: UlidErrorCode;
  readonly reason: string;
}

/** What explaining a bad ID needs to know about its format (each format's rules are in its file in src/formats/). */
export interface FormatRules {
  /** The format's length in characters, which bytes separate IDs in text, and its name in messages (`label`). */
  readonly spec: FormatSpec;
  /** The fault of the character at `position` of `text` (of the right length), or null when it may stand there. */
  charFault(text: string, position: number): Problem | null;
  /** Why the binary ID at `bytes[at]`, which an engine refused to encode, is no ID of the format. */
  binaryFault(bytes: Uint8Array, at: number): Problem;
  /**
   * For a format whose texts start with a part of their own (TypeID's prefix): the fault of that part, checked
   * before anything else, or the rules of a text of that part (their `spec.chars` its length).
   */
  leadOf?(text: string): Fault | this;
}

export interface Fault extends Problem {
  /** Character position of the fault. */
  readonly position: number;
}

/** The first fault of a would-be ID, or null when it is valid. */
export function findFault(format: FormatRules, text: unknown): Fault | null {
  if (typeof text !== "string") return { ...idNotString(format.spec.label, text), position: 0 };
  const lead = format.leadOf?.(text) ?? format;
  if ("position" in lead) return lead;
  const rules = lead;
  const { spec } = rules;
  const { label } = spec;
  if (!fitsWidth(spec, text.length)) {
    const width = spec.minChars === undefined ? spec.chars : widthText(spec);
    return { ...idLength(label, width, text), position: Math.min(text.length, spec.chars) };
  }
  for (let position = 0; position < text.length; position++) {
    const problem = rules.charFault(text, position);
    if (problem !== null) return { ...problem, position };
  }
  return null;
}

function knownFault(rules: FormatRules, text: unknown): Fault {
  const fault = findFault(rules, text);
  if (fault === null) throw new Error(`internal: ${quote(text)} was reported invalid but is a valid ${rules.spec.label}`);
  return fault;
}

/** The error for one bad ID: `index` is the character position. */
export function idError(rules: FormatRules, text: unknown): UlidError {
  return idFault(knownFault(rules, text));
}

/**
 * A record's bytes as a string of one character per byte, its code the byte's (ISO-8859-1), for the message. Not
 * TextDecoder("latin1"): by the Encoding standard that is windows-1252, where bytes 0x80-0x9F are other characters
 * (0x80 is "€"), as browsers and Node 22+ decode it (Node 20 did not), so the same bytes were quoted otherwise there.
 */
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/**
 * The fault of record `index` of a text batch. A separator byte inside a record ends the ID early (a length fault,
 * as for a short string), and a byte that cannot separate where the separator belongs makes it too long.
 */
function textRecordFault(rules: FormatRules, text: Uint8Array, index: number): Fault {
  const { chars, isSeparator } = rules.spec;
  const record = text.subarray(index * (chars + 1), (index + 1) * (chars + 1));
  let length = 0;
  while (length < record.length && !isSeparator(record[length]!)) length++;
  // A fault of a part of its own (TypeID's prefix) comes first, as for a string: the record up to its end tells it.
  const lead = rules.leadOf?.(latin1(record.subarray(0, length)));
  if (lead !== undefined && "position" in lead) return lead;
  const id = latin1(record.subarray(0, chars));
  if (length < chars) {
    const separator = length < record.length ? record[length] : undefined;
    return { ...recordEndsEarly(rules.spec.label, length, separator, id), position: length };
  }
  if (length > chars) return { ...recordTooLong(rules.spec.label, chars, record[chars]!, latin1(record)), position: chars };
  return knownFault(rules, id);
}

/**
 * The error for the first bad element of a batch, at `at` of `batch` (a piece of it, or all of it): `index`, its
 * index in the whole batch, is the error's.
 */
export function batchError(rules: FormatRules, batch: IdBatch, at: number, index = at): UlidError {
  const fault = batch.kind === "strings" ? knownFault(rules, batch.ids[at]) : textRecordFault(rules, batch.text, at);
  return elementFault(index, fault);
}

/** The error for binary element `index` (or the one ID, when `index` is undefined) that is no ID of the format. */
export function binaryError(rules: FormatRules, bytes: Uint8Array, at: number, index?: number): UlidError {
  return elementError(rules.binaryFault(bytes, at), index);
}
