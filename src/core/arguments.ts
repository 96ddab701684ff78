/** Argument checks shared by the public functions: each failure is an INVALID_ARGUMENT or INVALID_LENGTH. */
import { bufferTooSmall, detachedBuffer, mustBe, optionMustBe, tooFewBytes, tooLarge } from "./messages.js";

/**
 * The intrinsic accessors of typed arrays. Reading a caller's array through them (rather than `.length` or
 * `.subarray`) runs none of the caller's code: a subclass's overridden getters and methods and a proxy's traps are
 * never called, so no view over the library's memory can reach them and no value changes between two reads.
 */
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const intrinsic = (key: PropertyKey): ((this: unknown) => unknown) =>
  Object.getOwnPropertyDescriptor(TypedArrayPrototype, key)!.get as (this: unknown) => unknown;
const tagOf = intrinsic(Symbol.toStringTag);
const bufferOf = intrinsic("buffer") as (this: unknown) => ArrayBufferLike;
const byteOffsetOf = intrinsic("byteOffset") as (this: unknown) => number;
const lengthOf = intrinsic("length") as (this: unknown) => number;

/**
 * `value`, checked to be a real Uint8Array (a subclass such as a Node.js Buffer too; a proxy is no typed array), and
 * its length read through the intrinsic getter. For single-ID calls, which touch it only by index (indexed access to
 * a typed array runs no code of the caller's). Batch calls take `plainBytes` instead.
 */
export function checkUint8Array(value: unknown, name: string): Uint8Array {
  // The tag as a literal: reading `Uint8Array.name` on every call was about half the cost of encode's argument
  // checks (bench/single.ts, encode).
  return checkTag(value, name, "Uint8Array") as Uint8Array;
}

/** The typed arrays the library reads or writes for its callers. */
type ViewType<T> = { new (buffer: ArrayBufferLike, byteOffset: number, length: number): T; readonly name: string };
/** A typed array class the library also allocates. */
export type ArrayType<T> = ViewType<T> & { new (length: number): T; readonly BYTES_PER_ELEMENT: number };

function checkTyped<T>(value: unknown, name: string, type: ViewType<T>): T {
  return checkTag(value, name, type.name) as T;
}

/** Whether `value` is a real Uint8Array (a subclass too), read without running any of its code. */
export function isUint8Array(value: unknown): boolean {
  return typeof value === "object" && value !== null && tagOf.call(value) === "Uint8Array";
}

/** `value`, checked to be an object whose intrinsic typed-array tag is `tag`. */
function checkTag(value: unknown, name: string, tag: string): unknown {
  if (typeof value !== "object" || value === null || tagOf.call(value) !== tag) throw mustBe(name, `a ${tag}`, value);
  return value;
}

/** The length of a checked Uint8Array, whatever getter its object or class defines. */
export function byteLength(bytes: Uint8Array): number {
  return lengthOf.call(bytes);
}

/**
 * `value`, a real `type` (a Uint8Array or Float64Array, subclasses too), as a new plain view of that type over the
 * same memory, for batch calls: the library calls methods (`set`, `subarray`, `fill`) only on such views of its
 * own, never on the caller's object. A view of a detached buffer is refused.
 */
export function plainView<T>(value: unknown, name: string, type: ViewType<T>): T {
  checkTyped(value, name, type);
  try {
    return new type(bufferOf.call(value), byteOffsetOf.call(value), lengthOf.call(value));
  } catch {
    throw detachedBuffer(name);
  }
}

/**
 * Whether `view` (a plain view of the library's) still holds `length` elements: a caller's callback or getter may
 * have detached (transferred) or shrunk its buffer since. The buffer's byte length is read as well as the view's
 * length: a detached buffer's is 0 in every tier of V8, while optimized code was seen to read a detached view's
 * length as it was before (test/hostile-inputs.test.ts, now and then on Node 22, and on Node 20 once the check
 * was hot).
 */
export function stillWhole(view: { readonly length: number; readonly buffer: ArrayBufferLike; readonly BYTES_PER_ELEMENT: number }, length: number): boolean {
  return view.length === length && view.buffer.byteLength >= length * view.BYTES_PER_ELEMENT;
}

/** `plainView` of a Uint8Array. */
export function plainBytes(value: unknown, name: string): Uint8Array {
  return plainView(value, name, Uint8Array);
}

/** ArrayBuffer's own byteLength getter: it throws for a SharedArrayBuffer, and runs none of the caller's code. */
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength")!.get as (this: unknown) => number;

