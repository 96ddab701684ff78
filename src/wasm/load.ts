import { FORMAT_SPECS, MAX_ID_BYTES, MAX_PREFIX, MAX_RANDOM_BYTES, TYPEID, typeIdSpec } from "../engine/specs.js";
import { GENERATE_CHUNK, MAX_SCAN_FORMATS, SCAN_BYTES, SCAN_MATCHES } from "../engine/types.js";
import { SCALAR_WASM, SIMD_WASM } from "./generated.js";

/**
 * The exports of assembly/index.ts, the one WebAssembly ABI: kernels over fixed scratch regions (assembly/layout.ts)
 * that take a format's number (`FormatSpec.wasmId`) and counts. `loadWasm` checks the module against the specs
 * before anything uses it.
 */
export interface WasmExports {
  /** Fixed size, never grows: views over it stay valid. */
  readonly memory: WebAssembly.Memory;

  // ---- what the build implements, checked against src/engine/specs.ts at load ----
  /** Formats the build knows (numbers 0 to this - 1). */
  formatCount(): number;
  formatChars(format: number): number;
  formatBytes(format: number): number;

  // ---- the scratch regions, each `chunkSize()` records ----
  /** Records each region holds (of ULID's size); a format's kernels take at most `formatChunk(format)`. */
  chunkSize(): number;
  /** Binary IDs, at most 16 bytes each. */
  binaryRegion(): number;
  /** Text records of 27 bytes (the larger formats' chunks are smaller: `formatChunk`). */
  textRegion(): number;
  /** One f64 per ID. */
  timeRegion(): number;
  /** One byte per ID. */
  flagRegion(): number;
  /** Up to 10 random bytes per ID. */
  randomRegion(): number;
  /** One binary ID: the state of `formatAdvance`. */
  seedRegion(): number;
  /** TypeID's prefix of the next calls, up to 63 bytes. */
  prefixRegion(): number;
  /** Announces the prefix in the prefix region (`width` bytes, 0-63) for TypeID's kernels; false for a wider one. */
  formatPrefix(width: number): boolean;

  // ---- batch kernels of every format (assembly/formats.ts) ----
  /** Records the regions hold for the format per call. */
  formatChunk(format: number): number;
  /** Binary -> text, each ID followed by `separator` when >= 0; -1, or the index of the first binary non-ID. */
  formatEncode(format: number, count: number, separator: number): number;
  /**
   * Text records `from` to `count` - 1 -> binary; -1 when all are valid, else the index of the first invalid record.
   * `flagged`: every one of them is decoded, 1 or 0 per record goes to the flag region, and an invalid record's
   * bytes are zero.
   */
  formatDecode(format: number, count: number, textLength: number, flagged: boolean, from: number): number;
  /** Text records -> raw time fields in the time region (NaN for an invalid one, flagged); as `formatDecode`. */
  formatDecodeTime(format: number, count: number, textLength: number, flagged: boolean, from: number): number;
  /** Text records -> 1 (valid) or 0 in the flag region. */
  formatValidate(format: number, count: number, textLength: number): void;
  /** Random region -> `count` fresh IDs of time field `time`. */
  formatStamp(format: number, count: number, time: number, param: number): void;
  /** Successors of the seed -> binary, stopping before an overflow; returns how many, updates the seed. */
  formatAdvance(format: number, count: number, param: number): number;

  // ---- finding IDs in text (assembly/formats.ts, `scan`) ----
  /** Bytes the scan text region holds: SCAN_BYTES. */
  scanBytes(): number;
  scanTextRegion(): number;
  /** SCAN_MATCHES u32 offsets. */
  scanOffsetRegion(): number;
  /** SCAN_MATCHES f64 Unix ms. */
  scanTimeRegion(): number;
  /** SCAN_MATCHES u8 lengths, written for formats whose matches vary in length (TypeID). */
  scanLengthRegion(): number;
  /**
   * Searches scan text [0, length) for the format's IDs; returns the number written to the offset and time regions
   * (and the length region). `glued`: the byte before the text glues to a match at its start.
   */
  scan(format: number, length: number, glued: boolean, atEnd: boolean): number;
  /** The offset of the first ESC byte (0x1B) in scan text [0, length), or -1. */
  scanEscape(length: number): number;
  /**
   * Searches scan text [0, length) for the IDs of the first `formats` formats of the scan list region in one pass
   * (assembly/scan-merged.ts), merged: offsets, times, lengths and formats (indexes into the list) in the scan
   * regions, those starting before `skip` left out; returns how many, or -1 for a list it does not know. `before`:
   * the byte before the text, or -1.
   */
  scanMerged(formats: number, length: number, before: number, atEnd: boolean, skip: number): number;
  /**
   * 1 when `scanMerged` is the search to take for the scan list region's first `formats`: it finds every one, and
   * for one format, outruns that format's own kernel (the SIMD build, but for UUID v7); else 0.
   */
  scanMergedKnows(formats: number): number;
  /** SCAN_MATCHES u8: each match's format, as an index into the scan list region. */
  scanFormatRegion(): number;
  /** MAX_SCAN_FORMATS u8: the format number of each format of a scan that merges several, in its order. */
  scanListRegion(): number;
  /**
   * The column writer (assembly/scan-columns.ts): keeps, of `count` matches in the scan regions, those before
   * `limit` with a time in [from, until), compacting times and formats in place; writes each one's stream offset
   * (`base` + its offset) to the column offset region, its line (with `lines`, from `line`) to the column line
   * region, its binary ID to the binary region. Returns how many it kept.
   */
  scanColumns(count: number, limit: number, from: number, until: number, base: number, lines: boolean, line: number): number;
  /** Bytes the last `scanColumns` wrote to the binary region. */
  scanColumnsBytes(): number;
  /** The line of the last `scanColumns`' `limit`. */
  scanColumnsLine(): number;
  /** SCAN_MATCHES f64 stream offsets (in the time region). */
  scanColumnOffsetRegion(): number;
  /** SCAN_MATCHES f64 lines (in the time region, after the offsets). */
  scanColumnLineRegion(): number;
}

