/**
 * What `ulid decode` prints (src/printer/decode-output.ts): per line the canonical text, whole Unix ms and ISO time,
 * every bad line reported by index, for every format on both engines (ULID through the engines' one pass: whole
 * lines on WebAssembly, canonical text and the writer's lines on TypeScript; the others through decode and
 * encode), against the reference codecs of test/helpers/format-reference.ts. Streams mix valid lines (in
 * any accepted spelling), bad chars, short and long lines, CRLF ends, empty lines and pairs of short lines that
 * together are one record wide, cut into chunks at random places.
 */
import { describe, expect, it } from "vitest";
import { ByteWriter } from "../src/printer/byte-writer.js";
import { TimeSuffix } from "../src/printer/time-suffix.js";
import { decodedLines } from "../src/printer/decode-output.js";
import { formatOf } from "../src/cli/type-option.js";
import type { UlidError } from "../src/core/errors.js";
import { seededUint32 as prng } from "./helpers/reference.js";
import { forEachEngine } from "./helpers/engines.js";
import { REF_FORMATS, type RefFormat } from "./helpers/format-reference.js";
import { useCommandModule } from "./helpers/command-builds.js";
import { byTier } from "./helpers/tier.js";

// As the command does first: the engine loads the command's module, whose line kernels ULID's lines take.
useCommandModule();

interface Line {
  /** The line's bytes (latin1), without its end. */
  readonly text: string;
  /** Its canonical text and whole Unix ms, or null when it is bad. */
  readonly decoded: { readonly text: string; readonly time: number } | null;
}

/** Streams made already: each engine reads the same one, whose expected outcomes (the reference's) cost the most. */
const streams = new Map<string, { input: Uint8Array; lines: Line[] }>();

/** A random stream of `n` lines of `ref`'s format, and each line's expected outcome; made once per arguments. */
function stream(ref: RefFormat, n: number, seed: number): { input: Uint8Array; lines: Line[] } {
  const key = `${ref.name} ${n} ${seed}`;
  let made = streams.get(key);
  if (made === undefined) streams.set(key, (made = newStream(ref, n, seed)));
  return made;
}

function newStream(ref: RefFormat, n: number, seed: number): { input: Uint8Array; lines: Line[] } {
  const next = prng(seed);
  const below = (k: number): number => next() % k;
  const valid = (): string => {
    const bytes = ref.conform(Uint8Array.from({ length: ref.bytes }, () => below(256)));
    const text = ref.encode(bytes)!;
    if (ref.name === "ulid" && below(3) === 0) return text.toLowerCase().replace(/1/g, () => (below(2) ? "l" : "I")).replace(/0/g, () => (below(2) ? "O" : "o"));
    return ref.name === "uuidv7" && below(2) === 0 ? text.toUpperCase() : text;
  };
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = below(20);
    if (kind < 12) lines.push(valid());
    else if (kind === 12) lines.push(`${valid()}\r`);
    else if (kind === 13) {
      const text = valid();
      const at = below(ref.chars);
      // Chars that are one byte each (latin1): a wider one would be cut to its low byte in the stream's bytes.
      const bad = ref.badChars.filter((ch) => ch.length === 1 && ch.charCodeAt(0) <= 0xff);
      lines.push(text.slice(0, at) + bad[below(bad.length)]! + text.slice(at + 1));
    } else if (kind === 14) lines.push(valid().slice(0, below(ref.chars)));
    else if (kind === 15) lines.push(`${valid()}${valid().slice(0, 1 + below(3))}`);
    else if (kind === 16) lines.push("");
    else if (kind === 17) {
      // Two short lines, one record wide together ("\n" among the chars of what looks like one record).
      const cut = 1 + below(ref.chars - 2);
      lines.push(valid().slice(0, cut), valid().slice(0, ref.chars - 1 - cut));
    } else lines.push(ref.overflows.length > 0 && below(2) ? ref.overflows[below(ref.overflows.length)]!.text : valid());
  }
  const expected = lines.map((text): Line => {
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    const bytes = [...line].every((ch) => ch.charCodeAt(0) < 0x80) ? ref.decode(line) : null;
    return { text, decoded: bytes === null ? null : { text: ref.encode(bytes)!, time: Math.floor(ref.time(line)) } };
  });
  const trailing = below(2) === 0;
  const joined = lines.join("\n") + (trailing || lines.at(-1) === "" ? "\n" : "");
  return { input: Uint8Array.from(joined, (ch) => ch.charCodeAt(0)), lines: expected };
}

