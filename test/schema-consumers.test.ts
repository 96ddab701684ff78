/**
 * The schemas and type guards through real consumers: ArkType, tRPC and Hono's sValidator (over an ArkType object
 * schema, as it validates a whole request part) take a Standard Schema as it is; Zod and Valibot take no foreign
 * schema, so the one-liners of docs/api.md over `isValid` and `canonicalize` are tested here as written. The types are checked too (the root `tsc --noEmit` of `npm test` compiles this file): each consumer
 * infers the branded type, and the schema is a Standard Schema by the spec's own interface.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { sValidator } from "@hono/standard-validator";
import { initTRPC, TRPCError } from "@trpc/server";
import { Hono } from "hono";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  canonicalize,
  formats,
  isValid,
  uuidv7,
  type BaseUid,
  type FlakeId,
  type Ulid,
  type UuidV7,
} from "../src/index.js";

const LOWER = "01arz3ndektsv4rrffq69g5fav";
const CANONICAL = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const BAD = "01ARZ3NDEKTSV4RRFFQ69G5FAU";
/** What `decode(BAD)` says: the first character that is no Crockford base32 digit. */
const BAD_MESSAGE = (() => {
  try {
    formats.ulid.decode(BAD);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("BAD decoded");
})();

describe("types", () => {
  it("every schema is a Standard Schema v1 by the spec's interface, string in and the brand out", () => {
    const schemas: [StandardSchemaV1<string, Ulid>, StandardSchemaV1<string, FlakeId>, StandardSchemaV1<string, BaseUid>, StandardSchemaV1<string, UuidV7>] = [
      formats.ulid.schema,
      formats.flake.schema,
      formats.baseuid.schema,
      formats.uuidv7.schema,
    ];
    expect(schemas.every((schema) => schema["~standard"].version === 1)).toBe(true);
    expectTypeOf<StandardSchemaV1.InferOutput<typeof formats.flake.schema>>().toEqualTypeOf<FlakeId>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof formats.flake.schema>>().toEqualTypeOf<string>();
  });

  it("isValid narrows to the brand; a brand is a string, a string no brand", () => {
    const input: unknown = LOWER;
    if (!isValid(input)) throw new Error("valid");
    expectTypeOf(input).toEqualTypeOf<Ulid>();
    expectTypeOf<Ulid>().toExtend<string>();
    expectTypeOf<string>().not.toExtend<Ulid>();
    expectTypeOf<UuidV7>().not.toExtend<Ulid>();
    expectTypeOf(formats.ulid.generate()).toEqualTypeOf<Ulid>();
    expectTypeOf(uuidv7.monotonicFactory()()).toEqualTypeOf<UuidV7>();
  });
});

describe("ArkType: a schema is a definition", () => {
  const Body = type({ id: formats.ulid.schema, "parent?": formats.uuidv7.schema });

  it("validates to the canonical text, and infers the brands", () => {
    const parent = uuidv7.generate();
    expect(Body({ id: LOWER, parent: parent.toUpperCase() })).toEqual({ id: CANONICAL, parent });
    expectTypeOf<typeof Body.infer>().toEqualTypeOf<{ id: Ulid; parent?: UuidV7 }>();
  });

  it("reports a bad ID with the UlidError's message, at its key", () => {
    const out = Body({ id: BAD });
    expect(out).toBeInstanceOf(type.errors);
    const errors = out as InstanceType<typeof type.errors>;
    expect(errors.summary).toContain(BAD_MESSAGE);
    expect([...errors[0]!.path]).toEqual(["id"]);
    expect(Body({ id: 42 })).toBeInstanceOf(type.errors);
  });
});

describe("tRPC: a schema is a procedure's input", () => {
  const t = initTRPC.create();
  const router = t.router({
    item: t.procedure.input(formats.ulid.schema).query(({ input }) => {
      expectTypeOf(input).toEqualTypeOf<Ulid>();
      return { id: input, time: formats.ulid.decodeTime(input) };
    }),
  });
  const caller = t.createCallerFactory(router)({});

  it("the procedure gets the canonical text", async () => {
    await expect(caller.item(LOWER)).resolves.toEqual({ id: CANONICAL, time: 1469922850259 });
  });

  it("a bad ID is a BAD_REQUEST carrying the UlidError's message", async () => {
    const error: unknown = await caller.item(BAD).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
    expect((error as TRPCError).message).toContain(BAD_MESSAGE);
  });
});

describe("Hono: sValidator over a request part, the schema inside an object schema", () => {
  // sValidator validates a whole part (the path parameters here), so the ID's schema is a field of ArkType's object.
  const app = new Hono().get("/items/:id", sValidator("param", type({ id: formats.ulid.schema })), (c) => {
    const { id } = c.req.valid("param");
    expectTypeOf(id).toEqualTypeOf<Ulid>();
    return c.json({ id, time: formats.ulid.decodeTime(id) });
  });

  it("the handler gets the canonical text", async () => {
    const response = await app.request(`/items/${LOWER}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: CANONICAL, time: 1469922850259 });
  });

  it("a bad ID is a 400 whose issue carries the UlidError's message at its key", async () => {
    const response = await app.request(`/items/${BAD}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: { message: string; path?: unknown[] }[] };
    expect(body.success).toBe(false);
    expect(body.error).toHaveLength(1);
    expect(body.error[0]!.message).toContain(BAD_MESSAGE);
    expect(JSON.stringify(body.error[0]!.path)).toContain("id");
  });
});

describe("Zod 4: z.custom over the type guard", () => {
  const Id = z.custom<Ulid>(isValid);
  const CanonicalId = z.custom<Ulid>(isValid).transform(canonicalize);

  it("accepts exactly the valid IDs, typed as the brand", () => {
    expect(Id.parse(LOWER)).toBe(LOWER);
    expect(Id.safeParse(BAD).success).toBe(false);
    expect(Id.safeParse(26).success).toBe(false);
    expectTypeOf<z.output<typeof Id>>().toEqualTypeOf<Ulid>();
  });

  it("with .transform(canonicalize), outputs the canonical text", () => {
    expect(z.object({ id: CanonicalId }).parse({ id: LOWER })).toEqual({ id: CANONICAL });
    expect(CanonicalId.safeParse(BAD).success).toBe(false);
    expectTypeOf<z.output<typeof CanonicalId>>().toEqualTypeOf<Ulid>();
  });
});

describe("Valibot: v.custom over the type guard", () => {
  const Id = v.custom<Ulid>(isValid);
  const CanonicalId = v.pipe(Id, v.transform((id) => canonicalize(id)));

  it("accepts exactly the valid IDs, typed as the brand", () => {
    expect(v.parse(Id, LOWER)).toBe(LOWER);
    expect(v.safeParse(Id, BAD).success).toBe(false);
    expect(v.safeParse(Id, null).success).toBe(false);
    expectTypeOf<v.InferOutput<typeof Id>>().toEqualTypeOf<Ulid>();
  });

  it("piped to v.transform(canonicalize), outputs the canonical text", () => {
    expect(v.parse(v.object({ id: CanonicalId }), { id: LOWER })).toEqual({ id: CANONICAL });
    expect(v.safeParse(CanonicalId, BAD).success).toBe(false);
    expectTypeOf<v.InferOutput<typeof CanonicalId>>().toEqualTypeOf<Ulid>();
  });
});
