// An ES module user of ulid-wasm: the brands, the type guards, and what each validation library infers. Every
// `@ts-expect-error` line is an error the types must report (tsc fails on an unused one).
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { initTRPC } from "@trpc/server";
import { type } from "arktype";
import * as v from "valibot";
import { z } from "zod";
import { ulid as ulidPackage } from "ulid";
import {
  canonicalize,
  flake,
  formats,
  isValid,
  ksuid,
  monotonicFactory,
  ulid,
  uuidv7,
  type BaseUid,
  type FlakeId,
  type IdSchema,
  type Ksuid,
  type Ulid,
  type UuidV7,
} from "ulid-wasm";

declare const input: unknown;
declare const text: string;

// Generated and encoded IDs are branded, and still strings.
const id: Ulid = ulid();
const next: Ulid = monotonicFactory()();
const asString: string = id;
const upper: string = id.toUpperCase();
const sameSignature: typeof ulidPackage = ulid;
const flakeId: FlakeId = flake.generate();
const uuid: UuidV7 = uuidv7.generate();
const ulids: Ulid[] = formats.ulid.encodeMany(formats.ulid.generateMany(2));
const ksuids: Ksuid[] = [ksuid.generate(), formats.ksuid.min(Date.now()), ksuid.canonicalize(text)];
// Every namespace's fromBigInt returns its brand (type-checked only: these values are not all IDs).
const fromIntegers: [Ulid, FlakeId, BaseUid, UuidV7, Ksuid] = [
  formats.ulid.fromBigInt(0n),
  flake.fromBigInt(0n),
  formats.baseuid.fromBigInt(0n),
  uuidv7.fromBigInt(0n),
  ksuid.fromBigInt(0n),
];

// A plain string is no ID until checked, and one format's ID is not another's.
// @ts-expect-error a string is not a Ulid
const unchecked: Ulid = text;
// @ts-expect-error a UUID v7 is not a ULID
const mixed: Ulid = uuid;
// @ts-expect-error a BaseUID is not a Ulid-Flake
const other: FlakeId = formats.baseuid.generate();
// @ts-expect-error a KSUID is not a BaseUID
const notBaseUid: BaseUid = ksuid.generate();

// isValid narrows to the brand, for the top-level call and every namespace.
function useIds(value: unknown): [Ulid, BaseUid, UuidV7] | undefined {
  if (isValid(value) && formats.baseuid.isValid(text) && uuidv7.isValid(input)) return [value, text, input];
  return undefined;
}
// canonicalize takes any string and returns the brand.
const canonical: Ulid = canonicalize(text);

// The schema is a Standard Schema: string in, the brand out.
const schema: StandardSchemaV1<string, Ulid> = formats.ulid.schema;
const typed: IdSchema<FlakeId> = flake.schema;
type Out = StandardSchemaV1.InferOutput<typeof formats.uuidv7.schema>;
const out: Out = uuid;
const result = formats.ulid.schema["~standard"].validate(input);
const validated: Ulid | undefined = result.issues ? undefined : result.value;
const message: string | undefined = result.issues?.[0].message;

// ArkType: a schema is a definition, inferred as the brand.
const Body = type({ id: formats.ulid.schema, "parent?": uuidv7.schema });
const body = Body({ id: text });
const bodyId: Ulid | undefined = body instanceof type.errors ? undefined : body.id;
// @ts-expect-error the inferred field is a Ulid, not a UUID v7
const wrongField: UuidV7 | undefined = body instanceof type.errors ? undefined : body.id;

// tRPC: a schema is a procedure's input; the resolver gets the brand.
const t = initTRPC.create();
const router = t.router({
  item: t.procedure.input(formats.ulid.schema).query(({ input: itemId }) => {
    const checked: Ulid = itemId;
    return checked;
  }),
});
const fetched: Promise<Ulid> = t.createCallerFactory(router)({}).item(text);

// Zod 4 and Valibot: the type guard, and canonicalize for the canonical text.
const ZodId = z.custom<Ulid>(isValid).transform(canonicalize);
const zodId: Ulid = ZodId.parse(input);
const ValibotId = v.pipe(v.custom<Ulid>(isValid), v.transform((value) => canonicalize(value)));
const valibotId: Ulid = v.parse(ValibotId, input);

export {
  id, next, asString, upper, sameSignature, flakeId, ulids, ksuids, fromIntegers, unchecked, mixed, other, notBaseUid,
  useIds, canonical, schema, typed, out, validated, message, bodyId, wrongField, fetched, zodId, valibotId,
};
