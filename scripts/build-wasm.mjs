// Builds the WebAssembly engine from assembly/ (both asconfig.json targets) and embeds the binaries in
// src/wasm/generated.ts, so the package needs no file loading at run time; and the `ulid` command's module
// (assembly/command/index.ts: the library's kernels and the command's own) as build/cli.simd.wasm and
// build/cli.scalar.wasm, which the build copies beside the command's bundle, which reads them (a file costs its
// start less than an embedded build: src/cli/command-wasm-files.ts). Run on every build: the output is never edited
// by hand nor committed. generated.ts and build/cli.sha256 name the hash of what they were built from (assembly/,
// asconfig.json, this script, the compiler's version); when both name the hash of the sources as they are, the
// build is skipped (a fresh clone, as in CI, has neither and builds from source). The two targets compile at once, each in a worker thread of its own (the library's entry,
// then the command's): asc works on one core.
//
// asconfig.json: -O3 (speed), without `converge`. With it, asc re-runs binaryen's whole optimizer while the
// binary shrinks and stops at the first round that does not; when that round made it bigger, asc printed "Last
// converge was suboptimal." and shipped that bigger module (it keeps no copy to go back to). -O3 passes aim at
// speed, not size, so a second round can grow the code (more inlining). Measured 2026-11-23 with assemblyscript
// 0.28.20: converge made the SIMD build 86 B smaller (12,286 against 12,372) and the scalar one 15 B bigger
// (11,639 against 11,624, the suboptimal round), changed 2-3 of 26 functions by a few instructions, and moved no
// kernel's speed beyond the run-to-run noise (interleaved medians within +-5%, no consistent direction).
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, workerData } from "node:worker_threads";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const configFile = join(root, "asconfig.json");
const config = JSON.parse(await readFile(configFile, "utf8"));
const generated = join(root, "src/wasm/generated.ts");
/** The hash of what the command's binaries were built from (`hashLine`), written after them. */
const commandStamp = join(root, "build/cli.sha256");
/**
 * The command's memory, in 64 KiB pages: the library's (asconfig.json) and three for the regions of ulid-lines.ts
 * (its lines region alone takes two).
 */
const COMMAND_PAGES = String(config.options.maximumMemory + 3);

/**
 * Where one asconfig.json target's binary goes: of the library's entry (asconfig.json), or of the command's (`cli`:
 * assembly/command/index.ts, beside the target's binary as cli.<target>.wasm).
 */
function outFileOf(target, cli) {
  const libraryOut = join(root, config.targets[target].outFile);
  return cli ? join(dirname(libraryOut), `cli.${target}.wasm`) : libraryOut;
}

/**
 * Functions binaryen leaves out of line (AssemblyScript's names: file, then function), of the library's kernels and
 * of the command's own. At -O3 it inlines any function of one caller up to 200 of its size units. V8 compiles a hot
 * function with its optimising compiler whole, the paths a run never takes included, on a thread of its own, and a
 * process ends only once those compiles are done: a small scan waited for them (docs/performance.md, "The
 * command's start"). These hold the paths most scans never take, so their callers, the hot ones, compile small.
 */
const OUT_OF_LINE = {
  library: [
    // The one-pass scan's checks of a run of letters and digits that most logs never need: of 24 or 20 (an
    // ObjectId, an XID) and of a TypeID's prefix. A ULID's stays in line.
    "assembly/scan-merged/wordRun",
    "assembly/scan-merged/typeIdSpan",
  ],
  command: [
    // `ulid scan --json`'s line: the text line stays in the line kernel.
    "assembly/command/scan-match-lines/jsonLine",
    // Decimals of 10^9 and more, a JSON line's Unix ms: `writeDecimal` stays small for the text line, whose numbers
    // are line numbers.
    "assembly/command/decimal-text/writeLargeDecimal",
  ],
};

/**
 * An asc transform (asc gives it `binaryen`) that marks `names` never to be inlined, before asc optimises the
 * module. A name that is no function of the module fails the build, so a rename cannot drop one unseen.
 */
function outOfLine(names) {
  return class OutOfLine {
    afterCompile(module) {
      for (const name of names) {
        if (module.getFunction(name) === 0) throw new Error(`OUT_OF_LINE names ${name}, which the module does not have`);
        this.binaryen.setPassArgument("no-inline", name);
        module.runPasses(["no-inline"]);
      }
    }
  };
}

