/**
 * The `ulid` command's entry (package.json "bin", built as dist/cli.cjs): runs the command (main.ts, bundled into
 * dist/cli-main.cjs beside this file) with its compiled code cached between runs (bundle-cache.ts), one cache per
 * subcommand. Both files are CommonJS: that spares ES module loading (the module job, an ES module facade of each
 * Node module it imports), 4 ms of every start on Node 20.
 */
import { join } from "node:path";
import { runBundle } from "./bundle-cache.js";
import { COMMAND_NAMES } from "./command-names.js";

const name = process.argv[2];
runBundle(join(__dirname, "cli-main.cjs"), name !== undefined && COMMAND_NAMES.includes(name) ? name : "other");
