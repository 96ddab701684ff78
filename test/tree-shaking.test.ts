/**
 * Tree-shaking: an app that uses only single-ID functions gets neither the wasm engine nor its embedded binaries
 * in its bundle; one that uses a batch function (or setBackend, getBackend) gets them. Bundled with esbuild from the
 * built package, as an app bundles it: the metafile tells how many bytes each of the package's modules put in.
 */
import { type BuildOptions, build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT } from "./helpers/runtimes.js";

/** The modules of the built package that exist only for WebAssembly. */
const WASM_MODULE = /^dist\/(wasm\/|engine\/wasm)/;
const WASM_CORE = ["dist/wasm/generated.js", "dist/wasm/load.js", "dist/engine/wasm.js"];

/** A bundler's platform and export conditions. */
type Setting = Pick<BuildOptions, "platform" | "conditions">;

/**
 * An app's bundle that re-exports `names` from the package: its text, and the bytes each module put in it. `setting`:
 * the bundler's platform and export conditions, esbuild's defaults unless given.
 */
async function bundle(names: string, setting: Setting = {}): Promise<{ text: string; bytes: Record<string, number> }> {
  const result = await build({
    stdin: { contents: `export { ${names} } from "ulid-wasm";`, resolveDir: ROOT },
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    minify: true,
    metafile: true,
    write: false,
    ...setting,
  });
  const [output] = Object.values(result.metafile.outputs);
  const bytes = Object.entries(output!.inputs).map(([file, { bytesInOutput }]) => [file, bytesInOutput]);
  return { text: result.outputFiles[0]!.text, bytes: Object.fromEntries(bytes) };
}

/** Whether a bundle holds an embedded wasm binary: the "\0asm" magic number (its NUL escaped), opening a string. */
function holdsWasm(text: string): boolean {
  return /["'`](\\0|\\x00|\\u0000)asm/.test(text);
}

const SINGLE = [
  "ulid, monotonicFactory, decodeTime, encodeTime, isValid, canonicalize",
  "encode, decode, decodeInto, parse, ulidToUUID, uuidToULID, UlidError",
].join(", ");

/**
 * Bundlers' settings: esbuild's defaults (which apply the "module" export condition), its neutral platform and
 * custom conditions (which do not, nor "node": the package's "import" then gives the files per module too), and its
 * Node platform. Node's own loader takes one bundled file under the "node" condition (test/package-resolution.test.ts).
 */
const SETTINGS: [string, Setting][] = [
  ["esbuild's defaults", {}],
  ["the neutral platform", { platform: "neutral" }],
  ["custom conditions", { conditions: ["worker"] }],
  ["the Node platform", { platform: "node" }],
];

describe("tree-shaking", () => {
  it.each(SETTINGS)("single-ID functions only, %s: no wasm module, no embedded binary", async (_, setting) => {
    const { text, bytes } = await bundle(SINGLE, setting);
    const wasm = Object.entries(bytes).filter(([file, size]) => WASM_MODULE.test(file) && size > 0);
    expect(wasm).toEqual([]);
    expect(holdsWasm(text)).toBe(false);
    expect(bytes["dist/engine/js.js"]).toBeGreaterThan(0);
  });

  it.each(["generateMany", "decodeMany", "setBackend", "getBackend"])(
    "%s: the wasm engine and its binaries",
    async (name) => {
      const { text, bytes } = await bundle(name);
      expect(WASM_CORE.filter((file) => !(bytes[file]! > 0))).toEqual([]);
      expect(holdsWasm(text)).toBe(true);
    },
  );
});