/** Compiles one asconfig.json target of the library's entry, or of the command's (`cli`), to `outFileOf`. */
async function compile(target, cli) {
  const outFile = outFileOf(target, cli);
  await mkdir(dirname(outFile), { recursive: true });
  // The command's module takes COMMAND_PAGES of memory: its regions (the decode lines') come on top of the library's.
  const args = cli ? ["assembly/command/index.ts", "--outFile", outFile, "--initialMemory", COMMAND_PAGES, "--maximumMemory", COMMAND_PAGES] : [];
  // Imported here, by the workers: a build whose sources are unchanged loads no compiler.
  const { default: asc } = await import("assemblyscript/asc");
  const { error } = await asc.main([...args, "--config", configFile, "--target", target], {
    transforms: [outOfLine(cli ? [...OUT_OF_LINE.library, ...OUT_OF_LINE.command] : OUT_OF_LINE.library)],
    stdout: process.stdout,
    stderr: process.stderr,
  });
  if (error) throw new Error(`asc failed for target "${target}": ${error.message}`);
}

/** Both entries of `target`, compiled in a worker thread (this script, below); their binaries, library's first. */
async function compileInWorker(target) {
  await new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: target });
    worker.on("error", reject);
    worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the worker for target "${target}" exited with ${code}`))));
  });
  return Promise.all([false, true].map((cli) => checkedBinary(target, cli)));
}

/** The binary `compile` wrote, once checked. */
async function checkedBinary(target, cli) {
  const binary = await readFile(outFileOf(target, cli));
  // The loader instantiates with no imports: fail the build, not the user, if the module grew one.
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(binary));
  if (imports.length > 0) {
    throw new Error(`target "${target}" imports ${imports.map((i) => `${i.module}.${i.name}`).join(", ")}`);
  }
  return binary;
}

/** The hash of everything the binaries are built from: assembly/, asconfig.json, this script, asc's version. */
async function sourcesHash() {
  const hash = createHash("sha256");
  const assembly = join(root, "assembly");
  const files = (await readdir(assembly, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name)) // `path` before Node 20.12
    .sort();
  for (const file of [...files, configFile, fileURLToPath(import.meta.url)]) {
    hash.update(`${relative(root, file)}\0`).update(await readFile(file)).update("\0");
  }
  const compiler = JSON.parse(await readFile(join(root, "node_modules/assemblyscript/package.json"), "utf8"));
  return hash.update(`assemblyscript ${compiler.version}`).digest("hex");
}

/** The line that names the sources' hash in a generated file. */
const hashLine = (hash) => `// Built from sources of sha256 ${hash}.`;

/** Whether `file` exists and was built from sources of `hash`. */
async function builtFrom(file, hash) {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n", 3).includes(hashLine(hash));
}

/**
 * A binary as a JavaScript string literal of one character per byte (U+0000-U+00FF), quotes, backslashes, control
 * characters and U+007F-U+009F escaped. Brotli compresses such a literal to 8.3 kB for the SIMD build where it took
 * base64 to 11.5 kB (measured 2026-11-26 on the nine-format build, 36 kB: base64 hides the bytes' repeats from the
 * compressor), and the loader reads it without decoding base64.
 */
function binaryLiteral(bytes) {
  let literal = '"';
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) literal += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || (byte >= 0x7f && byte < 0xa0)) literal += `\\x${byte.toString(16).padStart(2, "0")}`;
    else literal += String.fromCharCode(byte);
  }
  return `${literal}"`;
}

/** Writes `file`: the SIMD and scalar builds of `entry`, one character per byte (`binaryLiteral`), as SIMD_WASM and SCALAR_WASM. */
async function embed(file, entry, simd, scalar, hash) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(
    file,
    `// GENERATED by scripts/build-wasm.mjs from ${entry} — do not edit.
${hashLine(hash)}

/** ${entry} built with the SIMD feature (asconfig.json target "simd"), one character per byte. */
export const SIMD_WASM = ${binaryLiteral(simd)};

/** ${entry} built without SIMD (asconfig.json target "scalar"), one character per byte. */
export const SCALAR_WASM = ${binaryLiteral(scalar)};
`,
  );
}

if (!isMainThread) {
  // A worker of compileInWorker: the library's entry, then the command's, for the target it was given.
  await compile(workerData, false);
  await compile(workerData, true);
} else {
  await build();
}

async function build() {
  const hash = await sourcesHash();
  if ((await builtFrom(generated, hash)) && (await builtFrom(commandStamp, hash))) {
    console.log("wasm: up to date (the sources are those it was built from)");
    return;
  }
  const [[simd, cliSimd], [scalar, cliScalar]] = await Promise.all([compileInWorker("simd"), compileInWorker("scalar")]);
  await embed(generated, "assembly/index.ts", simd, scalar, hash);
  await writeFile(commandStamp, `${hashLine(hash)}\n`);
  console.log(`wasm: simd ${simd.length} B, scalar ${scalar.length} B; the command's: simd ${cliSimd.length} B, scalar ${cliScalar.length} B`);
}
