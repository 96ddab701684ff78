/** Stable error codes: users may switch on these, so they never change meaning. */
export type UlidErrorCode =
  | "INVALID_LENGTH"
  | "INVALID_CHAR"
  | "OVERFLOW"
  | "INVALID_TIME"
  | "MONOTONIC_OVERFLOW"
  | "INVALID_ARGUMENT"
  | "RANDOM_UNAVAILABLE"
  | "WASM_UNAVAILABLE";

/** Longest piece of an offending value quoted in a message. */
const QUOTE_LIMIT = 64;

/** Quotes a value for an error message, cut to a sane length. */
export function quote(value: unknown): string {
  let text: string;
  if (typeof value === "string") text = JSON.stringify(value);
  else if (typeof value === "bigint") text = `${value}n`;
  else if (value instanceof Date) text = `Date(${value.getTime()})`;
  else if (value === null || typeof value !== "object") text = String(value);
  else text = Object.prototype.toString.call(value);
  return text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}...(${text.length} chars)` : text;
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