/** What `ulid decode` prints after an ID by default (TSV): its Unix ms and ISO time. */
const tsv = (): TimeSuffix => new TimeSuffix("\t", "\t", "\n");

/**
 * The lines of `writer` (each "ID\tms\tISO\n") as "ID ms", after checking each one's ISO time against
 * `Date.toISOString`; clears the writer.
 */
function takeLines(writer: ByteWriter): string[] {
  const text = Buffer.from(writer.view()).toString("latin1");
  writer.clear();
  if (text === "") return [];
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => {
      const [id, ms, iso] = line.split("\t");
      // expect() only on a difference: a call per line would cost more than the decoding under test.
      const expected = new Date(Number(ms)).toISOString();
      if (iso !== expected) expect({ line, iso }).toEqual({ line, iso: expected });
      return `${id} ${ms}`;
    });
}

/** Decodes `input` in chunks cut at random places; the lines printed and the indexes of the lines reported. */
function decodeAll(ref: RefFormat, input: Uint8Array, seed: number): { printed: string[]; bad: number[] } {
  const next = prng(seed);
  const printed: string[] = [];
  const bad: number[] = [];
  const writer = new ByteWriter();
  // TypeID's reference reads one prefix: the command is given it (--prefix).
  const lines = decodedLines(formatOf({ type: ref.name, prefix: ref.prefix }), "", tsv(), writer, (error: UlidError) => {
    expect(error.message.startsWith(`line ${error.index! + 1}: `)).toBe(true);
    bad.push(error.index!);
  });
  const nothing = (): void => {
    throw new Error("decodedLines emits nothing: its lines go to the writer");
  };
  for (let at = 0; at < input.length; ) {
    // Mostly large chunks (runs of records in place), sometimes tiny ones (lines split across chunks).
    const size = next() % 4 === 0 ? 1 + (next() % 40) : 1 + (next() % 300_000);
    // A copy per chunk: the TypeScript engine's pass rewrites the chunk, as the command's own read buffer.
    lines.push(input.slice(at, at + size), false, nothing);
    printed.push(...takeLines(writer));
    at += size;
  }
  lines.push(new Uint8Array(0), true, nothing);
  printed.push(...takeLines(writer));
  return { printed, bad };
}

describe.each(REF_FORMATS)("decoded lines of $name", (ref) => {
  forEachEngine(() => {
    // Streams past the wasm chunk (8,192 records) and the command's lines region (~2,000 lines a call): once in
    // the unit tier, many times over in the deep tier.
    it.each(byTier([[1, 1], [50, 2], [9000, 4]], [[1, 1], [50, 2], [30_000, 3], [70_000, 4]]))("reads %i lines like the reference (seed %i)", (n, seed) => {
      const { input, lines } = stream(ref, n, seed);
      const { printed, bad } = decodeAll(ref, input, seed);
      const expected = lines.flatMap((line) => (line.decoded === null ? [] : [`${line.decoded.text} ${line.decoded.time}`]));
      expect(printed.length).toBe(expected.length);
      for (let i = 0; i < expected.length; i++) if (printed[i] !== expected[i]) expect({ i, line: printed[i] }).toEqual({ i, line: expected[i] });
      expect(bad).toEqual(lines.flatMap((line, index) => (line.decoded === null ? [index] : [])));
    });

    it("stops at the first bad line without onInvalid, after the lines before it", () => {
      // A bad line comes within the first few (about one line in five is bad): the deep tier's longer stream starts
      // with the same lines (the same seed), and has more after the one that stops it.
      const { input, lines } = stream(ref, byTier(1000, 5000), 9);
      const firstBad = lines.findIndex((line) => line.decoded === null);
      const writer = new ByteWriter();
      const reader = decodedLines(formatOf({ type: ref.name }), "", tsv(), writer, undefined);
      // A copy: the TypeScript engine's pass rewrites its chunk, and the stream is the other engine's too.
      expect(() => reader.push(input.slice(), true, () => {})).toThrow(`line ${firstBad + 1}: `);
      const expected = lines.slice(0, firstBad).map((line) => `${line.decoded!.text} ${line.decoded!.time}`);
      expect(takeLines(writer)).toEqual(expected);
    });
  });
});
