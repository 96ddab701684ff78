/**
 * The `ulid` command's entry (package.json "bin", built as dist/cli.cjs): turns on Node's compile cache, then runs
 * the command (main.ts, bundled into dist/cli-main.cjs beside this file).
 *
 * A small scan is mostly start-up, and compiling the command's bundle is a large part of what the command adds to
 * Node's own start. With the compile cache (Node 22.8 and later; `enableCompileCache` is missing before, and then
 * this does nothing), V8's compiled code for the bundle is kept in Node's cache directory (os.tmpdir() unless
 * NODE_COMPILE_CACHE names one) and used by the next run: Node checks it against the bundle's contents and the V8
 * version and flags, recompiles on any difference, and never throws when the cache cannot be written (a read-only
 * temporary directory, NODE_DISABLE_COMPILE_CACHE=1). This entry and the bundle are CommonJS, loaded with
 * `require`: that spares ES module loading (the module job, an ES module facade of each Node module it imports),
 * which costs more than compiling the bundle (4 ms of every start on Node 20). docs/performance.md has the figures.
 */
import module from "node:module";

/** `enableCompileCache` is Node 22.8's; @types/node here is Node 20's, which has no such function. */
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
require("./cli-main.cjs");
