/**
 * `ulid scan` alone, bundled as dist/cli-scan.cjs, which the bin runs for a scan (bin.ts): the same run as main.ts's,
 * without the other subcommands. A small scan is mostly start-up, and what a bundle's load costs grows with what it
 * holds: this one holds no format's namespace or TypeScript codec (scanning names formats by their specs,
 * src/scan/scan-options.ts), about half of main.ts's bundle (docs/performance.md, "The command's start").
 */
// First: it starts compiling the WebAssembly module while the rest loads (run-command.ts).
import { exitWith, runCommand } from "./run-command.js";
import { scanCommand } from "./commands/scan.js";

// The bin runs this bundle for `ulid scan ...` only: the arguments after "scan".
exitWith(runCommand(scanCommand, process.argv.slice(3)));
