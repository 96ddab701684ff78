/** UUID text for 16 bytes: lower-case hex in 8-4-4-4-12 groups, read in either case. */
import { uuidChar, uuidLength, uuidNotString } from "../core/messages.js";

const UUID_CHARS = 36;
/** Where the hyphens of 8-4-4-4-12 stand. */
const HYPHENS = [8, 13, 18, 23];

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** Bytes as lower-case hex, two digits each. */
export function hex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += HEX[byte];
  return text;
}

/** The 16 bytes at `bytes[at]` as UUID text. */
export function formatUuid(bytes: Uint8Array, at: number): string {
  let text = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += "-";
    text += HEX[bytes[at + i]!];
  }
  return text;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** Parses UUID text into 16 bytes at `dst[at]`; every fault is a UlidError with the character position. */
export function parseUuid(uuid: unknown, dst: Uint8Array, at: number): void {
  if (typeof uuid !== "string") throw uuidNotString(uuid);
  if (uuid.length !== UUID_CHARS) throw uuidLength(UUID_CHARS, uuid);
  let byte = 0;
  for (let position = 0; position < UUID_CHARS; position++) {
    const code = uuid.charCodeAt(position);
    if (HYPHENS.includes(position)) {
      if (code !== 0x2d) throw uuidChar(uuid, position, "a hyphen");
      continue;
    }
    const value = hexValue(code);
    if (value < 0) throw uuidChar(uuid, position, "a hex digit");
    dst[at + (byte >> 1)] = byte & 1 ? dst[at + (byte >> 1)]! | value : value << 4;
    byte++;
  }
}