export interface LoadedWasm {
  readonly exports: WasmExports;
  /** Whether this is the SIMD build. */
  readonly simd: boolean;
}

/** The binaries of a module's two builds, read when asked for. */
export interface WasmBinaries {
  simd(): Uint8Array<ArrayBuffer>;
  scalar(): Uint8Array<ArrayBuffer>;
}

/** A compiled build: what `loadWasm` instantiates. */
export interface CompiledWasm {
  readonly module: WebAssembly.Module;
  /** Whether this is the SIMD build. */
  readonly simd: boolean;
}

let loaded: LoadedWasm | null | undefined;
let compiled: CompiledWasm | null | undefined;
let failure: string | undefined;
let precompiled: CompiledWasm | undefined;
/** The library's builds (assembly/index.ts), embedded one character per byte (src/wasm/generated.ts). */
const EMBEDDED_BUILDS: WasmBinaries = { simd: () => binaryBytes(SIMD_WASM), scalar: () => binaryBytes(SCALAR_WASM) };
/** The builds `compiledWasm` compiles: the embedded ones, or those `useWasmBinaries` gave. */
let binaries = EMBEDDED_BUILDS;

/**
 * Makes `compiledWasm` compile `builds` instead of the embedded binaries: the `ulid` command reads its own module
 * (assembly/command/index.ts: these kernels and the command's) from the files beside its bundle, which embeds none
 * (tsup.config.ts). Call it before first use.
 */
export function useWasmBinaries(builds: WasmBinaries): void {
  binaries = builds;
}

/**
 * Makes `loadWasm` instantiate `module` instead of compiling the embedded binaries: for runtimes that refuse to
 * compile WebAssembly from bytes but compile a `.wasm` file the code imports as a module (Cloudflare workerd, through
 * src/workerd.ts), for worker threads given the module their parent compiled (`compiledWasm`), and for running the
 * test suites on one build. Call it before first use.
 */
export function useCompiledModule(module: WebAssembly.Module, simd: boolean): void {
  precompiled = { module, simd };
}

/**
 * The module `loadWasm` instantiates, compiled on first use and cached: the SIMD build where the runtime validates
 * it, else the scalar one. A module can be posted to a worker thread, which then instantiates it
 * (`useCompiledModule`) without decoding and compiling the binaries again. Null where WebAssembly is missing or
 * refuses to compile (`wasmUnavailableReason` says why).
 */
