import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { SubscriptionStatusResponse } from "../../../src/api/types";
import { callerOf } from "../auth/guard";
import { accounts } from "../db/schema";
import { notFound } from "../http/errors";
import { DEFAULT_SUBSCRIPTION_MESSAGES } from "./subscriptionMessages";
import type { Services } from "../services";

export function paymentRoutes(app: FastifyInstance, { db }: Services): void {
  app.get(
    "/v2/payments/subscription",
    {
      config: { access: "signedIn" },
      schema: {
        response: {
          200: {
            type: "object",
            required: ["status", "message"],
            properties: {
              status: { type: "string", enum: ["active", "past_due", "inactive"] },
              message: { type: "string" },
            },
          },
        },
      },
    },
    async (request): Promise<SubscriptionStatusResponse> => {
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
