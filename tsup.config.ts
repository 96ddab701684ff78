import { readFileSync } from "node:fs";
import { copyFile } from "node:fs/promises";
import { resolve } from "node:path";
import { defineConfig, type Options } from "tsup";
import type { Plugin } from "esbuild";

/**
 * Resolves the wasm loader's embedded builds (src/wasm/generated.ts, the library's) to `file` instead: the command
 * reads its own module (the library's kernels and its own) from files beside it, and its worker threads are handed
 * the compiled module, so neither bundle carries a build it never compiles.
 */
function embeddedBuilds(file: string): Plugin {
  return {
    name: "embedded-builds",
    setup(build) {
      build.onResolve({ filter: /^\.\/generated\.js$/ }, (args) =>
        args.importer.endsWith("src/wasm/load.ts") ? { path: resolve(file) } : undefined,
      );
    },
  };
}

/**
 * Resolves the SQL layer's imports of the library's entry (src/index.ts) to `entry`, the built entry beside the bundle
 * of the same module system, so `ulid-wasm/duckdb` shares the library (and its loaded WebAssembly) with `ulid-wasm`.
 */
function libraryEntry(entry: string): Plugin {
  return {
    name: "library-entry",
    setup(build) {
      build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
        args.importer.endsWith(".ts") && args.importer.includes("/src/sql/") ? { path: entry, external: true } : undefined,
      );
    },
  };
}

/**
 * Leaves the package's own name an import of its built entry, `path` (relative to the output file), instead of
 * bundling the library again: the playground's worker loads the same dist/index.js the page does.
 */
function packageFromDist(path: string): Plugin {
  return {
    name: "package-from-dist",
    setup(build) {
      build.onResolve({ filter: /^ulid-wasm$/ }, () => ({ path, external: true }));
    },
  };
}

/** The package's name and version, for what the builds stamp with them. */
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { name: string; version: string };

const shared = { sourcemap: true, target: "es2022", treeshake: true } as const;

/**
 * Which builds run: all of them (`npm run build`), or BUILD_PART=js, the JavaScript alone, or BUILD_PART=types,
 * the types alone (dist/index.d.ts and .d.cts). `npm test` builds the JavaScript first (`build:js`), then the types
 * beside the unit tier (`build:types`, scripts/unit-tier.mjs): building them is a type-check of the library of its
 * own, most of what tsup does, and only the type check of the sources (which imports the package by name) needs it.
 */
const part = process.env.BUILD_PART;
if (part !== undefined && part !== "js" && part !== "types") throw new Error(`BUILD_PART is js or types, not ${part}`);

