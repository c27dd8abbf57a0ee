/**
 * /new-subscription's calls (docs/api.md "New subscription"): the plans (anyone signed in), the
 * price with a discount code, and the start itself — an Admin of an account without a running
 * subscription (inactive, or canceled in its grace period). Managers and users ask an admin;
 * super admins manage customers' subscriptions from their records and never start one.
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Type from "typebox";
import { PLANS, PLANS_PATH, QUOTE_PATH, START_PATH } from "../../../src/api/plans";
import { subscriptionStatusResponseSchema } from "../../../src/api/schemas/auth";
import {
  idempotencyHeadersSchema,
  planListSchema,
  quoteBodySchema,
  quoteSchema,
  startBodySchema,
} from "../../../src/api/schemas/subscriptions";
import { callerOf } from "../auth/guard";
import { described, GUARD_REFUSALS, HEADERS, refusals, routeOptions, withHeaders } from "../docs/openapi";
import { HttpError } from "../http/errors";
import { recordSchema } from "../resources/definition";
import { errors } from "../resources/schemas";
import type { Services } from "../services";
import { paymentDefinition, subscriptionDefinition } from "./billing";
import { ALREADY_SUBSCRIBED, priceSubscription, startSubscription } from "./subscriptionStart";

const TAG = "subscriptions";
const ADMIN: ["Admin"] = ["Admin"];

const startAnswerSchema = Type.Object({
  subscription: recordSchema(subscriptionDefinition),
  payment: recordSchema(paymentDefinition),
  status: subscriptionStatusResponseSchema,
});

export const newSubscriptionRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, clock, payments }) => {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    `/${PLANS_PATH}`,
    routeOptions("signedIn", TAG, "The plans a new subscription is started on", {
      description:
        "`testMode` is true when the service takes payments through its test provider rather than a real one.",
      response: {
        200: described(planListSchema, "Every plan with its monthly and yearly price and what it includes."),
        ...refusals(GUARD_REFUSALS),
      },
    }),
    async () => ({ plans: [...PLANS], testMode: payments.name === "test" }),
  );

  api.post(
    `/${QUOTE_PATH}`,
    routeOptions(
      ADMIN,
      TAG,
      "What a plan costs now, with a discount code",
      {
        description:
          "A percent code takes its share of the first payment (rounded); an amount code its amount, up to the price, " +
          "in the plan's currency only. Each renewal costs the plan's price.",
        body: quoteBodySchema,
        response: {
          200: described(quoteSchema, "The price, the code's part and the total charged now."),
          ...errors(400, 401, 403, 422, 499),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request) => (await priceSubscription(db, request.body, clock.now())).quote,
  );

  api.post(
    `/${START_PATH}`,
    routeOptions(
      ADMIN,
      TAG,
      "Start a subscription: charge the card and make the account active",
      {
        description:
          "In one transaction: the subscription (active, one period from now; a past-due one it replaces ends), its paid payment, the account's status " +
          "active, its pending scheduled actions canceled (outcome paid), the code's redemption and an activity entry " +
          "for each. Repeating a request with the same Idempotency-Key answers the first outcome and charges nothing.",
        headers: idempotencyHeadersSchema,
        body: startBodySchema,
        response: {
          201: withHeaders(
            described(startAnswerSchema, "Started: the subscription, the payment and the account's new status."),
            {
              Location: {
                ...HEADERS.location.Location,
                description: "The new subscription, `/api/subscriptions/<id>`.",
              },
            },
          ),
          ...errors(400, 401, 403, 422, 499),
          ...refusals({
            402: "The card was refused (the provider's reason); the attempt is recorded as a failed payment, nothing else.",
            409: `\`${ALREADY_SUBSCRIBED}\` (active).`,
          }),
        },
      },
      { allowedDuringGrace: true },
    ),
    async (request, reply) => {
      const outcome = await startSubscription(
        { db, provider: payments, now: clock.now(), log: request.log },
        callerOf(request),
        request.body,
        request.headers["idempotency-key"],
      );
      if (!outcome.ok) throw new HttpError(402, outcome.reason);
      return reply
        .status(201)
        .header("location", `/api/subscriptions/${outcome.answer.subscription.id}`)
        .send(outcome.answer);
    },
  );
};
