/**
 * What `ulid scan --type` can look for: ULIDs (the engine's Scanner) and UUID v7s (uuid-scanner.ts). Ulid-Flakes
 * and BaseUIDs cannot be told from ordinary text, so scanning for them is refused.
 */
import { batchEngine } from "../backend.js";
import { SCAN_TOKEN as ULID_CHARS } from "../engine/types.js";
import { type MatchVisitor, Scanner } from "../scanner.js";
import { tokenText } from "../token-text.js";
import type { ByteWriter } from "./byte-writer.js";
import { UuidV7Scanner } from "./uuid-scanner.js";
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

const ULID_TARGET: ScanTarget = {
  name: "ulid",
  scanner: (countLines, visit) => new Scanner(batchEngine(), countLines, visit),
  write: (writer, window, at) => writer.id(window, at, ULID_CHARS),
  text: tokenText,
};

const latin1 = new TextDecoder("latin1");

const UUIDV7_TARGET: ScanTarget = {
  name: "uuidv7",
  scanner: (countLines, visit) => new UuidV7Scanner(countLines, visit),
  // The scanner hands over each match lower-cased already.
  write: (writer, window, at) => writer.bytes(window, at, 36),
  text: (window, at) => latin1.decode(window.subarray(at, at + 36)),
};

/** The target of `--type` (default ulid); a usage error for the formats text cannot reveal. */
export function scanTargetOf(values: ParsedArgs["values"]): ScanTarget {
  const type = values.type ?? "ulid";
  if (type === "ulid") return ULID_TARGET;
  if (type === "uuidv7") return UUIDV7_TARGET;
  if (type === "flake" || type === "baseuid") {
    throw new UsageError(
      `scan finds ULIDs and UUID v7s only: a ${type === "flake" ? "Ulid-Flake (13 characters of letters and digits)" : "BaseUID (20 characters of letters, digits, - and _)"} cannot be told from ordinary words, numbers and identifiers in text`,
    );
  }
  throw new UsageError(`--type must be ulid or uuidv7 for scan, got ${JSON.stringify(type)}`);
}
