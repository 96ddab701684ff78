/**
 * Inputs and callbacks a careful caller should never pass, for every format on both engines: each is a clear
 * UlidError (never a TypeError, RangeError or an "internal" error), leaves no partial state, and lets no view of
 * WebAssembly memory reach the caller's code. Each case was a defect found by hostile testing; the test failed
 * before its fix.
 */
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UlidError, decodeInto, decodeLines, decodeStream, formats, scanChunks, scanStream, scanText, setBackend, type FormatKey } from "../src/index.js";
import { expectSameArray, recordingArray } from "./helpers/arrays.js";
import { cpuMs } from "./helpers/cpu-time.js";
import { forEachEngine } from "./helpers/engines.js";
import { faultOf } from "./helpers/errors.js";
import { GENERATE_CHUNK } from "../src/engine/types.js";

const FORMATS = Object.values(formats);

/**
 * A clock for every format: Unix ms well after Ulid-Flake's default epoch, a second later at each read (so each
 * read is a new tick of every format, KSUID's whole seconds included).
 */
function steppingClock(start = 1_800_000_000_000): () => number {
  let now = start;
  return () => (now += 1000);
}

function detached(length: number): Uint8Array {
  const buffer = new ArrayBuffer(length);
  const view = new Uint8Array(buffer);
  structuredClone(buffer, { transfer: [buffer] });
  return view;
}

/** A resizable ArrayBuffer (ES2024, beyond the TypeScript lib the project compiles with). */
interface Resizable extends ArrayBuffer {
  resize(length: number): void;
}

function resizable(length: number): Resizable {
  const Resizable = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Resizable;
  return new Resizable(length, { maxByteLength: length });
}

function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable([] as string[], {});
  revoke();
  return proxy;
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

const encoder = new TextEncoder();
const BOM = "\ufeff";

afterEach(() => {
  vi.restoreAllMocks();
});

