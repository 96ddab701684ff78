/** The package this command came with, read from its package.json (dist/cli-main.cjs is one below). */
import { readFileSync } from "node:fs";

/** "ulid-wasm 1.2.3". */
export function packageVersion(): string {
  const { name, version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return `${name} ${version}`;
}
