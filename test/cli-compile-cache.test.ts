/**
 * The built `ulid` bin keeps V8's compiled code for the command's bundle between runs (src/cli/bundle-cache.ts,
 * where the bundle can run as a vm script: Node 20.16 and later): the first run of a subcommand writes it and
 * later runs read it back, printing the same bytes; a cache that cannot be written, a directory that is not the
 * user's own, or a bundle that changed since the cache was written, changes nothing a user sees; a run that writes a
 * cache prunes the directory of old ones. Each run is given
 * a cache directory of its own (NODE_COMPILE_CACHE, under which the command keeps its cache), so nothing here
 * reads another run's cache.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, lutimesSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI } from "./helpers/cli.js";
import { SPEC_ZERO_RANDOM } from "./vectors.js";

const DIR = mkdtempSync(join(tmpdir(), "ulid-compile-cache-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Whether this Node can run the bundle as a vm script with its code cache (20.16 and later); else none is kept. */
const HAS_CODE_CACHE = typeof process.getBuiltinModule === "function";
const LOG = `a line ${SPEC_ZERO_RANDOM.ulid} and another\n`;

/**
 * Runs `bin` (the built command unless given) with `args`, its compile cache in `cache` (NODE_COMPILE_CACHE), or
 * off with `cache` null (NODE_DISABLE_COMPILE_CACHE=1); this process's own setting of either is left out.
 */
function run(args: string[], cache: string | null, bin = CLI): { status: number | null; stdout: string; stderr: string } {
  const { NODE_COMPILE_CACHE: _cache, NODE_DISABLE_COMPILE_CACHE: _disabled, ...env } = process.env;
  const setting = cache === null ? { NODE_DISABLE_COMPILE_CACHE: "1" } : { NODE_COMPILE_CACHE: cache };
  const { status, stdout, stderr } = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...env, ...setting } });
  return { status, stdout, stderr };
}

