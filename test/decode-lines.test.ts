/**
 * Streaming decode of newline-delimited ULIDs (`decodeLines`, `decodeStream`) on both engines: random chunk splits,
 * one-byte chunks included, give the bytes `decodeMany` gives for the whole text; bad lines are reported in line
 * order with the fault `decode` names, after the IDs before them.
 */
import { describe, expect, it } from "vitest";
import { UlidError, decode, decodeLines, decodeMany, decodeStream, encodeManyText, generateMany } from "../src/index.js";
import { forEachEngine } from "./helpers/engines.js";
import { latin1 } from "./helpers/reference.js";
import { byteChunks, randomChunks } from "./helpers/scan-reference.js";
import { throughTransform } from "./helpers/streams.js";
import { SPEC_MAX, SPEC_OVERFLOW, SPEC_ZERO_RANDOM } from "./vectors.js";

const A = SPEC_ZERO_RANDOM.ulid;
const MAX = SPEC_MAX.ulid;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Everything `decodeLines` gives for `chunks`, joined, and the errors it reported. */
async function decodeAll(chunks: Uint8Array[]): Promise<{ bytes: Uint8Array; errors: UlidError[] }> {
  const errors: UlidError[] = [];
  const parts: Uint8Array[] = [];
  for await (const part of decodeLines(chunks, { onInvalid: (error) => errors.push(error) })) parts.push(part);
  return { bytes: concat(parts), errors };
}

/** Everything `decodeStream` gives for `chunks`, joined. */
async function throughStream(chunks: Uint8Array[]): Promise<Uint8Array> {
  return concat(await throughTransform(decodeStream(), chunks));
}

/** `decode` of one ID, or its error. */
function faultOf(id: string): UlidError {
  try {
    decode(id);
  } catch (error) {
    return error as UlidError;
  }
  throw new Error(`${id} is valid`);
}

forEachEngine(() => {
  const ids = generateMany(3000);
  const text = encodeManyText(ids);

  describe("decodeLines", () => {
    it.each([
      ["one chunk", [text]],
      ["random chunks of 1-100 bytes", randomChunks(text, 100, 1)],
      ["random chunks of 1-20000 bytes", randomChunks(text, 20_000, 2)],
      ["one-byte chunks", byteChunks(text)],
    ])("gives the bytes decodeMany gives, in %s", async (_, chunks) => {
      const { bytes, errors } = await decodeAll(chunks);
      expect(errors).toEqual([]);
      expect(Buffer.from(bytes).equals(Buffer.from(decodeMany(text)))).toBe(true);
    });

    it("reads CRLF line ends, a last line without a newline, lower case and aliases", async () => {
      const { bytes, errors } = await decodeAll([latin1(`${A}\r\n${MAX.toLowerCase()}\n01arYZ6S41oooooooooooooooo`)]);
      expect(errors).toEqual([]);
      expect(Buffer.from(bytes).equals(Buffer.from(decodeMany([A, MAX, A])))).toBe(true);
    });

    it("reports each bad line with its number and the fault decode names, and skips it", async () => {
      const lines = [A, "", `${A.slice(0, 10)}U${A.slice(11)}`, SPEC_OVERFLOW, `${A} `, "x".repeat(600), MAX, `${A.slice(0, 25)}\u00e9`];
      const input = new TextEncoder().encode(lines.join("\n"));
      for (const chunks of [[input], byteChunks(input)]) {
        const { bytes, errors } = await decodeAll(chunks);
        expect(Buffer.from(bytes).equals(Buffer.from(decodeMany([A, MAX])))).toBe(true);
        expect(errors.map((error) => [error.code, error.index])).toEqual([
          ["INVALID_LENGTH", 1],
          ["INVALID_CHAR", 2],
          ["OVERFLOW", 3],
          ["INVALID_LENGTH", 4],
          ["INVALID_LENGTH", 5],
          ["INVALID_CHAR", 7],
        ]);
        expect(errors[1]!.message).toBe(`line 3: ${faultOf(lines[2]!).message}`);
        expect(errors[3]!.message).toBe(`line 5: ${faultOf(lines[4]!).message}`);
        expect(errors[4]!.message).toMatch(/^line 6: a ULID has 26 characters, got a line of 600 bytes starting "x{32}"$/);
        // UTF-8 text is named by its characters: 26 of them, the last one wrong (though it takes 27 bytes).
        expect(errors[5]!.message).toMatch(/^line 8: invalid character "é" \(U\+00E9\) at position 25/);
      }
    });

    it("reads two short lines that fill 27 bytes as two bad lines, not as one record", async () => {
      // Both newlines fall where a run of one-per-line IDs has them: byte 26 of a record, and one inside it.
      const { bytes, errors } = await decodeAll([latin1(`${A}\n0123\n${"7".repeat(21)}\n${MAX}\n`)]);
      expect(Buffer.from(bytes).equals(Buffer.from(decodeMany([A, MAX])))).toBe(true);
      expect(errors.map((error) => [error.index, error.message])).toEqual([
        [1, 'line 2: a ULID has 26 characters, got 4: "0123"'],
        [2, `line 3: a ULID has 26 characters, got 21: "${"7".repeat(21)}"`],
      ]);
    });

    it("without onInvalid, gives the IDs before the first bad line, then throws it", async () => {
      const parts: Uint8Array[] = [];
      const run = async () => {
        for await (const part of decodeLines([latin1(`${A}\n${MAX}\nbad\n${A}\n`)])) parts.push(part);
      };
      await expect(run()).rejects.toMatchObject({ code: "INVALID_LENGTH", index: 2, message: /^line 3: / });
      expect(Buffer.from(concat(parts)).equals(Buffer.from(decodeMany([A, MAX])))).toBe(true);
    });

    it("keeps line numbers across chunks and batches larger than one engine call", async () => {
      const many = encodeManyText(generateMany(20_000));
      const bad = new Uint8Array(many);
      bad[27 * 17_000 + 5] = 0x55; // "U" in line 17001
      const { bytes, errors } = await decodeAll(randomChunks(bad, 5000, 3));
      expect(bytes.length).toBe(16 * 19_999);
      expect(errors.map((error) => [error.code, error.index])).toEqual([["INVALID_CHAR", 17_000]]);
      expect(errors[0]!.message).toMatch(/^line 17001: invalid character "U" \(U\+0055\) at position 5/);
    });

    it("rejects a bad onInvalid option", () => {
      expect(() => decodeLines([], { onInvalid: 1 as never })).toThrow(/`onInvalid` option/);
    });
  });

  describe("decodeStream", () => {
    it.each([
      ["random chunks of 1-100 bytes", randomChunks(text, 100, 4)],
      ["one-byte chunks", byteChunks(text.subarray(0, 27 * 200))],
    ])("gives the bytes decodeMany gives, in %s", async (_, chunks) => {
      const whole = concat(chunks);
      expect(Buffer.from(await throughStream(chunks)).equals(Buffer.from(decodeMany(whole)))).toBe(true);
    });

    it("errors at the first bad line without onInvalid", async () => {
      await expect(throughStream([latin1(`${A}\n${SPEC_OVERFLOW}\n`)])).rejects.toMatchObject({
        code: "OVERFLOW",
        index: 1,
      });
    });
  });
});
