/**
 * Runs the command's bundle with V8's compiled code for it kept between runs: a code cache of the command's own.
 *
 * Why. A small scan is mostly start-up, and most of what the command adds to Node's own start is compiling its
 * bundle: the top-level code, then each function on its first call. Node's compile cache (Node 22.8 and later)
 * keeps only the code compiled before the bundle ran, which is the top level alone: every function a run calls is
 * compiled again by every run. This cache is made at the end of a run (`vm.Script#createCachedData`), so it holds
 * every function that run compiled, and it works on Node 20 too. docs/performance.md has the figures.
 *
 * What. One cache file per subcommand (a run of `scan` compiles other functions than one of `generate`), per Node
 * version, architecture and setting (a hash of Node's options and of the bundle's path), in a directory of this
 * user's own:
 *   <cache directory>/<subcommand>-<Node version>-<arch>-<setting>.cache
 *   bytes 0-3    the bundle's length in bytes (u32, little-endian)
 *   bytes 4-7    the checksum of V8's code cache (u32, little-endian; `checksumOf`)
 *   bytes 8-...  the bundle's bytes, exactly as the cache was made from them
 *   the rest     V8's code cache
 * V8 checks a code cache against its own version and flags, but against the source's length alone, and it does not
 * check the code itself (damaged code crashes the process, run after run). So the file holds the bundle, compared
 * byte for byte before use (a changed bundle, an upgrade or a patch of the same length, never runs with code
 * compiled from another), and a checksum of the code. A cache that is missing, damaged, of another bundle or
 * rejected by V8 is made anew at the end of a run that succeeds (exit status 0), written to a temporary file of its
 * own and renamed over the old one, so concurrent runs never read half a file; a directory that cannot be written
 * changes nothing but the speed. A run that writes a cache file also prunes the directory (`prune`): cache files
 * unused for UNUSED_DAYS, all but the MAX_FILES used last, and temporary files a run left behind, so that Node
 * upgrades, installs and settings that come and go do not fill the temporary directory.
 *
 * Where. The directory is ulid-wasm-code-cache-<uid> in the system's temporary directory, or ulid-wasm in
 * NODE_COMPILE_CACHE when that names Node's; none with NODE_DISABLE_COMPILE_CACHE set, as Node's. Cached code is
 * code that runs: a directory or a file that is not this user's own (a symlink, another owner, writable by others)
 * is not used, and the file is checked through the descriptor it is read from. Where users have no uid (Windows)
 * there is no such check, and no cache.
 *
 * A vm script has no module loader: the bundle loads Node's modules on demand with `process.getBuiltinModule`
 * (node-module.ts; Node 20.16 and later), not `import()`. Where that is missing (and the bundle imports them), or
 * WebAssembly (`node --jitless`: the checksum is computed by a small module), or with no directory, the bundle is
 * required as it is.
 */
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import vm from "node:vm";

/** Bytes before the bundle's in a cache file: its length and the code's checksum. */
const HEADER_BYTES = 8;

/**
 * The module that checksums the code, a loop too small to build from a source of its own:
 *   (func (export "checksum") (param $i i32) (param $end i32) (result i32) (local $a i32) (local $b i32)
 *     $a = 1; while ($i < $end) { $a += load32($i); $b += $a; $i += 4 }; return $a ^ ($b * 0x9e3779b1))
 * over its memory, exported as "memory" (0 pages, grown by the caller; the last word may read up to 3 bytes past
 * $end, which are zero). Fletcher's sums over 32-bit words: a damaged word changes $a, two swapped change $b.
 * WebAssembly, as a JavaScript loop run once stays in the interpreter: 2-10 ms over a cache, against 0.3 ms.
 */
const CHECKSUM_WASM = Uint8Array.of(
  // header; type section: (i32, i32) -> i32; function section: one of that type; memory section: one of 0 pages
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, 0x03, 0x02,
  0x01, 0x00, 0x05, 0x03, 0x01, 0x00, 0x00,
  // export section: "memory" (memory 0), "checksum" (function 0)
  0x07, 0x15, 0x02, 0x06, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 0x02, 0x00, 0x08, 0x63, 0x68, 0x65, 0x63, 0x6b, 0x73,
  0x75, 0x6d, 0x00, 0x00,
  // code section: locals 2 x i32; $a = 1; block, loop: br_if ($i >= $end) out; $a += load($i); $b += $a; $i += 4
  0x0a, 0x3b, 0x01, 0x39, 0x01, 0x02, 0x7f, 0x41, 0x01, 0x21, 0x02, 0x02, 0x40, 0x03, 0x40, 0x20, 0x00, 0x20, 0x01,
  0x4f, 0x0d, 0x01, 0x20, 0x02, 0x20, 0x00, 0x28, 0x02, 0x00, 0x6a, 0x22, 0x02, 0x20, 0x03, 0x6a, 0x21, 0x03, 0x20,
  0x00, 0x41, 0x04, 0x6a, 0x21, 0x00, 0x0c, 0x00, 0x0b, 0x0b,
  // $a ^ ($b * 0x9e3779b1)
  0x20, 0x02, 0x20, 0x03, 0x41, 0xb1, 0xf3, 0xdd, 0xf1, 0x79, 0x6c, 0x73, 0x0b,
);

