import { defineConfig } from "vitest/config";

// Three projects: `unit` is `npm test`; `runtimes` (real runtimes and a browser, installed by .ci/run) and `load`
// (tens of millions of IDs) are commands of their own, run by .ci/run.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: ["test/runtimes/**", "test/load/**"] },
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
