/**
 * Payments and subscriptions (docs/api-resources.md): read-only records from the payment
 * provider, plus the refund (super admins, after a password re-check) and cancel / resume.
 */
import { paymentRefundFields } from "../../../src/api/schemas/resourceWrites";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { mayCancelSubscription, mayResumeSubscription } from "../../../src/api/rules";
import { alias } from "drizzle-orm/pg-core";
import { accounts, payments, subscriptions } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import type { Services } from "../services";
import { implementResource } from "../resources/definition";
import { paymentsContract } from "../../../src/api/contract/payments";
import { subscriptionsContract } from "../../../src/api/contract/subscriptions";
import { readRoutes } from "../resources/routes";
import { sqlText } from "../resources/sql";
import { writeRoutes } from "../resources/writeRoutes";

const p = alias(payments, "p");
const s = alias(subscriptions, "s");
const a = alias(accounts, "a");

export const paymentDefinition = implementResource(paymentsContract, {
  from: sqlText`payments p left join accounts a on ${a.id} = ${p.accountId}`,
  table: p,
  columns: {
    accountName: a.name,
  },
  accountExpr: p.accountId,
  search: [p.invoiceNumber, a.name],
});

export const subscriptionDefinition = implementResource(subscriptionsContract, {
  from: sqlText`subscriptions s left join accounts a on ${a.id} = ${s.accountId}`,
  table: s,
  columns: {
    accountName: a.name,
  },
  accountExpr: s.accountId,
  search: [s.plan, a.name],
});

/** Cancel and resume: admins and super admins; each allowed only by its rule (422 otherwise). */
const SUBSCRIPTION_ACTIONS = {
  cancel: {
    summary: "Cancel a subscription at the end of its period",
    allowed: mayCancelSubscription,
    refusal:
      "Only an active or past-due subscription whose period end is still ahead, and that is not already canceling, can be canceled.",
    values: () => ({ cancelAtPeriodEnd: true, canceledAt: new Date() }),
  },
  resume: {
    summary: "Resume a subscription that was to cancel at the end of its period",
    allowed: mayResumeSubscription,
    refusal: "Only an active or past-due subscription canceling at a period end still ahead can be resumed.",
    values: () => ({ cancelAtPeriodEnd: false, canceledAt: null }),
  },
};

export const billingRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, clock }) => {
  readRoutes(app, db, paymentDefinition);
  readRoutes(app, db, subscriptionDefinition);

  writeRoutes(app, db, paymentDefinition, payments).actionRoute("refund", {
    summary: "Refund a payment, in full or in part (after a password re-check)",
    fields: paymentRefundFields,
    change: ({ amount, reason }, { caller, log }) => {
      requireRecentPasswordCheck(caller, "Confirm your password to refund.");
      return (current) => {
        if (current.status !== "succeeded" && current.status !== "disputed") {
          throw new HttpError(
            422,
            current.status === "refunded"
              ? "This payment is already fully refunded."
              : "Only a succeeded or disputed payment can be refunded.",
          );
        }
        const left = current.amount - current.refundedAmount;
        const refund = amount ?? left;
        if (refund <= 0 || refund > left) throw fieldError(422, "amount", `The amount must be between 1 and ${left}.`);
        const refundedAmount = current.refundedAmount + refund;
        log.info({ paymentId: current.id, refund, reason }, "payment refunded");
        return { refundedAmount, ...(refundedAmount === current.amount ? { status: "refunded" } : {}) };
      };
    },
  });

  const subscriptionWrites = writeRoutes(app, db, subscriptionDefinition, subscriptions);
  for (const [action, rule] of Object.entries(SUBSCRIPTION_ACTIONS)) {
    subscriptionWrites.actionRoute(action, {
      behaviour: { schedulesLifecycle: true },
      summary: rule.summary,
      fields: {},
      change: () => (current) => {
        if (!rule.allowed(current, clock.now().getTime())) throw fieldError(422, "status", rule.refusal);
        return rule.values();
      },
    });
  }
};
