/**
 * The layers' import graph, read from the sources: the command (src/cli/) and the printer (src/printer/) reach the
 * library through its public entry (src/index.ts) and its one internal entry (src/internal.ts) alone, the printer
 * never reaches the command, and the library reaches neither. The SQL engines' layer (src/sql/, behind the
 * `ulid-wasm/duckdb` entry src/duckdb.ts) reaches the library through its public entry alone, and is the one layer
 * that imports DuckDB's packages. A new import across a layer fails here, naming the file and the import.
 */
import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every .ts file under src/, as a path from the root. */
function sources(dir = "src"): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** What `file` imports (static, dynamic, type-only and re-exports): a source path, or a package's name. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true);
  return importedFiles.map(({ fileName }) =>
    fileName.startsWith(".") ? posix.normalize(posix.join(posix.dirname(file), fileName)).replace(/\.js$/, ".ts") : fileName,
  );
}

type Layer = "command" | "printer" | "sql" | "entry" | "internal entry" | "library";

/** The packages the SQL layer drives (optional peer dependencies, never bundled into the library). */
const SQL_PACKAGES = new Set(["@duckdb/node-api", "@duckdb/node-bindings"]);

function layerOf(path: string): Layer {
  if (path.startsWith("src/sql/") || path === "src/duckdb.ts") return "sql";
  if (path.startsWith("src/cli/")) return "command";
  if (path.startsWith("src/printer/")) return "printer";
  if (path === "src/internal.ts") return "internal entry";
  if (path === "src/index.ts" || path === "src/workerd.ts") return "entry";
  return "library";
}

const BUILTIN = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Whether a file of layer `from` may import `target`; the reason when it may not. */
function refusal(from: Layer, file: string, target: string): string | null {
  // The workerd entry imports the SIMD build as a module, for workerd to compile (src/workerd.ts).
  if (target.startsWith("build/")) return file === "src/workerd.ts" ? null : "a built file";
  if (!target.startsWith("src/")) {
    if (BUILTIN.has(target)) return from === "library" || from === "entry" || from === "internal entry" ? "a Node module in the runtime-neutral library" : null;
    if (from === "sql" && SQL_PACKAGES.has(target)) return null;
    return `a package (${target}): the library has no runtime dependencies, and the command is bundled whole`;
  }
  const to = layerOf(target);
  switch (from) {
    case "command":
      return to === "command" || to === "printer" || target === "src/index.ts" || to === "internal entry" ? null : "the command past the library's entries";
    case "printer":
      return to === "printer" || target === "src/index.ts" || to === "internal entry" ? null : "the printer past the library's entries";
    case "sql":
      return to === "sql" || target === "src/index.ts" ? null : "the SQL layer past the library's public entry";
    case "entry":
    case "internal entry":
    case "library":
      return to === "library" || (from === "entry" && file === "src/workerd.ts" && target === "src/index.ts") ? null : `the library into the ${to}`;
  }
}

describe("the import graph", () => {
  const files = sources();

  it("finds the layers' files", () => {
    for (const layer of ["command", "printer", "sql", "library"] as const) expect(files.filter((f) => layerOf(f) === layer).length).toBeGreaterThan(3);
  });

  it("keeps only entry files at src/'s root", () => {
    const root = files.filter((f) => posix.dirname(f) === "src");
    expect(root.sort()).toEqual(["src/duckdb.ts", "src/index.ts", "src/internal.ts", "src/workerd.ts"]);
  });

  it("has no import across a layer", () => {
    const crossings: string[] = [];
    for (const file of files) {
      for (const target of importsOf(file)) {
        const why = refusal(layerOf(file), file, target);
        if (why !== null) crossings.push(`${file} imports ${target}: ${why}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it("catches a crossing (the check itself)", () => {
    expect(refusal("command", "src/cli/main.ts", "src/engine/backend.ts")).not.toBe(null);
    expect(refusal("printer", "src/printer/id-set.ts", "src/cli/usage.ts")).not.toBe(null);
    expect(refusal("library", "src/formats/ulid-single.ts", "src/printer/iso-time.ts")).not.toBe(null);
    expect(refusal("library", "src/formats/ulid-single.ts", "node:fs")).not.toBe(null);
    expect(refusal("command", "src/cli/main.ts", "src/internal.ts")).toBe(null);
    expect(refusal("sql", "src/sql/format-kernels.ts", "src/internal.ts")).not.toBe(null);
    expect(refusal("library", "src/formats/ulid-single.ts", "@duckdb/node-api")).not.toBe(null);
    expect(refusal("sql", "src/sql/duckdb-bindings.ts", "@duckdb/node-bindings")).toBe(null);
  });
});
