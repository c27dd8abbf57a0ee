/** Discount codes (docs/api-resources.md "Discounts"), super admins only. */
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { DiscountCreate } from "../../../src/api/resources";
import { discountProblems, smallestRedemptionLimit, type DiscountProblem } from "../../../src/api/discountRules";
import { alias } from "drizzle-orm/pg-core";
import { discounts } from "../db/schema";
import { fieldError } from "../http/errors";
import { CALENDAR_DATE } from "../http/validation";
import { nullable } from "../../../src/api/schemas/common";
import type { Services } from "../services";
import { checkFree } from "../resources/checks";
import { implementResource, type Caller } from "../resources/definition";
import { discountsContract } from "../../../src/api/contract/discounts";
import { writableFields } from "../../../src/api/contract/recordSchema";
import { readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";
import type { Executor } from "../resources/sql";

const x = alias(discounts, "x");

export const discountDefinition = implementResource(discountsContract, {
  from: "discounts x",
  table: x,
  search: [x.code, x.description],
  filters: {
    valid_at: {
      // Redeemable at that instant: active, within its dates, under its limit.
      build: (value: unknown, _caller: Caller) =>
        sql`(x.active and (x.valid_from is null or x.valid_from <= ${value}) and (x.valid_to is null or x.valid_to >= ${value})
             and (x.redemption_limit is null or x.redemption_count < x.redemption_limit))`,
    },
  },
});

/**
 * ISO dates or date-times (DateInput and DateTimeInput send either): one that does not exist is the
 * shared validation's 422 (CALENDAR_DATE), any other text the rules' 422 below.
 */
const nullableDate = Type.Optional(
  nullable("string", {
    maxLength: 40,
    [CALENDAR_DATE]: true,
    description: "YYYY-MM-DD or an ISO 8601 date-time, a day that exists in the years 1900–9999.",
  }),
);
/** The contract's limits; a field a create form leaves out (or sends as null) means "none", or active. */
const writable = {
  ...writableFields(discountsContract.fields, ["code", "description", "kind", "percentOff", "amountOff", "currency"]),
  validFrom: nullableDate,
  validTo: nullableDate,
  ...writableFields(discountsContract.fields, ["redemptionLimit", "active"]),
};

type DiscountBody = Type.Static<Type.TObject<typeof writable>>;

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

/** The service's words for each problem of the shared rules (src/api/discountRules.ts). */
const MESSAGES: Record<DiscountProblem, (redemptionCount: number) => string> = {
  codeInvalid: () => "3–32 upper-case letters, digits, - or _.",
  percentInvalid: () => "Between 1 and 100.",
  amountInvalid: () => "More than 0.",
  currencyInvalid: () => "An ISO 4217 code such as EUR.",
  notForPercent: () => "Leave empty for a percent discount.",
  notForAmount: () => "Leave empty for an amount discount.",
  dateInvalid: () => "A date (ISO 8601).",
  datesInvalid: () => "Must be after the start.",
  limitInvalid: (redemptionCount) => `At least ${smallestRedemptionLimit(redemptionCount)}.`,
};

/** The meaning checks (422): the shared rules' first problem, in the form's order; a code in use. */
async function checkDiscount(db: Executor, body: DiscountCreate, exceptId: string | null, redemptionCount: number) {
  const problems = Object.entries(discountProblems(body, redemptionCount)) as [keyof DiscountCreate, DiscountProblem][];
  const [codeProblem] = problems.filter(([field]) => field === "code");
  if (codeProblem) throw fieldError(422, "code", MESSAGES[codeProblem[1]](redemptionCount));
  await checkFree(db, "discounts", sql`code = ${body.code}`, exceptId, "code", "This code is already used.");
  const [first] = problems;
  if (first) throw fieldError(422, first[0], MESSAGES[first[1]](redemptionCount));
}

const toColumns = (body: DiscountCreate) => ({
  ...body,
  validFrom: body.validFrom === null ? null : new Date(body.validFrom),
  validTo: body.validTo === null ? null : new Date(body.validTo),
});

export const discountRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db }) => {
  const def = discountDefinition;
  const writes = writeRoutes(app, db, def, discounts);
  readRoutes(app, db, def);

  writes.createRoute({
    summary: "Create a discount code",
    fields: writable,
    insert: async (tx, fields, { id }) => {
      const body = complete(fields);
      await checkDiscount(tx, body, null, 0);
      await tx.insert(discounts).values({ id, ...toColumns(body) });
    },
  });

  writes.updateRoute({
    summary: "Update a discount code",
    fields: writable,
    change: (fields, { id }) => {
      const body = complete(fields);
      return async (current, tx) => {
        await checkDiscount(tx, body, id, current.redemptionCount);
        return toColumns(body);
      };
    },
  });

  writes.deleteRoute({
    summary: "Delete a discount code",
    remove: async (tx, { id }) => {
      await tx.delete(discounts).where(eq(discounts.id, id));
    },
  });
};
