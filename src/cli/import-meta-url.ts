/**
 * `import.meta.url` in the command's CommonJS bundle, dist/cli-main.cjs: tsup.config.ts injects this file and
 * defines `import.meta.url` as `importMetaUrl`, so the command's sources read the package.json and start the worker
 * beside the bundle as they would from an ES module. pathToFileURL escapes what a file URL must (a "#" or "%" in the
 * install's path), where `file:${__filename}` (tsup's own shim) would read "#" as the start of a fragment.
 */
import { pathToFileURL } from "node:url";

export const importMetaUrl = pathToFileURL(__filename).href;
