/**
 * `npm run bench:limit`: each bulk text kernel against the memory floor. Every call runs on 1M ULIDs into a buffer
 * made once (validateMany has no `out`: its 1 MB of flags is new each call), beside a plain `Uint8Array#set` copy of
 * the larger of its input and output between two buffers of that size, in the same process: a kernel that reads its
 * input once and writes its output once cannot take much less than that copy. Each kernel's time is printed as a
 * multiple of its copy's: the median, over rounds, of the two timed side by side in that round.
 *
 * Each build runs in a process of its own, on the Node that runs this script (a child of the same executable and
 * flags): the SIMD WebAssembly build, the scalar one (what a runtime without SIMD gets) and the TypeScript engine.
 * Every kernel's output is checked before it is timed. A plain script: `tsx bench/limit.ts` under any Node version,
 * no flags needed. `tsx bench/limit.ts simd` (or `scalar`, `ts`) runs one build in this process;
 * `-- --rounds 31` sets the rounds. `-- --parts` adds, for the WebAssembly builds, where each call's time goes: its
 * chunks copied into the module's memory, the kernel alone over them, and its results copied out, each timed on its
 * own beside the same copy (the engine's pipeline, src/engine/wasm-codec.ts, without the API around it).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SCALAR_WASM } from "../src/wasm/generated.js";
import { ULID as ULID_SPEC } from "../src/engine/specs.js";
import { loadWasm, useCompiledModule, type WasmExports } from "../src/wasm/load.js";
import { firstNonIncreasing, refEncode, seededUint32 } from "../test/helpers/reference.js";
import { median, repetitions, sample } from "./lib/measure.js";
import { machine } from "./lib/report.js";

/** IDs per call: bench/lib/fixtures.ts's BULK_COUNT (not imported: that module makes IDs, and so loads an engine, at import). */
const COUNT = 1_000_000;
/** 2025-01-01T00:00:00.000Z, the first ID's time. */
const EPOCH = 1735689600000;
const BUILDS = { simd: "SIMD wasm", scalar: "scalar wasm", ts: "TypeScript engine" } as const;
type Build = keyof typeof BUILDS;

/** Rounds per kernel: each times the copy and the kernel once, in an order that alternates from round to round. */
const ROUNDS = Number(argument("--rounds") ?? 21);
/**
 * The least CPU time of one sample: a sample repeats its call up to this (a copy of 27 MB takes a few milliseconds,
 * too short to time alone with a clock read in microseconds on a loaded machine).
 */
const SAMPLE_MS = 20;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

interface Kernel {
  readonly name: string;
  /** Bytes of the larger of input and output: what the floor copies. */
  readonly floorBytes: number;
  readonly run: () => unknown;
  /** Throws, naming the difference, unless `run`'s output is right. */
  readonly verify: (output: unknown) => void;
}

interface Figures {
  readonly name: string;
  readonly ratio: number;
  /** The lowest and highest quarter's bounds of the per-round ratios. */
  readonly low: number;
  readonly high: number;
  readonly kernelMs: number;
  readonly copyMs: number;
}

const requested = process.argv.slice(2).find((arg): arg is Build => arg in BUILDS);
if (requested === undefined) runAll();
else await runOne(requested);

/** Each build in a child process of the same executable and flags (tsx's loader among them), one after the other. */
function runAll(): void {
  const { cpu, cores, memoryGiB, os } = machine();
  console.log(`bench:limit: Node ${process.version}, ${os}, ${cpu} (${cores} cores, ${memoryGiB} GiB), ${new Date().toISOString().slice(0, 10)}`);
  console.log(`1M ULIDs per call; each kernel's CPU time as a multiple of a Uint8Array#set copy of its larger side; medians of ${ROUNDS} rounds\n`);
  const script = fileURLToPath(import.meta.url);
  const rest = process.argv.slice(2);
  for (const build of Object.keys(BUILDS) as Build[]) {
    const child = spawnSync(process.execPath, [...process.execArgv, script, build, ...rest], { stdio: "inherit" });
    if (child.status !== 0) {
      process.exitCode = 1;
      console.error(`${BUILDS[build]}: exited with ${child.status ?? child.signal}`);
    }
  }
}

