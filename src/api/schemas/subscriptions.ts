/** New subscription shapes (src/api/plans.ts; docs/api.md "New subscription"). */
import Type from "typebox";
import { CARD_FIELD_MAX_LENGTH as CARD } from "../cards";
import { PLAN_IDS } from "../plans";
import { DISCOUNT_KINDS, PLAN_INTERVALS } from "../resources";
import { DISCOUNT_CODE_MAX_LENGTH } from "../rules";
import { nullable, stringEnum } from "./common";

/** Text a person typed: bounded, and never a NUL (PostgreSQL text cannot hold one). */
// The handler refuses a blank one itself, 422 on its field (server/src/http/validation.ts OWN_BLANK_REFUSAL).
const typed = (maxLength: number, description: string, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: "^[^\\u0000]*$", description, "x-ownBlankRefusal": true });

const money = (description: string) => Type.Integer({ minimum: 0, description: `${description} Minor units.` });

export const planSchema = Type.Object({
  id: stringEnum(PLAN_IDS),
  name: Type.String({ description: "What the subscription records as its plan." }),
  description: Type.String(),
  monthlyPrice: money("Per month, paid monthly."),
  yearlyPrice: money("Per year, paid yearly."),
  currency: Type.String({ description: "ISO 4217." }),
  features: Type.Array(Type.String(), { description: "What the plan includes, one line each." }),
});

export const planListSchema = Type.Object({
  plans: Type.Array(planSchema),
  testMode: Type.Boolean({
    description: "True when the built-in test provider charges cards (PAYMENT_PROVIDER=test).",
  }),
});

const choice = {
  plan: stringEnum(PLAN_IDS, { description: "The plan's id (GET plans)." }),
  interval: stringEnum(PLAN_INTERVALS, { description: "Billed monthly or yearly." }),
  discountCode: Type.Optional(
    nullable("string", {
      maxLength: DISCOUNT_CODE_MAX_LENGTH,
      pattern: "^[^\\u0000]*$",
      description: "A discount code, any case; empty or null for none.",
    }),
  ),
};

export const quoteBodySchema = Type.Object(choice, { additionalProperties: false });

export const quoteSchema = Type.Object({
  plan: stringEnum(PLAN_IDS),
  planName: Type.String(),
  interval: stringEnum(PLAN_INTERVALS),
  currency: Type.String(),
  price: money("The plan's price for the interval: what each renewal costs."),
  discount: Type.Union([
    Type.Object({
      code: Type.String(),
      description: Type.String(),
      kind: stringEnum(DISCOUNT_KINDS, { description: "A percentage of the price, or an amount." }),
      percentOff: nullable("integer", {
        minimum: 1,
        maximum: 100,
        description: "The code's percentage; null for an amount code.",
      }),
      amountOff: money("What the code takes off this first payment (renewals cost the plan's price)."),
    }),
    Type.Null(),
  ]),
  total: money("What is charged now."),
  periodStart: Type.String({ format: "date-time" }),
  periodEnd: Type.String({ format: "date-time" }),
});

/** The card as typed. Its meaning (checksum, expiry, CVC) is checked by the handler: 422 per field. */
export const cardSchema = Type.Object(
  {
    number: typed(CARD.number, "The card number; spaces and dashes allowed. Never stored (only brand and last 4).", 1),
    expiry: typed(CARD.expiry, "MM/YY.", 1),
    cvc: typed(CARD.cvc, "3 digits (4 on Amex). Never stored.", 1),
    name: typed(CARD.name, "The name on the card.", 1),
  },
  { additionalProperties: false },
);

export const startBodySchema = Type.Object({ ...choice, card: cardSchema }, { additionalProperties: false });

export const idempotencyHeadersSchema = Type.Object({
  "idempotency-key": Type.String({
    format: "uuid",
    description:
      "A UUID the client makes per attempt: the same key answers the first attempt's outcome again, never charging twice.",
  }),
});
