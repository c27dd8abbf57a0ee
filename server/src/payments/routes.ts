import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, eq, isNull } from "drizzle-orm";
import { subscriptionStatusResponseSchema } from "../../../src/api/schemas/auth";
import { callerOf } from "../auth/guard";
import type { Database } from "../db/client";
import { accounts, scheduledActions, users } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { DEFAULT_SUBSCRIPTION_MESSAGES, graceMessage, pastDueMessage } from "./subscriptionMessages";
import type { Services } from "../services";

/** When the account's pending step of this kind is due (scheduled_actions), if one is. */
async function nextStep(db: Database, accountId: string, kind: string): Promise<Date | null> {
  const [step] = await db
    .select({ runAt: scheduledActions.runAt })
    .from(scheduledActions)
    .where(
      and(
        eq(scheduledActions.accountId, accountId),
        eq(scheduledActions.kind, kind as (typeof scheduledActions.$inferSelect)["kind"]),
        isNull(scheduledActions.doneAt),
        isNull(scheduledActions.canceledAt),
      ),
    );
  return step?.runAt ?? null;
}

/** The account's active admins, as the people who may start a new subscription (by name). */
async function adminsOf(db: Database, accountId: string): Promise<{ name: string; email: string }[]> {
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, "Admin"), eq(users.status, "active")))
    .orderBy(users.lastName, users.firstName, users.id);
  return rows.map((row) => ({ name: `${row.firstName} ${row.lastName}`.trim(), email: row.email }));
}

export const paymentRoutes: FastifyPluginAsyncTypebox<Services> = async (app, { db, clock }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    "/v2/payments/subscription",
    routeOptions("signedIn", "Session", "The caller's account's subscription status", {
      description: "A canceled subscription answers inactive (spec §7 has no canceled).",
      response: {
        200: described(subscriptionStatusResponseSchema, "The status and the message to show."),
        ...refusals({ ...GUARD_REFUSALS, 404: "Account not found." }),
      },
    }),
    async (request) => {
      const accountId = callerOf(request).accountId;
      const [account] = await db
        .select({ status: accounts.subscriptionStatus, message: accounts.subscriptionMessage })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account) throw notFound("Account not found.");
      const now = clock.now();
      if (account.status === "past_due") {
        const cancelsAt = await nextStep(db, accountId, "subscription-cancelation");
        const message =
          account.message ?? (cancelsAt ? pastDueMessage(cancelsAt, now) : DEFAULT_SUBSCRIPTION_MESSAGES.past_due);
        return { status: "past_due" as const, message };
      }
      // Spec §7's statuses have no canceled (the grace period, read and export only): it answers
      // inactive, with when the grace ends (readOnlyUntil) for a console that knows of it.
      if (account.status === "canceled") {
        const deletedAt = await nextStep(db, accountId, "account-deletion");
        const message =
          account.message ?? (deletedAt ? graceMessage(deletedAt, now) : DEFAULT_SUBSCRIPTION_MESSAGES.inactive);
        return {
          status: "inactive" as const,
          message,
          ...(deletedAt ? { readOnlyUntil: deletedAt.toISOString() } : {}),
        };
      }
      const message = account.message ?? DEFAULT_SUBSCRIPTION_MESSAGES[account.status];
      // Inactive: everyone but super admins is sent to /new-subscription, where those who cannot
      // pay are told whom to ask.
      if (account.status === "inactive")
        return { status: account.status, message, admins: await adminsOf(db, accountId) };
      return { status: account.status, message };
    },
  );
};
