/** Stable error codes: users may switch on these, so they never change meaning. */
export type UlidErrorCode =
  | "INVALID_LENGTH"
  | "INVALID_CHAR"
  | "OVERFLOW"
  | "INVALID_TIME"
  | "MONOTONIC_OVERFLOW"
  | "INVALID_ARGUMENT"
  | "INVALID_PREFIX"
  | "RANDOM_UNAVAILABLE"
  | "WASM_UNAVAILABLE";

/** Longest piece of an offending value quoted in a message. */
const QUOTE_LIMIT = 64;
/** BigInts past this are quoted in hex: decimal text of a huge one takes seconds (it grows faster than its size). */
const DECIMAL_BIGINT_LIMIT = 2n ** 256n;

/**
 * Quotes a value for an error message, cut to a sane length. Never throws and costs the same for any size: a
 * string is cut before it is escaped (a 100 MB one would not fit JSON.stringify's output), and a value that
 * cannot be inspected (a revoked Proxy, a throwing `Symbol.toStringTag` getter) is described by its type.
 */
export function quote(value: unknown): string {
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value.slice(0, QUOTE_LIMIT)) : describe(value);
  } catch {
    return `(a value of type ${typeof value} that cannot be inspected)`;
  }
  if (text.length <= QUOTE_LIMIT) return text;
  return `${text.slice(0, QUOTE_LIMIT)}...(${typeof value === "string" ? value.length : text.length} chars)`;
}

/** A non-string value's text; may throw (caller code runs in Proxy traps and getters). */
function describe(value: unknown): string {
  if (typeof value === "bigint") {
    const huge = value >= DECIMAL_BIGINT_LIMIT || value <= -DECIMAL_BIGINT_LIMIT;
    return huge ? `${value < 0n ? "-" : ""}0x${(value < 0n ? -value : value).toString(16)}n` : `${value}n`;
  }
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return String(value);
  if (value instanceof Date) return `Date(${value.getTime()})`;
  return Object.prototype.toString.call(value);
}

/**
 * Every error caused by bad input or misuse. `index` is a character position for one ID, or the element index
 * of the first bad ID in a batch; it is absent where neither applies.
 */
export class UlidError extends Error {
  readonly code: UlidErrorCode;
  readonly index: number | undefined;

  constructor(code: UlidErrorCode, message: string, index?: number) {
    super(message);
    this.name = "UlidError";
    this.code = code;
    this.index = index;
  }
}