/**
 * Runs the CommonJS bundle at `path` (an absolute path), its compiled code cached under `key` (a subcommand), with
 * `require` for its requires: the caller's, which resolves as the bundle's own when the caller is beside it (the bin
 * is; `node:module`'s `createRequire` costs a module load at every start).
 */
export function runBundle(path: string, key: string, require: (id: string) => unknown): void {
  // Windows has no uid, and no cache (see above).
  const uid = process.getuid?.();
  const usable = typeof process.getBuiltinModule === "function" && typeof WebAssembly === "object" && uid !== undefined;
  const directory = usable ? cacheDirectory(uid) : undefined;
  if (uid === undefined || directory === undefined) {
    require(path);
    return;
  }
  const source = readFileSync(path);
  const file = join(directory, `${key}-${process.version}-${process.arch}-${settingOf(path)}.cache`);
  const cachedData = cachedCode(file, source, uid);
  const script = new vm.Script(commonJsWrapper(source.toString("utf8")), { filename: path, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // At the end of a run that succeeded: the code of every function it compiled.
    process.once("exit", (status) => {
      if (status === 0 && writeCache(file, source, script.createCachedData())) prune(directory, file);
    });
  }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, require, module, path, dirname(path));
}

/** `source` as the function Node's CommonJS loader makes of a module (`Module.wrap`), spelt out: see `runBundle`. */
function commonJsWrapper(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/**
 * User `uid`'s cache directory, made if need be (a look first: making it, even when it exists, costs more); undefined
 * when caching is off or the directory is not safe.
 */
function cacheDirectory(uid: number): string | undefined {
  const { NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE } = process.env;
  if (NODE_DISABLE_COMPILE_CACHE) return undefined;
  const directory = NODE_COMPILE_CACHE ? join(NODE_COMPILE_CACHE, "ulid-wasm") : join(temporaryDirectory(), `ulid-wasm-code-cache-${uid}`);
  try {
    let stats = lstatSync(directory, { throwIfNoEntry: false });
    if (stats === undefined) {
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      stats = lstatSync(directory);
    }
    return stats.isDirectory() && ownedBy(stats, uid) ? directory : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The system's temporary directory as `os.tmpdir()` names it where users have uids (the only systems with a cache):
 * TMPDIR, TMP or TEMP, else /tmp, without a trailing slash. Not `node:os`, whose load costs more than the rest of
 * this file at every start.
 */
function temporaryDirectory(): string {
  const { TMPDIR, TMP, TEMP } = process.env;
  const path = TMPDIR || TMP || TEMP || "/tmp";
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** Whether `stats` are of something `uid` owns and no one else may write. */
function ownedBy(stats: { uid: number; mode: number }, uid: number): boolean {
  return stats.uid === uid && (stats.mode & 0o022) === 0;
}

/**
 * A short hash of what else the cached code depends on or is shared by: Node's options (V8 rejects a cache made
 * under other flags, and two settings sharing a file would rewrite it run after run) and the bundle's path (two
 * installs of two versions, likewise). FNV-1a over their text.
 */
function settingOf(path: string): string {
  const text = `${process.execArgv.join(" ")}\0${process.env.NODE_OPTIONS ?? ""}\0${path}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * The V8 code cache in `file` when the file is user `uid`'s own, was made from `source` and is whole; else
 * undefined. Read through one descriptor, checked by its `fstat`, straight into the checksum module's memory.
 */
function cachedCode(file: string, source: Buffer, uid: number): Uint8Array | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const stats = fstatSync(fd);
    const end = HEADER_BYTES + source.length;
    if (!stats.isFile() || !ownedBy(stats, uid) || stats.size <= end) return undefined;
    const checksum = new Checksum(stats.size);
    const data = checksum.bytes;
    for (let done = 0; done < data.length; ) {
      const read = readSync(fd, data, done, data.length - done, done);
      if (read === 0) return undefined; // Shorter than its size said: being replaced.
      done += read;
    }
    const header = Buffer.from(data.buffer, data.byteOffset, end);
    if (header.readUInt32LE(0) !== source.length || !header.subarray(HEADER_BYTES).equals(source)) return undefined;
    return checksum.of(end, data.length) === header.readUInt32LE(4) ? data.subarray(end) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes the cache file of `source` and its `code` (see the format above) to a temporary file of this process's own,
 * then renames it to `file`; whether it did. A failure leaves no file and is otherwise ignored.
 */
function writeCache(file: string, source: Buffer, code: Buffer): boolean {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  const temporary = `${file}.${process.pid}-${high!.toString(36)}${low!.toString(36)}`;
  try {
    const checksum = new Checksum(code.length);
    checksum.bytes.set(code);
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(source.length, 0);
    header.writeUInt32LE(checksum.of(0, code.length), 4);
    writeFileSync(temporary, Buffer.concat([header, source, code]), { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Left for the system's clean-up of its temporary directory, or the next run's `prune`.
    }
    return false;
  }
}

/**
 * Cache files not read for this long are removed: a Node version or an install no longer run. One still in use is
 * then made again by its next run. "Read" as the file's access time says, which Linux updates at most once a day
 * (relatime, its default); where it is not updated (noatime), a cache in daily use is made again every UNUSED_DAYS.
 */
const UNUSED_DAYS = 30;
/**
 * The most cache files kept, the ones used last: every subcommand's of three Node versions (nine files of 0.3-0.6 MB
 * each per version and setting).
 */
const MAX_FILES = 32;
/** A temporary file older than this was left by a run that ended between writing and renaming it. */
const LEFT_TEMPORARY_MS = 60 * 60 * 1000;
/**
 * A cache file's name, `<subcommand>-<Node version>-<arch>-<setting>.cache` (a version such as v26.10.0, or of a
 * pre-release: v24.0.0-rc.1, v25.0.0-nightly20250101abcdef, v24.0.0-v8-canary20250101abcdef), and a temporary one's:
 * the same and `.<pid>-<random>`.
 */
const CACHE_NAME = String.raw`[a-z-]+-v\d+\.\d+\.\d+[0-9a-z.-]*-[0-9a-z]+-[0-9a-z]+\.cache`;
const CACHE_FILE = new RegExp(`^${CACHE_NAME}$`);
const TEMPORARY_FILE = new RegExp(String.raw`^${CACHE_NAME}\.\d+-[0-9a-z]+$`);

/**
 * Prunes `directory` after `written` was written there (see UNUSED_DAYS, MAX_FILES, LEFT_TEMPORARY_MS), touching
 * only regular files named as the cache names its own. Runs only when a cache file is written, not at every start;
 * a file that cannot be read or removed (another run's, removed first) is left to the next prune.
 */
function prune(directory: string, written: string): void {
  const now = Date.now();
  const kept: { path: string; used: number }[] = [];
  try {
    for (const name of readdirSync(directory)) {
      const temporary = TEMPORARY_FILE.test(name);
      if (!temporary && !CACHE_FILE.test(name)) continue;
      const path = join(directory, name);
      const stats = lstatSync(path, { throwIfNoEntry: false });
      if (stats === undefined || !stats.isFile() || path === written) continue;
      const used = Math.max(stats.atimeMs, stats.mtimeMs);
      if (temporary ? now - stats.mtimeMs > LEFT_TEMPORARY_MS : now - used > UNUSED_DAYS * 86_400_000) remove(path);
      else if (!temporary) kept.push({ path, used });
    }
  } catch {
    return; // A directory that cannot be read (any more): left to the next prune.
  }
  // The written file is one of the MAX_FILES: the others are the ones used last.
  kept.sort((a, b) => b.used - a.used);
  for (const { path } of kept.slice(MAX_FILES - 1)) remove(path);
}

/** Removes the file at `path`, if it can. */
function remove(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Left to the next prune.
  }
}

/** The checksum module (CHECKSUM_WASM) with room for `size` bytes, `bytes`, in its memory. */
class Checksum {
  readonly bytes: Uint8Array;
  private readonly exports: { memory: WebAssembly.Memory; checksum(from: number, end: number): number };

  constructor(size: number) {
    this.exports = new WebAssembly.Instance(new WebAssembly.Module(CHECKSUM_WASM)).exports as Checksum["exports"];
    // (And the 3 zero bytes the last word may read past them.)
    this.exports.memory.grow(Math.ceil((size + 3) / 65536));
    this.bytes = new Uint8Array(this.exports.memory.buffer, 0, size);
  }

  /** The checksum of `bytes` [from, end). */
  of(from: number, end: number): number {
    return this.exports.checksum(from, end) >>> 0;
  }
}