/** Whether a view's buffer is a SharedArrayBuffer (another thread may write it while the library reads it). */
function isShared(buffer: ArrayBufferLike): boolean {
  try {
    arrayBufferLength.call(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * `plainBytes`, copied when its buffer is a SharedArrayBuffer: scanning reads a match's bytes twice (to find it, then
 * to make its text), and a text batch's records are counted before they are decoded; another thread writing the
 * buffer in between could make a match that is no ID, or records that are not those counted. A copy is one read.
 */
export function unsharedBytes(value: unknown, name: string): Uint8Array {
  const bytes = plainBytes(value, name);
  return isShared(bufferOf.call(bytes)) ? new Uint8Array(bytes) : bytes;
}

/**
 * Whether `value` is a revoked proxy, whose every operation throws: `Array.isArray` throws for one alone, and runs no
 * trap of a live proxy (no code of the caller's).
 */
export function isRevokedProxy(value: unknown): boolean {
  try {
    Array.isArray(value);
    return false;
  } catch {
    return true;
  }
}

/**
 * `value` as a plain view (`plainView`) when it is a real BigUint64Array or BigInt64Array (a subclass too), else
 * null.
 */
export function plainBigInts(value: unknown, name: string): BigUint64Array | BigInt64Array | null {
  if (typeof value !== "object" || value === null) return null;
  const tag = tagOf.call(value);
  if (tag === "BigUint64Array") return plainView(value, name, BigUint64Array);
  if (tag === "BigInt64Array") return plainView(value, name, BigInt64Array);
  return null;
}

/** Whether two plain views (of any element type) share any byte. */
export function overlaps(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return a.buffer === b.buffer && a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

export function checkIndex(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw mustBe(name, "a non-negative integer", value);
  }
  return value;
}

/**
 * `bytes` (a checked Uint8Array) has at least `needed` bytes from `offset`. The last byte needed is read rather than
 * the length: a typed array's element past its end reads as undefined, and indexed access runs no code of the
 * caller's, so this is as safe as the intrinsic length getter and cheaper on encode's path (bench/single.ts).
 */
export function checkRoom(bytes: Uint8Array, offset: number, needed: number, name: string): void {
  if (needed > 0 ? bytes[offset + needed - 1] !== undefined : offset <= byteLength(bytes)) return;
  // A view of a detached buffer reads as empty: said as such, as the batch calls say it (plainBytes).
  if (byteLength(bytes) === 0) plainBytes(bytes, name);
  throw tooFewBytes(name, needed, offset, Math.max(byteLength(bytes) - offset, 0));
}

/** An options argument: undefined (no options) or an object. */
export function checkOptions<T extends object>(options: T | undefined): Partial<T> {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw mustBe("options", "an object", options);
  }
  try {
    // Throws for a revoked proxy, which no option could then be read from. Not Reflect.ownKeys, which does too but
    // makes an array per call: it was a quarter of `typeid.decode(text, { prefix })` (bench/formats.ts).
    Reflect.getPrototypeOf(options);
  } catch {
    throw mustBe("options", "an object", options);
  }
  return options;
}

/** A `now` option: a function returning Unix ms. */
export function checkClock(now: unknown): (() => unknown) | undefined {
  if (now !== undefined && typeof now !== "function") {
    throw optionMustBe("now", "a function returning Unix ms", now);
  }
  return now as (() => unknown) | undefined;
}

/** A new typed array of `length` elements, or INVALID_ARGUMENT (saying how many bytes) when it cannot be allocated. */
export function allocate<T>(create: (new (length: number) => T) & { BYTES_PER_ELEMENT: number }, length: number, what: string): T {
  try {
    return new create(length);
  } catch {
    throw tooLarge(what, length * create.BYTES_PER_ELEMENT, "bytes");
  }
}

/**
 * Where a batch writes `size` bytes: a plain view of the caller's `out` (checked, and cut to size) or a new array.
 * Writing into the view fills the caller's array; the caller's own methods are never called.
 */
export function outputBuffer(out: unknown, size: number, what: string): Uint8Array {
  return outputArray(Uint8Array, out, size, what, "out");
}

/**
 * `outputBuffer` for `length` elements of any typed array `type`: a plain view of the caller's `value` (given as
 * option `name`; at least `length` elements, the rest untouched) cut to `length`, or a new array.
 */
export function outputArray<T extends Uint8Array | Float64Array>(
  type: ArrayType<T>,
  value: unknown,
  length: number,
  what: string,
  name: string,
): T {
  if (value === undefined) return allocate(type, length, what);
  const view = plainView(value, name, type);
  if (view.length < length) throw bufferTooSmall(name, length, view.length, type.BYTES_PER_ELEMENT === 1 ? "bytes" : "elements");
  return view.subarray(0, length) as T;
}
