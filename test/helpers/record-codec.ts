/**
 * Driving a per-record codec (src/engine/js-*.ts) directly, below the machinery: text in, bytes and time field out,
 * and back. For the formats whose codecs are tested on their own (ObjectId, XID, TSID, Snowflake).
 */
import type { RecordCodec } from "../../src/engine/js-record-codec.js";

/** A codec's record functions, `write` returning success or a length (Snowflake's varies). */
export interface RecordFunctions {
  read(text: string, at: number, length: number): boolean;
  pack: RecordCodec["pack"];
  time: RecordCodec["time"];
  write(src: Uint8Array, from: number, dst: Uint8Array, at: number): boolean | number;
}

/** The bytes and time field of `text`, or null when the codec refuses it. */
export function decodeWith(codec: RecordFunctions, text: string, bytes: number): { bytes: Uint8Array; time: number } | null {
  if (!codec.read(text, 0, text.length)) return null;
  const out = new Uint8Array(bytes);
  codec.pack(out, 0);
  return { bytes: out, time: codec.time() };
}

/** The text of the binary ID at `src[from]`, or null when the codec refuses it. */
export function encodeWith(codec: RecordFunctions, src: Uint8Array, from = 0): string | null {
  const dst = new Uint8Array(32);
  const written = codec.write(src, from, dst, 0);
  if (written === false || written === -1) return null;
  const length = written === true ? dst.indexOf(0) : written;
  return String.fromCharCode(...dst.subarray(0, length));
}

export const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
export const bytesOf = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, "hex"));

