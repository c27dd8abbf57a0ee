/** Discount codes (docs/api-resources.md "Discounts"), super admins only. */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_KINDS,
  type DiscountCreate,
  type DiscountUpdate,
} from "../../../src/api/resources";
import { DISCOUNT_DESCRIPTION_MAX_LENGTH } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { discounts } from "../db/schema";
import { fieldError } from "../http/errors";
import type { Services } from "../services";
import type { Caller, ResourceDefinition } from "../resources/definition";
import { findRecord } from "../resources/list";
import { bodySchema, idParams, readRoutes, versionSchema } from "../resources/routes";
import { iso, rowsOf, type Executor } from "../resources/sql";
import { logActivity, notFoundOf, versionedChange, recordCreated } from "../resources/writes";

const SA: ["SuperAdmin"] = ["SuperAdmin"];

export const discountDefinition: ResourceDefinition = {
  name: "discounts",
  label: "discount",
  from: "discounts x",
  id: "x.id",
  fields: {
    id: "x.id",
    version: "x.version",
    code: "x.code",
    description: "x.description",
    kind: "x.kind",
    percentOff: "x.percent_off",
    amountOff: "x.amount_off",
    currency: "x.currency",
    validFrom: iso("x.valid_from"),
    validTo: iso("x.valid_to"),
    redemptionLimit: "x.redemption_limit",
    redemptionCount: "x.redemption_count",
    active: "x.active",
    createdAt: iso("x.created_at"),
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
};

const nullableInt = { type: ["integer", "null"] } as const;
/** ISO dates or date-times (DateInput and DateTimeInput send either); checked below, 422. */
const nullableDate = { type: ["string", "null"], maxLength: 40 } as const;
const writable = {
  code: { type: "string", maxLength: 64 },
  description: { type: ["string", "null"], maxLength: DISCOUNT_DESCRIPTION_MAX_LENGTH },
  kind: { type: "string", enum: DISCOUNT_KINDS },
  percentOff: nullableInt,
  amountOff: nullableInt,
  currency: { type: ["string", "null"], maxLength: 3 },
  validFrom: nullableDate,
  validTo: nullableDate,
  redemptionLimit: nullableInt,
  active: { type: "boolean" },
};

/** Fields a create form may leave out (untouched inputs): they mean "none", or active. */
const OPTIONAL = [
  "description",
  "percentOff",
  "amountOff",
  "currency",
  "validFrom",
  "validTo",
  "redemptionLimit",
  "active",
];

type DiscountBody = Partial<DiscountCreate> & Pick<DiscountCreate, "code" | "kind">;

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
  const [taken] = await rowsOf(db, sql`select 1 from discounts where code = ${body.code} and id <> ${exceptId ?? ""}`);
  if (taken) throw fieldError(422, "code", "This code is already used.");
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
  readRoutes(app, db, def, { list: SA, get: SA, export: SA });

  app.post<{ Body: DiscountBody }>(
    "/discounts",
    { config: { access: SA }, schema: { body: bodySchema(writable, OPTIONAL) } },
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

  app.put<{ Params: { id: string }; Body: DiscountBody & Pick<DiscountUpdate, "version"> }>(
    "/discounts/:id",
    {
      config: { access: SA },
      schema: { params: idParams, body: bodySchema({ ...writable, version: versionSchema }, OPTIONAL) },
    },
    async (request) => {
      const { version, ...rest } = request.body;
      const body = complete(rest);
      return versionedChange(
        db,
        def,
        discounts,
        callerOf(request),
        request.params.id,
        version,
        "update",
        async (current, tx) => {
          await checkDiscount(tx, body, request.params.id, Number(current.redemptionCount));
          return toColumns(body);
        },
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/discounts/:id",
    { config: { access: SA }, schema: { params: idParams } },
    async (request) => {
      const caller = callerOf(request);
      const id = request.params.id;
      return db.transaction(async (tx) => {
        const current = await findRecord(tx, def, caller, id);
        if (!current) throw notFoundOf(def);
        await tx.delete(discounts).where(eq(discounts.id, id));
        await logActivity(tx, {
          actorId: caller.id,
          action: "delete",
          resource: def.name,
          recordId: id,
          changes: current,
        });
        return current;
      });
    },
  );
}
