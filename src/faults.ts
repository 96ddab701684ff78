/**
 * Why a ULID is bad: ULID's rules for the shared fault finding in formats/faults.ts. A character fault is an
 * invalid character, or an overflow at the first one (26 chars carry 130 bits, a ULID 128).
 */
import { DECODE_TABLE, INVALID, isAsciiAlphanumeric } from "./crockford.js";
import { quote, type UlidError } from "./errors.js";
import { ULID_CHARS, type IdBatch } from "./engine/types.js";
import * as shared from "./formats/faults.js";

/** Whether a text batch's record separator may be this byte. */
export function isSeparator(byte: number): boolean {
  return !isAsciiAlphanumeric(byte);
}

const ULID_RULES: shared.TextRules = {
  spec: { chars: ULID_CHARS, isSeparator },
  label: "ULID",
  charFault(id, position) {
    const value = DECODE_TABLE[id.charCodeAt(position)];
    if (value === INVALID) {
      return { code: "INVALID_CHAR", reason: `invalid character ${shared.describeChar(id, position)} in ${quote(id)}` };
    }
    if (position === 0 && value > 7) {
      return {
        code: "OVERFLOW",
        reason: `${quote(id)} overflows 128 bits: the first character must be 0-7 (largest ULID 7ZZZZZZZZZZZZZZZZZZZZZZZZZ)`,
      };
    }
    return null;
  },
};

/** The first fault of a would-be ULID, or null when it is valid. */
export function findFault(id: unknown): shared.Fault | null {
  return shared.findFault(ULID_RULES, id);
}

/** The error for a single bad ID: `index` is the character position. */
export function idError(id: unknown): UlidError {
  return shared.idError(ULID_RULES, id);
}

/** The error for element `index` of a batch, the first bad one: `index` is the element index. */
export function batchError(batch: IdBatch, index: number): UlidError {
  return shared.batchError(ULID_RULES, batch, index);
}
