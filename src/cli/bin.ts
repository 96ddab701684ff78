/**
 * The `ulid` command's entry (package.json "bin", built as dist/cli.cjs): runs the command (main.ts, bundled into
 * dist/cli-main.cjs beside this file; for a scan, scan-main.ts's smaller dist/cli-scan.cjs) with its compiled code
 * cached between runs (bundle-cache.ts), one cache per subcommand. This file and the bundles are CommonJS: that
 * spares ES module loading (the module job, an ES module facade of each Node module it imports), 4 ms of every start
 * on Node 20.
 */
import { join } from "node:path";
import { runBundle } from "./bundle-cache.js";
import { subcommandRun } from "./command-names.js";

// A subcommand's help compiles little of it: its cache is the one of everything but the subcommands' runs. This
// file's `require` is the bundle's: both are in dist/.
const subcommand = subcommandRun(process.argv.slice(2)) ?? "other";
runBundle(join(__dirname, subcommand === "scan" ? "cli-scan.cjs" : "cli-main.cjs"), subcommand, require);