forEachEngine(() => {
  describe.each(FORMATS)("$name", (api) => {
    const name = api.name as FormatKey;
    const ids = api.encodeMany(api.generateMany(40, { monotonic: false }));

    it("skips a UTF-8 byte order mark at the start of a line stream, however the chunks split it", async () => {
      const text = encoder.encode(`${BOM}${ids.join("\n")}\n`);
      const expected = api.decodeMany(ids);
      for (const size of [1, 2, 3, 5, text.length]) {
        const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.subarray(i * size, (i + 1) * size));
        const out = await collect(decodeLines(chunks, { format: name }));
        expect(Buffer.concat(out)).toEqual(Buffer.from(expected));
        // Each chunk read into the same buffer, as the command reads a pipe: the mark's first bytes are kept, not
        // a view of a buffer the next chunk overwrites.
        const reused = new Uint8Array(size);
        async function* oneBuffer(): AsyncGenerator<Uint8Array> {
          for (const chunk of chunks) {
            reused.set(chunk);
            yield reused.subarray(0, chunk.length);
          }
        }
        expect(Buffer.concat(await collect(decodeLines(oneBuffer(), { format: name })))).toEqual(Buffer.from(expected));
      }
      // Only at the start: on another line it is a bad character, reported as such.
      const later = encoder.encode(`${ids[0]}\n${BOM}${ids[1]}\n`);
      const errors: UlidError[] = [];
      await collect(decodeLines([later], { format: name, onInvalid: (error) => errors.push(error) }));
      expect(errors.map((e) => [e.constructor, e.index])).toEqual([[UlidError, 1]]);
      // A stream that starts like a byte order mark but is not one keeps its bytes.
      const notBom = await collect(decodeLines([Uint8Array.of(0xef, 0xbb), encoder.encode("\n")], { format: name, onInvalid: () => {} }));
      expect(notBom).toEqual([]);
    });

    it("keeps the IDs before a bad line when onInvalid throws", async () => {
      const text = encoder.encode(`${ids[0]}\n${ids[1]}\nnot an id\n${ids[2]}\n`);
      const out: Uint8Array[] = [];
      const stop = new Error("stop");
      await expect(async () => {
        for await (const decoded of decodeLines([text], { format: name, onInvalid: () => { throw stop; } })) out.push(decoded.slice());
      }).rejects.toBe(stop);
      expect(Buffer.concat(out)).toEqual(Buffer.from(api.decodeMany(ids.slice(0, 2))));
    });

    it("an onInvalid that detaches or shrinks the chunk being read ends the stream with INVALID_ARGUMENT, after the IDs before", async () => {
      const before = ids.slice(0, 3);
      const after = ids.slice(3, 6);
      // A bad line of the format's width (read in place, in a run of records), and one of another width.
      const badLines = [`${ids[6]!.slice(0, -1)}!`, "x"];
      const spoilers = {
        detaches: (chunk: Uint8Array) => structuredClone(chunk.buffer, { transfer: [chunk.buffer] }),
        shrinks: (chunk: Uint8Array) => (chunk.buffer as Resizable).resize(1),
      };
      const chunkOf = (how: string, text: string): Uint8Array => {
        const bytes = encoder.encode(text);
        const chunk = new Uint8Array(how === "shrinks" ? resizable(bytes.length) : new ArrayBuffer(bytes.length));
        chunk.set(bytes);
        return chunk;
      };
      for (const [how, spoil] of Object.entries(spoilers)) {
        for (const bad of badLines) {
          const text = `${[...before, bad, ...after].join("\n")}\n`;
          const label = `onInvalid ${how} the chunk at ${JSON.stringify(bad)}`;
          const chunk = chunkOf(how, text);
          const out: Uint8Array[] = [];
          const lines = decodeLines([chunk], { format: name, onInvalid: () => spoil(chunk) });
          const fault = await (async () => {
            try {
              for await (const decoded of lines) out.push(decoded.slice());
            } catch (error) {
              return error;
            }
          })();
          expect(fault, label).toBeInstanceOf(UlidError);
          expect((fault as UlidError).code, label).toBe("INVALID_ARGUMENT");
          expect(Buffer.concat(out), label).toEqual(Buffer.from(api.decodeMany(before)));
          const streamed = chunkOf(how, text);
          const stream = decodeStream({ format: name, onInvalid: () => spoil(streamed) });
          const writer = stream.writable.getWriter();
          writer.write(streamed).catch(() => {});
          writer.close().catch(() => {});
          await expect(collect(stream.readable as unknown as AsyncIterable<Uint8Array>), label).rejects.toMatchObject({ name: "UlidError", code: "INVALID_ARGUMENT" });
        }
      }
    });

    it("refuses an out that overlaps the binary IDs it encodes, and encodes beside them", () => {
      const n = 10;
      const record = api.chars + 1;
      const memory = new Uint8Array(api.bytes * n + record * n);
      memory.set(api.generateMany(n));
      const bytes = memory.subarray(0, api.bytes * n);
      expect(faultOf(() => api.encodeManyText(bytes, { out: memory }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      expect(faultOf(() => api.encodeManyText(bytes, { out: memory.subarray(api.bytes * n - 1) }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      expect(Array.from(bytes)).toEqual(Array.from(memory.subarray(0, api.bytes * n)));
      const beside = api.encodeManyText(bytes, { out: memory.subarray(api.bytes * n) });
      expect(beside).toEqual(api.encodeManyText(bytes.slice()));
    });

    it("never calls a caller's Uint8Array methods (no view of its memory reaches them)", () => {
      const n = 9000; // more than one wasm chunk
      const binary = recordingArray(Uint8Array, api.bytes * n);
      api.generateMany(n, { out: binary });
      expect(binary.seen).toEqual([]);
      const text = recordingArray(Uint8Array, n * (api.chars + 1));
      api.encodeManyText(binary, { out: text });
      expect(text.seen).toEqual([]);
      expect(binary.seen).toEqual([]);
      expectSameArray(api.decodeMany(text), api.decodeMany(api.encodeMany(binary)), "decoded");
      expect(text.seen).toEqual([]);
      const single = recordingArray(Uint8Array, api.bytes + 3);
      single.set(binary.subarray(0, api.bytes), 3);
      single.seen.length = 0;
      expect(api.encode(single, 3)).toBe(api.encode(Uint8Array.from(binary.subarray(0, api.bytes))));
      expect(single.seen).toEqual([]);
      // A plain array whose own `set` was replaced.
      const patched = new Uint8Array(api.bytes * 3);
      const seen: unknown[] = [];
      Object.defineProperty(patched, "set", { value: (array: unknown) => seen.push(array) });
      api.generateMany(3, { out: patched });
      expect(seen).toEqual([]);
      expect(patched.some((byte) => byte !== 0)).toBe(true);
    });

    it("keeps a monotonic generator's order when its random callback calls it again", () => {
      let depth = 0;
      const inner: string[] = [];
      const generate = api.monotonicFactory({
        now: steppingClock(),
        random(out: Uint8Array) {
          out.fill(0x5a);
          if (depth++ === 0) inner.push(generate());
          depth--;
        },
      } as never) as () => string;
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        inner.length = 0;
        const outer = generate();
        for (const id of inner) expect(id < outer, `${id} sorts before ${outer}`).toBe(true);
        made.push(...inner, outer);
      }
      expect([...made].sort()).toEqual(made);
      expect(new Set(made).size).toBe(made.length);
    });

    it("keeps a monotonic generator's state when its random callback throws", () => {
      let fail = false;
      let draws = 0;
      const generate = api.monotonicFactory({
        now: steppingClock(),
        random(out: Uint8Array) {
          draws++;
          if (fail) throw new Error("no randomness");
          out.fill(0x11);
        },
      } as never) as () => string;
      // Its first ID draws; later ticks do for every format whose generator does not keep its fields (ObjectId's
      // and XID's count on without drawing).
      fail = true;
      expect(() => generate()).toThrow("no randomness");
      fail = false;
      const first = generate();
      const before = draws;
      const second = generate();
      expect(second > first).toBe(true);
      if (draws > before) {
        fail = true;
        expect(() => generate()).toThrow("no randomness");
        fail = false;
      }
      expect(generate() > second).toBe(true);
    });

    it("a `random` or `now` callback that detaches or shrinks `out` during generateMany is INVALID_ARGUMENT", () => {
      // Two generation steps, so a callback's second call comes after the first step was written.
      const n = GENERATE_CHUNK + 1;
      const bytes = api.bytes * n;
      const spoilers = {
        detaches: (out: Uint8Array) => structuredClone(out.buffer, { transfer: [out.buffer] }),
        shrinks: (out: Uint8Array) => (out.buffer as Resizable).resize(api.bytes),
      };
      for (const [how, spoil] of Object.entries(spoilers)) {
        for (const callback of ["random", "now"] as const) {
          // Snowflake's 12-bit sequence holds 4096 IDs a millisecond: on one reading of a caller's clock, a monotonic
          // step of 8192 overflows before any second step.
          for (const monotonic of api.name === "snowflake" ? [false] : [true, false]) {
            for (const when of [1, 2]) {
              const out = new Uint8Array(how === "shrinks" ? resizable(bytes) : new ArrayBuffer(bytes));
              let calls = 0;
              let spoiled = false;
              const clock = steppingClock();
              const options = {
                out,
                monotonic,
                // A TSID's 12-bit counter holds a few thousand IDs a millisecond; without node bits, 2^21 or more.
                ...(api.name === "tsid" ? { nodeBits: 0 } : {}),
                random(into: Uint8Array) {
                  if (callback === "random" && ++calls === when) {
                    spoil(out);
                    spoiled = true;
                  }
                  into.fill(0x42);
                },
                now() {
                  if (callback === "now" && ++calls === when) {
                    spoil(out);
                    spoiled = true;
                  }
                  return clock();
                },
              };
              const label = `${callback} ${how} out at call ${when}, monotonic ${monotonic}`;
              const fault = faultOf(() => api.generateMany(n, options as never));
              // A generator that draws once (ObjectId's, XID's) never calls `random` a second time: nothing spoiled.
              expect(fault, label).toEqual(spoiled ? { code: "INVALID_ARGUMENT", index: undefined } : "returned");
              if (!spoiled) expect({ label, callback, when, monotonic }).toMatchObject({ callback: "random", when: 2, monotonic: true });
            }
          }
        }
      }
    });

    it("a `random` callback that detaches the array it is handed is INVALID_ARGUMENT, and the generator goes on in order", () => {
      let spoil = false;
      let draws = 0;
      const random = (into: Uint8Array): void => {
        draws++;
        if (spoil) structuredClone(into.buffer, { transfer: [into.buffer] });
        else into.fill(0x42);
      };
      // Each call a new tick of every format, so each one draws.
      const options = { random, now: steppingClock() };
      const generate = api.monotonicFactory(options as never) as () => string;
      const first = generate();
      spoil = true;
      const calls = {
        generate: () => api.generate(undefined, options as never),
        generateMany: () => api.generateMany(3, options as never),
        "generateMany, not monotonic": () => api.generateMany(3, { ...options, monotonic: false } as never),
        monotonicFactory: () => generate(),
      };
      for (const [name, call] of Object.entries(calls)) {
        const before = draws;
        const fault = faultOf(call);
        // A generator that keeps its fields into a later tick (ObjectId's, XID's) draws nothing there.
        const drew = name !== "monotonicFactory" || draws > before;
        expect(fault, name).toEqual(drew ? { code: "INVALID_ARGUMENT", index: undefined } : "returned");
      }
      spoil = false;
      const next = generate();
      expect(next > first, `${next} sorts after ${first}`).toBe(true);
      expect(api.decode(api.generate(undefined, options as never))).toHaveLength(api.bytes);
    });

    it("counts that cannot be allocated are INVALID_ARGUMENT", () => {
      expect(faultOf(() => api.generateMany(2 ** 40))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      const sparse = new Array<string>(2 ** 32 - 1);
      expect(faultOf(() => api.decodeMany(sparse))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      expect(faultOf(() => api.decodeTimeMany(sparse))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
    });

    it("revoked proxies and detached buffers are INVALID_ARGUMENT", () => {
      for (const bad of [revokedProxy(), detached(64)]) {
        for (const call of [() => api.decodeMany(bad as never), () => api.validateMany(bad as never), () => api.decodeTimeMany(bad as never)]) {
          expect(faultOf(call)).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
        }
      }
      for (const call of [
        () => api.encodeMany(detached(api.bytes)),
        () => api.encodeManyText(detached(api.bytes)),
        () => api.generateMany(1, { out: detached(api.bytes) }),
      ]) {
        expect(faultOf(call)).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
    });

    it("reads each element of a string batch once", () => {
      const batch = ids.slice(0, 3);
      let reads = 0;
      Object.defineProperty(batch, 1, {
        get() {
          reads++;
          return reads === 1 ? ids[1] : "changed";
        },
      });
      expect(api.decodeMany(batch)).toEqual(api.decodeMany(ids.slice(0, 3)));
      expect(reads).toBe(1);
      reads = 0;
      const shifting = ids.slice(0, 3);
      Object.defineProperty(shifting, 2, {
        get() {
          reads++;
          return reads === 1 ? "x" : ids[2];
        },
      });
      // "x" has a Snowflake's length (1 to 19 characters), and is a bad character there.
      expect(faultOf(() => api.decodeMany(shifting))).toEqual({ code: api.name === "snowflake" ? "INVALID_CHAR" : "INVALID_LENGTH", index: 2 });
    });
  });

  it("ULID: decodeInto writes into a subclass by index only", () => {
    const out = recordingArray(Uint8Array, 20);
    decodeInto("01ARYZ6S410000000000000000", out, 2);
    expect(out.seen).toEqual([]);
    expect(out[2]).toBe(0x01);
  });

  it("scanning and line decoding refuse detached buffers", async () => {
    expect(faultOf(() => scanText(detached(8)))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
    await expect(collect(scanChunks([detached(8)]))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    await expect(collect(decodeLines([detached(8)]))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("a SharedArrayBuffer that another thread writes meanwhile: no match of bytes never found, no batch torn", async () => {
    // A worker flips one character of every ULID between "0" and "!" as fast as it can: each match must be one of
    // the IDs as written at some moment, never one found while its bytes were "0" and read back as "!".
    const text = new Uint8Array(new SharedArrayBuffer(27 * 2000));
    for (let at = 0; at < text.length; at += 27) text.set(new TextEncoder().encode("01ARYZ6S410000000000000000 "), at);
    const writer = new Worker(
      `const text = new Uint8Array(require("node:worker_threads").workerData);
       for (;;) { for (let i = 20; i < text.length; i += 27) text[i] = 0x21; for (let i = 20; i < text.length; i += 27) text[i] = 0x30; }`,
      { eval: true, workerData: text.buffer },
    );
    try {
      await new Promise((resolve) => writer.once("online", resolve));
      const seen = new Set<string>();
      for (let round = 0; round < 300; round++) {
        for (const match of scanText(text)) seen.add(match.id);
        for (const matches of await collect(scanChunks([text.subarray(0, 27 * 1000), text.subarray(27 * 1000)]))) {
          for (const match of matches) seen.add(match.id);
        }
        if (round % 10 === 0) {
          const source = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(text);
              controller.close();
            },
          });
          for await (const matches of source.pipeThrough(scanStream()) as unknown as AsyncIterable<{ id: string }[]>) {
            for (const match of matches) seen.add(match.id);
          }
        }
      }
      expect([...seen]).toEqual(["01ARYZ6S410000000000000000"]);
      // A text batch on it: each call decodes the IDs as they were at some moment, or says which one was bad (its
      // records counted and decoded from one copy: from the buffer itself, a record found bad by the engine could
      // be good again when its fault was looked for, an internal error).
      const expected = formats.ulid.decode("01ARYZ6S410000000000000000");
      for (let round = 0; round < 100; round++) {
        try {
          const out = formats.ulid.decodeMany(text);
          for (let at = 0; at < out.length; at += 16) expect(out.subarray(at, at + 16)).toEqual(expected);
        } catch (error) {
          expect(error).toBeInstanceOf(UlidError);
        }
      }
    } finally {
      await writer.terminate();
    }
  });
});

describe("clock set back on the real clock", () => {
  afterEach(() => {
    setBackend("auto");
  });

  it.each(FORMATS.map((api) => [api.name, api] as const))(
    "%s: a batch that outruns its millisecond after the clock went back moves on at once, without spinning",
    (_name, api) => {
      const clock = vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
      const first = api.generateMany(1);
      // The clock goes 1.5 s back and stays there: waiting for it to pass the sequence's time would never end.
      clock.mockReturnValue(1_800_000_000_000 - 1500);
      const last = first.slice();
      // CPU time: spinning on the clock would burn it.
      const started = cpuMs();
      const batch = api.generateMany(100_000, { after: last } as never);
      expect(cpuMs() - started).toBeLessThan(5000);
      const texts = api.encodeMany(batch);
      expect(texts[0]! > api.encode(last)).toBe(true);
      for (let i = 1; i < texts.length; i++) if (!(texts[i - 1]! < texts[i]!)) throw new Error(`not increasing at ${i}`);
    },
  );
});

describe("revoked proxies as times and options", () => {
  it.each(FORMATS.map((api) => [api.name, api] as const))("%s: generate and its options refuse them with a UlidError", (_name, api) => {
    const revoked = () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    };
    for (const call of [
      () => api.generate(revoked() as never),
      () => api.generate(undefined, revoked() as never),
      () => api.monotonicFactory(revoked() as never),
      () => api.generateMany(1, revoked() as never),
      () => api.encode(revoked() as never),
      () => api.min(revoked() as never),
      () => api.encode(api.generateMany(1), 0, revoked() as never),
      () => api.encodeMany(api.generateMany(1), revoked() as never),
      () => api.max(1_800_000_000_000, revoked() as never),
    ]) {
      expect(faultOf(call)).toMatchObject({ code: expect.stringMatching(/^INVALID_(TIME|ARGUMENT)$/) });
    }
  });
});

describe("range bounds", () => {
  it.each(FORMATS.map((api) => [api.name, api] as const))(
    "%s: min and max read a Date by its own time, and convert nothing else into one",
    (_name, api) => {
      const time = 1_800_000_000_000;
      class Lying extends Date {
        override getTime(): number {
          return 0;
        }
        override valueOf(): number {
          return 0;
        }
      }
      expect([api.min(new Lying(time)), api.max(new Lying(time))]).toEqual([api.min(time), api.max(time)]);
      for (const bad of [{ valueOf: () => time }, String(time), [time], Object.create(Date.prototype)]) {
        expect([faultOf(() => api.min(bad as never)), faultOf(() => api.max(bad as never))]).toEqual([
          { code: "INVALID_TIME", index: undefined },
          { code: "INVALID_TIME", index: undefined },
        ]);
      }
    },
  );
});

describe("found in review", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(FORMATS.map((api) => [api.name, api] as const))(
    "%s: a monotonic batch under a frozen clock (fake timers) moves on instead of hanging",
    (_name, api) => {
      vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
      const options = api.name === "flake" ? { entropySize: 3 } : {};
      const texts = api.encodeMany(api.generateMany(20_000, options as never));
      for (let i = 1; i < texts.length; i++) if (!(texts[i - 1]! < texts[i]!)) throw new Error(`not increasing at ${i}`);
    },
  );

  it.each(FORMATS.map((api) => [api.name, api] as const))("%s: arrays that lie about themselves are INVALID_ARGUMENT", (_name, api) => {
    // An array that inherits from Uint8Array.prototype is still an (empty) array of IDs, read as one.
    const fakeText = Object.setPrototypeOf([], Uint8Array.prototype);
    expect([api.decodeMany(fakeText).length, api.decodeTimeMany(fakeText).length, api.validateMany(fakeText).length]).toEqual([0, 0, 0]);
    const badLengths = [1.5, Number.NaN, -1, 2 ** 60].map((length) => new Proxy([], { get: (t, k) => (k === "length" ? length : Reflect.get(t, k)) }));
    for (const bad of badLengths) {
      for (const call of [() => api.decodeMany(bad), () => api.decodeTimeMany(bad), () => api.validateMany(bad)]) {
        expect(faultOf(call)).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
    }
  });

  it("an unallocatable batch says how many bytes it needed", () => {
    expect(() => formats.ulid.generateMany(2 ** 40)).toThrow(/17592186044416 bytes/);
  });

  it("a caller's `now` is checked even beside a fixed `time`", () => {
    expect(faultOf(() => formats.ulid.generateMany(1, { time: 5, now: "x" as never }))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
  });

  it("chunk sources that cannot be iterated are INVALID_ARGUMENT", async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const source of [proxy, { [Symbol.iterator]: 5 }]) {
      await expect(collect(scanChunks(source as never))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
      await expect(collect(decodeLines(source as never))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    }
  });

  it("chunk sources that break the iteration protocol are INVALID_ARGUMENT, never a TypeError of the protocol", async () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const chunk = new TextEncoder().encode("01ARYZ6S410000000000000000\n");
    const iterator = (next: () => unknown) => ({ [Symbol.iterator]: () => ({ next }) });
    const asyncIterator = (next: () => unknown) => ({ [Symbol.asyncIterator]: () => ({ next }) });
    const sources = [
      [proxy], // a revoked proxy as a chunk: awaiting it as `for await` does would read its `then`
      iterator(() => 42), // a result that is no object
      iterator(() => proxy),
      asyncIterator(() => proxy),
      asyncIterator(async () => ({ done: false, value: proxy })),
      { [Symbol.asyncIterator]: () => 5 }, // an iterator that is no object
      { [Symbol.asyncIterator]: () => ({}) }, // one without next
      { [Symbol.asyncIterator]: () => proxy },
      [chunk, Promise.resolve(5)], // a promise of no chunk, after a chunk
    ];
    for (const source of sources) {
      for (const consume of [() => collect(scanChunks(source as never)), () => collect(decodeLines(source as never))]) {
        const fault = await consume().then(() => undefined, (error: unknown) => error);
        expect(fault).toBeInstanceOf(UlidError);
        expect(fault).toMatchObject({ code: "INVALID_ARGUMENT" });
      }
    }
  });

  it("chunk sources are iterated as `for await` does: promises awaited, closed on an early stop, their own errors kept", async () => {
    const chunk = new TextEncoder().encode("01ARYZ6S410000000000000000\n");
    // A sync source's promises of chunks are chunks.
    expect(await collect(scanChunks([Promise.resolve(chunk), chunk] as never))).toHaveLength(2);
    // Stopping early, or a chunk refused, closes the source's iterator (its `return`); its own fault does not.
    let closed = 0;
    const source = (next: () => IteratorResult<unknown>) => ({ [Symbol.iterator]: () => ({ next, return: () => ((closed += 1), { done: true, value: undefined }) }) });
    for await (const _ of scanChunks(source(() => ({ done: false, value: chunk })) as never)) break;
    expect(closed).toBe(1);
    await expect(collect(scanChunks(source(() => ({ done: false, value: 5 })) as never))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(closed).toBe(2);
    const mine = new Error("the source's own");
    await expect(collect(scanChunks(source(() => { throw mine; }) as never))).rejects.toBe(mine);
    await expect(collect(decodeLines(source(() => { throw mine; }) as never))).rejects.toBe(mine);
    expect(closed).toBe(2);
  });

  it("a source's own getters and a reader's `throw` come through as they are; a fault's error wins over `return`'s", async () => {
    const chunk = new TextEncoder().encode("01ARYZ6S410000000000000000\n");
    const mine = new Error("the source's own");
    // Getters of the source's iterator and results are its code: what they throw comes through, as in `for await`.
    const getters = [
      { get [Symbol.asyncIterator](): never { throw mine; } },
      { [Symbol.asyncIterator]: () => ({ get next(): never { throw mine; } }) },
      { [Symbol.asyncIterator]: () => ({ next: async () => ({ get done(): never { throw mine; } }) }) },
      { [Symbol.iterator]: () => ({ next: () => ({ done: false, get value(): never { throw mine; } }) }) },
    ];
    for (const source of getters) await expect(collect(scanChunks(source as never))).rejects.toBe(mine);
    // A refused chunk closes the source; an error of its `return` is dropped for the refusal.
    let closed = 0;
    const badReturn = {
      [Symbol.iterator]: () => ({ next: () => ({ done: false, value: 5 }), return: () => { closed += 1; throw mine; } }),
    };
    await expect(collect(scanChunks(badReturn as never))).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    const badLine = {
      [Symbol.iterator]: () => ({ next: () => ({ done: false, value: new TextEncoder().encode("zz\n") }), return: () => { closed += 1; throw mine; } }),
    };
    await expect(collect(decodeLines(badLine as never))).rejects.toMatchObject({ code: "INVALID_LENGTH" });
    expect(closed).toBe(2);
    // The reader's `throw` reaches the generator as it is (not a TypeError of an array's iterator), closing the source.
    const endless = { [Symbol.iterator]: () => ({ next: () => ({ done: false, value: chunk }), return: () => ((closed += 1), { done: true }) }) };
    const reading = scanChunks(endless as never);
    await reading.next();
    const stop = new Error("the reader's");
    await expect(reading.throw(stop)).rejects.toBe(stop);
    expect(closed).toBe(3);
    // A sync source's promise that rejects closes it (as `for await` does in engines that follow ECMA-262 since 2022).
    const rejecting = { [Symbol.iterator]: () => ({ next: () => ({ done: false, value: Promise.reject(mine) }), return: () => ((closed += 1), { done: true }) }) };
    await expect(collect(scanChunks(rejecting as never))).rejects.toBe(mine);
    expect(closed).toBe(4);
  });

  it("a detached view passed to encode is said to be detached", () => {
    const fault = (() => {
      try {
        formats.ulid.encode(detached(16));
      } catch (error) {
        return error as UlidError;
      }
    })();
    expect(fault).toMatchObject({ code: "INVALID_ARGUMENT" });
    expect(fault!.message).toMatch(/detached/);
  });

  it.each(FORMATS.map((api) => [api.name, api] as const))(
    "%s: integer batches read a subclass's memory, never its overrides, and refuse unreadable arrays",
    (_name, api) => {
      const bytes = api.generateMany(4);
      class Lying extends Uint8Array {
        override get byteOffset(): number {
          return 9999;
        }
      }
      const lying = new Lying(bytes.length);
      lying.set(bytes);
      const words = api.toBigIntMany(bytes);
      expect(Array.from(api.toBigIntMany(lying))).toEqual(Array.from(words));
      class LyingWords extends BigUint64Array {
        override get length(): number {
          return 1;
        }
        override subarray(): BigUint64Array<ArrayBuffer> {
          throw new Error("the library called a caller's method");
        }
      }
      const lyingWords = new LyingWords(words.length);
      lyingWords.set(words);
      expect(api.fromBigIntMany(lyingWords)).toEqual(bytes);
      const { proxy, revoke } = Proxy.revocable([1n], {});
      revoke();
      const throwing = [1n];
      Object.defineProperty(throwing, 0, { get: () => { throw new Error("no"); } });
      const detachedWords = new BigUint64Array(4);
      structuredClone(detachedWords.buffer, { transfer: [detachedWords.buffer] });
      for (const values of [proxy, throwing, detachedWords, new Proxy([], { get: (t, k) => (k === "length" ? 2 ** 40 : Reflect.get(t, k)) })]) {
        expect(faultOf(() => api.fromBigIntMany(values as never))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
      }
      expect(faultOf(() => api.toBigIntMany(detached(16) as never))).toEqual({ code: "INVALID_ARGUMENT", index: undefined });
    },
  );
});
