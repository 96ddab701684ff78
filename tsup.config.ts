import { defineConfig } from "tsup";

const shared = { sourcemap: true, target: "es2022", treeshake: true } as const;

export default defineConfig([
  {
    // ESM: one file per module, not one bundle. With "sideEffects": false, an app's bundler then drops every
    // module it does not use; inside one bundled file it must keep each module's top-level calls and all they
    // reach, which for a single-ID import would pull in the wasm engine (test/tree-shaking.test.ts).
    sourcemap: true,
    target: "es2022",
    entry: ["src/**/*.ts", "!src/**/*.d.ts", "!src/cli/**", "!src/workerd.ts"],
    bundle: false,
    format: ["esm"],
    dts: { entry: "src/index.ts" },
    // The other builds' outputs, which run at the same time and write beside these.
    clean: ["!workerd/**", "!cli.js*", "!index.cjs*", "!index.d.cts"],
  },
  {
    ...shared,
    // CommonJS: one bundle (CommonJS cannot be tree-shaken anyway).
    entry: ["src/index.ts"],
    format: ["cjs"],
    dts: true,
  },
  {
    ...shared,
    // The `ulid` command (package.json "bin"): ESM only, the library bundled in, run by node from the shebang.
    entry: { cli: "src/cli/main.ts" },
    format: ["esm"],
    banner: { js: "#!/usr/bin/env node" },
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
]);
