/**
 * Lower-case output, the same for every format whose text reads letters in either case (ULID, Ulid-Flake, UUID v7):
 * the `lowercase` option of the calls that write text. Canonical text (upper-case Crockford, lower-case hex) stays the
 * default; decoders read either case anyway. A case-sensitive format (BaseUID, KSUID) refuses the option: its
 * lower-case text would be another ID. TypeID's text is lower case only: the option asks for what it writes anyway.
 *
 * Applied to what the engines wrote, so both engines give the same text and the calls without the option run as
 * before: ID text is ASCII, where `toLowerCase` changes only A-Z.
 */
import { optionMustBe, caseSensitiveText } from "../core/messages.js";
import type { FormatRules } from "./faults.js";

/** The option, on every call that writes ID text. */
export interface CaseOptions {
  /** Write letters in lower case (default false: the canonical case). Only for formats whose text ignores case. */
  lowercase?: boolean;
}

/** Whether a `lowercase` option value asks for lower case; INVALID_ARGUMENT for a non-boolean or a case-sensitive format. */
export function lowercaseOption(format: FormatRules, value: unknown): boolean {
  if (value === undefined || value === false) return false;
  if (value !== true) throw optionMustBe("lowercase", "a boolean", value);
  if (format.spec.lowerCaseOnly) return false;
  if (!format.spec.caseInsensitive) throw caseSensitiveText(format.spec.label);
  return true;
}

/** `text` in lower case when `lower`. */
export function inCase(text: string, lower: boolean): string {
  return lower ? text.toLowerCase() : text;
}

/** Lower-cases the ASCII capitals of `text` in place (separators are no letters, so records keep their shape). */
export function lowerAscii(text: Uint8Array): void {
  for (let i = 0; i < text.length; i++) {
    const byte = text[i]!;
    // A-Z are 0x41-0x5a; a-z are the same with bit 0x20 set.
    if (byte >= 0x41 && byte <= 0x5a) text[i] = byte | 0x20;
  }
}
