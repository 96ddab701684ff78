/**
 * What `ulid scan --type` can look for: the library scanner's formats, one, several (`--type ulid,uuidv7`) or all
 * (`--type all`). Formats whose IDs cannot be told from ordinary text (Ulid-Flakes, BaseUIDs, KSUIDs) are refused,
 * with the library's reason.
 */
import { UlidError } from "../index.js";
import { scanFormats, scannableNames, specNamed } from "../internal.js";
import { type ScanTargets, scanTargets } from "../printer/scan-target.js";
import { type ParsedArgs, UsageError } from "./usage.js";

/** What `--type` may be for scan, for its message: "ulid, uuidv7 or typeid for scan, ...". */
function typesExpected(): string {
  const names = scannableNames();
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)} for scan, several of them separated by commas, or all`;
}

/** The targets of `--type` (default ulid); a usage error for the formats text cannot reveal. */
export function scanTargetOf(values: ParsedArgs["values"]): ScanTargets {
  const type = values.type ?? "ulid";
  const names = typeof type === "string" ? type.split(",") : [];
  if (type !== "all" && (names.length === 0 || names.some((name) => specNamed(name) === undefined))) {
    throw new UsageError(`--type must be ${typesExpected()}, got ${JSON.stringify(type)}`);
  }
  if (new Set(names).size !== names.length) throw new UsageError(`--type names a type twice: ${JSON.stringify(type)}`);
  try {
    return scanTargets(scanFormats(type === "all" || names.length > 1 ? (type === "all" ? "all" : names) : type).formats);
  } catch (error) {
    if (error instanceof UlidError) throw new UsageError(error.message);
    throw error;
  }
}
