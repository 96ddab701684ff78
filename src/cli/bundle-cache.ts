/**
 * Runs the command's bundle with V8's compiled code for it kept between runs: a code cache of the command's own.
 *
 * Why. A small scan is mostly start-up, and most of what the command adds to Node's own start is compiling its
 * bundle: the top-level code, then each function on its first call. Node's compile cache (Node 22.8 and later)
 * keeps only the code compiled before the bundle ran, which is the top level alone: every function a run calls is
 * compiled again by every run. This cache is made at the end of a run (`vm.Script#createCachedData`), so it holds
 * every function that run compiled, and it works on Node 20 too. docs/performance.md has the figures.
 *
 * One cache file per subcommand (a run of `scan` compiles other functions than one of `generate`), per Node
 * version and architecture, in a directory of this user's own:
 *   <cache directory>/<subcommand>-<Node version>-<arch>.cache
 *   bytes 0-3    the bundle's length in bytes (u32, little-endian)
 *   bytes 4-...  the bundle's bytes, exactly as the cache was made from them
 *   the rest     V8's code cache
 * V8 checks a code cache against its own version and flags but against the source's length alone, so the cache
 * holds the bundle itself, compared byte for byte (a memcmp) before it is used: a changed bundle (an upgrade, a
 * patch of the same length) never runs with code compiled from another. A cache that is missing, of another
 * bundle or rejected by V8 (other flags: `node --jitless`) is made anew at the end of the run, written to a
 * temporary file and renamed over the old one, so concurrent runs never read half a file; a directory that
 * cannot be written changes nothing but the speed.
 *
 * Where. The directory is ulid-wasm-code-cache-<uid> in the system's temporary directory, or ulid-wasm in
 * NODE_COMPILE_CACHE when that names Node's; none with NODE_DISABLE_COMPILE_CACHE set, as Node's. Cached code is
 * code that runs: a directory that is not this user's own (a symlink, another owner, writable by others) is not
 * used.
 *
 * A vm script has no module loader: the bundle loads Node's modules on demand with `process.getBuiltinModule`
 * (node-module.ts; Node 20.16 and later), not `import()`. Where that is missing (and the bundle imports them), or
 * with no directory, the bundle is required as it is.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import vm from "node:vm";

/** Bytes before the bundle's in a cache file: its length. */
const HEADER_BYTES = 4;

/** Runs the CommonJS bundle at `path` (an absolute path), its compiled code cached under `key` (a subcommand). */
export function runBundle(path: string, key: string): void {
  const require = Module.createRequire(path);
  const directory = typeof process.getBuiltinModule === "function" ? cacheDirectory() : undefined;
  if (directory === undefined) {
    require(path);
    return;
  }
  const source = readFileSync(path);
  const file = join(directory, `${key}-${process.version}-${process.arch}.cache`);
  const cachedData = cachedCode(file, source);
  const script = new vm.Script(Module.wrap(source.toString("utf8")), { filename: path, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // At the end of the run: the code of every function it compiled.
    process.once("exit", () => writeCache(file, source, script));
  }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, require, module, path, dirname(path));
}

/** This user's cache directory, made if need be; undefined when caching is off or the directory is not safe. */
function cacheDirectory(): string | undefined {
  const { NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE } = process.env;
  if (NODE_DISABLE_COMPILE_CACHE) return undefined;
  const uid = process.getuid?.();
  const directory = NODE_COMPILE_CACHE ? join(NODE_COMPILE_CACHE, "ulid-wasm") : join(tmpdir(), `ulid-wasm-code-cache-${uid ?? "user"}`);
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const stats = lstatSync(directory);
    // Windows has no uid, and its temporary directory is the user's own.
    const own = uid === undefined || (stats.uid === uid && (stats.mode & 0o022) === 0);
    return stats.isDirectory() && own ? directory : undefined;
  } catch {
    return undefined;
  }
}

/** The V8 code cache in `file` when it was made from `source`; else undefined. */
function cachedCode(file: string, source: Buffer): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = HEADER_BYTES + source.length;
  if (data.length <= end || data.readUInt32LE(0) !== source.length) return undefined;
  return data.subarray(HEADER_BYTES, end).equals(source) ? data.subarray(end) : undefined;
}

/** Writes the code `script` compiled so far to `file` (see the file format above); a failure is ignored. */
function writeCache(file: string, source: Buffer, script: vm.Script): void {
  const temporary = `${file}.${process.pid}`;
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(source.length);
    writeFileSync(temporary, Buffer.concat([header, source, script.createCachedData()]), { mode: 0o600 });
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}