/** The files Node's compile cache wrote under `cache` (one directory per Node version and V8 flags). */
function cacheFiles(cache: string): string[] {
  if (!existsSync(cache)) return [];
  return readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe("ulid and its code cache", () => {
  const log = join(DIR, "app.log");
  writeFileSync(log, LOG);

  it("writes the cache on its first run, one file per subcommand, and prints the same bytes cold and warm", () => {
    const cache = join(DIR, "cache");
    const cold = run(["scan", log], cache);
    const version = `${process.version}-${process.arch}`;
    // (Node's own compile cache, which NODE_COMPILE_CACHE turns on from Node 22, keeps its files beside.)
    expect(cacheFiles(join(cache, "ulid-wasm"))).toEqual(HAS_CODE_CACHE ? [expect.stringMatching(new RegExp(`^scan-${version}-[0-9a-z]+\\.cache$`))] : []);
    const warm = run(["scan", log], cache);
    expect(cold).toEqual({ status: 0, stdout: expect.stringContaining(SPEC_ZERO_RANDOM.ulid), stderr: "" });
    expect(warm).toEqual(cold);
  });

  it("runs as ever where the cache cannot be written, and says nothing of it", () => {
    const notADirectory = join(DIR, "a-file");
    writeFileSync(notADirectory, "");
    const expected = run(["scan", log], null);
    const result = run(["scan", log], join(notADirectory, "cache"));
    expect(result).toEqual(expected);
    expect(result.stderr).toBe("");
  });

  it("runs a changed bundle's code, not the cached code of the bundle before it (same length, same path)", () => {
    const cache = join(DIR, "cache-changed");
    const install = join(DIR, "install");
    cpSync(dirname(CLI), join(install, "dist"), { recursive: true });
    cpSync(join(dirname(CLI), "../package.json"), join(install, "package.json"));
    const bin = join(install, "dist/cli.cjs");
    const before = run(["--version"], cache, bin);
    expect(before.stdout).toMatch(/^ulid-wasm \S+\n$/);
    const bundle = join(install, "dist/cli-main.cjs");
    const source = readFileSync(bundle, "utf8");
    // packageVersion's `${name} ${version}` (the bundle is minified: whatever the names became).
    const changed = source.replace(/(return ?`\$\{[\w$]+\}) (\$\{[\w$]+\}`)/, "$1_$2");
    expect(changed.length).toBe(source.length);
    expect(changed).not.toBe(source);
    writeFileSync(bundle, changed);
    const after = run(["--version"], cache, bin);
    expect(after.stdout).toBe(before.stdout.replace(" ", "_"));
  });

  it.skipIf(!HAS_CODE_CACHE)("uses no damaged cache (it would crash V8), and makes it anew", () => {
    const cache = join(DIR, "cache-damaged");
    const expected = run(["scan", log], cache);
    const [name] = cacheFiles(join(cache, "ulid-wasm"));
    const file = join(cache, "ulid-wasm", name!);
    const whole = readFileSync(file);
    // Words of V8's code (after the header and the bundle) flipped, as a bad disk or a torn copy would.
    const damaged = Buffer.from(whole);
    for (let at = damaged.length - 4096; at < damaged.length; at += 97) damaged[at]! ^= 0x5a;
    writeFileSync(file, damaged);
    expect(run(["scan", log], cache)).toEqual(expected);
    expect(readFileSync(file).equals(damaged)).toBe(false);
    expect(run(["scan", log], cache)).toEqual(expected);
  });

  it.skipIf(!HAS_CODE_CACHE)("keeps a subcommand's cache from a run of it, not from its help nor a failed run", () => {
    const cache = join(DIR, "cache-help");
    expect(run(["scan", "--help"], cache).status).toBe(0);
    expect(run(["scan", join(DIR, "missing.log")], cache).status).toBe(2);
    const version = `${process.version}-${process.arch}`;
    expect(cacheFiles(join(cache, "ulid-wasm")).map((name) => name.split(`-${version}-`)[0])).toEqual(["other"]);
    expect(run(["scan", log], cache).status).toBe(0);
    expect(cacheFiles(join(cache, "ulid-wasm")).map((name) => name.split(`-${version}-`)[0]).sort()).toEqual(["other", "scan"]);
  });

  it.skipIf(!HAS_CODE_CACHE)("prunes its directory as it writes a cache: caches unused for 30 days, all but the 32 used last, temporary files left", () => {
    const cache = join(DIR, "cache-pruned");
    const directory = join(cache, "ulid-wasm");
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    const now = Date.now() / 1000;
    const DAY = 86_400;
    /** A file `name` in the directory, last read `readAgo` and written `writtenAgo` seconds ago. */
    const file = (name: string, readAgo: number, writtenAgo = readAgo) => {
      writeFileSync(join(directory, name), "x");
      utimesSync(join(directory, name), now - readAgo, now - writtenAgo);
      return name;
    };
    const unused = file("scan-v18.20.0-x64-a1.cache", 31 * DAY);
    const unusedPreReleases = [
      file("other-v24.0.0-rc.1-x64-b2.cache", 31 * DAY),
      file("from-time-v24.0.0-v8-canary2025010112ab34cd-arm64-b3.cache", 31 * DAY),
    ];
    // Written 40 days ago, read half a minute ago: the access time is its use.
    const readLately = file("decode-v22.1.0-x64-q1.cache", 30, 40 * DAY);
    // 40 more, used 1 to 40 minutes ago: with the one just read and the one the run writes, 32 are kept.
    const recent = Array.from({ length: 40 }, (_, i) => file(`generate-v24.0.0-arm64-s${i}.cache`, 60 * (i + 1)));
    const leftTemporary = file("scan-v22.1.0-x64-q1.cache.123-a1b2", 2 * 3600);
    const freshTemporary = file("scan-v22.1.0-x64-q2.cache.456-c3d4", 60);
    // Not named as the cache names its files, or no file: never touched, however old.
    const others = ["notes.txt", "scan.cache", "scan-v22.1.0-x64-q1.cache.bak"].map((name) => file(name, 365 * DAY));
    mkdirSync(join(directory, "new-v18.20.0-x64-d1.cache"));
    symlinkSync(join(directory, "notes.txt"), join(directory, "new-v18.20.0-x64-d2.cache"));
    const old = Math.floor(now) - 365 * DAY;
    for (const name of ["new-v18.20.0-x64-d1.cache", "new-v18.20.0-x64-d2.cache"]) lutimesSync(join(directory, name), old, old);
    others.push("new-v18.20.0-x64-d1.cache", "new-v18.20.0-x64-d2.cache");
    expect(run(["scan", log], cache).status).toBe(0);
    const left = readdirSync(directory).sort();
    const written = left.filter((name) => name.startsWith(`scan-${process.version}-${process.arch}-`));
    expect(written).toEqual([expect.stringMatching(/\.cache$/)]);
    expect(left).toEqual([...written, readLately, ...recent.slice(0, 30), freshTemporary, ...others].sort());
    expect(left).not.toContain(unused);
    for (const name of unusedPreReleases) expect(left).not.toContain(name);
    expect(left).not.toContain(leftTemporary);
  });

  it("keeps no cache in a directory that is not the user's own: writable by others, or a symlink", () => {
    const expected = run(["scan", log], null);
    const open = join(DIR, "cache-open");
    mkdirSync(join(open, "ulid-wasm"), { recursive: true });
    chmodSync(join(open, "ulid-wasm"), 0o777);
    const linked = join(DIR, "cache-linked");
    mkdirSync(join(DIR, "elsewhere"));
    mkdirSync(linked);
    symlinkSync(join(DIR, "elsewhere"), join(linked, "ulid-wasm"));
    for (const cache of [open, linked]) {
      expect(run(["scan", log], cache)).toEqual(expected);
      expect(run(["scan", log], cache)).toEqual(expected);
    }
    expect(cacheFiles(join(open, "ulid-wasm"))).toEqual([]);
    expect(cacheFiles(join(DIR, "elsewhere"))).toEqual([]);
  });
});
