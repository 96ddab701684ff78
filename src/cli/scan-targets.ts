/**
 * What `ulid scan --type` can look for: the library scanner's formats (ULID, UUID v7). Ulid-Flakes and BaseUIDs
 * cannot be told from ordinary text, so scanning for them is refused, with the library's reason.
 */
import { UlidError } from "../errors.js";
import { formats } from "../formats/registry.js";
import { scannableFormat, visitingScanner } from "../scan.js";
import type { MatchVisitor } from "../scanner.js";
import { canonicalCase, tokenText } from "../token-text.js";
import type { ByteWriter } from "./byte-writer.js";
import { type ParsedArgs, UsageError } from "./usage.js";

export interface ScanTarget {
  /** The match's key in JSON output. */
  readonly name: string;
  scanner(countLines: boolean, visit: MatchVisitor): { push(chunk: Uint8Array, final: boolean): void };
  /** Writes the match in `window` at `at` in canonical form. */
  write(writer: ByteWriter, window: Uint8Array, at: number): void;
  /** The match's canonical text (for --stats). */
  text(window: Uint8Array, at: number): string;
}

function targetOf(format: ReturnType<typeof scannableFormat>): ScanTarget {
  const table = canonicalCase(format);
  return {
    name: format.name,
    scanner: (countLines, visit) => visitingScanner(format.name, countLines, visit),
    write: (writer, window, at) => writer.id(window, at, format.chars, table),
    text: tokenText(format),
  };
}

/** The target of `--type` (default ulid); a usage error for the formats text cannot reveal. */
export function scanTargetOf(values: ParsedArgs["values"]): ScanTarget {
  const type = values.type ?? "ulid";
  if (typeof type !== "string" || !Object.hasOwn(formats, type)) {
    throw new UsageError(`--type must be ulid or uuidv7 for scan, got ${JSON.stringify(type)}`);
  }
  try {
    return targetOf(scannableFormat(type));
  } catch (error) {
    if (error instanceof UlidError) throw new UsageError(error.message);
    throw error;
  }
}
