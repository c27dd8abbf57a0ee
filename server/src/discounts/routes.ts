/** Discount codes (docs/api-resources.md "Discounts"), super admins only. */
import { randomUUID } from "node:crypto";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { DISCOUNT_CODE_PATTERN, DISCOUNT_KINDS, type DiscountCreate } from "../../../src/api/resources";
import { DISCOUNT_DESCRIPTION_MAX_LENGTH } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { discounts } from "../db/schema";
import { fieldError } from "../http/errors";
import { nullable } from "../../../src/api/schemas/common";
import type { Services } from "../services";
import { checkFree } from "../resources/checks";
import { defineResource, field, type Caller } from "../resources/definition";
import { stringEnum } from "../../../src/api/schemas/common";
import { changesOf, deleteRoute, readRoutes } from "../resources/routes";
import { answers, bodySchema, describe, idParams, versionSchema } from "../resources/schemas";
import type { Executor } from "../resources/sql";
import { recordCreated } from "../resources/writes";

const SA: ["SuperAdmin"] = ["SuperAdmin"];

export const discountDefinition = defineResource({
  name: "discounts",
  label: "discount",
  from: "discounts x",
  id: "x.id",
  fields: {
    id: field.text("x.id"),
    version: field.integer("x.version"),
    code: field.text("x.code"),
    description: field.text("x.description"),
    kind: field.oneOf(DISCOUNT_KINDS, "x.kind"),
    percentOff: field.integerOrNull("x.percent_off"),
    amountOff: field.integerOrNull("x.amount_off"),
    currency: field.textOrNull("x.currency"),
    validFrom: field.dateOrNull("x.valid_from"),
    validTo: field.dateOrNull("x.valid_to"),
    redemptionLimit: field.integerOrNull("x.redemption_limit"),
    redemptionCount: field.integer("x.redemption_count"),
    active: field.boolean("x.active"),
    createdAt: field.date("x.created_at"),
  },
  search: ["x.code", "x.description"],
  filters: {
    active: { type: "boolean", expr: "x.active" },
    kind: { type: DISCOUNT_KINDS, expr: "x.kind" },
    valid_at: {
      type: "date",
      // Redeemable at that instant: active, within its dates, under its limit.
      build: (value: unknown, _caller: Caller) =>
        sql`(x.active and (x.valid_from is null or x.valid_from <= ${value}) and (x.valid_to is null or x.valid_to >= ${value})
             and (x.redemption_limit is null or x.redemption_count < x.redemption_limit))`,
    },
  },
  sorts: {
    code: { expr: "x.code" },
    percentOff: { expr: "x.percent_off", nullable: true },
    amountOff: { expr: "x.amount_off", nullable: true },
    validFrom: { expr: "x.valid_from", nullable: true },
    validTo: { expr: "x.valid_to", nullable: true },
    redemptionCount: { expr: "x.redemption_count" },
    active: { expr: "x.active" },
    createdAt: { expr: "x.created_at" },
  },
  defaultSort: ["createdAt", "DESC"],
});

/** Fields a create form may leave out (untouched inputs) or send as null: they mean "none", or active. */
const nullableInt = Type.Optional(nullable("integer"));
/** ISO dates or date-times (DateInput and DateTimeInput send either); checked below, 422. */
const nullableDate = Type.Optional(nullable("string", { maxLength: 40 }));
const writable = {
  code: Type.String({ maxLength: 64 }),
  description: Type.Optional(nullable("string", { maxLength: DISCOUNT_DESCRIPTION_MAX_LENGTH })),
  kind: stringEnum(DISCOUNT_KINDS),
  percentOff: nullableInt,
  amountOff: nullableInt,
  currency: Type.Optional(nullable("string", { maxLength: 3 })),
  validFrom: nullableDate,
  validTo: nullableDate,
  redemptionLimit: nullableInt,
  active: Type.Optional(Type.Boolean()),
};

const discountBody = bodySchema(writable);
type DiscountBody = Type.Static<typeof discountBody>;