async function runOne(build: Build): Promise<void> {
  // Before anything loads the engine: the scalar build is the one a runtime without SIMD gets.
  if (build === "scalar") useCompiledModule(new WebAssembly.Module(Buffer.from(SCALAR_WASM, "latin1")), false);
  const api = await import("../src/index.js");
  api.setBackend(build === "ts" ? "js" : "wasm");
  const backend = api.getBackend();
  const expected = build === "ts" ? "js" : build === "simd" ? "wasm SIMD" : "wasm";
  const got = `${backend.kind}${backend.simd ? " SIMD" : ""}`;
  if (got !== expected) throw new Error(`${BUILDS[build]} asked for, the engine is ${got}`);
  const data = inputs(COUNT);
  const kernels = kernelsOf(api, data);
  for (const kernel of kernels) {
    try {
      kernel.verify(kernel.run());
    } catch (error) {
      throw new Error(`${BUILDS[build]}, ${kernel.name}: wrong output: ${(error as Error).message}`);
    }
  }
  console.log(`${BUILDS[build]}`);
  console.log(`  ${"kernel".padEnd(24)} ${"x copy".padStart(7)}  ${"quartiles".padEnd(11)} ${"kernel ms".padStart(9)} ${"copy ms".padStart(8)}  copy of`);
  for (const kernel of kernels) print(kernel);
  if (process.argv.includes("--parts") && build !== "ts") {
    console.log(`  where the time goes (the engine's pipeline in parts, each beside the copy of its kernel's larger side)`);
    for (const part of partsOf(loadWasm()!.exports, data)) print(part);
  }
  console.log();
}

function print(kernel: Kernel): void {
  const f = measure(kernel);
  console.log(
    `  ${f.name.padEnd(24)} ${`${f.ratio.toFixed(2)}x`.padStart(7)}  ${`${f.low.toFixed(2)}-${f.high.toFixed(2)}`.padEnd(11)} ${f.kernelMs.toFixed(2).padStart(9)} ${f.copyMs.toFixed(2).padStart(8)}  ${(kernel.floorBytes / 1e6).toFixed(0)} MB`,
  );
}

/**
 * The engine's pipeline of each call in parts, on the module the engine loaded: chunks of text or binary IDs copied
 * into its scratch regions, the ULID kernel alone over a full chunk, the chunk's results copied out to a buffer.
 * Timed without the API around them (argument checks, framing), and not checked: the calls above are.
 */
function partsOf(x: WasmExports, { bytes, text }: Inputs): Kernel[] {
  const ULID = ULID_SPEC.wasmId;
  const chunk = x.formatChunk(ULID);
  const memory = x.memory.buffer;
  const binary = new Uint8Array(memory, x.binaryRegion(), 16 * chunk);
  const region = new Uint8Array(memory, x.textRegion(), 27 * chunk);
  const times = new Float64Array(memory, x.timeRegion(), chunk);
  const flags = new Uint8Array(memory, x.flagRegion(), chunk);
  const decoded = new Uint8Array(bytes.length);
  const encoded = new Uint8Array(text.length);
  const timesOut = new Float64Array(COUNT);
  const flagsOut = new Uint8Array(COUNT);
  region.set(text.subarray(0, region.length));
  binary.set(bytes.subarray(0, binary.length));
  /** `step(start, n)` over the chunks of COUNT IDs. */
  const chunks = (step: (start: number, n: number) => void) => () => {
    for (let start = 0; start < COUNT; start += chunk) step(start, Math.min(chunk, COUNT - start));
  };
  const part = (name: string, floorBytes: number, step: (start: number, n: number) => void): Kernel => ({
    name,
    floorBytes,
    run: chunks(step),
    verify: () => {},
  });
  const textIn = (start: number, n: number) => region.set(text.subarray(27 * start, 27 * (start + n)));
  return [
    part("text in (3 readers)", text.length, textIn),
    part("decode kernel", text.length, (_, n) => x.formatDecode(ULID, n, 27 * n, false, 0)),
    part("decode: IDs out", text.length, (start, n) => decoded.set(binary.subarray(0, 16 * n), 16 * start)),
    part("decodeTime kernel", text.length, (_, n) => x.formatDecodeTime(ULID, n, 27 * n, false, 0)),
    part("decodeTime: times out", text.length, (start, n) => timesOut.set(times.subarray(0, n), start)),
    part("validate kernel", text.length, (_, n) => x.formatValidate(ULID, n, 27 * n)),
    part("validate: flags out", text.length, (start, n) => flagsOut.set(flags.subarray(0, n), start)),
    part("encode: IDs in", text.length, (start, n) => binary.set(bytes.subarray(16 * start, 16 * (start + n)))),
    part("encode kernel", text.length, (_, n) => x.formatEncode(ULID, n, 0x0a)),
    part("encode: text out", text.length, (start, n) => encoded.set(region.subarray(0, 27 * n), 27 * start)),
    part("increment kernel", bytes.length, (_, n) => x.formatAdvance(ULID, n, 0)),
    part("generate: IDs out", bytes.length, (start, n) => decoded.set(binary.subarray(0, 16 * n), 16 * start)),
  ];
}

/**
 * The bench's 1M ULIDs as bytes, their text (written by the tests' BigInt reference encoder, not by an engine under
 * test) and their times: a thousand IDs per millisecond, seeded, as bench/lib/fixtures.ts makes its bulk inputs.
 * No string outlives its ID here: a heap of a million strings (what fixtures.ts keeps) kept V8's concurrent marker
 * busy during the timed runs, and the CPU clock counts its threads.
 */
interface Inputs {
  readonly bytes: Uint8Array;
  readonly text: Uint8Array;
  readonly times: Float64Array;
}

