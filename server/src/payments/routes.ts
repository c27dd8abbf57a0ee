import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { subscriptionStatusResponseSchema } from "../../../src/api/schemas/auth";
import { callerOf } from "../auth/guard";
import { accounts } from "../db/schema";
import { described, GUARD_REFUSALS, refusals, routeOptions } from "../docs/openapi";
import { notFound } from "../http/errors";
import { DEFAULT_SUBSCRIPTION_MESSAGES } from "./subscriptionMessages";
import type { Services } from "../services";

export function paymentRoutes(app: FastifyInstance, { db }: Services): void {
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
      const [account] = await db
        .select({ status: accounts.subscriptionStatus, message: accounts.subscriptionMessage })
        .from(accounts)
        .where(eq(accounts.id, callerOf(request).accountId));
      if (!account) throw notFound("Account not found.");
      // Spec §7's statuses have no canceled (the grace period, restricted access): it answers
      // inactive for it, which sends the console to /new-subscription as spec §4 wants.
      const status = account.status === "canceled" ? "inactive" : account.status;
      return { status, message: account.message ?? DEFAULT_SUBSCRIPTION_MESSAGES[status] };
    },
  );
}
