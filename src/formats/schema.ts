/**
 * What a valid ID is, for the type system and for validation libraries, the same for every format: a branded string
 * type per format (what `isValid` narrows to and the generating calls return), each format's canonical text, and a
 * Standard Schema v1 object (standardschema.dev) that validates to it.
 *
 * The Standard Schema interface is written out here rather than imported: it is a few plain types, and a runtime
 * dependency for them would be a poor trade (test/schema-consumers.test.ts checks the two stay assignable).
 */
import { singleCodec } from "../engine/backend.js";
import { idError } from "./faults.js";
import type { Format } from "./codec.js";

/** The brand's key: a type only (no such value exists), so nothing but a valid ID or a cast can carry it. */
declare const idFormat: unique symbol;

/**
 * Text known to be a valid ID of the format named `Name`: what `isValid` narrows to, and what the library's
 * generating and encoding calls return. It is a string, so it goes wherever a string goes; a plain string is not one
 * until a check (`isValid`, `schema`) or a cast says so. Valid means `decode` accepts it, so it may be in a
 * non-canonical spelling (lower-case ULID, upper-case UUID); the library's own output and `schema`'s are canonical.
 */
export type IdText<Name extends string> = string & { readonly [idFormat]: Name };

/** A ULID (26 Crockford base32 characters). */
export type Ulid = IdText<"ulid">;
/** A Ulid-Flake (13 Crockford base32 characters). */
export type FlakeId = IdText<"flake">;
/** A BaseUID (20 characters of the lexicographic Base64 alphabet). */
export type BaseUid = IdText<"baseuid">;
/** A UUID version 7 (36 characters, 8-4-4-4-12 hex). */
export type UuidV7 = IdText<"uuidv7">;
/** A KSUID (27 base62 characters). */
export type Ksuid = IdText<"ksuid">;
/** A TypeID (a prefix, "_" and 26 lower-case Crockford base32 characters; 26 alone without a prefix). */
export type TypeId = IdText<"typeid">;

/** The result of `schema["~standard"].validate`: the canonical text, or one issue with the UlidError's message. */
export type IdSchemaResult<Id extends string> =
  | { readonly value: Id; readonly issues?: undefined }
  | { readonly issues: readonly [{ readonly message: string }] };

/** A Standard Schema v1 object that accepts the IDs of one format (any string `decode` takes) and outputs `Id`. */
export interface IdSchema<Id extends string> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: "ulid-wasm";
    /** Never throws and never returns a promise. */
    readonly validate: (value: unknown) => IdSchemaResult<Id>;
    /** For type inference only (absent at runtime): a string in, the format's branded text out. */
    readonly types?: { readonly input: string; readonly output: Id } | undefined;
  };
}

/** `text` in the format's canonical spelling (the one `encode` writes), or null when it is no ID of the format. */
export function canonicalText(format: Format, text: unknown): string | null {
  if (typeof text !== "string") return null;
  // A text with a part of its own (TypeID's prefix) is written back by the format of that part.
  const own = format.leadOf?.(text) ?? format;
  if ("position" in own) return null;
  const codec = singleCodec(own);
  const bytes = new Uint8Array(own.spec.bytes);
  return codec.decodeOne(text, bytes, 0) ? codec.encodeOne(bytes, 0) : null;
}

/** The format's Standard Schema: `{ value }` with the canonical text of a valid ID, else the UlidError's message. */
export function createSchema<Id extends string>(format: Format): IdSchema<Id> {
  const standard = {
    version: 1 as const,
    vendor: "ulid-wasm" as const,
    validate(value: unknown): IdSchemaResult<Id> {
      const canonical = canonicalText(format, value);
      // The issue is worded as the UlidError that `decode(value)` throws.
      if (canonical === null) return { issues: [{ message: idError(format, value).message }] };
      return { value: canonical as Id };
    },
  };
  return Object.freeze({ "~standard": Object.freeze(standard) });
}
