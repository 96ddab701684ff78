/**
 * `import.meta.url` in the command's CommonJS bundles, dist/cli-main.cjs and dist/cli-scan.cjs: tsup.config.ts
 * injects this file and defines `import.meta.url` as `importMeta.url`, so the command's sources read the package.json
 * and start the worker beside the bundle as they would from an ES module. pathToFileURL escapes what a file URL must
 * (a "#" or "%" in the install's path), where `file:${__filename}` (tsup's own shim) would read "#" as the start of a
 * fragment. Made on first use: a plain scan never asks for it, and making it costs ~0.2 ms of a start.
 * (`import.meta.dirname`, what a file beside the bundle is read with, is defined as `__dirname`.)
 */
import { pathToFileURL } from "node:url";

let url: string | undefined;

export const importMeta = {
  get url(): string {
    return (url ??= pathToFileURL(__filename).href);
  },
};
