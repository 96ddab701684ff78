/**
 * What the SQL functions use of a format's namespace (`formats[key]`, the public registry): its shape, its bulk
 * calls, its one-ID calls for the values a batch leaves out, and its bounds.
 */
import { formats, type FormatKey } from "../index.js";

export interface IdFormat {
  readonly name: string;
  /** Characters of its text (TypeID: of the suffix; its text is as long as its prefix makes it). */
  readonly chars: number;
  /** Bytes of its binary form. */
  readonly bytes: number;
  decodeTimeMany(texts: Uint8Array, options: { out: Float64Array; flags: Uint8Array }): Float64Array;
  decodeMany(texts: Uint8Array, options: { out: Uint8Array; flags: Uint8Array }): Uint8Array;
  validateMany(texts: Uint8Array): Uint8Array;
  encodeManyText(bytes: Uint8Array): Uint8Array;
  generateMany(count: number, options?: { after?: Uint8Array }): Uint8Array;
  decodeTime(text: string): number;
  decode(text: string): Uint8Array;
  isValid(text: unknown): boolean;
  encode(bytes: Uint8Array): string;
  min(time: number): string;
  max(time: number): string;
}

/** Every format of the registry, in its order, with its name. */
export function idFormats(): { key: FormatKey; format: IdFormat }[] {
  return (Object.keys(formats) as FormatKey[]).map((key) => ({ key, format: formats[key] }));
}
