/**
 * The files a `read_ids` path names: the file itself, or for a glob (`*`, `?`, `[...]` within a path segment, `**`
 * for any number of directories, once in a path, and last for every file below, as DuckDB's own `read_csv` takes
 * them) every matching file, in sorted order.
 * Node 20, which the package supports, has no `fs.globSync`.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const WILDCARD = /[*?[]/;

export function filesOf(pattern: string): string[] {
  if (!WILDCARD.test(pattern)) return [pattern];
  const absolute = pattern.startsWith("/");
  const segments = pattern.split("/").filter((segment) => segment !== "");
  // As DuckDB's glob: two would name a file under as many paths as there are ways to split its directories.
  if (segments.filter((segment) => segment === "**").length > 1) throw new Error(`${JSON.stringify(pattern)} holds "**" more than once`);
  const found: string[] = [];
  walk(absolute ? "/" : ".", segments, found, absolute ? "/" : "");
  return found.sort();
}

/** Adds to `found` the files under `dir` that the remaining `segments` match; `shown` is `dir` as the user wrote it. */
function walk(dir: string, segments: readonly string[], found: string[], shown: string): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  if (segment === "**") {
    // Last, it names every file below (DuckDB's glob of "dir/**").
    if (rest.length === 0) {
      everyFile(dir, found, shown);
      return;
    }
    walk(dir, rest, found, shown);
    for (const entry of entries(dir)) if (entry.isDirectory()) walk(join(dir, entry.name), segments, found, `${shown}${entry.name}/`);
    return;
  }
  if (!WILDCARD.test(segment)) {
    const path = join(dir, segment);
    if (rest.length === 0) {
      if (isFile(path)) found.push(`${shown}${segment}`);
    } else walk(path, rest, found, `${shown}${segment}/`);
    return;
  }
  const matcher = segmentPattern(segment);
  for (const entry of entries(dir)) {
    if (!matcher.test(entry.name)) continue;
    const path = join(dir, entry.name);
    if (rest.length === 0) {
      if (isFile(path)) found.push(`${shown}${entry.name}`);
    } else if (entry.isDirectory()) walk(path, rest, found, `${shown}${entry.name}/`);
  }
}

/** Adds every file under `dir`, at any depth, to `found`. */
function everyFile(dir: string, found: string[], shown: string): void {
  for (const entry of entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) everyFile(path, found, `${shown}${entry.name}/`);
    else if (isFile(path)) found.push(`${shown}${entry.name}`);
  }
}

function entries(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A regular expression of one segment: `*` any run of characters, `?` one, `[...]` (and `[!...]`) a class. */
function segmentPattern(segment: string): RegExp {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]!;
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else if (char === "[") {
      const close = segment.indexOf("]", i + 2);
      if (close < 0) source += "\\[";
      else {
        const inside = segment.slice(i + 1, close);
        source += `[${inside.startsWith("!") ? `^${escapeClass(inside.slice(1))}` : escapeClass(inside)}]`;
        i = close;
      }
    } else source += char.replace(/[\\^$.|+(){}]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s");
}

function escapeClass(inside: string): string {
  return inside.replace(/[\\\]^]/g, "\\$&");
}