export function compiledWasm(): CompiledWasm | null {
  if (compiled === undefined) {
    try {
      if (typeof WebAssembly !== "object") throw new Error("WebAssembly is not available in this runtime");
      if (precompiled) {
        compiled = precompiled;
      } else {
        compiled = compileBuilds(binaries);
      }
    } catch (error) {
      compiled = null;
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  return compiled;
}

/**
 * The SIMD build compiled, or where the runtime refuses it (no SIMD: a CompileError) the scalar one. Compiling is
 * the check: `WebAssembly.validate` first would decode the module twice.
 */
function compileBuilds(builds: WasmBinaries): CompiledWasm {
  try {
    return { module: new WebAssembly.Module(builds.simd()), simd: true };
  } catch (error) {
    if (!(error instanceof WebAssembly.CompileError)) throw error;
    return { module: new WebAssembly.Module(builds.scalar()), simd: false };
  }
}

/**
 * The wasm module, instantiated on first use (synchronously: the binaries are embedded, or read from files) and
 * cached (see `compiledWasm`). Null, for good, when WebAssembly is missing or refuses to compile (a CSP without
 * 'wasm-unsafe-eval', `node --jitless`), or the module does not match the specs: `wasmUnavailableReason` says why.
 */
export function loadWasm(): LoadedWasm | null {
  if (loaded === undefined) {
    const build = compiledWasm();
    try {
      loaded = build === null ? null : instantiateModule(build.module, build.simd);
    } catch (error) {
      loaded = null;
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  return loaded;
}

/** Why `loadWasm` returned null (for a `WASM_UNAVAILABLE` message); undefined when it has not failed. */
export function wasmUnavailableReason(): string | undefined {
  return failure;
}

/**
 * A fresh, uncached, checked instance of one build (of the library's, or of the `builds` given); throws where it
 * cannot load. For tests that cover both builds.
 */
export function instantiateBuild(simd: boolean, builds = EMBEDDED_BUILDS): LoadedWasm {
  return instantiate(simd ? builds.simd() : builds.scalar(), simd);
}

function instantiate(bytes: Uint8Array<ArrayBuffer>, simd: boolean): LoadedWasm {
  return instantiateModule(new WebAssembly.Module(bytes), simd);
}

function instantiateModule(module: WebAssembly.Module, simd: boolean): LoadedWasm {
  const exports = new WebAssembly.Instance(module).exports as unknown as WasmExports;
  checkAbi(exports);
  return { exports, simd };
}

/** The error for a build that does not match the code driving it: `what` is `wasm` in the build and `ts` here. */
export type AbiMismatch = (what: string, wasm: number, ts: number) => Error;

/** The `AbiMismatch` of `build` (the module, as the message names it) against `side` (the code that drives it). */
export function abiMismatch(build: string, side: string): AbiMismatch {
  return (what, wasm, ts) => new Error(`${build} does not match ${side}: ${what} is ${wasm} there and ${ts} here`);
}

/** Throws `mismatch` for the first of `regions` ([name, start, bytes]) that ends past the `memory` bytes. */
export function checkRegions(
  regions: readonly (readonly [string, number, number])[],
  memory: number,
  mismatch: AbiMismatch,
): void {
  for (const [name, at, size] of regions) {
    if (at + size > memory) throw mismatch(`the end of the ${name} region`, at + size, memory);
  }
}

const mismatch = abiMismatch("the WebAssembly build", "this library");

/**
 * Throws unless the module implements every format with the widths the specs give and its regions are the sizes the
 * engine's views assume: the two sides are built separately, and a mismatch would read and write wrong bytes.
 */
export function checkAbi(x: WasmExports): void {
  if (x.formatCount() !== FORMAT_SPECS.length) throw mismatch("the number of formats", x.formatCount(), FORMAT_SPECS.length);
  for (const spec of FORMAT_SPECS) {
    const chars = x.formatChars(spec.wasmId);
    if (chars !== spec.chars) throw mismatch(`${spec.name}'s text length`, chars, spec.chars);
    const bytes = x.formatBytes(spec.wasmId);
    if (bytes !== spec.bytes) throw mismatch(`${spec.name}'s binary length`, bytes, spec.bytes);
  }
  // TypeID's records are as wide as the prefix a call announces: the build must take the longest and widen by it.
  const widest = typeIdSpec("a".repeat(MAX_PREFIX)).chars;
  const widened = x.formatPrefix(MAX_PREFIX) ? x.formatChars(TYPEID.wasmId) : -1;
  x.formatPrefix(0);
  if (widened !== widest) throw mismatch("the text length of a TypeID with the longest prefix", widened, widest);
  // A build whose decode kernels take no `flagged` and `from` arguments would ignore them, and stop at a bad ID.
  for (const [name, kernel] of [["formatDecode", x.formatDecode], ["formatDecodeTime", x.formatDecodeTime]] as const) {
    if (kernel.length !== 5) throw mismatch(`the parameter count of ${name}`, kernel.length, 5);
  }
  if (x.scanBytes() !== SCAN_BYTES) throw mismatch("the scan region", x.scanBytes(), SCAN_BYTES);
  // A generation step (stampMany, advanceMany) must fit the binary and random regions in one call.
  if (x.chunkSize() < GENERATE_CHUNK) throw mismatch("the records a region holds", x.chunkSize(), GENERATE_CHUNK);
  const chunk = x.chunkSize();
  const regions: [string, number, number][] = [
    ["binary", x.binaryRegion(), MAX_ID_BYTES * chunk],
    ["text", x.textRegion(), (FORMAT_SPECS[0]!.chars + 1) * chunk],
    ["time", x.timeRegion(), 8 * chunk],
    ["flag", x.flagRegion(), chunk],
    ["random", x.randomRegion(), MAX_RANDOM_BYTES * chunk],
    ["seed", x.seedRegion(), MAX_ID_BYTES],
    ["prefix", x.prefixRegion(), MAX_PREFIX],
    ["scan length", x.scanLengthRegion(), SCAN_MATCHES],
    ["scan format", x.scanFormatRegion(), SCAN_MATCHES],
    ["scan list", x.scanListRegion(), MAX_SCAN_FORMATS],
    ["column offset", x.scanColumnOffsetRegion(), 8 * SCAN_MATCHES],
    ["column line", x.scanColumnLineRegion(), 8 * SCAN_MATCHES],
  ];
  checkRegions(regions, x.memory.buffer.byteLength, mismatch);
}

/** A string of one character per byte -> its bytes (no Buffer: every target runtime runs this). */
function binaryBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