function inputs(count: number): Inputs {
  const random = seededUint32(2);
  const bytes = new Uint8Array(16 * count);
  const text = new Uint8Array(27 * count);
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const time = EPOCH + Math.floor(i / 1000);
    times[i] = time;
    for (let j = 5, t = time; j >= 0; j--, t = Math.floor(t / 256)) bytes[16 * i + j] = t % 256;
    for (let j = 6; j < 16; j++) bytes[16 * i + j] = random() & 0xff;
    const id = refEncode(bytes, 16 * i);
    for (let j = 0; j < 26; j++) text[27 * i + j] = id.charCodeAt(j);
    text[27 * i + 26] = 0x0a;
  }
  return { bytes, text, times };
}

/** Throws unless `ids` are ULIDs of the last minute in strictly increasing order (what generateMany must make). */
function expectFresh(ids: Uint8Array): void {
  const now = Date.now();
  for (let i = 0; i < ids.length / 16; i++) {
    let time = 0;
    for (let j = 0; j < 6; j++) time = time * 256 + ids[16 * i + j]!;
    if (!(time <= now && time > now - 60_000)) throw new Error(`ID ${i} has time ${time}, now is ${now}`);
  }
  const out = firstNonIncreasing(ids);
  if (out >= 0) throw new Error(`ID ${out} does not sort after ID ${out - 1}`);
}

/** Throws, naming the first difference, unless `actual` holds `expected`'s elements. */
function expectSame(actual: ArrayLike<number>, expected: ArrayLike<number>): void {
  if (actual.length !== expected.length) throw new Error(`${actual.length} elements, expected ${expected.length}`);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) throw new Error(`element ${i} is ${actual[i]}, expected ${expected[i]}`);
  }
}

/** The five kernels over the bench's 1M ULIDs, with their outputs' checks. */
function kernelsOf(api: typeof import("../src/index.js"), { bytes, text, times }: Inputs): Kernel[] {
  const { decodeMany, decodeTimeMany, encodeManyText, generateMany, validateMany } = api;
  const decoded = new Uint8Array(bytes.length);
  const timesOut = new Float64Array(COUNT);
  const encoded = new Uint8Array(text.length);
  const generated = new Uint8Array(bytes.length);
  // validateMany must also find bad IDs where they are: a copy of the text with one bad character in every 1,000th
  // record, at a position that moves from record to record.
  const damaged = text.slice();
  const flagsExpected = new Uint8Array(COUNT).fill(1);
  for (let i = 0; i < COUNT; i += 1000) {
    damaged[27 * i + (i % 26)] = 0x55; // "U", in no Crockford position
    flagsExpected[i] = 0;
  }
  return [
    {
      name: "decodeMany(text)",
      floorBytes: text.length,
      run: () => decodeMany(text, { out: decoded }),
      verify: (out) => expectSame(out as Uint8Array, bytes),
    },
    {
      name: "decodeTimeMany(text)",
      floorBytes: text.length,
      run: () => decodeTimeMany(text, { out: timesOut }),
      verify: (out) => expectSame(out as Float64Array, times),
    },
    {
      name: "validateMany(text)",
      floorBytes: text.length,
      run: () => validateMany(text),
      verify: (out) => {
        expectSame(out as Uint8Array, new Uint8Array(COUNT).fill(1));
        expectSame(validateMany(damaged), flagsExpected);
      },
    },
    {
      name: "encodeManyText",
      floorBytes: text.length,
      run: () => encodeManyText(bytes, { out: encoded }),
      verify: (out) => expectSame(out as Uint8Array, text),
    },
    {
      name: "generateMany (into)",
      floorBytes: generated.length,
      run: () => generateMany(COUNT, { out: generated }),
      verify: (out) => expectFresh(out as Uint8Array),
    },
  ];
}

/** The kernel beside a copy of its floor's bytes, round by round, their order alternating. */
function measure(kernel: Kernel): Figures {
  const source = new Uint8Array(kernel.floorBytes).fill(0x41);
  const target = new Uint8Array(kernel.floorBytes);
  const copy = () => target.set(source);
  const kernelReps = repetitions(kernel.run, SAMPLE_MS);
  const copyReps = repetitions(copy, SAMPLE_MS);
  const ratios: number[] = [];
  const kernelTimes: number[] = [];
  const copyTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [k, c] = round % 2 === 0 ? [sample(kernel.run, kernelReps), sample(copy, copyReps)] : swap(sample(copy, copyReps), sample(kernel.run, kernelReps));
    kernelTimes.push(k);
    copyTimes.push(c);
    ratios.push(k / c);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  return {
    name: kernel.name,
    ratio: median(ratios),
    low: sorted[Math.floor(sorted.length / 4)]!,
    high: sorted[Math.ceil((3 * sorted.length) / 4) - 1]!,
    kernelMs: median(kernelTimes),
    copyMs: median(copyTimes),
  };
}

function swap(a: number, b: number): [number, number] {
  return [b, a];
}
