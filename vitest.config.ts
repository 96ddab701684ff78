import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The projects, each a command of its own; .ci/run runs them all.
// - `unit` and `unit-isolated` (`npm test`): every suite but the deep-only ones below, on both engines; under a
//   minute with the build on a quiet 2-core machine. The fuzz and property suites run here on a twentieth of their
//   runs, and the long sweeps on a smaller sample (test/helpers/tier.ts). `unit`'s files share their worker's modules
//   (isolate: false); the few that swap the engine's wasm module or the module registry run in `unit-isolated`, each
//   in a process of its own.
// - `deep` (`npm run test:deep`): the slow tiers. The fuzz and property suites with all their runs (10,000 per
//   ULID fuzz property), the sweeps at full size (decoded streams of 70,000 lines, batches past three wasm chunks,
//   two bad bytes at every position), the differentials that cross the wasm chunk size at full size, and the tests
//   that spawn the `ulid` command (dist/cli.cjs), tsc or npm.
// - `scalar` (`npm run test:scalar`): the public-API suites once more, on the scalar (non-SIMD) wasm build that
//   runtimes without SIMD get (test/setup/scalar.ts), wasm engine only.
// - `postgres` (`npm run test:postgres`): the Postgres suites (test/postgres/) alone, on the server whose connection
//   string is in ULID_TEST_PG (.ci/run starts a throwaway one), or on PGlite without it, as in the unit tier (the
//   recipes) and the deep tier (columns and COPY).
// - `runtimes` (`npm run test:runtimes`): real runtimes and a browser; `load` (`npm run test:load`): tens of
//   millions of IDs.

/**
 * Suites of the deep tier only. A new test that spawns processes, crosses chunks at full size or needs a database
 * of its own for long belongs here.
 */
const DEEP_ONLY = [
  "test/engine-differential.test.ts",
  "test/record-codecs-wasm.test.ts",
  "test/format-differential.test.ts",
  "test/cli-decode.test.ts",
  "test/cli-decode-engines.test.ts",
  "test/cli-format-streams.test.ts",
  "test/cli-formats.test.ts",
  "test/cli-generate.test.ts",
  "test/cli-inspect.test.ts",
  "test/cli-compile-cache.test.ts",
  "test/cli-start-modules.test.ts",
  "test/cli-scan.test.ts",
  "test/pack.test.ts",
  "test/package-resolution.test.ts",
  "test/consumer.test.ts",
  "test/defects-cli-io.test.ts",
  "test/defects-cli-scan.test.ts",
  "test/defects-cli-stats.test.ts",
  "test/cli-stats-memory.test.ts",
  "test/cli-scan-files.test.ts",
  "test/cli-conventions.test.ts",
  "test/cli-output-bytes.test.ts",
  "test/cli-ripgrep.test.ts",
  "test/cli-scan-jobs.test.ts",
  "test/cli-scan-typeid.test.ts",
  "test/cli-scan-types.test.ts",
  "test/defects-snapshot.test.ts",
  // --format parquet|arrow read back by DuckDB and apache-arrow, and by ClickHouse (chDB, installed before the tier).
  "test/cli-columnar.test.ts",
  "test/columnar-writers.test.ts",
  "test/clickhouse/*.test.ts",
  // The Postgres suites' columns and COPY on PGlite (a sixth of the unit tier's time); the README's recipes stay in
  // the unit tier, on PGlite too. The postgres project runs all three on a real server.
  "test/postgres/columns.test.ts",
  "test/postgres/copy.test.ts",
  // DuckDB's native library and tables of several vectors per format.
  "test/duckdb/*.test.ts",
];
/**
 * Suites of both tiers, smaller in unit (test/helpers/tier.ts): fewer property runs, shorter streams, fewer bad bytes
 * a position.
 */
