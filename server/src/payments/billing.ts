/**
 * Payments and subscriptions (docs/api-resources.md): read-only records from the payment
 * provider, plus the refund (super admins, after a password re-check) and cancel / resume.
 */
import type { FastifyInstance } from "fastify";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATES,
  type PaymentRefund,
  type SubscriptionState,
} from "../../../src/api/resources";
import { mayCancelSubscription, mayResumeSubscription } from "../../../src/api/rules";
import { callerOf } from "../auth/guard";
import { payments, subscriptions } from "../db/schema";
import { fieldError, forbidden, HttpError } from "../http/errors";
import type { Services } from "../services";
import { dateRange, type ResourceDefinition } from "../resources/definition";
import { bodySchema, idParams, readRoutes, versionSchema } from "../resources/routes";
import { iso, type Row } from "../resources/sql";
import { versionedChange } from "../resources/writes";

/** What the cancel and resume rules (src/api/rules.ts, shared with the console) read of a subscription. */
const subscriptionState = (row: Row) => ({
  status: row.status as SubscriptionState,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd === true,
  currentPeriodEnd: String(row.currentPeriodEnd),
});

/** How long a passed password check (POST users/password/check) allows a refund. */
export const PASSWORD_CHECK_VALID_MS = 5 * 60 * 1000;

export const paymentDefinition: ResourceDefinition = {
  name: "payments",
  label: "payment",
  from: "payments p join accounts a on a.id = p.account_id",
  id: "p.id",
  fields: {
    id: "p.id",
    version: "p.version",
    accountId: "p.account_id",
    accountName: "a.name",
    subscriptionId: "p.subscription_id",
    amount: "p.amount",
    currency: "p.currency",
    status: "p.status",
    method: "p.method",
    methodDetail: "p.method_detail",
    invoiceNumber: "p.invoice_number",
    date: iso("p.date"),
    refundedAmount: "p.refunded_amount",
    failureReason: "p.failure_reason",
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
};

export const subscriptionDefinition: ResourceDefinition = {
  name: "subscriptions",
  label: "subscription",
  from: "subscriptions s join accounts a on a.id = s.account_id",
  id: "s.id",
  fields: {
    id: "s.id",
    version: "s.version",
    accountId: "s.account_id",
    accountName: "a.name",
    plan: "s.plan",
    price: "s.price",
    currency: "s.currency",
    interval: "s.interval",
    status: "s.status",
    currentPeriodStart: iso("s.current_period_start"),
    currentPeriodEnd: iso("s.current_period_end"),
    cancelAtPeriodEnd: "s.cancel_at_period_end",
    canceledAt: iso("s.canceled_at"),
    graceEndsAt: iso("s.grace_ends_at"),
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
};

export function billingRoutes(app: FastifyInstance, { db }: Services): void {
  const adminsAndUp: ["SuperAdmin", "Admin"] = ["SuperAdmin", "Admin"];
  readRoutes(app, db, paymentDefinition, { list: adminsAndUp, get: adminsAndUp, export: adminsAndUp });
  readRoutes(app, db, subscriptionDefinition, { list: adminsAndUp, get: adminsAndUp, export: ["SuperAdmin"] });

  app.post<{ Params: { id: string }; Body: PaymentRefund }>(
    "/payments/:id/refund",
    {
      config: { access: ["SuperAdmin"] },
      schema: {
        params: idParams,
        body: bodySchema(
          {
            version: versionSchema,
            amount: { type: "integer" },
            reason: { type: "string", minLength: 1, maxLength: 500 },
          },
          ["amount"],
        ),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const confirmed = caller.passwordConfirmedAt;
      if (!confirmed || Date.now() - confirmed.getTime() > PASSWORD_CHECK_VALID_MS)
        throw forbidden("Confirm your password to refund.");
      const { version, amount, reason } = request.body;
      return versionedChange(
        db,
        paymentDefinition,
        payments,
        caller,
        request.params.id,
        version,
        "refund",
        (current) => {
          if (current.status !== "succeeded" && current.status !== "disputed") {
            throw new HttpError(
              422,
              current.status === "refunded"
                ? "This payment is already fully refunded."
                : "Only a succeeded or disputed payment can be refunded.",
            );
          }
          const left = Number(current.amount) - Number(current.refundedAmount);
          const refund = amount ?? left;
          if (refund <= 0 || refund > left)
            throw fieldError(422, "amount", `The amount must be between 1 and ${left}.`);
          const refundedAmount = Number(current.refundedAmount) + refund;
          request.log.info({ paymentId: current.id, refund, reason }, "payment refunded");
          return { refundedAmount, ...(refundedAmount === Number(current.amount) ? { status: "refunded" } : {}) };
        },
      );
    },
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/subscriptions/:id/cancel",
    { config: { access: adminsAndUp }, schema: { params: idParams, body: bodySchema({ version: versionSchema }) } },
    async (request) =>
      versionedChange(
        db,
        subscriptionDefinition,
        subscriptions,
        callerOf(request),
        request.params.id,
        request.body.version,
        "cancel",
        (current) => {
          if (!mayCancelSubscription(subscriptionState(current)))
            throw fieldError(
              422,
              "status",
              "Only an active or past-due subscription that is not already canceling can be canceled.",
            );
          return { cancelAtPeriodEnd: true, canceledAt: new Date() };
        },
      ),
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    "/subscriptions/:id/resume",
    { config: { access: adminsAndUp }, schema: { params: idParams, body: bodySchema({ version: versionSchema }) } },
    async (request) =>
      versionedChange(
        db,
        subscriptionDefinition,
        subscriptions,
        callerOf(request),
        request.params.id,
        request.body.version,
        "resume",
        (current) => {
          if (!mayResumeSubscription(subscriptionState(current)))
            throw fieldError(
              422,
              "status",
              "Only an active or past-due subscription canceling at a period end still ahead can be resumed.",
            );
          return { cancelAtPeriodEnd: false, canceledAt: null };
        },
      ),
  );
}