/** The body with every left-out field filled in. */
const complete = (body: DiscountBody): DiscountCreate => ({
  code: body.code,
  kind: body.kind,
  description: body.description ?? "",
  percentOff: body.percentOff ?? null,
  amountOff: body.amountOff ?? null,
  currency: body.currency ?? null,
  validFrom: body.validFrom ?? null,
  validTo: body.validTo ?? null,
  redemptionLimit: body.redemptionLimit ?? null,
  active: body.active ?? true,
});

const ISO = /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The meaning checks (422), in the order the form shows the fields. */
async function checkDiscount(db: Executor, body: DiscountCreate, exceptId: string | null, redemptionCount: number) {
  if (!DISCOUNT_CODE_PATTERN.test(body.code)) throw fieldError(422, "code", "3–32 upper-case letters, digits, - or _.");
  await checkFree(db, "discounts", sql`code = ${body.code}`, exceptId, "code", "This code is already used.");
  if (body.kind === "percent") {
    if (body.percentOff === null || body.percentOff < 1 || body.percentOff > 100)
      throw fieldError(422, "percentOff", "Between 1 and 100.");
    if (body.amountOff !== null) throw fieldError(422, "amountOff", "Leave empty for a percent discount.");
    if (body.currency !== null) throw fieldError(422, "currency", "Leave empty for a percent discount.");
  } else {
    if (body.amountOff === null || body.amountOff <= 0) throw fieldError(422, "amountOff", "More than 0.");
    if (body.percentOff !== null) throw fieldError(422, "percentOff", "Leave empty for an amount discount.");
    if (body.currency === null || !/^[A-Z]{3}$/.test(body.currency))
      throw fieldError(422, "currency", "An ISO 4217 code such as EUR.");
  }
  for (const field of ["validFrom", "validTo"] as const) {
    const value = body[field];
    if (value !== null && (!ISO.test(value) || Number.isNaN(Date.parse(value))))
      throw fieldError(422, field, "A date (ISO 8601).");
  }
  if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom))
    throw fieldError(422, "validTo", "Must be after the start.");
  if (body.redemptionLimit !== null && (body.redemptionLimit < 1 || body.redemptionLimit < redemptionCount))
    throw fieldError(422, "redemptionLimit", `At least ${Math.max(1, redemptionCount)}.`);
}

const toColumns = (body: DiscountCreate) => ({
  ...body,
  validFrom: body.validFrom === null ? null : new Date(body.validFrom),
  validTo: body.validTo === null ? null : new Date(body.validTo),
});

export function discountRoutes(app: FastifyInstance, { db }: Services): void {
  const def = discountDefinition;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const responses = answers(def);
  const tag = def.name;
  readRoutes(app, db, def, { list: SA, get: SA, export: SA });

  api.post(
    "/discounts",
    {
      config: { access: SA },
      schema: { ...describe(tag, "Create a discount code"), body: discountBody, response: responses.created },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = complete(request.body);
      const record = await db.transaction(async (tx) => {
        await checkDiscount(tx, body, null, 0);
        const id = randomUUID();
        await tx.insert(discounts).values({ id, ...toColumns(body) });
        return recordCreated(tx, def, caller, id);
      });
      return reply.status(201).send(record);
    },
  );

  api.put(
    "/discounts/:id",
    {
      config: { access: SA },
      schema: {
        ...describe(tag, "Update a discount code"),
        params: idParams,
        body: bodySchema({ ...writable, version: versionSchema }),
        response: responses.changed,
      },
    },
    async (request) => {
      const { version: _version, ...rest } = request.body;
      const body = complete(rest);
      return changesOf(db, def, discounts)(request, "update", async (current, tx) => {
        await checkDiscount(tx, body, request.params.id, current.redemptionCount);
        return toColumns(body);
      });
    },
  );

  deleteRoute(app, db, def, {
    access: SA,
    summary: "Delete a discount code",
    remove: async (tx, { id }) => {
      await tx.delete(discounts).where(eq(discounts.id, id));
    },
  });
}
