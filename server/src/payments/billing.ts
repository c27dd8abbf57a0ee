/**
 * Payments and subscriptions (docs/api-resources.md): read-only records from the payment
 * provider, plus the refund (super admins, after a password re-check) and cancel / resume.
 */
import type { FastifyInstance } from "fastify";
import Type from "typebox";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PLAN_INTERVALS, SUBSCRIPTION_STATES } from "../../../src/api/resources";
import { mayCancelSubscription, mayResumeSubscription } from "../../../src/api/rules";
import { payments, subscriptions } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { requireRecentPasswordCheck } from "../users/passwordCheck";
import type { Services } from "../services";
import { dateRange, defineResource, field } from "../resources/definition";
import { readRoutes } from "../resources/routes";
import { writeRoutes } from "../resources/writeRoutes";

export const paymentDefinition = defineResource({
  name: "payments",
  label: "payment",
  // "left join": every row has its account (a NOT NULL foreign key), so no row is lost, and the
  // planner leaves out a left join the total does not read (a count of one table, not of a join).
  from: "payments p left join accounts a on a.id = p.account_id",
  id: "p.id",
  fields: {
    id: field.text("p.id"),
    version: field.integer("p.version"),
    accountId: field.text("p.account_id"),
    accountName: field.text("a.name"),
    subscriptionId: field.textOrNull("p.subscription_id"),
    amount: field.integer("p.amount"),
    currency: field.text("p.currency"),
    status: field.oneOf(PAYMENT_STATUSES, "p.status"),
    method: field.oneOf(PAYMENT_METHODS, "p.method"),
    methodDetail: field.textOrNull("p.method_detail"),
    invoiceNumber: field.text("p.invoice_number"),
    date: field.date("p.date"),
    refundedAmount: field.integer("p.refunded_amount"),
    failureReason: field.textOrNull("p.failure_reason"),
  },
  accountExpr: "p.account_id",
  search: ["p.invoice_number", "a.name"],
  filters: {
    status: { type: PAYMENT_STATUSES, expr: "p.status" },
    method: { type: PAYMENT_METHODS, expr: "p.method" },
    accountId: { type: "string", expr: "p.account_id" },
    subscriptionId: { type: "string", expr: "p.subscription_id" },
    currency: { type: "string", expr: "p.currency" },
    ...dateRange("date", "p.date"),
  },
  sorts: {
    date: { expr: "p.date" },
    invoiceNumber: { expr: "p.invoice_number" },
    amount: { expr: "p.amount" },
    status: { expr: "p.status" },
    method: { expr: "p.method" },
    accountName: { expr: "a.name" },
    refundedAmount: { expr: "p.refunded_amount" },
  },
  defaultSort: ["date", "DESC"],
});

export const subscriptionDefinition = defineResource({
  name: "subscriptions",
  label: "subscription",
  // "left join": every row has its account (a NOT NULL foreign key), so no row is lost, and the
  // planner leaves out a left join the total does not read (a count of one table, not of a join).
  from: "subscriptions s left join accounts a on a.id = s.account_id",
  id: "s.id",
  fields: {
    id: field.text("s.id"),
    version: field.integer("s.version"),
    accountId: field.text("s.account_id"),
    accountName: field.text("a.name"),
    plan: field.text("s.plan"),
    price: field.integer("s.price"),
    currency: field.text("s.currency"),
    interval: field.oneOf(PLAN_INTERVALS, "s.interval"),
    status: field.oneOf(SUBSCRIPTION_STATES, "s.status"),
    currentPeriodStart: field.date("s.current_period_start"),
    currentPeriodEnd: field.date("s.current_period_end"),
    cancelAtPeriodEnd: field.boolean("s.cancel_at_period_end"),
    canceledAt: field.dateOrNull("s.canceled_at"),
    graceEndsAt: field.dateOrNull("s.grace_ends_at"),
  },
  accountExpr: "s.account_id",
  search: ["s.plan", "a.name"],
  filters: {
    status: { type: SUBSCRIPTION_STATES, expr: "s.status" },
    plan: { type: "string", expr: "s.plan" },
    accountId: { type: "string", expr: "s.account_id" },
    cancelAtPeriodEnd: { type: "boolean", expr: "s.cancel_at_period_end" },
  },
  sorts: {
    currentPeriodEnd: { expr: "s.current_period_end" },
    currentPeriodStart: { expr: "s.current_period_start" },
    plan: { expr: "s.plan" },
    price: { expr: "s.price" },
    status: { expr: "s.status" },
    accountName: { expr: "a.name" },
  },
  defaultSort: ["currentPeriodEnd", "ASC"],
});

/** Cancel and resume: admins and super admins; each allowed only by its rule (422 otherwise). */
const SUBSCRIPTION_ACTIONS = {
  cancel: {
    summary: "Cancel a subscription at the end of its period",
    allowed: mayCancelSubscription,
    refusal: "Only an active or past-due subscription that is not already canceling can be canceled.",
    values: () => ({ cancelAtPeriodEnd: true, canceledAt: new Date() }),
  },
  resume: {
    summary: "Resume a subscription that was to cancel at the end of its period",
    allowed: mayResumeSubscription,
    refusal: "Only an active or past-due subscription canceling at a period end still ahead can be resumed.",
    values: () => ({ cancelAtPeriodEnd: false, canceledAt: null }),
  },
};

export function billingRoutes(app: FastifyInstance, { db }: Services): void {
  const adminsAndUp: ["SuperAdmin", "Admin"] = ["SuperAdmin", "Admin"];
  readRoutes(app, db, paymentDefinition, { list: adminsAndUp, get: adminsAndUp, export: adminsAndUp });
  readRoutes(app, db, subscriptionDefinition, { list: adminsAndUp, get: adminsAndUp, export: ["SuperAdmin"] });

  writeRoutes(app, db, paymentDefinition, payments).actionRoute("refund", {
    access: ["SuperAdmin"],
    summary: "Refund a payment, in full or in part (after a password re-check)",
    fields: {
      amount: Type.Optional(Type.Integer()),
      reason: Type.String({ minLength: 1, maxLength: 500 }),
    },
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
      access: adminsAndUp,
      summary: rule.summary,
      fields: {},
      change: () => (current) => {
        if (!rule.allowed(current)) throw fieldError(422, "status", rule.refusal);
        return rule.values();
      },
    });
  }
}