const builds: Options[] = [
  {
    // ESM: one file per module, not one bundle. With "sideEffects": false, an app's bundler then drops every
    // module it does not use; inside one bundled file it must keep each module's top-level calls and all they
    // reach, which for a single-ID import would pull in the wasm engine (test/tree-shaking.test.ts).
    sourcemap: true,
    target: "es2022",
    entry: ["src/**/*.ts", "!src/**/*.d.ts", "!src/cli/**", "!src/printer/**", "!src/workerd.ts", "!src/sql/read-ids-worker.ts"],
    bundle: false,
    format: ["esm"],
    // The other builds' outputs, which run at the same time and write beside these.
    clean: ["!workerd/**", "!sql/read-ids-worker.cjs*", "!cli.cjs*", "!cli-main.cjs*", "!cli-scan.cjs*", "!cli.*.wasm", "!scan-worker.js*", "!index.cjs*", "!index.node.js*", "!index.d.ts", "!index.d.cts", "!duckdb.cjs*", "!duckdb.node.js*", "!duckdb.d.ts", "!duckdb.d.cts"],
  },
  {
    ...shared,
    // CommonJS: one bundle (CommonJS cannot be tree-shaken anyway).
    entry: ["src/index.ts"],
    format: ["cjs"],
  },
  {
    ...shared,
    // `ulid-wasm/duckdb` in CommonJS: the SQL layer bundled, the library required from index.cjs, DuckDB's packages
    // from the caller's node_modules.
    entry: ["src/duckdb.ts"],
    format: ["cjs"],
    shims: true,
    external: ["@duckdb/node-api", "@duckdb/node-bindings"],
    esbuildPlugins: [libraryEntry("./index.cjs")],
  },
  {
    ...shared,
    // `read_ids`' scanning thread (src/sql/read-ids-worker.ts), CommonJS for both entries of ulid-wasm/duckdb: Node
    // loads it with synchronous reads, where an ES module's load waits for the thread pool that DuckDB's queries may
    // hold. The library is required from index.cjs.
    entry: { "sql/read-ids-worker": "src/sql/read-ids-worker.ts" },
    format: ["cjs"],
    esbuildPlugins: [libraryEntry("../index.cjs")],
    // Its import() of the library a require, in a promise: a dynamic import would go through the ES module loader.
    esbuildOptions(options) {
      options.supported = { ...options.supported, "dynamic-import": false };
    },
  },
  {
    ...shared,
    // Node's ESM entries (the "node" condition of package.json's exports, which Deno and Bun apply too; bundlers take
    // "module" or "import", the files of the first build): one file each, as the CommonJS build. Node's ESM loader
    // costs each module it loads, and the files of the first build took 30-50 ms of an app's cold start
    // (bench/import.mjs, docs/performance.md); Node drops nothing an app does not use either way. ulid-wasm/duckdb
    // imports the library from the entry beside it.
    entry: { "index.node": "src/index.ts", "duckdb.node": "src/duckdb.ts" },
    format: ["esm"],
    splitting: false,
    external: ["@duckdb/node-api", "@duckdb/node-bindings"],
    esbuildPlugins: [libraryEntry("./index.node.js")],
  },
  {
    // The types of the entries, index.d.ts and index.d.cts (duckdb.d.ts and .d.cts), from one type-check (one rollup
    // bundle written once per format; a `dts` in each build above would check the same sources twice).
    entry: ["src/index.ts", "src/duckdb.ts"],
    format: ["esm", "cjs"],
    dts: { only: true },
  },
  {
    ...shared,
    // The `ulid` command's entry (package.json "bin"), run by node from the shebang: it runs the command's bundle
    // beside it, its compiled code cached between runs (src/cli/bin.ts).
    entry: { cli: "src/cli/bin.ts" },
    format: ["cjs"],
    banner: { js: "#!/usr/bin/env node" },
  },
  {
    ...shared,
    // The `ulid` command, the library bundled in: CommonJS (src/cli/bin.ts says why), so dist/cli-main.cjs;
    // import.meta.url (the package.json and the worker beside it) is the bundle's file URL (import-meta-url.ts), and
    // import.meta.dirname (its WebAssembly files) the bundle's directory.
    // dist/cli-scan.cjs, the bin's bundle for `ulid scan`: the scan alone (src/cli/scan-main.ts).
    entry: { "cli-main": "src/cli/main.ts", "cli-scan": "src/cli/scan-main.ts" },
    format: ["cjs"],
    // Minified (326 to 161 kB): every start reads the bundle, decodes it and compares it with the code cache's copy
    // (src/cli/bundle-cache.ts), ~0.5 ms less of a small scan on Node 26 (docs/performance.md). Its source map
    // names the sources.
    minify: true,
    inject: ["src/cli/import-meta-url.ts"],
    define: { "import.meta.url": "importMeta.url", "import.meta.dirname": "__dirname" },
    // One file, no shared chunk: the library build beside it cleans dist of what it does not know.
    splitting: false,
    esbuildPlugins: [embeddedBuilds("src/cli/no-embedded-builds.ts")],
    // Its WebAssembly module, read from beside the bundle (src/cli/command-wasm-files.ts).
    async onSuccess() {
      await Promise.all(["simd", "scalar"].map((build) => copyFile(`build/cli.${build}.wasm`, `dist/cli.${build}.wasm`)));
    },
  },
  {
    ...shared,
    // The worker thread of `ulid scan --jobs`, which the command starts from its own directory.
    entry: { "scan-worker": "src/cli/parallel/scan-worker.ts" },
    format: ["esm"],
    splitting: false,
    esbuildPlugins: [embeddedBuilds("src/cli/no-embedded-builds.ts")],
  },
  {
    ...shared,
    // The browser inspector's workers (playground/): the scan, its statistics the command's (src/printer/), and the
    // Parquet export, its writer the command's, bundled in; the library is the package's ESM build beside them, so a
    // static host serves the playground and dist/ alone.
    entry: { "scan-worker": "playground/scan-worker.ts", "parquet-worker": "playground/parquet-worker.ts" },
    outDir: "playground/build",
    format: ["esm"],
    splitting: false,
    clean: true,
    // The Parquet file's `created_by`, "ulid-wasm 1.2.3", as the command writes it (src/cli/package-version.ts).
    define: { PACKAGE_VERSION: JSON.stringify(`${pkg.name} ${pkg.version}`) },
    esbuildPlugins: [packageFromDist("../../dist/index.js")],
  },
  {
    ...shared,
    // The Cloudflare workerd entry (src/workerd.ts): ESM only, its types are the main entry's. The imported .wasm
    // is copied beside it under its own name and stays an import, for workerd to compile as a module.
    entry: { index: "src/workerd.ts" },
    outDir: "dist/workerd",
    format: ["esm"],
    clean: true,
    loader: { ".wasm": "copy" },
    esbuildOptions(options) {
      options.assetNames = "[name]";
    },
  },
];

export default defineConfig(part === undefined ? builds : builds.filter((build) => (build.dts !== undefined) === (part === "types")));