const SIZED_BY_TIER = [
  "test/fuzz.test.ts",
  "test/fuzz-formats.test.ts",
  "test/objectid-codec.test.ts",
  "test/xid-codec.test.ts",
  "test/tsid-codec.test.ts",
  "test/snowflake-codec.test.ts",
  "test/scan-objectid-kernel.test.ts",
  "test/scan-xid-kernel.test.ts",
  "test/properties.test.ts",
  "test/format-bounds.test.ts",
  "test/format-integers.test.ts",
  "test/format-lowercase.test.ts",
  "test/cli-byte-writer.test.ts",
  "test/format-typeid.test.ts",
  "test/decoded-lines.test.ts",
  "test/lines-differential.test.ts",
  "test/canonical-differential.test.ts",
];
/**
 * Unit suites that change what every later file in their worker would see: the wasm module the engine loads (the
 * command's, `useCommandModule`), or globals the library reads when it loads (`vi.stubGlobal` of WebAssembly or
 * crypto, then `vi.resetModules`). They run in `unit-isolated`, a fresh process each; the other unit files share
 * their worker's modules, which saves each file re-importing the library and recompiling its wasm (about a third
 * of the tier's CPU time). test/setup/shared-modules.ts starts each shared file on the default engine.
 */
const OWN_PROCESS = [
  "test/decoded-lines.test.ts",
  "test/cli-scan-lines.test.ts",
  "test/backend.test.ts",
  "test/format-extras.test.ts",
  "test/randomness.test.ts",
];
/** The public API's suites, run again on the scalar build. */
const PUBLIC_API = [
  "test/single.test.ts",
  "test/spec-vectors.test.ts",
  "test/errors.test.ts",
  "test/bulk-*.test.ts",
  "test/format-*.test.ts",
  "test/generate-many.test.ts",
  "test/monotonic-factory.test.ts",
  "test/decode-lines.test.ts",
  "test/scan.test.ts",
  "test/scan-formats.test.ts",
  "test/scan-typeid.test.ts",
  "test/scan-strings.test.ts",
  "test/scan-many-formats.test.ts",
  "test/scan-plausible.test.ts",
  "test/scan-columns.test.ts",
  "test/scan-prefilter.test.ts",
  "test/scan-merged.test.ts",
  "test/sequence.test.ts",
  "test/hostile-inputs.test.ts",
  "test/schema.test.ts",
];

export default defineConfig({
  test: {
    // Guards against a hang, not a check of speed: a test or a suite's setup that takes seconds on a quiet machine
    // has taken minutes while other processes held both cores.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // A worker per core: vitest's default leaves one core to itself (one worker on a 2-core machine), but the main
    // process is idle while the workers run.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/runtimes/**", "test/load/**", ...DEEP_ONLY, ...OWN_PROCESS],
          isolate: false,
          setupFiles: ["test/setup/shared-modules.ts"],
        },
      },
      { extends: true, test: { name: "unit-isolated", include: OWN_PROCESS } },
      {
        extends: true,
        test: { name: "deep", include: [...DEEP_ONLY, ...SIZED_BY_TIER], env: { ULID_TEST_TIER: "deep" } },
      },
      {
        extends: true,
        test: {
          name: "scalar",
          include: PUBLIC_API,
          // Differential tests compare the builds themselves, both already in `deep`.
          exclude: ["test/format-differential.test.ts"],
          setupFiles: ["test/setup/scalar.ts"],
          env: { ULID_TEST_ENGINES: "wasm" },
        },
      },
      // The deep tier's property runs: this is where the Postgres suites run on a real server.
      {
        extends: true,
        test: { name: "postgres", include: ["test/postgres/**/*.test.ts"], env: { ULID_TEST_TIER: "deep" } },
      },
      // One file at a time: each starts other runtimes or a browser, and the machine has two cores.
      { extends: true, test: { name: "runtimes", include: ["test/runtimes/**/*.test.ts"], fileParallelism: false } },
      // --expose-gc: the load test measures live memory after a full collection.
      {
        extends: true,
        test: { name: "load", include: ["test/load/**/*.test.ts"], testTimeout: 600_000, execArgv: ["--expose-gc"] },
      },
    ],
  },
});
