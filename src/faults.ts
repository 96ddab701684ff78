/**
 * Why an ID is bad, computed once for every engine: engines only say *which* ID failed, and this file names
 * the fault the same way whatever engine found it. Checks run in a fixed order, the first fault wins: type,
 * length, then characters left to right (the first character's overflow included).
 */
import { DECODE_TABLE, INVALID, isAsciiAlphanumeric } from "./crockford.js";
import { UlidError, quote, type UlidErrorCode } from "./errors.js";
import { TEXT_RECORD, ULID_CHARS, type IdBatch } from "./engine/types.js";

export interface Fault {
  code: UlidErrorCode;
  /** Character position of the fault within the ID. */
  position: number;
  reason: string;
}

/** Quotes a character as text and code point, so invisible ones are identifiable. */
function describeChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `${JSON.stringify(char)} (U+${code.toString(16).toUpperCase().padStart(4, "0")})`;
}

/** The first fault of a would-be ULID, or null when it is valid. */
export function findFault(id: unknown): Fault | null {
  if (typeof id !== "string") {
    return { code: "INVALID_ARGUMENT", position: 0, reason: `a ULID must be a string, got ${quote(id)}` };
  }
  if (id.length !== ULID_CHARS) {
    return {
      code: "INVALID_LENGTH",
      position: Math.min(id.length, ULID_CHARS),
      reason: `a ULID has ${ULID_CHARS} characters, got ${id.length}: ${quote(id)}`,
    };
  }
  for (let position = 0; position < ULID_CHARS; position++) {
    const value = DECODE_TABLE[id.charCodeAt(position)];
    if (value === INVALID) {
      return {
        code: "INVALID_CHAR",
        position,
        reason: `invalid character ${describeChar(id[position]!)} at position ${position} in ${quote(id)}`,
      };
    }
    if (position === 0 && value > 7) {
      return {
        code: "OVERFLOW",
        position,
        reason: `${quote(id)} overflows 128 bits: the first character must be 0-7 (largest ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)`,
      };
    }
  }
  return null;
}

/** The error for a single bad ID: `index` is the character position. */
export function idError(id: unknown): UlidError {
  const fault = findFault(id);
  if (fault === null) throw new Error(`internal: ${quote(id)} was reported invalid but is valid`);
  return new UlidError(fault.code, fault.reason, fault.code === "INVALID_ARGUMENT" ? undefined : fault.position);
}

const latin1 = new TextDecoder("latin1");

/**
 * The fault of record `index` of a text batch. In text, any byte that is not an ASCII letter or digit separates
 * IDs, so such a byte inside a record ends the ID early: that is a length fault (as for a short string), found
 * before any character fault. A letter or digit where the separator belongs makes the ID too long.
 */
function textRecordFault(text: Uint8Array, index: number): Fault {
  const start = index * TEXT_RECORD;
  const record = text.subarray(start, start + TEXT_RECORD);
  const id = latin1.decode(record.subarray(0, ULID_CHARS));
  let length = 0;
  while (length < record.length && isAsciiAlphanumeric(record[length]!)) length++;
  if (length < ULID_CHARS) {
    const end = length < record.length ? `byte 0x${record[length]!.toString(16).padStart(2, "0")}` : "the end of the text";
    return {
      code: "INVALID_LENGTH",
      position: length,
      reason: `the ID ends after ${length} characters (${end} at position ${length}; in text, any byte that is not an ASCII letter or digit separates IDs): ${quote(id)}`,
    };
  }
  if (length > ULID_CHARS) {
    return {
      code: "INVALID_LENGTH",
      position: ULID_CHARS,
      reason: `the ID is longer than ${ULID_CHARS} characters (IDs in text are separated by one byte that is not a letter or digit): ${quote(latin1.decode(record))}...`,
    };
  }
  return findFault(id)!;
}

/** The error for element `index` of a batch, the first bad one: `index` is the element index. */
export function batchError(batch: IdBatch, index: number): UlidError {
  const fault = batch.kind === "strings" ? findFault(batch.ids[index]) : textRecordFault(batch.text, index);
  if (fault === null) throw new Error(`internal: element ${index} was reported invalid but is valid`);
  const where = fault.code === "INVALID_ARGUMENT" ? "" : ` (character position ${fault.position})`;
  return new UlidError(fault.code, `element ${index}${where}: ${fault.reason}`, index);
}

/** Whether a text batch's record separator may be this byte. */
export function isSeparator(byte: number): boolean {
  return !isAsciiAlphanumeric(byte);
}
