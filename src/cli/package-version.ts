/** The package this command came with, read from its package.json (the command's bundles in dist/ are one below). */
import { readFileSync } from "node:fs";

/** "ulid-wasm 1.2.3". */
export function packageVersion(): string {
  const { name, version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return `${name} ${version}`;
}
