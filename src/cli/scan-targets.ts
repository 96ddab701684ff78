/**
 * What `ulid scan --type` can look for: the library scanner's formats (ULID, UUID v7, TypeID). Ulid-Flakes,
 * BaseUIDs and KSUIDs cannot be told from ordinary text, so scanning for them is refused, with the library's reason.
 */
import { formats, UlidError } from "../index.js";
import { scannableFormat } from "../internal.js";
import { type ScanTarget, scanTarget } from "../printer/scan-target.js";
import { type ParsedArgs, UsageError } from "./usage.js";

/** The target of `--type` (default ulid); a usage error for the formats text cannot reveal. */
export function scanTargetOf(values: ParsedArgs["values"]): ScanTarget {
  const type = values.type ?? "ulid";
  if (typeof type !== "string" || !Object.hasOwn(formats, type)) {
    throw new UsageError(`--type must be ulid, uuidv7 or typeid for scan, got ${JSON.stringify(type)}`);
  }
  try {
    return scanTarget(scannableFormat(type));
  } catch (error) {
    if (error instanceof UlidError) throw new UsageError(error.message);
    throw error;
  }
}
